import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import {
  describeDifferences,
  describeFailure,
  describeSummary,
  lockSqliteSource,
  MigrationRefusedError,
  parseMigrationRequest,
  ReadTablesDifferError,
  requireCurrentSqliteSchema,
} from './migrateToPostgres';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'migrate-unit-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** A migrated workspace database, closed as a stopped server leaves it. */
function workspaceFile(): string {
  const file = join(folder, 'workspace.sqlite');
  openDatabase(file, { synchronous: 'NORMAL' }).close();
  return file;
}

describe('parseMigrationRequest', () => {
  const environment = { DATA_DIR: '/srv/workspace', NODE_ENV: 'test' };

  it('moves the file npm start uses to DATABASE_URL, or to --to', () => {
    expect(parseMigrationRequest([], { ...environment, DATABASE_URL: 'postgres://app:secret@db:5432/workspace' })).toEqual({
      kind: 'move',
      sqliteFile: '/srv/workspace/workspace.sqlite',
      postgresUrl: 'postgres://app:secret@db:5432/workspace',
      statementTimeoutMs: 30_000,
    });
    expect(
      parseMigrationRequest(['--to', 'postgresql://db/workspace'], {
        ...environment,
        DATABASE_URL: 'sqlite:elsewhere.sqlite',
        DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      }),
    ).toEqual({
      kind: 'move',
      sqliteFile: '/srv/workspace/elsewhere.sqlite',
      postgresUrl: 'postgresql://db/workspace',
      statementTimeoutMs: 60_000,
    });
    expect(parseMigrationRequest(['--from', 'old.sqlite', '--to', 'postgres://db/workspace'], environment)).toMatchObject({
      sqliteFile: resolve('old.sqlite'),
    });
  });

  it('answers help, and a usage problem for a missing or wrong target and unknown options', () => {
    expect(parseMigrationRequest(['--help'], environment)).toEqual({ kind: 'help' });
    expect(parseMigrationRequest([], environment)).toEqual({
      kind: 'usage',
      problem: 'Say which PostgreSQL database to move to: --to postgres://… or DATABASE_URL=postgres://…',
    });
    expect(parseMigrationRequest(['--to', 'postgres://db'], environment)).toMatchObject({
      kind: 'usage',
      problem: expect.stringMatching(/^--to names no database after the host/),
    });
    expect(parseMigrationRequest(['--to', 'postgres://db/x', '--force'], environment)).toMatchObject({
      kind: 'usage',
      problem: expect.stringContaining("Unknown option '--force'"),
    });
    expect(parseMigrationRequest(['--to', 'postgres://db/x'], { ...environment, PORT: 'eighty' })).toMatchObject({ kind: 'usage' });
  });
});

describe('lockSqliteSource', () => {
  it('refuses a file another connection holds open (a running server), naming what to do', () => {
    const file = workspaceFile();
    const server = new Database(file);
    server.prepare('SELECT count(*) FROM events').get();
    try {
      expect(() => lockSqliteSource(file, 50)).toThrow(MigrationRefusedError);
      expect(() => lockSqliteSource(file, 50)).toThrow(/is in use by another process: is the server still running\? Stop it/);
    } finally {
      server.close();
    }
  });

  it('keeps a server from opening the file while it holds it, writes nothing, and lets go when closed', () => {
    const file = workspaceFile();
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
    const source = lockSqliteSource(file, 50);
    const server = new Database(file, { timeout: 50 });
    expect(() => server.prepare('SELECT count(*) FROM events').get()).toThrow(/locked/);
    expect(() =>
      source.sqlite.prepare(`INSERT INTO outbox (id, "to", subject, text, html, created_at) VALUES ('x', 'a', 'b', 'c', 'd', 'e')`).run(),
    ).toThrow(/readonly|query_only|attempt to write/i);
    source.close();
    expect(server.prepare('SELECT count(*) AS count FROM events').get()).toEqual({ count: 0 });
    server.close();
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(digest);
  });

  it('refuses a missing file', () => {
    expect(() => lockSqliteSource(join(folder, 'missing.sqlite'))).toThrow(/There is no SQLite database at .*missing\.sqlite/);
  });
});

describe('requireCurrentSqliteSchema', () => {
  it('accepts a database of this version, and refuses an older one or another kind of file', () => {
    const file = workspaceFile();
    const current = lockSqliteSource(file);
    expect(() => requireCurrentSqliteSchema(current, file)).not.toThrow();
    current.close();
    const older = new Database(file);
    older.prepare('DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)').run();
    older.close();
    const source = lockSqliteSource(file);
    expect(() => requireCurrentSqliteSchema(source, file)).toThrow(
      /last used by an older version of the workspace \(1 schema migration not applied\)/,
    );
    source.close();
    const other = join(folder, 'other.sqlite');
    new Database(other).exec('CREATE TABLE notes (text)');
    const otherSource = lockSqliteSource(other);
    expect(() => requireCurrentSqliteSchema(otherSource, other)).toThrow(/is not a workspace database/);
    otherSource.close();
  });
});

describe('describeFailure', () => {
  it("shows a failed statement by the database's message and the statement's start, not its parameters", () => {
    const error = new Error('Failed query: INSERT INTO events (seq)\n   SELECT 1\nparams: [{"a":1}]', {
      cause: new Error('duplicate key'),
    });
    expect(describeFailure(error)).toBe('duplicate key (in: INSERT INTO events (seq) SELECT 1)');
    const wrapped = new Error('The tasks projection failed on event 7 (task.created)', { cause: error });
    expect(describeFailure(wrapped)).toBe(
      'The tasks projection failed on event 7 (task.created): duplicate key (in: INSERT INTO events (seq) SELECT 1)',
    );
  });
});

describe('the summary and the differences', () => {
  it('lists the tables with rows, the empty ones on one line, and the totals', () => {
    const lines = describeSummary({
      copy: { events: 12_345, tables: [] },
      replayed: 12_345,
      replaySeconds: 2.5,
      comparisons: [
        { table: 'tasks', rows: 1, differenceCount: 0, differences: [] },
        { table: 'messages', rows: 1200, differenceCount: 0, differences: [] },
        { table: 'tags', rows: 0, differenceCount: 0, differences: [] },
        { table: 'folders', rows: 0, differenceCount: 0, differences: [] },
      ],
    });
    expect(lines).toEqual([
      'Replayed 12,345 events into 4 read tables in 2.5 s (4,938 events/s).',
      'Read tables compared row for row with SQLite:',
      '  tasks: 1 row equal',
      '  messages: 1,200 rows equal',
      '  empty on both: tags, folders',
      'All 4 read tables are equal (1,201 rows). The move is complete.',
    ]);
  });

  it('names each differing table with its count, its first differences and how many more', () => {
    const lines = describeDifferences(
      new ReadTablesDifferError([
        { table: 'tasks', rows: 3, differenceCount: 0, differences: [] },
        {
          table: 'messages',
          rows: 40,
          differenceCount: 12,
          differences: [{ key: { id: 'm1' }, kind: 'columns differ', columns: [{ column: 'body', sqlite: 'Hi', postgres: 'Hello' }] }],
        },
      ]),
    );
    expect(lines.slice(0, 4)).toEqual([
      '1 read table differs between SQLite and PostgreSQL. PostgreSQL kept nothing; the SQLite file is unchanged.',
      '  messages: 12 of 40 rows differ',
      '    messages (id="m1"): body: "Hi" on SQLite, "Hello" on PostgreSQL',
      '    … and 11 more',
    ]);
  });
});
