import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { seedEveryArea } from './everyAreaSeed';
import { GraphqlTestClient, startServerProcess, startTestServer, type TestServer } from './harness';
import { startFakeOpenAi, type FakeOpenAi } from './support/fakeOpenAi';
import { getTasks } from './taskFactories';
import type { Person } from './teamFactories';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

/*
 * `npm run migrate-to-postgres` run as an administrator runs it: a real server on SQLite is given data of every area
 * through GraphQL (tests/integration/everyAreaSeed.ts), stopped, and the command is run in its own process against a
 * throw-away PostgreSQL cluster with the same environment the server had (DATA_DIR).
 */

/**
 * The read tables the seed leaves empty, and why: each needs a peer this test does not run (the AI area's provider is
 * faked; these are not).
 */
const notSeeded: Record<string, string> = {
  videocall_recordings: 'a LiveKit server records calls',
  calendar_accounts: 'a CalDAV or Google calendar account to sync with',
  calendars: 'a CalDAV or Google calendar account to sync with',
  calendar_remote_objects: 'a CalDAV or Google calendar account to sync with',
  stripe_webhook_events: "Stripe's signed webhooks",
};
/** SQLite's full-text index: PostgreSQL keeps its titles and texts in search_items' rows (the command compares them there). */
const sqliteOnly = new Set(['search_text']);
const readTables = [
  ...new Set(domains.flatMap((module) => module.projections.flatMap((projection) => projection.tables.map(getTableName)))),
];

let cluster: PostgresCluster;
let fakeAi: FakeOpenAi;
let server: TestServer;
let serverRunning = false;
let dataDirectory: string;
let sqliteFile: string;
let sqliteDigest: string;
let ada: Person;
let launch: string;
const pools: postgres.Sql[] = [];
const folders: string[] = [];

interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command in a child process, as `npm run migrate-to-postgres -- …` runs it, in DATA_DIR's environment. */
function migrate(args: string[], environment: Record<string, string> = {}): Promise<CommandRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/migrateToPostgres.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', DATA_DIR: dataDirectory, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function pool(url: string): Promise<postgres.Sql> {
  const connection = postgres(url, { max: 1, onnotice: () => undefined });
  pools.push(connection);
  return connection;
}

const digestOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function sqliteCount(file: string, table: string): number {
  const database = new Database(file, { readonly: true });
  try {
    return (database.prepare(`SELECT count(*) AS count FROM "${table}"`).get() as { count: number }).count;
  } finally {
    database.close();
  }
}

async function postgresCount(connection: postgres.Sql, table: string): Promise<number> {
  return Number((await connection`SELECT count(*) AS count FROM ${connection(table)}`)[0]!['count']);
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  fakeAi = await startFakeOpenAi();
  server = await startTestServer({
    SALES_EMAIL: 'sales@example.com',
    AI_BASE_URL: fakeAi.baseUrl,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'assistant-model',
    AI_TIMEOUT_MS: '5000',
  });
  serverRunning = true;
  dataDirectory = server.dataDirectory;
  sqliteFile = join(dataDirectory, 'workspace.sqlite');
  const seed = await seedEveryArea(server);
  ada = seed.ada;
  launch = seed.launch;
}, 180_000);

afterAll(async () => {
  for (const connection of pools) await connection.end();
  if (serverRunning) await server.close();
  else if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  await fakeAi?.close();
  await cluster?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// Each test runs the command in a process of its own (tsx, the areas, a PostgreSQL transaction): seconds on a busy machine.
describe('npm run migrate-to-postgres', { timeout: 90_000 }, () => {
  it('is given data of every area: every read table has rows but those that need a peer not run here', async () => {
    const empty = readTables.filter((table) => sqliteCount(sqliteFile, table) === 0);
    expect(empty.sort()).toEqual(Object.keys(notSeeded).sort());
  });

  it('refuses while the server still has the SQLite file open, and says how to go on', async () => {
    const target = await cluster.createDatabase('while_running');
    const run = await migrate(['--to', target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is in use by another process: is the server still running\? Stop it/);
    const tables = await (await pool(target))`SELECT count(*) AS count FROM pg_tables WHERE schemaname = 'public'`;
    expect(Number(tables[0]!['count'])).toBe(0);
    await server.app.server.close();
    serverRunning = false;
    sqliteDigest = digestOf(sqliteFile);
  });

  it('prints its usage on bad input', async () => {
    const run = await migrate([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Say which PostgreSQL database to move to');
    expect(run.stderr).toContain('Usage: npm run migrate-to-postgres');
    const wrong = await migrate(['--to', 'mysql://somewhere/db']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--to has scheme "mysql:"');
  });

  it('moves the instance: the log, the copied tables and every read table equal, the SQLite file unchanged', async () => {
    const target = await cluster.createDatabase('moved');
    const run = await migrate(['--to', target]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Replaying on PostgreSQL: [\d,]+ of [\d,]+ events \(100%\), [\d,]+ events\/s/);
    expect(run.stdout).toMatch(/All \d+ read tables are equal \([\d,]+ rows\)\. The move is complete\./);
    const connection = await pool(target);
    // Every read table and every copied table the seed fills holds as many rows on both.
    const copied = ['events', 'sessions', 'user_credentials', 'api_tokens', 'outbox', 'doc_texts', 'doc_snapshots'];
    for (const table of [...copied, ...readTables.filter((name) => !(name in notSeeded) && !sqliteOnly.has(name))]) {
      const rows = sqliteCount(sqliteFile, table);
      expect(rows, table).toBeGreaterThan(0);
      expect(await postgresCount(connection, table), table).toBe(rows);
    }
    expect(run.stdout).toMatch(new RegExp(`\\n  tasks: ${sqliteCount(sqliteFile, 'tasks')} rows equal\\n`));
    expect(run.stdout).toMatch(new RegExp(`Copied and compared: ${sqliteCount(sqliteFile, 'events')} events`));
    // Docs' texts are searched on PostgreSQL through the index's copy, which a trigger keeps as the copied doc_texts.
    expect(await postgresCount(connection, 'search_doc_texts')).toBe(sqliteCount(sqliteFile, 'doc_texts'));
    expect(digestOf(sqliteFile)).toBe(sqliteDigest);
    // The server started on the moved database serves Ada, whose session was copied, what she had on SQLite.
    const moved = await startServerProcess(dataDirectory, { DATABASE_URL: target });
    try {
      const client = new GraphqlTestClient({ graphqlUrl: `${moved.url}/graphql`, app: server.app });
      for (const [name, value] of ada.client.cookies) client.cookies.set(name, value);
      const tasks = await getTasks({ ...ada, client }, launch);
      expect(tasks.map((task) => task.name).sort()).toEqual(['Outline', 'Ship it', 'Write the plan']);
    } finally {
      moved.child.kill('SIGTERM');
      await moved.exited;
    }
  });

  it('refuses a database that already holds data, changing nothing there', async () => {
    const target = await cluster.createDatabase('filled');
    const connection = await pool(target);
    await connection`CREATE TABLE inventory (item text PRIMARY KEY)`;
    await connection`INSERT INTO inventory VALUES ('chair')`;
    const run = await migrate(['--to', target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The PostgreSQL database "filled" is not empty: inventory has rows.');
    const tables = await connection`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.map((row) => row['tablename'])).toEqual(['inventory']);
  });

  it("names the table, the row and the columns when SQLite's read tables differ from its log, and keeps nothing", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'migrate-tampered-'));
    folders.push(folder);
    copyFileSync(sqliteFile, join(folder, 'workspace.sqlite'));
    const tampered = new Database(join(folder, 'workspace.sqlite'));
    const task = tampered.prepare("SELECT id FROM tasks WHERE name = 'Ship it'").get() as { id: string };
    tampered.prepare("UPDATE tasks SET name = 'Shipped already' WHERE id = ?").run(task.id);
    tampered.close();
    const target = await cluster.createDatabase('tampered');
    const run = await migrate(['--to', target], { DATA_DIR: folder });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('1 read table differs between SQLite and PostgreSQL. PostgreSQL kept nothing');
    expect(run.stderr).toContain(`  tasks: 1 of ${sqliteCount(sqliteFile, 'tasks')} rows differ`);
    expect(run.stderr).toContain(`tasks (id="${task.id}"): name: "Shipped already" on SQLite, "Ship it" on PostgreSQL`);
    const connection = await pool(target);
    expect(await postgresCount(connection, 'events')).toBe(0);
    expect(await postgresCount(connection, 'tasks')).toBe(0);
  });
});
