import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: `initdb` into a fresh temporary folder, `pg_ctl start`
 * on a free loopback port with its socket inside that folder, fsync and synchronous_commit on (the tests that use
 * it are about durability), LC_COLLATE C (text compared byte by byte, which connectPostgres requires), and everything
 * stopped and removed at the end, also when the process exits early.
 * Uses Debian's binaries (`apt-get install postgresql`; `.ci/run` installs them); without them it fails saying so.
 */
export interface PostgresCluster {
  host: string;
  port: number;
  /** The superuser, who signs in with a password over TCP like any application would. */
  superuser: { name: string; password: string };
  /** A `postgres://` URL for a database and role of this cluster (the superuser by default). */
  url(database: string, role?: { name: string; password: string }): string;
  /** Creates a database (owned by the superuser) and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs statements as the superuser in a database (`postgres` by default): roles and grants for tests. */
  administer(statements: string, database?: string): Promise<void>;
  /** Stops the server as a crash would (`pg_ctl stop -m immediate`: no checkpoint), then starts it again, recovering from its WAL. */
  crashAndRestart(): Promise<void>;
  /** Stops the server (`pg_ctl stop -m fast`: sessions are ended) and leaves it down until `startServer`: an outage. */
  stopServer(): Promise<void>;
  /** Starts the server `stopServer` stopped, on the same port. */
  startServer(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** The unprivileged account the binaries run as when this process is root (initdb refuses root). */
const unprivilegedUser = 'nobody';

/** Where Debian's PostgreSQL binaries are: `pg_config --bindir` if it has `initdb`, else the newest /usr/lib/postgresql/<major>/bin. */
export function findPostgresBinaries(): string {
  const candidates: string[] = [];
  const fromEnvironment = process.env['POSTGRES_BINDIR'];
  if (fromEnvironment) candidates.push(fromEnvironment);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // pg_config comes with libpq-dev; the server package alone does not put it on the PATH.
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const majors = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((left, right) => Number(right) - Number(left));
    candidates.push(...majors.map((major) => join(debianRoot, major, 'bin')));
  }
  const found = candidates.find((directory) => existsSync(join(directory, 'initdb')) && existsSync(join(directory, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL binaries (initdb, pg_ctl) not found in `pg_config --bindir` nor /usr/lib/postgresql/<major>/bin: ' +
        'install Debian\'s "postgresql" package (apt-get install postgresql; .ci/run does) or set POSTGRES_BINDIR.',
    );
  }
  return found;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RunAs {
  command: string;
  prefix: string[];
  uid: number | null;
  gid: number | null;
}

function runAsUnprivileged(): RunAs {
  if (process.getuid?.() !== 0) return { command: '', prefix: [], uid: null, gid: null };
  const uid = Number(execFileSync('id', ['-u', unprivilegedUser], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', unprivilegedUser], { encoding: 'utf8' }).trim());
  return { command: 'runuser', prefix: ['-u', unprivilegedUser, '--'], uid, gid };
}

function runBinary(runAs: RunAs, binary: string, args: string[]): void {
  const [command, commandArgs] = runAs.command ? [runAs.command, [...runAs.prefix, binary, ...args]] : [binary, args];
  // The binaries' own locale and home: `nobody` has no home, and initdb needs a locale it can use.
  const result = spawnSync(command, commandArgs, {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', HOME: '/tmp' },
    cwd: '/',
  });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  }
}

/** Every cluster this process started and has not stopped: stopped on exit even when a test run fails half-way. */
const running = new Set<() => void>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stopNow of running) stopNow();
  });
}

export interface PostgresClusterOptions {
  /**
   * false: no autovacuum. Its ANALYZE takes a transaction id, and while that runs the event log's readers by position
   * stop below it (server/src/core/postgres/eventLog.ts): a test that reads right after its appends would see less.
   */
  autovacuum?: boolean;
  /**
   * false: fsync, synchronous_commit and full-page writes off, for a suite whose tests are not about durability (the
   * integration suite on PostgreSQL): a crash of the cluster loses its recent commits, which such tests never cause.
   */
  durable?: boolean;
  /** Connections the server accepts (100 by default). */
  maxConnections?: number;
}

export async function startPostgresCluster({
  autovacuum = true,
  durable = true,
  maxConnections = 100,
}: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const binaries = findPostgresBinaries();
  const runAs = runAsUnprivileged();
  const folder = mkdtempSync(join(tmpdir(), 'postgres-cluster-'));
  const dataDirectory = join(folder, 'data');
  const socketDirectory = join(folder, 'socket');
  const logFile = join(folder, 'server.log');
  mkdirSync(socketDirectory);
  const superuser = { name: 'postgres', password: randomBytes(18).toString('base64url') };
  writeFileSync(join(folder, 'password'), `${superuser.password}\n`);
  if (runAs.uid !== null && runAs.gid !== null) {
    for (const path of [folder, socketDirectory, join(folder, 'password')]) chownSync(path, runAs.uid, runAs.gid);
  }
  chmodSync(folder, 0o700);
  if (runAs.command) {
    const reachable = spawnSync(runAs.command, [...runAs.prefix, 'test', '-w', folder]).status === 0;
    if (!reachable) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`User ${unprivilegedUser} cannot reach ${folder}: set TMPDIR to a folder every user can traverse (like /tmp).`);
    }
  }
  let started = false;
  const stopNow = () => {
    if (started) {
      try {
        runBinary(runAs, join(binaries, 'pg_ctl'), ['stop', '-D', dataDirectory, '-m', 'immediate', '-w']);
      } catch {
        // Already stopped; the folder goes either way.
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  running.add(stopNow);
  installExitHook();
  try {
    runBinary(runAs, join(binaries, 'initdb'), [
      '-D',
      dataDirectory,
      '-U',
      superuser.name,
      `--pwfile=${join(folder, 'password')}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      // template1, and so every CREATE DATABASE without locale options, gets what connectPostgres requires.
      '--lc-collate=C',
      '--lc-ctype=C.UTF-8',
      '--no-instructions',
    ]);
    // A port found free may be taken before the server binds it: a few tries.
    let port = 0;
    let options = '';
    const startServer = () =>
      runBinary(runAs, join(binaries, 'pg_ctl'), ['start', '-D', dataDirectory, '-l', logFile, '-w', '-t', '60', '-o', options]);
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      options = [
        `-p ${port}`,
        `-k ${socketDirectory}`,
        "-c listen_addresses='127.0.0.1'",
        `-c fsync=${durable ? 'on' : 'off'}`,
        `-c synchronous_commit=${durable ? 'on' : 'off'}`,
        `-c full_page_writes=${durable ? 'on' : 'off'}`,
        `-c max_connections=${maxConnections}`,
        `-c autovacuum=${autovacuum ? 'on' : 'off'}`,
      ].join(' ');
      try {
        startServer();
        started = true;
        break;
      } catch (error) {
        if (attempt >= 3) {
          const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
          throw new Error(`${(error as Error).message}\n${serverLog}`, { cause: error });
        }
      }
    }
    const host = '127.0.0.1';
    const url = (database: string, role = superuser) =>
      `postgres://${encodeURIComponent(role.name)}:${encodeURIComponent(role.password)}@${host}:${port}/${encodeURIComponent(database)}`;
    const administer = async (statements: string, database = 'postgres') => {
      const client = postgres(url(database), { max: 1, onnotice: () => undefined });
      try {
        await client.unsafe(statements);
      } finally {
        await client.end();
      }
    };
    return {
      host,
      port,
      superuser,
      url,
      administer,
      async createDatabase(name) {
        await administer(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        return url(name);
      },
      async crashAndRestart() {
        runBinary(runAs, join(binaries, 'pg_ctl'), ['stop', '-D', dataDirectory, '-m', 'immediate', '-w']);
        startServer();
      },
      async stopServer() {
        runBinary(runAs, join(binaries, 'pg_ctl'), ['stop', '-D', dataDirectory, '-m', 'fast', '-w']);
      },
      async startServer() {
        startServer();
      },
      async stop() {
        running.delete(stopNow);
        stopNow();
      },
    };
  } catch (error) {
    running.delete(stopNow);
    stopNow();
    throw error;
  }
}
