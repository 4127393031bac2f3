import { asc, getTableColumns, getTableName, gt, is, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Projection } from '../core/events';
import type { Sql, Transaction } from '../core/postgres/connect';
import { drizzleOver, type PostgresUnitTransaction } from '../core/postgres/eventStore';
import { events, mutationResults } from '../core/sqlite/tables';
import type { DrizzleDatabase } from '../db/connection';
import * as sqliteSchema from '../db/schema';
import { ComparisonPlanError, comparisonPlans, compareTables, describeDifference, type TablePlan } from './projectionComparison';

/**
 * The first half of moving an instance from SQLite to PostgreSQL (issue 21): what replay cannot rebuild is copied as
 * it is. That is the event log, with its positions, and every table no projection owns (sessions, credentials, doc
 * updates, the mail outbox, mutation results…). The projections' tables are rebuilt by replaying the copied log
 * on PostgreSQL, then compared: the second half, in cli/migrateToPostgres.ts.
 */

/** A table no projection owns, in both dialects (matched by the table's name), and how it is compared once copied. */
export interface CopiedTable {
  name: string;
  sqlite: SQLiteTable;
  postgres: PgTable;
  plan: TablePlan;
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

const sqliteTableNames = (Object.values(sqliteSchema) as unknown[])
  .filter((value): value is SQLiteTable => is(value, SQLiteTable))
  .map((table) => getTableName(table));

/** The comparison's plans of copied tables (identities copied, so compared), a missing twin refused as the copy's. */
function copiedPlans(names: readonly string[]): TablePlan[] {
  try {
    return comparisonPlans(names, 'copied');
  } catch (error) {
    if (error instanceof ComparisonPlanError) throw new CopyRefusedError(error.message, { cause: error });
    throw error;
  }
}

/**
 * The tables the copy takes over row for row: every table of the schema that no projection owns, apart from the log
 * and the mutation results, which the PostgreSQL log declares itself (its own migrations) and the copy writes by
 * hand. A new table is copied without anyone listing it, unless a projection owns it.
 */
export function tablesToCopy(projections: readonly Projection[]): CopiedTable[] {
  const owned = new Set(projections.flatMap((projection) => projection.tables.map((table) => getTableName(table))));
  const special = new Set<string>([getTableName(events), getTableName(mutationResults)]);
  const names = sqliteTableNames.filter((name) => !owned.has(name) && !special.has(name));
  return copiedPlans(names).map((plan) => ({ name: plan.name, sqlite: plan.sqlite, postgres: plan.postgres, plan }));
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
  // Drizzle sets the pool's JSON and time serializers (as the door's does): postgres.js would encode drizzle's JSON again.
  drizzle(target);
  return target.begin((transaction) => copyToPostgresIn(source, transaction, projections, options));
}

/**
 * The same copy inside a transaction the caller holds (the move to PostgreSQL replays and compares in it too, so
 * that a difference found later keeps nothing either), on a pool drizzle was made over (see copyToPostgres).
 */
export async function copyToPostgresIn(
  source: DrizzleDatabase,
  target: Transaction,
  projections: readonly Projection[],
  options: CopyOptions = {},
): Promise<CopyReport> {
  const tables = tablesToCopy(projections);
  const transaction = drizzleOver(target);
  await refuseUnlessEmpty(transaction, projections, tables);
  const copiedEvents = await copyEvents(source, transaction, options);
  await copyMutationResults(source, transaction, options);
  const report: CopyReport = { events: copiedEvents, tables: [] };
  for (const table of tables) report.tables.push({ name: table.name, rows: await copyTable(source, transaction, table, options) });
  await continueIdentities(transaction, [getTableName(events), ...tables.map((table) => table.name)]);
  await compareCopy(source, transaction, tables, options);
  return report;
}

/**
 * The PostgreSQL tables that must be empty: the log, the copied ones, and every projection's (rebuilt by replay).
 * A projection table the migrations did not create has no rows to lose; replay will say it is missing.
 */
async function refuseUnlessEmpty(
  database: PostgresTransaction,
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

type PostgresTransaction = PostgresUnitTransaction;

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

/** The table's rows in its key's order (the comparison's), a page at a time (both dialects order text byte by byte). */
function sqliteRows(source: DrizzleDatabase, table: CopiedTable, offset: number, limit: number): Record<string, unknown>[] {
  const columns = new Map(Object.values(getTableColumns(table.sqlite)).map((column) => [column.name, column as SQLiteColumn]));
  return source
    .select()
    .from(table.sqlite)
    .orderBy(...table.plan.key.map((name) => asc(columns.get(name)!)))
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

/**
 * Compares what was copied, row for row, with the comparison the read tables are compared with after the replay
 * (cli/projectionComparison.ts), and throws a CopyMismatchError naming the first difference.
 */
async function compareCopy(
  source: DrizzleDatabase,
  target: PostgresTransaction,
  tables: readonly CopiedTable[],
  options: CopyOptions,
): Promise<void> {
  const plans = [...copiedPlans([getTableName(events), getTableName(mutationResults)]), ...tables.map((table) => table.plan)];
  for (const comparison of await compareTables(source, target, plans, { batchSize: options.batchSize, keep: 1 })) {
    const [first] = comparison.differences;
    if (first) {
      throw new CopyMismatchError(
        `The copy of ${comparison.table} differs from the SQLite database (${comparison.differenceCount} of ${comparison.rows} rows): ` +
          describeDifference(comparison.table, first),
      );
    }
  }
}
