import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { Config } from '../config';
import { packageVersion } from '../version';
import { backupStorageOf, isBackedUpKey } from './backupStorage';
import { listTarEntries, readTarEntry, TarWriter, type TarEntry } from './tarArchive';

/**
 * One backup is one tar file holding a folder `workspace-backup-<time>/` with:
 * - `workspace.sqlite`: the database, copied with SQLite's online backup (consistent while the server writes);
 * - `secret.key`: the signing key from the data folder, when it lives there (without it a restored instance
 *   would sign everyone out and break every signed link);
 * - `files/<key>`: every stored file, from the data folder or the bucket: uploads, their thumbnails, and the call
 *   recordings LiveKit egress saved under `meeting-recordings/` (files of spaces point at them);
 * - `manifest.json` (last): what the archive holds, with a SHA-256 per entry that a restore checks.
 */
export interface BackupManifest {
  format: 'workspace-backup';
  version: 1;
  createdAt: string;
  appVersion: string;
  storage: { driver: 'local' | 's3'; bucket: string | null };
  /** False when the signing secret came from the SECRET variable: it must be kept with the backup by hand. */
  secretIncluded: boolean;
  entries: { path: string; size: number; sha256: string; contentType?: string }[];
}

export interface BackupReport {
  archive: string;
  manifest: BackupManifest;
}

export type Say = (line: string) => void;

const databaseEntry = 'workspace.sqlite';
const secretEntry = 'secret.key';
const filesPrefix = 'files/';

/** Where backups go unless told: a `backups` folder beside the data folder (never inside it). */
export function defaultBackupDirectory(config: Config): string {
  return join(config.dataDirectory, '..', 'backups');
}

/** The files of this configuration's SQLite database: DATABASE_URL may put them outside the data folder. */
function databaseFilesOf(config: Config): string[] {
  return ['', '-wal', '-shm', '-journal'].map((suffix) => `${config.databaseFile}${suffix}`);
}

/** Backups and restores are of the SQLite database; PostgreSQL holds only the event log so far, and pg_dump backs it up. */
function refusePostgres(config: Config): void {
  if (config.database.kind === 'postgres')
    throw new Error('DATABASE_URL points to PostgreSQL: this tool backs up and restores the SQLite database only');
}

export async function createBackup(config: Config, outputDirectory: string, say: Say = () => undefined): Promise<BackupReport> {
  refusePostgres(config);
  if (!existsSync(config.databaseFile))
    throw new Error(`there is no database at ${config.databaseFile}: are DATA_DIR and DATABASE_URL right?`);
  await mkdir(outputDirectory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `workspace-backup-${stamp}`;
  const archive = join(outputDirectory, `${name}.tar`);
  const partialArchive = `${archive}.partial`;
  const databaseCopy = join(outputDirectory, `.${name}.sqlite.partial`);
  const storage = backupStorageOf(config);
  const manifest: BackupManifest = {
    format: 'workspace-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    appVersion: packageVersion,
    storage: { driver: config.storage.driver, bucket: config.storage.driver === 's3' ? config.storage.bucket : null },
    secretIncluded: false,
    entries: [],
  };
  const handle = await open(partialArchive, 'wx', 0o600);
  try {
    const tar = new TarWriter(handle);
    const add = async (path: string, size: number, body: Readable, contentType?: string | null) => {
      const sha256 = await tar.add({ path: `${name}/${path}`, size, mode: 0o600, modifiedAt: new Date() }, body);
      manifest.entries.push({ path, size, sha256, ...(contentType ? { contentType } : {}) });
    };

    // The database first: every file it refers to already exists when the copy is taken, so the files
    // copied afterwards cover it (files uploaded meanwhile are extra, and the server sweeps unrecorded ones).
    say(`Copying the database ${config.databaseFile}…`);
    const source = new Database(config.databaseFile, { readonly: true, fileMustExist: true });
    try {
      await source.backup(databaseCopy);
    } finally {
      source.close();
    }
    await add(databaseEntry, (await stat(databaseCopy)).size, createReadStream(databaseCopy));
    await rm(databaseCopy, { force: true });

    const secretFile = join(config.dataDirectory, secretEntry);
    if (existsSync(secretFile)) {
      await add(secretEntry, (await stat(secretFile)).size, createReadStream(secretFile));
      manifest.secretIncluded = true;
    }

    say(`Copying the files from ${storage.description}…`);
    let bytes = 0;
    for await (const object of storage.list()) {
      const { body, size, contentType } = await storage.read(object.key);
      await add(`${filesPrefix}${object.key}`, size, body, contentType);
      bytes += size;
    }
    say(`Copied ${manifest.entries.filter((entry) => entry.path.startsWith(filesPrefix)).length} stored files (${bytes} bytes).`);

    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add({ path: `${name}/manifest.json`, size: manifestBytes.length, mode: 0o600, modifiedAt: new Date() }, [manifestBytes]);
    await tar.finish();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partialArchive, { force: true });
    await rm(databaseCopy, { force: true });
    throw error;
  } finally {
    storage.close();
  }
  await handle.close();
  await rename(partialArchive, archive);
  return { archive, manifest };
}

export interface RestoreOptions {
  /** Restore over a data folder (or bucket) that is not empty: the backup's database, secret and files replace what is there. */
  force?: boolean;
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Restores an archive made by createBackup into this configuration's data folder and storage. */
export async function restoreBackup(
  config: Config,
  archive: string,
  options: RestoreOptions = {},
  say: Say = () => undefined,
): Promise<BackupManifest> {
  const handle = await open(archive, 'r');
  let entries: TarEntry[];
  try {
    entries = await listTarEntries(handle);
  } finally {
    await handle.close();
  }
  const manifestEntry = entries.find((entry) => entry.path.split('/').pop() === 'manifest.json');
  if (!manifestEntry) throw new RestoreRefused(`${archive} is not a workspace backup (it has no manifest.json)`);
  const folder = manifestEntry.path.slice(0, -'manifest.json'.length);
  const manifest = JSON.parse((await readAll(readTarEntry(archive, manifestEntry))).toString('utf8')) as BackupManifest;
  if (manifest.format !== 'workspace-backup' || manifest.version !== 1)
    throw new RestoreRefused(`${archive} is not a backup this version can read`);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const entryOf = (path: string) => {
    const entry = byPath.get(`${folder}${path}`);
    if (!entry) throw new RestoreRefused(`${archive} is incomplete: ${path} is listed in its manifest but missing`);
    return entry;
  };
  for (const listed of manifest.entries) entryOf(listed.path);
  // Checked before anything is written: a key no backup makes would land outside the files (or anywhere in the bucket).
  for (const listed of manifest.entries)
    if (listed.path.startsWith(filesPrefix) && !isBackedUpKey(listed.path.slice(filesPrefix.length)))
      throw new RestoreRefused(`${archive} holds a file under a name no backup makes: ${listed.path}`);
  if (!manifest.entries.some((listed) => listed.path === databaseEntry)) throw new RestoreRefused(`${archive} holds no database`);

  refusePostgres(config);
  const storage = backupStorageOf(config);
  try {
    await mkdir(config.dataDirectory, { recursive: true });
    const present = await readdir(config.dataDirectory);
    // DATABASE_URL may put the database outside the data folder: an existing one there (or its journal) is data too.
    const databaseFilesPresent = databaseFilesOf(config).filter((file) => existsSync(file));
    const storageEmpty = config.storage.driver === 'local' || (await storage.prepare().then(() => storage.isEmpty()));
    if (!options.force && (present.length > 0 || databaseFilesPresent.length > 0 || !storageEmpty)) {
      const where =
        present.length > 0
          ? `the data folder ${config.dataDirectory} is not empty (${present.slice(0, 5).join(', ')})`
          : databaseFilesPresent.length > 0
            ? `there is already a database at ${config.databaseFile} (${databaseFilesPresent.map((file) => basename(file)).join(', ')})`
            : `${storage.description} is not empty`;
      throw new RestoreRefused(`${where}: restore into an empty one, or pass --force to replace its database, secret and files`);
    }
    if (options.force) {
      // The old database's -wal and -shm go with it: SQLite would replay a stale WAL onto the restored file.
      for (const leftover of [...databaseFilesOf(config), ...(manifest.secretIncluded ? [join(config.dataDirectory, secretEntry)] : [])]) {
        await rm(leftover, { force: true });
      }
      if (config.storage.driver === 'local') await rm(join(config.dataDirectory, 'files'), { recursive: true, force: true });
    }
    await storage.prepare();
    await mkdir(dirname(config.databaseFile), { recursive: true });

    say(`Restoring the database into ${config.databaseFile}…`);
    const database = manifest.entries.find((listed) => listed.path === databaseEntry)!;
    const partialDatabase = `${config.databaseFile}.partial`;
    try {
      await pipeline(
        checked(readTarEntry(archive, entryOf(databaseEntry)), database.sha256, databaseEntry),
        createWriteStream(partialDatabase, { mode: 0o600 }),
      );
      const restored = new Database(partialDatabase, { fileMustExist: true });
      try {
        const check = restored.pragma('quick_check', { simple: true });
        if (check !== 'ok') throw new Error(`the restored database fails its check: ${String(check)}`);
      } finally {
        restored.close();
      }
      await rename(partialDatabase, config.databaseFile);
    } finally {
      await rm(partialDatabase, { force: true });
    }

    const secret = manifest.entries.find((listed) => listed.path === secretEntry);
    if (secret) {
      const secretFile = join(config.dataDirectory, secretEntry);
      await pipeline(
        checked(readTarEntry(archive, entryOf(secretEntry)), secret.sha256, secretEntry),
        createWriteStream(secretFile, { mode: 0o600 }),
      );
      await chmod(secretFile, 0o600);
    }

    say(`Restoring the files into ${storage.description}…`);
    let count = 0;
    for (const listed of manifest.entries) {
      if (!listed.path.startsWith(filesPrefix)) continue;
      const key = listed.path.slice(filesPrefix.length);
      await storage.write(
        { key, size: listed.size, contentType: listed.contentType ?? null },
        checked(readTarEntry(archive, entryOf(listed.path)), listed.sha256, listed.path),
      );
      count += 1;
    }
    say(`Restored the database${secret ? ', the signing secret' : ''} and ${count} stored files from ${basename(archive)}.`);
    return manifest;
  } finally {
    storage.close();
  }
}

/** Passes the bytes through and fails the stream at its end when they are not what the manifest says. */
function checked(source: Readable, sha256: string, path: string): Readable {
  const hash = createHash('sha256');
  const verifier = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const actual = hash.digest('hex');
      callback(actual === sha256 ? null : new Error(`${path} in the archive is damaged (its checksum does not match the manifest)`));
    },
  });
  source.once('error', (error) => verifier.destroy(error));
  verifier.once('error', () => source.destroy());
  return source.pipe(verifier);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
