import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../../server/src/cli/backupRunner';
import { configForTools } from '../../server/src/cli/toolConfig';
import { loadConfig } from '../../server/src/config';
import { messagesOf, postMessage } from './chatFactories';
import { createDoc, openDoc, paragraphText, waitFor, type OpenDoc } from './docFactories';
import { startS3, uploadFile } from './fileFactories';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { createTask, getTask, getTasks } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

const temporary: string[] = [];
const opened: OpenDoc[] = [];
afterAll(() => {
  for (const each of opened) each.destroy();
  for (const path of temporary) rmSync(path, { recursive: true, force: true });
});
const temporaryFolder = (label: string) => {
  const path = mkdtempSync(join(tmpdir(), `workspace-${label}-`));
  temporary.push(path);
  return path;
};

/** Runs `npm run backup` / `npm run restore` as the real command would (same entry point, own process). */
function runTool(
  script: 'backup' | 'restore',
  args: string[],
  environment: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (status) => resolve({ status, output }));
  });
}

/** A client of the test's S3 stand-in, for what LiveKit egress would write into the bucket. */
function bucketClient(environment: Record<string, string>) {
  return new S3Client({
    region: 'us-east-1',
    endpoint: environment.S3_ENDPOINT!,
    forcePathStyle: true,
    credentials: { accessKeyId: environment.S3_ACCESS_KEY_ID!, secretAccessKey: environment.S3_SECRET_ACCESS_KEY! },
  });
}

/** A call recording as LiveKit egress saves it: `meeting-recordings/<call>-<time>.mp4` in the bucket (or the files folder). */
async function writeCallRecording(dataDirectory: string, environment: Record<string, string>, key: string, bytes: Buffer) {
  if (!environment.S3_BUCKET) {
    mkdirSync(join(dataDirectory, 'files', 'meeting-recordings'), { recursive: true });
    writeFileSync(join(dataDirectory, 'files', ...key.split('/')), bytes);
    return;
  }
  const client = bucketClient(environment);
  await client.send(new PutObjectCommand({ Bucket: environment.S3_BUCKET, Key: key, Body: bytes, ContentType: 'video/mp4' }));
  client.destroy();
}

async function readCallRecording(dataDirectory: string, environment: Record<string, string>, key: string): Promise<Buffer> {
  if (!environment.S3_BUCKET) return readFileSync(join(dataDirectory, 'files', ...key.split('/')));
  const client = bucketClient(environment);
  const object = await client.send(new GetObjectCommand({ Bucket: environment.S3_BUCKET, Key: key }));
  const bytes = Buffer.from(await object.Body!.transformToByteArray());
  client.destroy();
  return bytes;
}

/** The same person, with the same cookies, talking to another server. */
function movedTo(server: TestServer, someone: Person): Person {
  const client = new GraphqlTestClient(server);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

describe.each(['local', 's3'] as const)('backup and restore through the %s driver', (driver) => {
  it('backs up a seeded instance while it runs, restores into an empty data folder, and a server started there finds everything', async () => {
    const s3 = driver === 's3' ? await startS3() : null;
    const storageEnvironment: Record<string, string> = s3?.environment ?? {};
    const original = await startTestServer(storageEnvironment);
    const restoredData = temporaryFolder('restored');
    let restored: TestServer | null = null;
    try {
      // A seeded instance: two people, a space, tasks, a message, a doc with content, an uploaded file.
      const owner = await person(original, 'Owner');
      const member = await joinTeam(owner, await person(original, 'Member'));
      const space = await createSpace(owner, 'Backup drill');
      expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
      const task = await createTask(owner, space, 'Test the restore', { priority: 2 });
      await createTask(member, space, 'Write the runbook');
      const message = await postMessage(member, { project: space, body: 'Backups are only real once restored' });
      const doc = await createDoc(owner, space, 'Runbook');
      const editor = openDoc(original.url, doc.id, { token: owner.token });
      opened.push(editor);
      await editor.synced();
      paragraphText(editor.doc).insert(0, 'Step one: run npm run backup.');
      await editor.allSaved();
      const bytes = Buffer.from(`release notes ${'x'.repeat(3000)}`);
      const file = await uploadFile(owner, 'notes.txt', 'text/plain', bytes, { project: space });
      // A call recorded on LiveKit: egress saved it beside the uploads, and the space's files point at it.
      const recordingKey = 'meeting-recordings/0123456789abcdef01234567-2026-11-26T040000.mp4';
      const recordingBytes = Buffer.from(`recorded call ${'v'.repeat(5000)}`);
      await writeCallRecording(original.dataDirectory, storageEnvironment, recordingKey, recordingBytes);

      // The backup runs in its own process while the server keeps serving and writing.
      const archives = temporaryFolder('backups');
      const backingUp = runTool('backup', ['--output', archives], { DATA_DIR: original.dataDirectory, ...storageEnvironment });
      const writtenMeanwhile: string[] = [];
      let finished = false;
      void backingUp.then(() => (finished = true));
      while (!finished && writtenMeanwhile.length < 50)
        writtenMeanwhile.push((await createTask(owner, space, `During the backup ${writtenMeanwhile.length}`)).id);
      const backup = await backingUp;
      expect(writtenMeanwhile.length).toBeGreaterThan(0);
      expect(backup.output).toContain('Backup written to');
      expect(backup.status).toBe(0);
      const [archiveName] = readdirSync(archives);
      expect(archiveName).toMatch(/^workspace-backup-.*\.tar$/);
      const archive = join(archives, archiveName!);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      // An ordinary tar: the database, the signing secret, the stored files and the manifest.
      const listing = spawnSync('tar', ['-tf', archive], { encoding: 'utf8' });
      expect(listing.status).toBe(0);
      const entries = listing.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('/').slice(1).join('/'));
      expect(entries).toEqual(expect.arrayContaining(['workspace.sqlite', 'secret.key', 'manifest.json']));
      expect(entries.filter((entry) => entry.startsWith(`files/${owner.teamId}/`)).length).toBeGreaterThanOrEqual(1);
      expect(entries).toContain(`files/${recordingKey}`);

      // Restored into an empty data folder (and, with S3, an empty bucket).
      const restoredStorage = s3 ? { ...storageEnvironment, S3_BUCKET: 'workspace-restored' } : {};
      const restore = await runTool('restore', [archive], { DATA_DIR: restoredData, ...restoredStorage });
      expect(restore.output).toContain('Done.');
      expect(restore.status).toBe(0);
      expect((await readCallRecording(restoredData, restoredStorage, recordingKey)).equals(recordingBytes)).toBe(true);
      // Never over a folder that holds data, unless forced.
      const again = await runTool('restore', [archive], { DATA_DIR: restoredData, ...restoredStorage });
      expect(again.status).toBe(1);
      expect(again.output).toMatch(/not empty/);

      // A damaged copy is refused and leaves no database behind.
      const damaged = join(archives, 'damaged.tar');
      const damagedBytes = readFileSync(archive);
      damagedBytes.writeUInt8(damagedBytes.readUInt8(512 + 200) ^ 0xff, 512 + 200);
      writeFileSync(damaged, damagedBytes);
      const damagedTarget = temporaryFolder('damaged-target');
      const refused = await runTool('restore', [damaged], {
        DATA_DIR: damagedTarget,
        ...(s3 ? { ...storageEnvironment, S3_BUCKET: 'workspace-damaged' } : {}),
      });
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/workspace.sqlite in the archive is damaged/);
      expect(readdirSync(damagedTarget)).not.toContain('workspace.sqlite');

      // The original is gone: what follows comes from the archive alone.
      await original.close();
      restored = await startTestServer({ ...restoredStorage, DATA_DIR: restoredData });
      const ownerThere = movedTo(restored, owner);
      const memberThere = movedTo(restored, member);

      // The same secret: the sessions made before the backup still work, nobody is signed out.
      expect((await getTask(ownerThere, task.id)).name).toBe('Test the restore');
      const names = (await getTasks(memberThere, space)).map((each) => each.name);
      expect(names).toEqual(expect.arrayContaining(['Test the restore', 'Write the runbook']));
      expect((await messagesOf(memberThere, { project: space })).map((each) => each.id)).toContain(message.id);
      // A password sign-in works too.
      const fresh = new GraphqlTestClient(restored);
      const signedIn = await fresh.execute<{ login: { token: string } }>(
        'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
        { email: member.email, password: 'analytical1' },
      );
      expect(signedIn.data?.login.token).toBeTruthy();

      const download = await fetch(`${restored.url}${file.url}`, { headers: { cookie: ownerThere.client.cookieHeader() } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

      const reader = openDoc(restored.url, doc.id, { token: owner.token });
      opened.push(reader);
      await reader.synced();
      await waitFor(() => reader.text().includes('Step one: run npm run backup.'), 'the doc text after the restore');
    } finally {
      for (const each of opened) each.destroy();
      await restored?.close();
      await original.close().catch(() => undefined);
      await s3?.close();
    }
  }, 120_000);
});

describe('restore refuses what it cannot trust', () => {
  it('a file that is not a backup changes nothing', async () => {
    const folder = temporaryFolder('not-a-backup');
    const bogus = join(folder, 'bogus.tar');
    writeFileSync(bogus, Buffer.alloc(2048));
    const target = temporaryFolder('untouched');
    const refused = await runTool('restore', [bogus], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/not a workspace backup/);
    expect(readdirSync(target)).toEqual([]);
  }, 60_000);

  it('a backup holding a file under a name no backup makes (outside the uploads and call recordings) changes nothing', async () => {
    const folder = temporaryFolder('odd-key');
    const inside = join(folder, 'workspace-backup-odd');
    mkdirSync(join(inside, 'files', 'meeting-recordings', 'nested'), { recursive: true });
    const parts = {
      'workspace.sqlite': Buffer.from('not read: the restore refuses before it'),
      'files/meeting-recordings/nested/escape.mp4': Buffer.from('stray bytes'),
    };
    const entries = Object.entries(parts).map(([path, bytes]) => {
      writeFileSync(join(inside, ...path.split('/')), bytes);
      return { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    const manifest = { format: 'workspace-backup', version: 1, createdAt: new Date().toISOString(), entries };
    writeFileSync(join(inside, 'manifest.json'), JSON.stringify(manifest));
    const archive = join(folder, 'odd.tar');
    expect(spawnSync('tar', ['-cf', archive, '-C', folder, 'workspace-backup-odd']).status).toBe(0);
    const target = temporaryFolder('odd-target');
    const refused = await runTool('restore', [archive], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/a name no backup makes: files\/meeting-recordings\/nested\/escape\.mp4/);
    expect(readdirSync(target)).toEqual([]);
  }, 60_000);
});

describe('a SQLite database outside the data folder (DATABASE_URL)', () => {
  /** A database holding one marker row, enough to tell databases apart (backup and restore do not read the schema). */
  function writeMarkerDatabase(file: string, marker: string): void {
    mkdirSync(dirname(file), { recursive: true });
    const database = new Database(file);
    database.exec('CREATE TABLE marker (text TEXT NOT NULL)');
    database.prepare('INSERT INTO marker (text) VALUES (?)').run(marker);
    database.close();
  }
  function markerOf(file: string): string {
    const database = new Database(file, { fileMustExist: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
      return (database.prepare('SELECT text FROM marker').get() as { text: string }).text;
    } finally {
      database.close();
    }
  }

  it('is the database backup copies, and the one restore counts, refuses to replace, and with --force replaces along with its stale WAL', async () => {
    const root = temporaryFolder('outside');
    const sourceData = join(root, 'source-data');
    const sourceDatabase = join(root, 'source-database', 'main.sqlite');
    writeMarkerDatabase(sourceDatabase, 'from the backup');
    // Where the database would be without DATABASE_URL: the backup must not take this one.
    writeMarkerDatabase(join(sourceData, 'workspace.sqlite'), 'not the configured database');
    const archives = join(root, 'backups');
    // In this process, as the tools call them (the tools' own processes are tested above, and each costs seconds).
    const configOf = (dataDirectory: string, database: string) =>
      configForTools(loadConfig, { NODE_ENV: 'test', DATA_DIR: dataDirectory, DATABASE_URL: `sqlite:${database}` });
    const { archive } = await createBackup(configOf(sourceData, sourceDatabase), archives);
    const extracted = join(root, 'extracted');
    mkdirSync(extracted);
    expect(spawnSync('tar', ['-xf', archive, '-C', extracted, '--strip-components=1']).status).toBe(0);
    expect(markerOf(join(extracted, 'workspace.sqlite'))).toBe('from the backup');

    // Into an empty data folder, with the database in a folder that does not exist yet: it is written there.
    const targetDatabase = join(root, 'target-database', 'main.sqlite');
    const firstData = join(root, 'first-data');
    await restoreBackup(configOf(firstData, targetDatabase), archive);
    expect(markerOf(targetDatabase)).toBe('from the backup');
    expect(readdirSync(firstData)).not.toContain('workspace.sqlite');

    // The server wrote on, then stopped uncleanly: its -wal holds frames the database file does not.
    const live = new Database(targetDatabase);
    live.pragma('journal_mode = WAL');
    live.pragma('wal_autocheckpoint = 0');
    live.prepare('UPDATE marker SET text = ?').run('stale, only in the WAL');
    const keptWal = join(root, 'kept-wal');
    copyFileSync(`${targetDatabase}-wal`, keptWal);
    live.prepare('UPDATE marker SET text = ?').run('written after the restore');
    live.close();
    copyFileSync(keptWal, `${targetDatabase}-wal`);

    // A data folder that is empty (files in a bucket, say) does not make the database elsewhere empty.
    const secondData = join(root, 'second-data');
    await expect(restoreBackup(configOf(secondData, targetDatabase), archive)).rejects.toThrowError(
      `there is already a database at ${targetDatabase} (main.sqlite, main.sqlite-wal)`,
    );
    expect(readFileSync(`${targetDatabase}-wal`).equals(readFileSync(keptWal))).toBe(true);

    // --force replaces the database and removes its stale WAL, which SQLite would otherwise replay onto the restored file.
    await restoreBackup(configOf(secondData, targetDatabase), archive, { force: true });
    expect(readdirSync(dirname(targetDatabase)).sort()).toEqual(['main.sqlite']);
    expect(markerOf(targetDatabase)).toBe('from the backup');
  });
});
