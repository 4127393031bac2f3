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
