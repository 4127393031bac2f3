import { isDeepStrictEqual } from 'node:util';
import { asc, getTableColumns, getTableName, is, SQL, sql, type Column } from 'drizzle-orm';
import { getTableConfig as getPostgresTableConfig, PgTable, type IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { PostgresUnitTransaction } from '../core/postgres/eventStore';
import type { DrizzleDatabase } from '../db/connection';
import { events as postgresEvents, mutationResults as postgresMutationResults } from '../core/postgres/tables';
import * as postgresSchema from '../db/schema.pg';
import * as sqliteSchema from '../db/schema';
import { searchText } from '../domains/search/ftsTable';

/**
 * The checks of moving an instance to PostgreSQL (issue 21), one comparison for both: what was copied (the log, the
 * mutation results, every table no projection owns: cli/postgresCopy.ts) must be on PostgreSQL as it is on SQLite,
 * and after the log was replayed there, every projection's table must hold what SQLite's holds, row for row. Both
 * sides are read in their key's order (the database's C collation orders text byte by byte, as SQLite does) a page at
 * a time and walked together, so a missing row, an extra row and a row whose columns differ are each told apart and
 * named by their key. Values are compared as the ORM reads them on each side (booleans, JSON parsed), after
 * `normalisedValue`.
 */

/** A row as compared: the database's column names to normalised values. */
export type ComparedRow = Record<string, unknown>;

export interface ColumnDifference {
  column: string;
  sqlite: unknown;
  postgres: unknown;
}

export type RowDifference =
  | { key: ComparedRow; kind: 'missing on PostgreSQL' | 'only on PostgreSQL' }
  | { key: ComparedRow; kind: 'columns differ'; columns: ColumnDifference[] };

export interface TableComparison {
  table: string;
  /** Rows read on SQLite. */
  rows: number;
  /** How many rows differ in all; `differences` keeps the first few of them. */
  differenceCount: number;
  differences: RowDifference[];
}

/** How one table is read on each side: its twin in each schema, the key it is walked by, the columns compared. */
export interface TablePlan {
  name: string;
  sqlite: SQLiteTable;
  postgres: PgTable;
  /** Column names, in key order. */
  key: string[];
  /** Column names compared (the key's included). */
  columns: string[];
  /** Columns SQLite keeps in another table (search's FTS5 text), read beside the row. */
  sqliteExtras: Record<string, SQL>;
}

export class ComparisonPlanError extends Error {
  override readonly name = 'ComparisonPlanError';
}

const sqliteTablesByName = new Map<string, SQLiteTable>(
  (Object.values(sqliteSchema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => [getTableName(table), table]),
);
// The log's own tables are declared apart from drizzle-kit's schema on PostgreSQL (core/postgres/tables.ts).
const postgresTablesByName = new Map<string, PgTable>(
  ([...Object.values(postgresSchema), postgresEvents, postgresMutationResults] as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

/**
 * What SQLite keeps apart that PostgreSQL keeps in the row: the search index's title and text live in the FTS5 table
 * search_text, whose rowid is the item's id (schemaParity.test.ts lists these columns as PostgreSQL's additions).
 */
const sqliteExtraColumns: Record<string, Record<string, SQL>> = {
  search_items: {
    title: sql`(SELECT ${searchText.title} FROM ${searchText} WHERE ${searchText}.rowid = ${sql.identifier('search_items')}.id)`,
    body: sql`(SELECT ${searchText.body} FROM ${searchText} WHERE ${searchText}.rowid = ${sql.identifier('search_items')}.id)`,
  },
};

/**
 * How a table came to be on PostgreSQL: `copied` row for row from SQLite (its identity values too, which then go on
 * after them), or `replayed` from the log, which draws identity values anew.
 */
export type TableOrigin = 'copied' | 'replayed';

/**
 * The plan of one table from its twins. Columns PostgreSQL generates are not compared: the tsvectors, and in a
 * replayed table an identity key (search_items' id is SQLite's rowid, reused after a delete, where a sequence is
 * not), whose table is then walked by its first unique index, which both databases keep equal. A table is walked by
 * its primary key otherwise.
 */
export function tablePlan(sqlite: SQLiteTable, postgres: PgTable, origin: TableOrigin): TablePlan {
  const name = getTableName(postgres);
  const config = getPostgresTableConfig(postgres);
  const generated = new Set(
    config.columns.filter((column) => column.generated || (origin === 'replayed' && column.generatedIdentity)).map((column) => column.name),
  );
  const primaryKey = [
    ...config.columns.filter((column) => column.primary).map((column) => column.name),
    ...config.primaryKeys.flatMap((primary) => primary.columns.map((column) => column.name)),
  ];
  // A unique index over plain columns (not over expressions such as lower(title)).
  const uniqueIndex = config.indexes.find((index) => index.config.unique && index.config.columns.every((column) => !is(column, SQL)));
  const key = primaryKey.some((column) => generated.has(column))
    ? (uniqueIndex?.config.columns.map((column) => (column as IndexedColumn).name!) ?? [])
    : primaryKey;
  if (key.length === 0) throw new ComparisonPlanError(`The table ${name} has no key both databases keep equal to compare it by.`);
  const extras = sqliteExtraColumns[name] ?? {};
  const sqliteColumnNames = new Set(Object.values(getTableColumns(sqlite)).map((column) => column.name));
  const columns = config.columns.map((column) => column.name).filter((column) => !generated.has(column));
  for (const column of columns) {
    if (!sqliteColumnNames.has(column) && !(column in extras)) {
      throw new ComparisonPlanError(`The column ${name}.${column} has no SQLite twin to compare with.`);
    }
  }
  return { name, sqlite, postgres, key, columns, sqliteExtras: extras };
}

/** The plans of tables named alike in both schemas (the projections' read tables, replayed, unless told). */
export function comparisonPlans(tableNames: readonly string[], origin: TableOrigin = 'replayed'): TablePlan[] {
  return [...new Set(tableNames)].map((name) => {
    const sqlite = sqliteTablesByName.get(name);
    const postgres = postgresTablesByName.get(name);
    if (!sqlite) throw new ComparisonPlanError(`The table ${name} has no SQLite twin in db/schema.ts to compare with.`);
    if (!postgres) throw new ComparisonPlanError(`The table ${name} has no PostgreSQL twin in db/schema.pg.ts to compare with.`);
    return tablePlan(sqlite, postgres, origin);
  });
}

/**
 * A value as both databases' rows are compared: instants as ISO strings, big integers as numbers where exact, bytes
 * as hex, JSON objects and lists value by value (PostgreSQL's jsonb orders an object's keys its own way, which
 * isDeepStrictEqual ignores anyway).
 */
export function normalisedValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (Array.isArray(value)) return value.map(normalisedValue);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key, normalisedValue(entry)]));
  }
  return value;
}

/** Orders keys as both databases do: numbers by value, text by its UTF-8 bytes (SQLite's BINARY, PostgreSQL's C). */
export function compareKeyValues(left: unknown, right: unknown): number {
  if (left === right) return 0;
  if (left === null || left === undefined) return -1;
  if (right === null || right === undefined) return 1;
  if (typeof left === 'number' && typeof right === 'number') return left < right ? -1 : 1;
  if (typeof left === 'boolean' && typeof right === 'boolean') return left ? 1 : -1;
  return Buffer.compare(Buffer.from(String(left), 'utf8'), Buffer.from(String(right), 'utf8'));
}

function compareKeys(left: ComparedRow, right: ComparedRow, key: readonly string[]): number {
  for (const column of key) {
    const order = compareKeyValues(left[column], right[column]);
    if (order !== 0) return order;
  }
  return 0;
}

/** The columns whose normalised values differ between the two rows, in the columns' order. */
export function differingColumns(sqliteRow: ComparedRow, postgresRow: ComparedRow, columns: readonly string[]): ColumnDifference[] {
  return columns
    .filter((column) => !isDeepStrictEqual(normalisedValue(sqliteRow[column]), normalisedValue(postgresRow[column])))
    .map((column) => ({ column, sqlite: normalisedValue(sqliteRow[column]), postgres: normalisedValue(postgresRow[column]) }));
}

/**
 * Walks two row streams ordered by `key` together and answers how they differ: rows only one side has, and rows
 * of one key whose columns differ. Keeps the first `keep` differences and counts them all.
 */
export async function compareOrderedRows(
  table: string,
  sqliteRows: AsyncIterable<ComparedRow>,
  postgresRows: AsyncIterable<ComparedRow>,
  key: readonly string[],
  columns: readonly string[],
  keep = 10,
): Promise<TableComparison> {
  const comparison: TableComparison = { table, rows: 0, differenceCount: 0, differences: [] };
  const keyOf = (row: ComparedRow) => Object.fromEntries(key.map((column) => [column, normalisedValue(row[column])]));
  const found = (difference: RowDifference) => {
    comparison.differenceCount += 1;
    if (comparison.differences.length < keep) comparison.differences.push(difference);
  };
  const sqliteSide = sqliteRows[Symbol.asyncIterator]();
  const postgresSide = postgresRows[Symbol.asyncIterator]();
  let sqliteNext = await sqliteSide.next();
  let postgresNext = await postgresSide.next();
  while (!sqliteNext.done || !postgresNext.done) {
    const order = sqliteNext.done ? 1 : postgresNext.done ? -1 : compareKeys(sqliteNext.value, postgresNext.value, key);
    if (order < 0 && !sqliteNext.done) {
      comparison.rows += 1;
      found({ key: keyOf(sqliteNext.value), kind: 'missing on PostgreSQL' });
      sqliteNext = await sqliteSide.next();
    } else if (order > 0 && !postgresNext.done) {
      found({ key: keyOf(postgresNext.value), kind: 'only on PostgreSQL' });
      postgresNext = await postgresSide.next();
    } else if (!sqliteNext.done && !postgresNext.done) {
      comparison.rows += 1;
      const differing = differingColumns(sqliteNext.value, postgresNext.value, columns);
      if (differing.length > 0) found({ key: keyOf(sqliteNext.value), kind: 'columns differ', columns: differing });
      sqliteNext = await sqliteSide.next();
      postgresNext = await postgresSide.next();
    }
  }
  return comparison;
}

/** `(a, b) > (x, y)`: the rows after the last one read, in the key's order (row values: SQLite 3.15+, PostgreSQL). */
function after(columns: readonly Column[], last: ComparedRow | null): SQL | undefined {
  if (!last) return undefined;
  return sql`(${sql.join([...columns], sql`, `)}) > (${sql.join(
    columns.map((column) => sql.param(last[column.name], column)),
    sql`, `,
  )})`;
}

/** Column names to the ORM's keys of a table. */
function columnsByName<ColumnType extends Column>(table: SQLiteTable | PgTable): Map<string, ColumnType> {
  return new Map(Object.values(getTableColumns(table)).map((column) => [column.name, column as ColumnType]));
}

/** The SQLite side's rows of a plan, in key order, a page at a time. */
export async function* sqliteRowsOf(database: DrizzleDatabase, plan: TablePlan, batchSize = 1000): AsyncGenerator<ComparedRow> {
  const columns = columnsByName<SQLiteColumn>(plan.sqlite);
  const fields: Record<string, SQLiteColumn | SQL> = {};
  for (const name of plan.columns) fields[name] = plan.sqliteExtras[name] ?? columns.get(name)!;
  const key = plan.key.map((name) => columns.get(name)!);
  let last: ComparedRow | null = null;
  for (;;) {
    const rows = database
      .select(fields)
      .from(plan.sqlite)
      .where(after(key, last))
      .orderBy(...key.map((column) => asc(column)))
      .limit(batchSize)
      .all() as ComparedRow[];
    yield* rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1)!;
  }
}

/** The PostgreSQL side's rows of a plan, in key order, a page at a time. */
export async function* postgresRowsOf(database: PostgresUnitTransaction, plan: TablePlan, batchSize = 1000): AsyncGenerator<ComparedRow> {
  const columns = columnsByName<PgColumn>(plan.postgres);
  const fields = Object.fromEntries(plan.columns.map((name) => [name, columns.get(name)!]));
  const key = plan.key.map((name) => columns.get(name)!);
  let last: ComparedRow | null = null;
  for (;;) {
    const rows = (await database
      .select(fields)
      .from(plan.postgres)
      .where(after(key, last))
      .orderBy(...key.map((column) => asc(column)))
      .limit(batchSize)) as ComparedRow[];
    yield* rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1)!;
  }
}

/** Compares every planned table; `onTable` hears each as it is done. */
export async function compareTables(
  source: DrizzleDatabase,
  target: PostgresUnitTransaction,
  plans: readonly TablePlan[],
  options: { batchSize?: number; keep?: number; onTable?: (comparison: TableComparison) => void } = {},
): Promise<TableComparison[]> {
  const comparisons: TableComparison[] = [];
  for (const plan of plans) {
    const comparison = await compareOrderedRows(
      plan.name,
      sqliteRowsOf(source, plan, options.batchSize),
      postgresRowsOf(target, plan, options.batchSize),
      plan.key,
      plan.columns,
      options.keep,
    );
    comparisons.push(comparison);
    options.onTable?.(comparison);
  }
  return comparisons;
}

/** A value as a difference shows it: JSON, cut to a readable length. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** One line per difference: the table, the row's key, and what differs. */
export function describeDifference(table: string, difference: RowDifference): string {
  const key = Object.entries(difference.key)
    .map(([column, value]) => `${column}=${shown(value)}`)
    .join(', ');
  if (difference.kind !== 'columns differ') return `${table} (${key}): ${difference.kind}`;
  const columns = difference.columns
    .map((column) => `${column.column}: ${shown(column.sqlite)} on SQLite, ${shown(column.postgres)} on PostgreSQL`)
    .join('; ');
  return `${table} (${key}): ${columns}`;
}
