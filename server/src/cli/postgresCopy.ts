import { isDeepStrictEqual } from 'node:util';
import { asc, getTableColumns, getTableName, gt, is, sql, type Column } from 'drizzle-orm';
import { getTableConfig as getPostgresTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Projection } from '../core/events';
import type { Sql } from '../core/postgres/connect';
import { events, mutationResults } from '../core/sqlite/tables';
import type { DrizzleDatabase } from '../db/connection';
import * as postgresSchema from '../db/schema.pg';
import * as sqliteSchema from '../db/schema';

/**
 * The first half of moving an instance from SQLite to PostgreSQL (issue 21): what replay cannot rebuild is copied as
 * it is. That is the event log, with its positions, and every table no projection owns (sessions, credentials, doc
 * updates, the mail outbox, mutation results…). The projections' tables are rebuilt by replaying the copied log
 * on PostgreSQL, then compared; that second half waits for the areas' reads and projections to run on PostgreSQL.
 */

/** A table no projection owns, in both dialects (matched by the table's name). */
export interface CopiedTable {
  name: string;
  sqlite: SQLiteTable;
  postgres: PgTable;
}

export interface CopyReport {
  events: number;
  tables: { name: string; rows: number }[];
}

export interface CopyOptions {
  /** Rows per statement; the statements' parameters stay under PostgreSQL's 65,535. */
  batchSize?: number;
  onProgress?: (step: string, rows: number) => void;
}

/** A copy refused before anything was written (the target is not empty, a table has no PostgreSQL twin). */
export class CopyRefusedError extends Error {
  override readonly name = 'CopyRefusedError';
}

/** A copy whose comparison found a difference: what differs, and where. */
export class CopyMismatchError extends Error {
  override readonly name = 'CopyMismatchError';
}

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
const postgresTables = new Map<string, PgTable>(
  (Object.values(postgresSchema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

/**
 * The tables the copy takes over row for row: every table of the schema that no projection owns, apart from the log
 * and the mutation results, which the PostgreSQL log declares itself (its own migrations) and the copy writes by
 * hand. A new table is copied without anyone listing it, unless a projection owns it.
 */
export function tablesToCopy(projections: readonly Projection[]): CopiedTable[] {
  const owned = new Set(projections.flatMap((projection) => projection.tables.map((table) => getTableName(table))));
  const special = new Set<string>([getTableName(events), getTableName(mutationResults)]);
  return sqliteTables
    .map((table) => getTableName(table))
    .filter((name) => !owned.has(name) && !special.has(name))
    .map((name) => {
      const postgres = postgresTables.get(name);
      if (!postgres) throw new CopyRefusedError(`The table ${name} has no PostgreSQL twin in db/schema.pg.ts.`);
      return { name, sqlite: sqliteTables.find((table) => getTableName(table) === name)!, postgres };
    });
}

/**
 * Copies the log and the tables no projection owns from a SQLite database into an empty, migrated PostgreSQL
 * database, in one transaction (all or nothing), then compares them there, inside the same transaction: a
 * difference rolls everything back. Positions are kept (each event's settled: horizon 0, as the PostgreSQL log marks
 * events written before its horizons), and every identity sequence continues after the copied rows.
 */
export async function copyToPostgres(
  source: DrizzleDatabase,
  target: Sql,
  projections: readonly Projection[],
  options: CopyOptions = {},
): Promise<CopyReport> {
  const tables = tablesToCopy(projections);
  const database = drizzle(target);
  await refuseUnlessEmpty(database, projections, tables);
  return database.transaction(async (transaction) => {
    const copiedEvents = await copyEvents(source, transaction, options);
    await copyMutationResults(source, transaction, options);
    const report: CopyReport = { events: copiedEvents, tables: [] };
    for (const table of tables) report.tables.push({ name: table.name, rows: await copyTable(source, transaction, table, options) });
    await continueIdentities(transaction, [getTableName(events), ...tables.map((table) => table.name)]);
    await compareCopy(source, transaction, tables, options);
    return report;
  });
}

/**
 * The PostgreSQL tables that must be empty: the log, the copied ones, and every projection's (rebuilt by replay).
 * A projection table the migrations did not create has no rows to lose; replay will say it is missing.
 */
async function refuseUnlessEmpty(
  database: PostgresJsDatabase,
  projections: readonly Projection[],
  tables: readonly CopiedTable[],
): Promise<void> {
  const names = new Set<string>([getTableName(events), getTableName(mutationResults), ...tables.map((table) => table.name)]);
  for (const projection of projections) for (const table of projection.tables) names.add(getTableName(table));
  for (const name of [...names].sort()) {
    const [table] = await database.execute<{ exists: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS exists`);
    if (!table?.exists) continue;
    const [row] = await database.execute<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(name)}) AS found`);
    if (row?.found)
      throw new CopyRefusedError(
        `The PostgreSQL database is not empty (the table ${name} has rows): move an instance into an empty database.`,
      );
  }
}

type PostgresTransaction = Parameters<Parameters<PostgresJsDatabase['transaction']>[0]>[0];

async function copyEvents(source: DrizzleDatabase, target: PostgresTransaction, options: CopyOptions): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  let after = 0;
  let copied = 0;
  for (;;) {
    const rows = source.select().from(events).where(gt(events.seq, after)).orderBy(asc(events.seq)).limit(batchSize).all();
    if (rows.length === 0) return copied;
    const records = rows.map((row) => ({
      seq: row.seq,
      id: row.id,
      team_id: row.teamId,
      stream: row.stream,
      version: row.version,
      type: row.type,
      actor_id: row.actorId,
      payload: row.payload,
      mutation_id: row.mutationId,
      created_at: row.createdAt,
    }));
    // One parameter per batch: the rows as a JSON array, unpacked by PostgreSQL.
    await target.execute(sql`
      INSERT INTO events (seq, id, team_id, stream, version, type, actor_id, payload, mutation_id, created_at, transaction_horizon)
      SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id, created_at, '0'::xid8
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS copied(seq bigint, id text, team_id text, stream text,
        version integer, type text, actor_id text, payload jsonb, mutation_id text, created_at timestamptz)
      ORDER BY seq`);
    copied += rows.length;
    after = rows.at(-1)!.seq;
    options.onProgress?.('events', copied);
  }
}

async function copyMutationResults(source: DrizzleDatabase, target: PostgresTransaction, options: CopyOptions): Promise<void> {
  const rows = source.select().from(mutationResults).all();
  const batchSize = options.batchSize ?? 1000;
  for (let start = 0; start < rows.length; start += batchSize) {
    const records = rows.slice(start, start + batchSize).map((row) => ({
      actor_key: row.actorKey,
      mutation_id: row.mutationId,
      request_hash: row.requestHash,
      result: row.result ?? null,
      created_at: row.createdAt,
    }));
    await target.execute(sql`
      INSERT INTO mutation_results (actor_key, mutation_id, request_hash, result, created_at)
      SELECT actor_key, mutation_id, request_hash, result, created_at
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS copied(actor_key text, mutation_id text, request_hash text,
        result jsonb, created_at timestamptz)`);
  }
  options.onProgress?.('mutation_results', rows.length);
}

/** The PostgreSQL column of each SQLite column (by the column's name), so the two tables' keys may differ. */
function columnPairs(table: CopiedTable): { sqliteKey: string; postgresKey: string }[] {
  const postgresByName = new Map(Object.entries(getTableColumns(table.postgres)).map(([key, column]) => [column.name, key]));
  return Object.entries(getTableColumns(table.sqlite)).map(([sqliteKey, column]) => {
    const postgresKey = postgresByName.get(column.name);
    if (!postgresKey) throw new CopyRefusedError(`The column ${table.name}.${column.name} has no PostgreSQL twin.`);
    return { sqliteKey, postgresKey };
  });
}

/** The table's rows in its primary key's order, a page at a time (both dialects order text byte by byte). */
function primaryKeyOf(table: CopiedTable): { sqlite: Column[]; postgres: Column[] } {
  const sqliteConfig = getSqliteTableConfig(table.sqlite);
  const postgresConfig = getPostgresTableConfig(table.postgres);
  const sqlite = [...sqliteConfig.columns.filter((column) => column.primary), ...sqliteConfig.primaryKeys.flatMap((key) => key.columns)];
  const postgres = [
    ...postgresConfig.columns.filter((column) => column.primary),
    ...postgresConfig.primaryKeys.flatMap((key) => key.columns),
  ];
  if (sqlite.length === 0) throw new CopyRefusedError(`The table ${table.name} has no primary key to copy it in order by.`);
  return { sqlite, postgres };
}

function sqliteRows(source: DrizzleDatabase, table: CopiedTable, offset: number, limit: number): Record<string, unknown>[] {
  return source
    .select()
    .from(table.sqlite)
    .orderBy(...primaryKeyOf(table).sqlite.map((column) => asc(column)))
    .limit(limit)
    .offset(offset)
    .all();
}

async function copyTable(source: DrizzleDatabase, target: PostgresTransaction, table: CopiedTable, options: CopyOptions): Promise<number> {
  const pairs = columnPairs(table);
  // Parameters per statement stay under 65,535 whatever the table's width.
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 1000, Math.floor(30_000 / pairs.length)));
  let copied = 0;
  for (;;) {
    const rows = sqliteRows(source, table, copied, batchSize);
    if (rows.length === 0) return copied;
    const values = rows.map((row) => Object.fromEntries(pairs.map(({ sqliteKey, postgresKey }) => [postgresKey, row[sqliteKey]])));
    await target.insert(table.postgres).values(values);
    copied += rows.length;
    options.onProgress?.(table.name, copied);
  }
}

/** Identity columns (the log's positions, doc update ids) go on after the highest copied value. */
async function continueIdentities(target: PostgresTransaction, tableNames: readonly string[]): Promise<void> {
  const identities = await target.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'
      AND table_name IN (${sql.join(
        tableNames.map((name) => sql`${name}`),
        sql`, `,
      )})`);
  for (const { table_name: tableName, column_name: columnName } of identities) {
    const table = sql.identifier(tableName);
    const column = sql.identifier(columnName);
    await target.execute(sql`
      SELECT setval(pg_get_serial_sequence(${tableName}, ${columnName}), highest)
      FROM (SELECT max(${column}) AS highest FROM ${table}) AS copied WHERE highest IS NOT NULL`);
  }
}

/** Compares what was copied, row for row, and throws a CopyMismatchError naming the first difference. */
async function compareCopy(
  source: DrizzleDatabase,
  target: PostgresTransaction,
  tables: readonly CopiedTable[],
  options: CopyOptions,
): Promise<void> {
  const batchSize = options.batchSize ?? 1000;
  let after = 0;
  for (;;) {
    const expected = source.select().from(events).where(gt(events.seq, after)).orderBy(asc(events.seq)).limit(batchSize).all();
    const found = await target.execute<Record<string, unknown>>(sql`
      SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id, created_at FROM events
      WHERE seq > ${after} ORDER BY seq LIMIT ${batchSize}`);
    const foundEvents = found.map((row) => ({
      seq: Number(row['seq']),
      id: row['id'],
      teamId: row['team_id'],
      stream: row['stream'],
      version: row['version'],
      type: row['type'],
      actorId: row['actor_id'],
      payload: row['payload'],
      mutationId: row['mutation_id'],
      createdAt: new Date(row['created_at'] as string).toISOString(),
    }));
    expectSameRows('events', expected, foundEvents);
    if (expected.length === 0) break;
    after = expected.at(-1)!.seq;
  }
  const expectedResults = source
    .select()
    .from(mutationResults)
    .orderBy(asc(mutationResults.actorKey), asc(mutationResults.mutationId))
    .all();
  const foundResults = await target.execute<Record<string, unknown>>(
    sql`SELECT actor_key, mutation_id, request_hash, result, created_at FROM mutation_results ORDER BY actor_key, mutation_id`,
  );
  expectSameRows(
    'mutation_results',
    expectedResults.map((row) => ({ ...row, result: row.result ?? null })),
    foundResults.map((row) => ({
      actorKey: row['actor_key'],
      mutationId: row['mutation_id'],
      requestHash: row['request_hash'],
      result: row['result'] ?? null,
      createdAt: new Date(row['created_at'] as string).toISOString(),
    })),
  );
  for (const table of tables) {
    const pairs = columnPairs(table);
    const key = primaryKeyOf(table).postgres;
    for (let offset = 0; ; offset += batchSize) {
      const expected = sqliteRows(source, table, offset, batchSize);
      const found = await target
        .select()
        .from(table.postgres)
        .orderBy(...key.map((column) => asc(column)))
        .limit(batchSize)
        .offset(offset);
      expectSameRows(
        table.name,
        expected,
        found.map((row: Record<string, unknown>) =>
          Object.fromEntries(pairs.map(({ sqliteKey, postgresKey }) => [sqliteKey, row[postgresKey]])),
        ),
      );
      if (expected.length < batchSize) break;
    }
  }
}

function expectSameRows(table: string, expected: readonly object[], found: readonly object[]): void {
  for (let index = 0; index < Math.max(expected.length, found.length); index += 1) {
    if (!isDeepStrictEqual(expected[index], found[index])) {
      throw new CopyMismatchError(
        `The copy of ${table} differs from the SQLite database: ${JSON.stringify(expected[index] ?? null)} there, ${JSON.stringify(found[index] ?? null)} here.`,
      );
    }
  }
}
