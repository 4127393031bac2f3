import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, DatabaseUnavailableError } from '../../server/src/core/postgres/connect';
import { PostgresEventLog } from '../../server/src/core/postgres/eventLog';
import { migratePostgres, postgresMigrationsFolder } from '../../server/src/core/postgres/migrate';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

const settings = (url: string) => ({ url, poolSize: 2, statementTimeoutMs: 30_000 });

/** Connects, expecting a refusal; answers its message after checking it never shows the password. */
async function refusal(url: string, password: string): Promise<string> {
  const error = await connectPostgres(settings(url)).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DatabaseUnavailableError);
  const message = (error as Error).message;
  expect(message).not.toContain(password);
  return message;
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

describe('connecting to PostgreSQL (DATABASE_URL)', () => {
  it('connects, migrates once, and runs with synchronous_commit on and the statement timeout', async () => {
    const url = await cluster.createDatabase('connect_ok');
    const sql = await connectPostgres({ url, poolSize: 2, statementTimeoutMs: 4321 });
    try {
      expect(await migratePostgres(sql)).toEqual([
        '0001_event_log.sql',
        '0002_event_positions_without_append_lock.sql',
        '0003_event_positions_function_hardened.sql',
      ]);
      expect(await migratePostgres(sql)).toEqual([]);
      const [settingsRow] = await sql<{ synchronous_commit: string; statement_timeout: string }[]>`
        SELECT current_setting('synchronous_commit') AS synchronous_commit, current_setting('statement_timeout') AS statement_timeout`;
      expect(settingsRow).toEqual({ synchronous_commit: 'on', statement_timeout: '4321ms' });
    } finally {
      await sql.end();
    }
  });

  it('names an unreachable host and port', async () => {
    const port = await closedPort();
    const message = await refusal(`postgres://postgres:s3cret-unreachable@127.0.0.1:${port}/workspace`, 's3cret-unreachable');
    expect(message).toBe(
      `PostgreSQL is not reachable at 127.0.0.1:${port}: nothing accepts connections there (is it running, and are DATABASE_URL's host and port right?).`,
    );
  });

  it('names the user whose password was refused', async () => {
    const wrong = { name: cluster.superuser.name, password: 'not-the-password' };
    const message = await refusal(cluster.url('postgres', wrong), wrong.password);
    expect(message).toBe(
      `PostgreSQL at ${cluster.host}:${cluster.port} refused the password of user "postgres": check DATABASE_URL's user and password.`,
    );
  });

  it('names a database that does not exist', async () => {
    const message = await refusal(cluster.url('no_such_database'), cluster.superuser.password);
    expect(message).toBe(
      `PostgreSQL database "no_such_database" does not exist at ${cluster.host}:${cluster.port}: create it (createdb no_such_database) or fix DATABASE_URL.`,
    );
  });

  it('names a user who may not create tables, and one who may not write to the log', async () => {
    await cluster.createDatabase('connect_privileges');
    const reader = { name: 'reader', password: 'reader-password' };
    // PostgreSQL 15 and later give no one but the owner CREATE on schema public.
    await cluster.administer(`CREATE ROLE reader LOGIN PASSWORD '${reader.password}'`);
    const cannotCreate = await refusal(cluster.url('connect_privileges', reader), reader.password);
    expect(cannotCreate).toBe(
      `PostgreSQL user "reader" may not create tables in schema "public" of database "connect_privileges" at ${cluster.host}:${cluster.port}: ` +
        'grant it (GRANT CREATE ON SCHEMA public TO "reader") or make the user the database\'s owner.',
    );

    const owner = await connectPostgres(settings(cluster.url('connect_privileges')));
    await migratePostgres(owner);
    await owner.end();
    await cluster.administer('GRANT CREATE ON SCHEMA public TO reader; GRANT SELECT ON events TO reader', 'connect_privileges');
    const cannotWrite = await refusal(cluster.url('connect_privileges', reader), reader.password);
    expect(cannotWrite).toBe(
      `PostgreSQL user "reader" lacks INSERT on table "events" of database "connect_privileges" at ${cluster.host}:${cluster.port}: ` +
        'grant it (GRANT SELECT, INSERT ON events TO "reader").',
    );

    await cluster.administer(
      // No REVOKE here: the migrations leave PUBLIC no right to run the function (it runs with its owner's rights).
      'GRANT INSERT ON events TO reader; GRANT SELECT, INSERT, DELETE ON mutation_results TO reader',
      'connect_privileges',
    );
    const cannotDraw = await refusal(cluster.url('connect_privileges', reader), reader.password);
    expect(cannotDraw).toBe(
      `PostgreSQL user "reader" may not run function "events_draw_positions" of database "connect_privileges" at ${cluster.host}:${cluster.port}: ` +
        'grant it (GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO "reader").',
    );
    // Granted exactly what the checks ask, the user appends and reads: no rights on the sequences behind the function.
    await cluster.administer('GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO reader', 'connect_privileges');
    const log = new PostgresEventLog(await connectPostgres(settings(cluster.url('connect_privileges', reader))));
    try {
      const [event] = await log.append('note:granted', [{ type: 'note.created', payload: {} }], { teamId: null, actorId: null });
      expect(await log.readFrom(event!.seq - 1, 10)).toEqual([event]);
    } finally {
      await log.close();
    }
  });

  it('refuses a database that does not sort text byte by byte or classifies only ASCII, and starts on one made as its message says', async () => {
    const owner = { name: 'collation_owner', password: 'collation-owner-password' };
    await cluster.administer(`CREATE ROLE collation_owner LOGIN PASSWORD '${owner.password}'`);
    const needs =
      'the workspace needs UTF-8 text sorted byte by byte, as on SQLite (LC_COLLATE C), with Unicode character classes (a UTF-8 LC_CTYPE), ' +
      'or ids, names and times sort otherwise.';
    const command = (database: string, user: string) =>
      `CREATE DATABASE "${database}" OWNER "${user}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`;

    // C.UTF-8 orders UTF-8 text by code point with glibc, yet PostgreSQL does not take it for C: refused too.
    await cluster.administer(
      "CREATE DATABASE connect_locale OWNER collation_owner TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'",
    );
    expect(await refusal(cluster.url('connect_locale', owner), owner.password)).toBe(
      `PostgreSQL database "connect_locale" at ${cluster.host}:${cluster.port} has encoding UTF8, LC_COLLATE "C.UTF-8", LC_CTYPE "C.UTF-8": ` +
        `${needs} Create the database with: ${command('connect_locale', 'collation_owner')}`,
    );

    // LC_CTYPE C sorts right, but the text search parser would take every non-ASCII character for a letter.
    await cluster.administer("CREATE DATABASE connect_ascii TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
    expect(await refusal(cluster.url('connect_ascii'), cluster.superuser.password)).toBe(
      `PostgreSQL database "connect_ascii" at ${cluster.host}:${cluster.port} has encoding UTF8, LC_COLLATE "C", LC_CTYPE "C": ` +
        `${needs} Create the database with: ${command('connect_ascii', 'postgres')}`,
    );

    // An ICU database sorts by its ICU locale whatever LC_COLLATE says.
    await cluster.administer(
      "CREATE DATABASE connect_icu TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'",
    );
    expect(await refusal(cluster.url('connect_icu'), cluster.superuser.password)).toBe(
      `PostgreSQL database "connect_icu" at ${cluster.host}:${cluster.port} has encoding UTF8, LC_COLLATE "C", LC_CTYPE "C.UTF-8", ` +
        `locale provider icu "en-US": ${needs} Create the database with: ${command('connect_icu', 'postgres')}`,
    );

    // DROP and CREATE DATABASE each run outside a transaction: one statement per call.
    await cluster.administer('DROP DATABASE connect_locale');
    await cluster.administer(command('connect_locale', 'collation_owner'));
    const sql = await connectPostgres(settings(cluster.url('connect_locale', owner)));
    try {
      expect(await migratePostgres(sql)).toEqual([
        '0001_event_log.sql',
        '0002_event_positions_without_append_lock.sql',
        '0003_event_positions_function_hardened.sql',
      ]);
      const names = ['b', 'B', 'é', 'f', '_', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'];
      const ordered = await sql<{ name: string }[]>`SELECT name FROM unnest(${names}::text[]) AS name ORDER BY name`;
      expect(ordered.map((row) => row.name)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', 'B', '_', 'b', 'f', 'é']);
    } finally {
      await sql.end();
    }
  });
});

describe('migrations of several folders in one schema_migrations', () => {
  it("records each file under its folder's area, so files of one name in two folders are both applied", async () => {
    const folders = ['first', 'second'].map((area) => {
      const folder = mkdtempSync(join(tmpdir(), `hp2-migrations-${area}-`));
      writeFileSync(join(folder, '0001_same_name.sql'), `CREATE TABLE ${area}_table (id integer)`);
      return { area, folder };
    });
    const sql = await connectPostgres(settings(await cluster.createDatabase('migrate_areas')));
    try {
      for (const migrations of folders) expect(await migratePostgres(sql, migrations)).toEqual(['0001_same_name.sql']);
      for (const migrations of folders) expect(await migratePostgres(sql, migrations)).toEqual([]);
      const tables = await sql<
        { name: string }[]
      >`SELECT to_regclass(name)::text AS name FROM unnest(${['first_table', 'second_table']}::text[]) AS name`;
      expect(tables.map((table) => table.name)).toEqual(['first_table', 'second_table']);
      const recorded = await sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
      expect(recorded.map((row) => row.name)).toEqual(['first/0001_same_name.sql', 'second/0001_same_name.sql']);
      await expect(migratePostgres(sql, { area: 'Bad/Area', folder: folders[0]!.folder })).rejects.toThrow(
        'A migrations area is a lower-case name, not "Bad/Area".',
      );
    } finally {
      await sql.end();
      for (const { folder } of folders) rmSync(folder, { recursive: true });
    }
  });

  it('takes over the records of bare file names written before areas, applying nothing again', async () => {
    const sql = await connectPostgres(settings(await cluster.createDatabase('migrate_bare_names')));
    try {
      await migratePostgres(sql);
      // What a database migrated before areas holds: the event log's first two files under their bare names.
      await sql`DELETE FROM schema_migrations WHERE name = 'event_log/0003_event_positions_function_hardened.sql'`;
      await sql`UPDATE schema_migrations SET name = split_part(name, '/', 2)`;
      await sql`GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO PUBLIC`;
      expect(await migratePostgres(sql, { area: 'event_log', folder: postgresMigrationsFolder })).toEqual([
        '0003_event_positions_function_hardened.sql',
      ]);
      const recorded = await sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
      expect(recorded.map((row) => row.name)).toEqual([
        'event_log/0001_event_log.sql',
        'event_log/0002_event_positions_without_append_lock.sql',
        'event_log/0003_event_positions_function_hardened.sql',
      ]);
    } finally {
      await sql.end();
    }
  });
});
