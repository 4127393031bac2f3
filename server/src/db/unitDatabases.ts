/**
 * The database a unit of work's own drizzle object reads (issue 21). On SQLite a unit runs on the connection's drizzle
 * object itself; on PostgreSQL each unit gets a drizzle object over its transaction, made when the unit opens. What
 * the app binds to its database once at start (the space directory, the private chats directory, meeting notes' docs)
 * is looked up by the database object, so a unit's object names the database it belongs to here.
 */

/** What a unit's drizzle object is marked with. */
export interface UnitDatabase {
  /** The app's database object the unit runs on. */
  database: object;
  /**
   * The driver's handle on the unit's transaction (postgres.js's transaction sql): queries built once for `database`
   * run on it for the unit (db/prepared.ts).
   */
  client: object;
  /**
   * A stamp that moves whenever what the unit reads from the space access tables (db/tableChanges.ts) may differ from
   * what it read before: the unit took a lock (what it reads after one must be what earlier holders committed) or
   * wrote to those tables. The space directory's answers are remembered in the unit until it moves.
   */
  accessStamp(): string;
}

const databasesOfUnits = new WeakMap<object, UnitDatabase>();

/** Marks `unitDatabase` (a unit's drizzle object over its transaction) as the unit's. */
export function markUnitDatabase(unitDatabase: object, unit: UnitDatabase): void {
  databasesOfUnits.set(unitDatabase, unit);
}

/** The app's database object behind `db`: itself, or for a unit's object the database the unit runs on. */
export function databaseBehind(db: object): object {
  return databasesOfUnits.get(db)?.database ?? db;
}

/** What a unit's drizzle object was marked with; null for any other database object. */
export function unitOf(db: object): UnitDatabase | null {
  return databasesOfUnits.get(db) ?? null;
}
