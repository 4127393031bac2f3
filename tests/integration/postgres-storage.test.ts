import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql as drizzleSql } from 'drizzle-orm';
import postgres from 'postgres';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../server/src/core/events';
import {
  connectPostgres,
  DatabaseUnavailableError,
  inTransaction,
  parsePostgresUrl,
  poolClosingRefusal,
  type DatabaseProblem,
  type PostgresSettings,
} from '../../server/src/core/postgres/connect';
import { PostgresEventLog } from '../../server/src/core/postgres/eventLog';
import { PostgresEventStore } from '../../server/src/core/postgres/eventStore';
import { LogFollower } from '../../server/src/core/postgres/logFollower';
import { eventLogMigrations, migratePostgres } from '../../server/src/core/postgres/migrate';
import { openPostgresStorage, PostgresStorage } from '../../server/src/core/postgres/storage';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  // Listeners and readers by position wait for its transactions: no autovacuum may hold the follower's reads back.
  cluster = await startPostgresCluster({ autovacuum: false });
});
afterAll(async () => {
  await cluster?.stop();
  for (const folder of createdFolders) rmSync(folder, { recursive: true, force: true });
});
/** Migration folders written by the tests. */
const createdFolders: string[] = [];

const settings = (url: string, changes: Partial<PostgresSettings> = {}): PostgresSettings => ({
  url,
  poolSize: 2,
  statementTimeoutMs: 30_000,
  ...changes,
});

/** Opens storage expecting a refusal: answers its code and message, after checking the message never shows the password. */
async function refusal(
  url: string,
  password: string,
  options: Parameters<typeof openPostgresStorage>[1] = {},
  changes: Partial<PostgresSettings> = {},
): Promise<{ code: DatabaseProblem; message: string }> {
  const error = await openPostgresStorage(settings(url, changes), options).then(
    async (storage) => {
      await storage.close();
      return null;
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DatabaseUnavailableError);
  const { code, message } = error as DatabaseUnavailableError;
  expect(message).not.toContain(password);
  return { code, message };
}

/** A migrations folder holding one file, under an area of its own. */
function migrationsWith(area: string, statement: string) {
  const folder = mkdtempSync(join(tmpdir(), `pgops-migrations-${area}-`));
  createdFolders.push(folder);
  writeFileSync(join(folder, '0001_change.sql'), statement);
  return { area, folder };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** Prometheus text of a registry, one figure's line. */
async function figure(registry: Registry, line: string): Promise<number | null> {
  const text = await registry.metrics();
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
}

/** A promise and the function that resolves it: holds a unit of work open until the test says so. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('opening PostgreSQL storage refuses with one clear message', () => {
  it('a malformed DATABASE_URL, without repeating the URL or its password', async () => {
    const password = 'Pa55-w0rd-xyz';
    const cases: [string, string][] = [
      [
        `mysql://app:${password}@db.example:3306/workspace`,
        'DATABASE_URL has scheme "mysql:", not postgres:// or postgresql:// (postgres://user:password@host:5432/database).',
      ],
      [
        `postgres://app:${password}@db.example:99999/workspace`,
        'DATABASE_URL is not a valid URL: check the port (a number from 1 to 65535) and percent-encode special characters in the user and password (postgres://user:password@host:5432/database).',
      ],
      [
        `postgresql://app:${password}@db.example:port/workspace`,
        'DATABASE_URL is not a valid URL: check the port (a number from 1 to 65535) and percent-encode special characters in the user and password (postgres://user:password@host:5432/database).',
      ],
      // An unencoded "/" in the password: the URL parser takes what follows for the path, and the rest for a port.
      [
        `postgres://app:Pa55/w0rd-xyz@db.example/workspace`,
        'DATABASE_URL is not a valid URL: check the port (a number from 1 to 65535) and percent-encode special characters in the user and password (postgres://user:password@host:5432/database).',
      ],
      [
        `postgres://app:${password}@db.example:0/workspace`,
        'DATABASE_URL has port 0: use a port from 1 to 65535 (postgres://user:password@host:5432/database).',
      ],
      [
        `postgres://app:${password}@db.example:5432`,
        'DATABASE_URL names no database after the host (postgres://user:password@host:5432/database).',
      ],
      [
        `postgres://app:${password}@db.example/`,
        'DATABASE_URL names no database after the host (postgres://user:password@host:5432/database).',
      ],
      [
        `postgres://app:${password}@db.example/work%zzspace`,
        'DATABASE_URL has a "%" that is not a percent-encoded character in the user or database (write "%" as %25) (postgres://user:password@host:5432/database).',
      ],
      ['postgres:///workspace', 'DATABASE_URL names no host (postgres://user:password@host:5432/database).'],
      [
        `${password}@db.example/workspace`,
        'DATABASE_URL is not a URL starting with postgres:// or postgresql:// (postgres://user:password@host:5432/database).',
      ],
    ];
    for (const [url, message] of cases) {
      expect(await refusal(url, 'w0rd-xyz')).toEqual({ code: 'INVALID_URL', message });
    }
  });

  it('a server nothing answers at: refused, an unknown host, a connection that times out', async () => {
    const port = await closedPort();
    expect(await refusal(`postgres://app:s3cret-refused@127.0.0.1:${port}/workspace`, 's3cret-refused')).toEqual({
      code: 'UNREACHABLE',
      message: `PostgreSQL is not reachable at 127.0.0.1:${port}: nothing accepts connections there (is it running, and are DATABASE_URL's host and port right?).`,
    });
    expect(await refusal('postgres://app:s3cret-dns@no-such-host.invalid:5432/workspace', 's3cret-dns')).toEqual({
      code: 'UNREACHABLE',
      message: 'PostgreSQL host "no-such-host.invalid" could not be resolved: check DATABASE_URL\'s host name.',
    });
    // Accepts the connection and never answers: a firewall dropping packets, or something else on the port.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    try {
      expect(
        await refusal(`postgres://app:s3cret-silent@127.0.0.1:${silentPort}/workspace`, 's3cret-silent', {}, { connectTimeoutMs: 300 }),
      ).toEqual({
        code: 'UNREACHABLE',
        message: `PostgreSQL is not reachable at 127.0.0.1:${silentPort}: the connection timed out (CONNECT_TIMEOUT); check the host, port and firewall.`,
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a refused password, a database that does not exist, a user without CONNECT', async () => {
    const wrong = { name: cluster.superuser.name, password: 'not-the-password' };
    expect(await refusal(cluster.url('postgres', wrong), wrong.password)).toEqual({
      code: 'AUTHENTICATION_FAILED',
      message: `PostgreSQL at ${cluster.host}:${cluster.port} refused the password of user "postgres": check DATABASE_URL's user and password.`,
    });
    expect(await refusal(cluster.url('storage_missing'), cluster.superuser.password)).toEqual({
      code: 'DATABASE_MISSING',
      message: `PostgreSQL database "storage_missing" does not exist at ${cluster.host}:${cluster.port}: create it (createdb storage_missing) or fix DATABASE_URL.`,
    });
    await cluster.createDatabase('storage_no_connect');
    const outsider = { name: 'outsider', password: 'outsider-password' };
    await cluster.administer(
      `CREATE ROLE outsider LOGIN PASSWORD '${outsider.password}'; REVOKE CONNECT ON DATABASE storage_no_connect FROM PUBLIC`,
    );
    expect(await refusal(cluster.url('storage_no_connect', outsider), outsider.password)).toEqual({
      code: 'PRIVILEGE_MISSING',
      message:
        `PostgreSQL user "outsider" lacks CONNECT on database "storage_no_connect" at ${cluster.host}:${cluster.port}: ` +
        'grant it (GRANT CONNECT ON DATABASE "storage_no_connect" TO "outsider").',
    });
  });

  it('a user who may not create tables, or run a migration, before anything is applied', async () => {
    await cluster.createDatabase('storage_privileges');
    const app = { name: 'app_user', password: 'app-user-password' };
    await cluster.administer(`CREATE ROLE app_user LOGIN PASSWORD '${app.password}'`);
    const url = cluster.url('storage_privileges', app);
    // PostgreSQL 15 and later give no one but the owner CREATE on schema public.
    expect(await refusal(url, app.password)).toEqual({
      code: 'PRIVILEGE_MISSING',
      message:
        `PostgreSQL user "app_user" may not create tables in schema "public" of database "storage_privileges" at ${cluster.host}:${cluster.port}: ` +
        'grant it (GRANT CREATE ON SCHEMA public TO "app_user") or make the user the database\'s owner.',
    });
    const owner = await connectPostgres(settings(cluster.url('storage_privileges')));
    try {
      expect(await owner<{ exists: boolean }[]>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`).toEqual([
        { exists: false },
      ]);
      // Migrated by the owner; the application's user gets what the log needs, not ownership.
      await migratePostgres(owner);
      await cluster.administer(
        'GRANT CREATE ON SCHEMA public TO app_user; GRANT SELECT, INSERT ON events TO app_user; ' +
          'GRANT SELECT, INSERT, DELETE ON mutation_results TO app_user; GRANT SELECT, INSERT, UPDATE ON schema_migrations TO app_user; ' +
          'GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO app_user',
        'storage_privileges',
      );
      // A later release's migration changes a table the user does not own: refused before migrating.
      const alter = migrationsWith('later', 'ALTER TABLE events ADD COLUMN note text');
      expect(await refusal(url, app.password, { migrations: [eventLogMigrations, alter] })).toEqual({
        code: 'PRIVILEGE_MISSING',
        message:
          `PostgreSQL user "app_user" cannot run migration later/0001_change.sql on database "storage_privileges" at ${cluster.host}:${cluster.port}: ` +
          'it changes table "events", which belongs to role "postgres", and only its owner may. ' +
          'Start the server once with DATABASE_URL\'s user "postgres" to migrate, or grant it (GRANT "postgres" TO "app_user").',
      });
      // A privilege the check cannot foresee: the migration's own failure, named, and nothing of it applied.
      const secret = migrationsWith('secret', 'CREATE TABLE read_roles (name text); INSERT INTO read_roles SELECT rolname FROM pg_authid');
      expect(await refusal(url, app.password, { migrations: [eventLogMigrations, secret] })).toEqual({
        code: 'PRIVILEGE_MISSING',
        message:
          `PostgreSQL user "app_user" lacks a privilege on database "storage_privileges" at ${cluster.host}:${cluster.port}: ` +
          "Migration secret/0001_change.sql failed, and none of this start's migrations was applied: permission denied for table pg_authid",
      });
      const broken = migrationsWith('broken', 'CREATE TABLE half_made (name text); CREATE TABEL typo (name text)');
      const failed = await refusal(url, app.password, { migrations: [eventLogMigrations, broken] });
      expect(failed.code).toBe('MIGRATION_FAILED');
      expect(failed.message).toMatch(
        /^PostgreSQL database "storage_privileges" at [^ ]+: Migration broken\/0001_change\.sql failed, .*syntax error/,
      );
      const recorded = await owner<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
      expect(recorded.map((row) => row.name)).toEqual([
        'event_log/0001_event_log.sql',
        'event_log/0002_event_positions_without_append_lock.sql',
        'event_log/0003_event_positions_function_hardened.sql',
      ]);
      expect(
        await owner<
          { table: string | null }[]
        >`SELECT to_regclass('read_roles')::text AS table UNION ALL SELECT to_regclass('half_made')::text`,
      ).toEqual([{ table: null }, { table: null }]);
      // Granted nothing more, it opens: nothing left to migrate, and it may write the log.
      const storage = await openPostgresStorage(settings(url));
      try {
        const log = new PostgresEventLog(storage.sql);
        const [event] = await log.append('note:app', [{ type: 'note.created', payload: {} }], { teamId: null, actorId: null });
        expect(event?.stream).toBe('note:app');
      } finally {
        await storage.close();
      }
    } finally {
      await owner.end();
    }
  });

  it('opens a database the user owns: migrates it and answers the pool', async () => {
    const storage = await openPostgresStorage(settings(await cluster.createDatabase('storage_opened')));
    try {
      const recorded = await storage.sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
      expect(recorded.map((row) => row.name)).toEqual([
        'event_log/0001_event_log.sql',
        'event_log/0002_event_positions_without_append_lock.sql',
        'event_log/0003_event_positions_function_hardened.sql',
      ]);
      expect(storage.target).toEqual({ host: cluster.host, port: cluster.port, user: 'postgres', database: 'storage_opened' });
    } finally {
      await storage.close();
    }
  });
});

describe('the PostgreSQL pool: timeouts, figures, health and close', () => {
  let url: string;
  beforeAll(async () => {
    url = await cluster.createDatabase('storage_pool');
    const setUp = await openPostgresStorage(settings(url));
    await setUp.sql`CREATE TABLE written (name text)`;
    await setUp.close();
  });

  it('cancels a statement over DATABASE_STATEMENT_TIMEOUT_MS with a clear error, counts it, and goes on serving', async () => {
    const storage = await openPostgresStorage(settings(url, { poolSize: 1, statementTimeoutMs: 300 }));
    const registry = new Registry();
    storage.registerMetrics(registry);
    try {
      await expect(storage.sql`SELECT pg_sleep(10)`).rejects.toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
      await expect(inTransaction(storage.sql, '', async (transaction) => transaction`SELECT pg_sleep(10)`)).rejects.toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
      // The pool's one connection serves the next statements and units.
      expect(await storage.sql<{ answer: number }[]>`SELECT 1 AS answer`).toEqual([{ answer: 1 }]);
      expect(await inTransaction(storage.sql, '', async (transaction) => transaction<{ answer: number }[]>`SELECT 2 AS answer`)).toEqual([
        { answer: 2 },
      ]);
      expect(await figure(registry, 'database_statement_timeouts_total')).toBe(2);
      expect(await figure(registry, 'database_pool_size')).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it('shows running and waiting units, and statements, as Prometheus figures', async () => {
    const storage = await openPostgresStorage(settings(url, { poolSize: 1 }));
    const registry = new Registry();
    storage.registerMetrics(registry);
    try {
      expect(await figure(registry, 'database_pool_units{state="running"}')).toBe(0);
      const held = gate();
      const entered = gate();
      // The pool's one connection, held by a unit until the test opens the gate.
      const holding = inTransaction(storage.sql, '', async (transaction) => {
        await transaction`SELECT 1`;
        entered.open();
        await held.opened;
      });
      await entered.opened;
      const waitingUnit = inTransaction(storage.sql, '', async (transaction) => transaction`SELECT 1`);
      const waitingStatement = storage.sql`SELECT 1`.then(() => undefined);
      await expect.poll(() => figure(registry, 'database_pool_units{state="waiting"}')).toBe(1);
      expect(await figure(registry, 'database_pool_units{state="running"}')).toBe(1);
      expect(await figure(registry, 'database_pool_statements_running')).toBe(1);
      held.open();
      await Promise.all([holding, waitingUnit, waitingStatement]);
      expect(await figure(registry, 'database_pool_units{state="running"}')).toBe(0);
      expect(await figure(registry, 'database_pool_units{state="waiting"}')).toBe(0);
      expect(await figure(registry, 'database_pool_statements_running')).toBe(0);
      const text = await registry.metrics();
      expect(text).toContain('# TYPE database_pool_units gauge');
      expect(text).toContain('# TYPE database_statement_timeouts_total counter');
    } finally {
      await storage.close();
    }
  });

  it('closes gracefully: starts no new unit, lets a running one commit, then ends the pool', async () => {
    const storage = await openPostgresStorage(settings(url));
    const held = gate();
    const entered = gate();
    const running = inTransaction(storage.sql, '', async (transaction) => {
      await transaction`INSERT INTO written (name) VALUES ('finished during close')`;
      entered.open();
      await held.opened;
    });
    await entered.opened;
    const closed = storage.close();
    await expect(inTransaction(storage.sql, '', async (transaction) => transaction`SELECT 1`)).rejects.toThrow(poolClosingRefusal);
    held.open();
    await running;
    await closed;
    await expect(storage.sql`SELECT 1`).rejects.toMatchObject({ code: 'CONNECTION_ENDED' });
    const reader = await connectPostgres(settings(url));
    try {
      expect(await reader`SELECT name FROM written`).toEqual([{ name: 'finished during close' }]);
    } finally {
      await reader.end();
    }
  });

  it('closes within its bound: a unit still running then is cut off and rolled back', async () => {
    const storage = await openPostgresStorage(settings(url));
    const entered = gate();
    const running = inTransaction(storage.sql, '', async (transaction) => {
      await transaction`INSERT INTO written (name) VALUES ('cut off')`;
      entered.open();
      await transaction`SELECT pg_sleep(20)`;
    });
    const outcome = running.then(
      () => 'committed',
      () => 'failed',
    );
    await entered.opened;
    await storage.close({ timeoutMs: 200 });
    expect(await outcome).toBe('failed');
    const reader = await connectPostgres(settings(url));
    try {
      // The server notices the client gone within a second (client_connection_check_interval): it cancels the
      // statement and rolls the transaction back, instead of sleeping on for the 20 s.
      await expect
        .poll(
          async () =>
            reader`SELECT count(*)::int AS count FROM pg_stat_activity WHERE query LIKE '%pg_sleep(20)%' AND pid <> pg_backend_pid()`,
          {
            timeout: 10_000,
          },
        )
        .toEqual([{ count: 0 }]);
      expect(await reader`SELECT count(*)::int AS count FROM written WHERE name = 'cut off'`).toEqual([{ count: 0 }]);
    } finally {
      await reader.end();
    }
  });

  it('answers the health probe while PostgreSQL runs, a reason while it is down, and ok again once it is back', async () => {
    const storage = await openPostgresStorage(settings(url));
    try {
      expect(await storage.health()).toEqual({ ok: true });
      await cluster.stopServer();
      try {
        const down = await storage.health();
        expect(down.ok).toBe(false);
        expect(down).toMatchObject({
          reason: expect.stringMatching(new RegExp(`^cannot reach PostgreSQL at ${cluster.host}:${cluster.port} \\(`)),
        });
        expect(JSON.stringify(down)).not.toContain(cluster.superuser.password);
      } finally {
        await cluster.startServer();
      }
      await expect.poll(() => storage.health(), { timeout: 20_000 }).toEqual({ ok: true });
    } finally {
      await storage.close();
    }
  });
});

describe('the health probe without an answer', () => {
  it('answers a reason once its time is up, and leaves nothing waiting in the pool', async () => {
    // Accepts connections and never answers: a server hung, or packets dropped on the way.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const url = `postgres://app:s3cret-hung@127.0.0.1:${port}/workspace`;
    const storage = new PostgresStorage(postgres(url, { max: 1, connect_timeout: 30 }), parsePostgresUrl(url), 1);
    try {
      expect(await storage.health(200)).toEqual({ ok: false, reason: `PostgreSQL at 127.0.0.1:${port} did not answer within 200 ms` });
      await expect.poll(() => storage.activity.statementsRunning).toBe(0);
    } finally {
      await storage.close({ timeoutMs: 0 });
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the command door on the storage pool', () => {
  it('runs units through the counting pool (drizzle included), and closes after it without a second end failing', async () => {
    const storage = await openPostgresStorage(settings(await cluster.createDatabase('storage_door')));
    const registry = new Registry();
    storage.registerMetrics(registry);
    const store = await PostgresEventStore.open(storage.sql, []);
    try {
      const held = gate();
      const entered = gate();
      const unit = store.run({ actorId: null }, async (work) => {
        const stored = await work.append('note:door', [{ type: 'note.created', payload: { text: 'on the pool' } }], { teamId: null });
        entered.open();
        await held.opened;
        return stored;
      });
      await entered.opened;
      expect(await figure(registry, 'database_pool_units{state="running"}')).toBe(1);
      held.open();
      const [appended] = await unit;
      expect(await figure(registry, 'database_pool_units{state="running"}')).toBe(0);
      const rows = await store.database.execute<{ stream: string }>(drizzleSql`SELECT stream FROM events WHERE seq = ${appended!.seq}`);
      expect([...rows]).toEqual([{ stream: 'note:door' }]);
      expect(await store.read({ stream: 'note:door' })).toEqual([appended]);
    } finally {
      await store.close();
      await storage.close();
    }
  });
});

describe('the log follower across an outage', () => {
  it("hears another process's commit made after PostgreSQL came back, with no commit of this process", async () => {
    const url = await cluster.createDatabase('storage_follower');
    const storage = await openPostgresStorage(settings(url));
    const writer = await connectPostgres(settings(url));
    const heard: StoredEvent[] = [];
    const follower = new LogFollower(new PostgresEventLog(storage.sql), (events) => heard.push(...events), { pollIntervalMs: 200 });
    await follower.start();
    const otherProcess = new PostgresEventLog(writer);
    try {
      await otherProcess.append('note:before', [{ type: 'note.created', payload: {} }], { teamId: null, actorId: null });
      await expect.poll(() => heard.map((event) => event.stream)).toEqual(['note:before']);
      await cluster.stopServer();
      // The follower's pool and listening connection find the server gone.
      await expect.poll(async () => (await storage.health()).ok).toBe(false);
      await cluster.startServer();
      await expect.poll(() => storage.health(), { timeout: 20_000 }).toEqual({ ok: true });
      await otherProcess.append('note:after', [{ type: 'note.created', payload: {} }], { teamId: null, actorId: null });
      await expect.poll(() => heard.map((event) => event.stream), { timeout: 10_000 }).toEqual(['note:before', 'note:after']);
    } finally {
      await follower.stop();
      await writer.end();
      await storage.close();
    }
  });
});
