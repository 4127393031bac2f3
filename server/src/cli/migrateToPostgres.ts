import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { ConfigError, loadConfig } from '../config';
import {
  connectPostgres,
  DatabaseUnavailableError,
  describeTarget,
  inTransaction,
  parsePostgresUrl,
  type Sql,
} from '../core/postgres/connect';
import { drizzleOver } from '../core/postgres/eventStore';
import { eventLogMigrations, migratePostgres, projectionMigrations } from '../core/postgres/migrate';
import { replayPostgresProjectionsIn } from '../core/postgres/projectionReplay';
import { migrationsFolder, type DrizzleDatabase } from '../db/connection';
import * as sqliteSchema from '../db/schema';
import { copyToPostgresIn, type CopyReport } from './postgresCopy';
import { comparisonPlans, compareTables, describeDifference, type TableComparison } from './projectionComparison';
import { configForTools } from './toolConfig';

/*
 * `npm run migrate-to-postgres`: moves an instance from its SQLite file to an empty PostgreSQL database (issue 21,
 * docs/postgres-plan.md §5). The log is copied with its positions, with every table no projection owns
 * (cli/postgresCopy.ts); the log is replayed there into every projection (core/postgres/projectionReplay.ts), and each
 * projection's table is compared with SQLite's, row for row (cli/projectionComparison.ts). All of it is one PostgreSQL
 * transaction: nothing is kept unless every table is equal, and a refused or failed run can simply be run again.
 * The SQLite file is opened with the only lock that keeps every other connection out, and in query-only mode: the
 * server cannot be writing while the move reads, cannot start before it ends, and nothing is written to the file.
 */

export const usage = `Usage: npm run migrate-to-postgres -- [--from <sqlite file>] [--to postgres://user:password@host:5432/database]

Moves this workspace from its SQLite file to an empty PostgreSQL database: copies the event log (with its positions)
and the tables the log does not rebuild (sign-ins, passwords, tokens, doc updates, the mail outbox…), replays the log
into every read table on PostgreSQL and compares each with SQLite's, row for row. PostgreSQL keeps nothing unless all
are equal. The SQLite file is not changed: to go back, start the server without DATABASE_URL.

Stop the server first: the SQLite file must not be in use (it stays locked while the move runs).

  --from  the SQLite file; by default the one \`npm start\` uses (DATABASE_URL=sqlite:…, else DATA_DIR/workspace.sqlite)
  --to    the PostgreSQL database; by default DATABASE_URL when it is a postgres:// URL. It must be empty, UTF-8 and
          sort text byte by byte, e.g.: CREATE DATABASE workspace TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'

Exit status: 0 moved and every table equal; 1 refused, failed or different (PostgreSQL keeps nothing); 2 bad usage.`;

/** What to move where, or why the command line cannot say. */
export type MigrationRequest =
  | { kind: 'help' }
  | { kind: 'usage'; problem: string }
  | { kind: 'move'; sqliteFile: string; postgresUrl: string; statementTimeoutMs: number };

/**
 * Reads the command line and the server's configuration (the same environment `npm start` reads). Nothing is opened.
 */
export function parseMigrationRequest(argv: readonly string[], environment: Record<string, string | undefined>): MigrationRequest {
  let values: { from?: string; to?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    return { kind: 'usage', problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const configured = environment['DATABASE_URL']?.trim();
  const configuredPostgres = configured !== undefined && /^postgres(ql)?:\/\//i.test(configured) ? configured : undefined;
  const postgresUrl = values.to?.trim() ?? configuredPostgres;
  if (!postgresUrl) {
    return { kind: 'usage', problem: 'Say which PostgreSQL database to move to: --to postgres://… or DATABASE_URL=postgres://…' };
  }
  try {
    parsePostgresUrl(postgresUrl);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return { kind: 'usage', problem: error.message.replace(/^DATABASE_URL/, '--to') };
    throw error;
  }
  try {
    // The file npm start would use: DATABASE_URL's sqlite: file, or DATA_DIR's (also when DATABASE_URL names PostgreSQL).
    const sqliteFile = values.from === undefined ? configForTools(loadConfig, environment).databaseFile : resolve(values.from);
    const target = configForTools(loadConfig, { ...environment, DATABASE_URL: postgresUrl }).database;
    const statementTimeoutMs = target.kind === 'postgres' ? target.statementTimeoutMs : 30_000;
    return { kind: 'move', sqliteFile, postgresUrl, statementTimeoutMs };
  } catch (error) {
    if (error instanceof ConfigError) return { kind: 'usage', problem: error.message };
    throw error;
  }
}

/** The move cannot start: the message says why and what to do. Nothing was written anywhere. */
export class MigrationRefusedError extends Error {
  override readonly name = 'MigrationRefusedError';
}

/** The read tables differ: what differs, per table. PostgreSQL kept nothing. */
export class ReadTablesDifferError extends Error {
  override readonly name = 'ReadTablesDifferError';

  constructor(readonly comparisons: readonly TableComparison[]) {
    const differing = comparisons.filter((comparison) => comparison.differenceCount > 0);
    super(`${differing.length} read ${differing.length === 1 ? 'table differs' : 'tables differ'} between SQLite and PostgreSQL.`);
  }
}

/** The SQLite file, held with an exclusive lock until `close`, read only. */
export interface LockedSource {
  sqlite: Database.Database;
  db: DrizzleDatabase;
  close(): void;
}

/**
 * Opens the SQLite file for the move and locks every other connection out until it is closed. A running server holds
 * the file open (in WAL mode every connection keeps a shared lock on it), so the exclusive lock is refused while it
 * runs, and a server started during the move cannot open it. This is the check SQLite itself offers: no pid file or
 * port to guess at, and it also catches a `rebuild-projections`, a backup or a second move running. The connection is
 * query-only after the lock: nothing this process does can write the file.
 */
export function lockSqliteSource(file: string, busyTimeoutMs = 2_000): LockedSource {
  if (!existsSync(file)) {
    throw new MigrationRefusedError(
      `There is no SQLite database at ${file}. Point --from at the workspace's file, or set DATA_DIR (or DATABASE_URL=sqlite:…) as for npm start.`,
    );
  }
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
  } catch (error) {
    throw new MigrationRefusedError(`The SQLite database ${file} cannot be opened: ${(error as Error).message}`, { cause: error });
  }
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('COMMIT');
    sqlite.pragma('query_only = ON');
  } catch (error) {
    sqlite.close();
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new MigrationRefusedError(
        `The SQLite database ${file} is in use by another process: is the server still running? Stop it (and any backup or ` +
          'rebuild-projections), then run the move again. The file stays locked while the move runs, so the server cannot start meanwhile.',
        { cause: error },
      );
    }
    throw new MigrationRefusedError(`The SQLite database ${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return { sqlite, db: drizzle(sqlite, { schema: sqliteSchema }), close: () => sqlite.close() };
}

/**
 * Refuses a file that is not a workspace's database, or whose schema is older than this version's (the tables would
 * not be what this version replays into and compares): the server migrates it when it starts.
 */
export function requireCurrentSqliteSchema(source: LockedSource, file: string): void {
  const hasTable = (name: string) => source.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  if (!hasTable('events') || !hasTable('__drizzle_migrations')) {
    throw new MigrationRefusedError(`${file} is not a workspace database (it has no event log).`);
  }
  const last = source.sqlite.prepare('SELECT max(created_at) AS applied FROM __drizzle_migrations').get() as { applied: number | null };
  const pending = readMigrationFiles({ migrationsFolder }).filter((migration) => Number(last.applied ?? 0) < migration.folderMillis);
  if (pending.length > 0) {
    throw new MigrationRefusedError(
      `The SQLite database ${file} was last used by an older version of the workspace (${pending.length} schema migration${pending.length === 1 ? '' : 's'} not applied). ` +
        'Start the server on it once with this version (it migrates the file as it starts), stop it, then run the move again.',
    );
  }
}

/**
 * Refuses a PostgreSQL database that holds any row (besides the record of applied migrations): the move writes into
 * an empty database only, so nothing there is lost or mixed. Tables without rows are fine (a database the server was
 * pointed at once, or that the migrations already created).
 */
export async function requireEmptyTarget(sql: Sql, databaseName: string): Promise<void> {
  const tables = await sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
    ORDER BY c.relname`;
  const filled: string[] = [];
  for (const { name } of tables) {
    const [row] = await sql<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM ${sql(name)}) AS found`;
    if (row?.found) filled.push(name);
  }
  if (filled.length > 0) {
    throw new MigrationRefusedError(
      `The PostgreSQL database "${databaseName}" is not empty: ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ` and ${filled.length - 5} more tables` : ''} ` +
        `${filled.length === 1 ? 'has' : 'have'} rows. Move into a new, empty database (or drop this one's tables if nothing in them is needed).`,
    );
  }
}

/** Prints progress at most once a second on a log, or in place on a terminal; the last figure always. */
function progressPrinter(write: (line: string) => void, interactive: boolean) {
  let lastShown = 0;
  return (line: string, final: boolean) => {
    const now = performance.now();
    if (!final && now - lastShown < 1000) return;
    lastShown = now;
    if (interactive) process.stdout.write(`\r${line}${final ? '\n' : ''}`);
    else write(line);
  };
}

const figures = new Intl.NumberFormat('en-US');

export interface MigrationSummary {
  copy: CopyReport;
  replayed: number;
  replaySeconds: number;
  comparisons: TableComparison[];
}

/**
 * The move itself, in a process whose tables are picked for PostgreSQL (the entry point sets DATABASE_URL before
 * the areas are loaded). Throws MigrationRefusedError, DatabaseUnavailableError or ReadTablesDifferError; any other
 * error is a failure of the move. PostgreSQL keeps nothing unless it answers.
 */
export async function moveToPostgres(
  request: Extract<MigrationRequest, { kind: 'move' }>,
  write: (line: string) => void,
  options: { batchSize?: number; interactive?: boolean } = {},
): Promise<MigrationSummary> {
  const { tableDialect, asPostgresProjections } = await import('../db/pickTable');
  if (tableDialect !== 'postgresql')
    throw new Error('The move must run with DATABASE_URL set to the PostgreSQL database (tables picked for it).');
  const source = lockSqliteSource(request.sqliteFile);
  let sql: Sql | null = null;
  try {
    requireCurrentSqliteSchema(source, request.sqliteFile);
    const target = describeTarget(request.postgresUrl);
    write(`Moving ${request.sqliteFile} to PostgreSQL database "${target.database}" at ${target.host}:${target.port}.`);
    // Connecting checks the database's encoding and collation (C, as SQLite compares) and the user's privileges.
    sql = await connectPostgres(
      { url: request.postgresUrl, poolSize: 2, statementTimeoutMs: request.statementTimeoutMs },
      'workspace-migrate-to-postgres',
    );
    // Drizzle sets the pool's JSON and time serializers as it does for the server's door (core/postgres/eventStore.ts):
    // without that, postgres.js would encode the JSON drizzle already encoded a second time.
    drizzlePostgres(sql);
    await requireEmptyTarget(sql, target.database);
    const applied = [...(await migratePostgres(sql, eventLogMigrations)), ...(await migratePostgres(sql, projectionMigrations))];
    write(`PostgreSQL schema: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied.`);
    const { domains } = await import('../domains');
    const projections = domains.flatMap((module) => module.projections);
    const totalEvents = (source.sqlite.prepare('SELECT count(*) AS count FROM events').get() as { count: number }).count;
    const show = progressPrinter(write, options.interactive ?? false);
    const batchSize = options.batchSize ?? 1000;
    return await inTransaction(sql, 'isolation level read committed', async (transaction) => {
      const copy = await copyToPostgresIn(source.db, transaction, projections, {
        batchSize,
        onProgress: (step, rows) => {
          if (step === 'events')
            show(`Copying the log: ${figures.format(rows)} of ${figures.format(totalEvents)} events`, rows === totalEvents);
        },
      });
      if (totalEvents === 0) show('Copying the log: no events', true);
      write(
        `Copied and compared: ${figures.format(copy.events)} events, ` +
          copy.tables.map((table) => `${table.name} ${figures.format(table.rows)}`).join(', ') +
          '.',
      );
      const started = performance.now();
      const rate = (applied: number) => figures.format(Math.round(applied / Math.max((performance.now() - started) / 1000, 0.001)));
      const percent = (applied: number) => (totalEvents === 0 ? 100 : Math.floor((applied / totalEvents) * 1000) / 10);
      const replay = await replayPostgresProjectionsIn(transaction, asPostgresProjections(projections), {
        batchSize: Math.max(batchSize, 1),
        onProgress: (applied) =>
          show(
            `Replaying on PostgreSQL: ${figures.format(applied)} of ${figures.format(totalEvents)} events (${percent(applied)}%), ${rate(applied)} events/s`,
            applied === totalEvents,
          ),
      });
      const replaySeconds = (performance.now() - started) / 1000;
      if (replay.applied === 0) show('Replaying on PostgreSQL: no events', true);
      const plans = comparisonPlans(projections.flatMap((projection) => projection.tables.map((table) => getTableName(table))));
      const comparisons = await compareTables(source.db, drizzleOver(transaction), plans, { batchSize });
      if (comparisons.some((comparison) => comparison.differenceCount > 0)) throw new ReadTablesDifferError(comparisons);
      return { copy, replayed: replay.applied, replaySeconds, comparisons };
    });
  } finally {
    await sql?.end({ timeout: 5 });
    source.close();
  }
}

/** "1 row", "2 rows": a count with its noun. */
function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${figures.format(count)} ${count === 1 ? singular : plural}`;
}

/** The summary printed after a move: what was replayed and compared, table by table (the empty ones on one line). */
export function describeSummary(summary: MigrationSummary): string[] {
  const rows = summary.comparisons.reduce((total, comparison) => total + comparison.rows, 0);
  const filled = summary.comparisons.filter((comparison) => comparison.rows > 0);
  const empty = summary.comparisons.filter((comparison) => comparison.rows === 0).map((comparison) => comparison.table);
  return [
    `Replayed ${counted(summary.replayed, 'event')} into ${counted(summary.comparisons.length, 'read table')} in ${summary.replaySeconds.toFixed(1)} s` +
      ` (${figures.format(Math.round(summary.replayed / Math.max(summary.replaySeconds, 0.001)))} events/s).`,
    'Read tables compared row for row with SQLite:',
    ...filled.map((comparison) => `  ${comparison.table}: ${counted(comparison.rows, 'row')} equal`),
    ...(empty.length > 0 ? [`  empty on both: ${empty.join(', ')}`] : []),
    `All ${counted(summary.comparisons.length, 'read table')} are equal (${counted(rows, 'row')}). The move is complete.`,
  ];
}

/** The lines printed when the read tables differ: per table, how many rows, and the first differences by key. */
export function describeDifferences(error: ReadTablesDifferError): string[] {
  const lines = [`${error.message} PostgreSQL kept nothing; the SQLite file is unchanged.`];
  for (const comparison of error.comparisons) {
    if (comparison.differenceCount === 0) continue;
    lines.push(`  ${comparison.table}: ${figures.format(comparison.differenceCount)} of ${counted(comparison.rows, 'row')} differ`);
    for (const difference of comparison.differences) lines.push(`    ${describeDifference(comparison.table, difference)}`);
    if (comparison.differenceCount > comparison.differences.length) {
      lines.push(`    … and ${figures.format(comparison.differenceCount - comparison.differences.length)} more`);
    }
  }
  lines.push(
    "If SQLite's read tables drifted from its log, `npm run rebuild-projections` (server stopped) rebuilds them from it; " +
      'then run the move again. If they still differ, report it with these lines.',
  );
  return lines;
}

/**
 * An unexpected failure in a line or two: drizzle's "Failed query" errors carry the whole statement and its parameters
 * (every copied row) in their message, so such an error is shown by its cause, the database's own message, and the
 * statement's start.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const failedQuery = /^Failed query: ([\s\S]*?)(\nparams: [\s\S]*)?$/.exec(error.message);
  if (failedQuery && error.cause) {
    const statement = failedQuery[1]!.replace(/\s+/g, ' ').trim();
    return `${describeFailure(error.cause)} (in: ${statement.length > 120 ? `${statement.slice(0, 117)}…` : statement})`;
  }
  return error.cause instanceof Error && !error.message.includes(error.cause.message)
    ? `${error.message}: ${describeFailure(error.cause)}`
    : error.message;
}

async function main(): Promise<number> {
  const request = parseMigrationRequest(process.argv.slice(2), process.env);
  if (request.kind === 'help') {
    console.log(usage);
    return 0;
  }
  if (request.kind === 'usage') {
    console.error(`${request.problem}\n\n${usage}`);
    return 2;
  }
  // The areas pick their tables by DATABASE_URL when they load (db/pickTable.ts): PostgreSQL's, for the replay.
  process.env['DATABASE_URL'] = request.postgresUrl;
  try {
    const summary = await moveToPostgres(request, (line) => console.log(line), { interactive: process.stdout.isTTY });
    for (const line of describeSummary(summary)) console.log(line);
    console.log(
      'The SQLite file was not changed. Start the server with DATABASE_URL set to this PostgreSQL database and the same ' +
        'DATA_DIR (its secret.key decrypts calendar passwords, its files folder holds uploads). To go back, start it without DATABASE_URL: ' +
        'what was written on PostgreSQL meanwhile is not carried back.',
    );
    return 0;
  } catch (error) {
    if (error instanceof ReadTablesDifferError) {
      for (const line of describeDifferences(error)) console.error(line);
    } else if (error instanceof MigrationRefusedError || error instanceof DatabaseUnavailableError) {
      console.error(`${error.message}\nNothing was changed.`);
    } else {
      console.error(`The move failed; PostgreSQL kept no data and the SQLite file is unchanged: ${describeFailure(error)}`);
    }
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
