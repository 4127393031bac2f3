import type Database from 'better-sqlite3';

/**
 * The tables the space directory reads to answer who may do what in a space (a space, its team and
 * plan, the caller's seat in each, a pending request): core/spaceContent.ts remembers its answers until
 * one of them changes. A test checks that the directory reads no other table.
 */
export const spaceAccessTables = ['projects', 'teams', 'team_members', 'project_members', 'project_requests'] as const;

/** The change stamp of the access tables per connection object (`db`), set up when the database opens. */
const accessStamps = new WeakMap<object, () => string>();

/**
 * Stamps the access tables of `db` with the log's position as this process knows it (`AppDatabase.logPosition`), for
 * a database that cannot be watched as SQLite's connection is (PostgreSQL's pool). Right because only the teams
 * projection writes these tables, inside units that append: every change moves the position this process hears, its
 * own commits at once and another process's when it is notified (as its live events are). Units' own objects are
 * not stamped: a command reads access fresh inside its transaction.
 */
export function stampAccessTablesByLog(db: object, logPosition: () => string): void {
  accessStamps.set(db, logPosition);
}

/** The stamp of the access tables for `db`, or null when it was opened without them (nothing may be remembered). */
export function accessTablesStampOf(db: object): (() => string) | null {
  return accessStamps.get(db) ?? null;
}

/**
 * Watches the access tables on a connection just opened (outside any transaction, so the temporary
 * triggers are not taken back by a rollback): a stamp that differs whenever what this connection reads
 * from them may differ. It is made of three counts:
 * - this connection's writes to the tables in a temporary table, bumped by temporary triggers: it moves
 *   with a write and moves back when a transaction or savepoint is rolled back;
 * - the same writes counted in JavaScript, which a rollback does not take back, so a stamp seen inside
 *   a transaction later rolled back is never seen again;
 * - SQLite's `data_version`, which changes once another connection (of this process or another) has
 *   committed to the file.
 * Reading it runs one statement. Temporary objects belong to the connection: nothing is stored in the file.
 */
export function watchAccessTables(sqlite: Database.Database, db: object): void {
  let ownWrites = 0;
  try {
    sqlite.function('access_table_written', { deterministic: false }, () => {
      ownWrites += 1;
      return null;
    });
    sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS access_table_writes (count INTEGER NOT NULL)');
    sqlite.exec('INSERT INTO temp.access_table_writes (count) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.access_table_writes)');
    for (const table of spaceAccessTables) {
      for (const operation of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${table}_${operation.toLowerCase()}_watched AFTER ${operation} ON main.${table} BEGIN UPDATE temp.access_table_writes SET count = count + 1; SELECT access_table_written(); END`,
        );
      }
    }
  } catch {
    // A database without the tables (a test's partial schema): its answers are never remembered.
    return;
  }
  const counts = sqlite
    .prepare('SELECT count, (SELECT data_version FROM pragma_data_version) AS version FROM temp.access_table_writes')
    .raw();
  accessStamps.set(db, () => {
    const [written, version] = counts.get() as [number, number];
    return `${written} ${ownWrites} ${version}`;
  });
}
