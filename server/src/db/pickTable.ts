import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { EventStore, Reaction } from '../core/commands';
import type { Projection } from '../core/events';
import type { PostgresEventStore, PostgresProjection, PostgresReaction } from '../core/postgres/eventStore';
import type { DrizzleDatabase } from './connection';

/*
 * The table chooser of plan option B3 (docs/postgres-plan.md §2, issue 21). An area declares each table twice,
 * sqlite-core in `tables.sqlite.ts` and pg-core in `tables.pg.ts` (kept equal by db/schemaParity.test.ts), and its
 * `tables.ts` exports `pickTable(sqlite.x, pg.x)`: the table of this process's dialect, typed as the SQLite table, so
 * area code keeps its imports and types. Handing sqlite-core tables to a PostgreSQL database is not an option: booleans
 * are silently stored as false and json columns fail to read (the plan's spike); the pg-core tables' own mappings are
 * what fixes that.
 *
 * The dialect is read once, when the first table module is loaded, from DATABASE_URL, the configuration that chooses
 * the database (config.ts, `databaseConfig`, accepts postgres:// and postgresql:// for PostgreSQL): a process-wide
 * setting is right here because the database a process runs on is fixed when it starts, as its data folder is. It is
 * not cluster state: every process of a cluster runs on the same database. Code that needs both dialects in one
 * process (the migration command, the parity tests) imports the `tables.sqlite.ts` and `tables.pg.ts` files directly.
 */

export type TableDialect = 'sqlite' | 'postgresql';

/** Which dialect a DATABASE_URL names; anything but a PostgreSQL URL is SQLite (config.ts refuses what is neither). */
export function tableDialectOf(databaseUrl: string | undefined): TableDialect {
  return databaseUrl !== undefined && /^postgres(ql)?:\/\//i.test(databaseUrl.trim()) ? 'postgresql' : 'sqlite';
}

/** This process's dialect: fixed at start (see above). */
export const tableDialect: TableDialect = tableDialectOf(process.env['DATABASE_URL']);

/**
 * The table of this process's dialect, typed as the SQLite one. The pg-core twin must have every column the SQLite
 * table has (under the same names), so a column added to one file only fails to compile here.
 */
export function pickTable<SqliteTableType extends SQLiteTable>(
  sqliteTable: SqliteTableType,
  pgTable: PgTable & Record<keyof SqliteTableType['_']['columns'], PgColumn>,
): SqliteTableType {
  return tableDialect === 'postgresql' ? (pgTable as unknown as SqliteTableType) : sqliteTable;
}

function requirePostgresTables(what: string): void {
  if (tableDialect !== 'postgresql') {
    throw new Error(`${what} needs this process's tables picked for PostgreSQL (DATABASE_URL=postgres://…), not SQLite.`);
  }
}

/**
 * The PostgreSQL door as areas see it: their commands are typed with SQLite's transaction and tables (B3), and run
 * here on the unit's drizzle PostgreSQL transaction with the pg-core tables picked in this process. Both dialects build
 * and await the same queries; the SQLite-only terminal calls (`.get()`, `.all()`, `.run()`, `.prepare()`) are refused
 * by ESLint in the areas converted so far (eslint.config.js, `convertedAreas`). Only areas on that list may be handed
 * this door.
 */
export function asAreaEventStore(store: PostgresEventStore): EventStore {
  requirePostgresTables('The PostgreSQL door for areas');
  return store as unknown as EventStore;
}

/** Drizzle over the PostgreSQL pool, for areas' reads outside a unit, typed as areas expect (see `asAreaEventStore`). */
export function asAreaDatabase(database: PostgresJsDatabase): DrizzleDatabase {
  requirePostgresTables('The PostgreSQL database for areas');
  return database as unknown as DrizzleDatabase;
}

/** Areas' projections for the PostgreSQL door: they run on its unit's transaction (see `asAreaEventStore`). */
export function asPostgresProjections(projections: readonly Projection[]): PostgresProjection[] {
  requirePostgresTables("The areas' projections on PostgreSQL");
  return projections as unknown as PostgresProjection[];
}

/** Areas' reactions for the PostgreSQL door: they run on its units (see `asAreaEventStore`). */
export function asPostgresReactions(reactions: readonly Reaction[]): PostgresReaction[] {
  requirePostgresTables("The areas' reactions on PostgreSQL");
  return reactions as unknown as PostgresReaction[];
}
