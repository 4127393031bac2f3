import type Database from 'better-sqlite3';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * A query drizzle builds once per connection instead of on every call. Building a query's SQL from its
 * builder costs about ten times as much as running it on SQLite (some 40 µs against 3 µs for a lookup
 * by key), and the reads on every request's path (the session, who may do what in a space, a stream's
 * version) run several times per request. Values go in through `sql.placeholder`.
 *
 * Kept per connection object, so a second database (tests, backups) gets its own; a connection that is
 * closed and dropped takes its queries with it.
 */
export function preparedQuery<Connection extends object, Query>(build: (db: Connection) => Query): (db: Connection) => Query {
  const byConnection = new WeakMap<Connection, Query>();
  return (db) => {
    let query = byConnection.get(db);
    if (query === undefined) {
      query = build(db);
      byConnection.set(db, query);
    }
    return query;
  };
}

/**
 * A row of `table` as the values of an insert built once with `rowPlaceholders(table)`: every column
 * is given (a missing one is NULL, as drizzle's own insert writes it) and mapped to what SQLite stores
 * the way drizzle maps it (JSON columns stringified, booleans as 0/1), NULL staying NULL.
 */
export function rowValues<Table extends SQLiteTable>(table: Table, row: Partial<Table['$inferInsert']>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    values[key] = value === undefined || value === null ? null : column.mapToDriverValue(value);
  }
  return values;
}

/** Every column of `table` as a placeholder named by its key, for an insert whose values come from `rowValues`. */
export function rowPlaceholders<Table extends SQLiteTable>(table: Table): Table['$inferInsert'] {
  const placeholders: Record<string, SQL> = {};
  // A default would never apply: every column is given, NULL when missing (an autoincrement key takes NULL as "next").
  const defaulted = Object.entries(getTableColumns(table)).filter(
    ([, column]) => column.default !== undefined || column.defaultFn !== undefined || column.onUpdateFn !== undefined,
  );
  if (defaulted.length > 0) throw new Error(`rowPlaceholders: ${defaulted.map(([key]) => key).join(', ')} have defaults`);
  // Wrapped in sql`` so drizzle passes the value through as given: rowValues has mapped it already.
  for (const key of Object.keys(getTableColumns(table))) placeholders[key] = sql`${sql.placeholder(key)}`;
  return placeholders as Table['$inferInsert'];
}

/**
 * `column IN (the ids)` with the ids as one JSON text placeholder, so a list of any length runs on one
 * statement prepared once: pass `JSON.stringify(ids)` as the placeholder's value.
 */
export function inJsonList(column: SQLiteColumn, placeholderName: string): SQL {
  return sql`${column} in (select value from json_each(${sql.placeholder(placeholderName)}))`;
}

const readStatements = new WeakMap<Database.Database, { begin: Database.Statement; commit: Database.Statement }>();

/**
 * Runs `read` inside one read transaction (unless a transaction is open already) and returns its result.
 * In WAL mode every statement run outside a transaction is a read transaction of its own, and starting
 * and ending one takes file locks: about 5 µs, more than the lookup itself. Reads done together (an
 * answer's presentation, a delivery's access checks) pay that once. Only the synchronous part of `read`
 * is inside; it must not write.
 */
export function readTogether<Result>(sqlite: Database.Database, read: () => Result): Result {
  if (sqlite.inTransaction) return read();
  let statements = readStatements.get(sqlite);
  if (!statements) {
    statements = { begin: sqlite.prepare('BEGIN DEFERRED'), commit: sqlite.prepare('COMMIT') };
    readStatements.set(sqlite, statements);
  }
  statements.begin.run();
  try {
    return read();
  } finally {
    if (sqlite.inTransaction) statements.commit.run();
  }
}
