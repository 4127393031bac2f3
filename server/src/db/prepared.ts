import type Database from 'better-sqlite3';
import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { unitOf } from './unitDatabases';

/**
 * A query drizzle builds once per connection instead of on every call. Both dialects run it (plan option B3): build
 * it with `.prepare()` (no name) and run it with `await query.execute({ ...values })`, which answers the rows on
 * PostgreSQL and SQLite alike (SQLite's `.get`/`.all`/`.run` on it are refused in converted areas). Building a query's
 * SQL from its builder costs about ten times as much as running it on SQLite (some 40 µs against 3 µs for a lookup
 * by key), and the reads on every request's path (the session, who may do what in a space, a stream's
 * version) run several times per request. Values go in through `sql.placeholder`.
 *
 * On PostgreSQL:
 * - Each unit of work runs on a drizzle object of its own over its transaction (db/unitDatabases.ts). Its queries are
 *   built once for the pool's database and handed to the unit bound to the unit's transaction, rather than built
 *   again in every unit; a query kept in something other than plain objects and arrays (a function building forms on
 *   demand) cannot be rebound, so that one is still built per unit (`preparedForms` keeps such forms instead).
 * - Its statements are prepared on the server, once per connection (postgres.js's named statements, keyed by their
 *   text): drizzle sends an unnamed `.prepare()` as an unnamed statement, which postgres.js describes first and
 *   executes after the answer, two round trips that also stop the statements sent after it from going out together;
 *   a named one is one round trip from its second use on a connection, and PostgreSQL parses and plans it once. Only
 *   the queries built here are named: their text is fixed when built, so a connection keeps a bounded set of them.
 *
 * Kept per connection object, so a second database (tests, backups) gets its own; a connection that is
 * closed and dropped takes its queries with it.
 */
export function preparedQuery<Connection extends object, Query>(build: (db: Connection) => Query): (db: Connection) => Query {
  const byConnection = new WeakMap<Connection, Query>();
  const builtFor = (db: Connection): Query => {
    let query = byConnection.get(db);
    if (query === undefined) {
      query = preparedOnServer(build(db));
      byConnection.set(db, query);
    }
    return query;
  };
  return (db) => {
    let query = byConnection.get(db);
    if (query === undefined) {
      const unit = unitOf(db);
      query = (unit && reboundTo(builtFor(unit.database as Connection), unit.client)) ?? builtFor(db);
      byConnection.set(db, query);
    }
    return query;
  };
}

/**
 * Queries built on demand, one form per key (an UPDATE per set of changed columns), each kept like a `preparedQuery`:
 * built once per connection, at most `kept` forms of it (the oldest built dropped first), prepared on the server on
 * PostgreSQL and bound to a unit's transaction there, where a form kept in a function of `preparedQuery` is built
 * again in every unit and sent unnamed. The key names the form: the same key must build the same query.
 */
export function preparedForms<Connection extends object, Query>(
  build: (db: Connection, key: string) => Query,
  kept: number,
): (db: Connection, key: string) => Query {
  const byConnection = new WeakMap<Connection, Map<string, Query>>();
  const formFor = (db: Connection, key: string): Query => {
    let forms = byConnection.get(db);
    if (forms === undefined) {
      forms = new Map();
      byConnection.set(db, forms);
    }
    let form = forms.get(key);
    if (form === undefined) {
      form = preparedOnServer(build(db, key));
      if (forms.size >= kept) forms.delete(forms.keys().next().value!);
      forms.set(key, form);
    }
    return form;
  };
  return (db, key) => {
    const unit = unitOf(db);
    return (unit && reboundTo(formFor(unit.database as Connection, key), unit.client)) ?? formFor(db, key);
  };
}

/** Whether `value` is a plain object or array, which a built query is walked through. */
function isPlainStructure(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** Marks every postgres.js query in `built` (a query, or plain objects and arrays of them) to be prepared on the server. */
function preparedOnServer<Query>(built: Query): Query {
  const mark = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (is(value, PostgresJsPreparedQuery)) (value as unknown as { prepare: boolean }).prepare = true;
    else if (isPlainStructure(value)) for (const each of Object.values(value)) mark(each);
  };
  mark(built);
  return built;
}

/**
 * `built` with each postgres.js query in it bound to `client` (a unit's transaction) instead of the pool, the rest
 * copied; null when it holds anything else that is not a plain value (a function, a map, another object), which may
 * keep queries bound to the pool out of reach.
 */
function reboundTo<Query>(built: Query, client: object): Query | null {
  const unreachable = Symbol('unreachable');
  const rebind = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return typeof value === 'function' ? unreachable : value;
    // The query's statement, fields and mapping stay shared; only the client it runs on is the unit's own.
    if (is(value, PostgresJsPreparedQuery)) return Object.create(value, { client: { value: client } }) as unknown;
    if (!isPlainStructure(value)) return unreachable;
    const copy: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Record<string, unknown>) : {};
    for (const [key, each] of Object.entries(value)) {
      const rebound = rebind(each);
      if (rebound === unreachable) return unreachable;
      copy[key] = rebound;
    }
    return copy;
  };
  const rebound = rebind(built);
  return rebound === unreachable ? null : (rebound as Query);
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
 * statement prepared once: pass `JSON.stringify(ids)` as the placeholder's value. On PostgreSQL (a pg-core column
 * picked by db/pickTable.ts) the list's elements are cast to the column's own type, since jsonb's text elements do
 * not compare with an integer column.
 */
export function inJsonList(column: SQLiteColumn, placeholderName: string): SQL {
  const list = sql.placeholder(placeholderName);
  if (is(column, PgColumn)) {
    return sql`${column} in (select cast(element as ${sql.raw(column.getSQLType())}) from jsonb_array_elements_text(cast(${list} as jsonb)) as element)`;
  }
  return sql`${column} in (select value from json_each(${list}))`;
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
