import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { getTableName, type SQL } from 'drizzle-orm';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { App } from '../../server/src/app';
import type { Projection } from '../../server/src/core/events';
import type { PostgresProjection } from '../../server/src/core/postgres/eventStore';
import { replayPostgresProjectionsIn } from '../../server/src/core/postgres/projectionReplay';
import { replay, snapshotProjections } from '../../server/src/core/sqlite/replay';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection';

/*
 * Raw reads and writes of a running app's database for tests, on either dialect (issue 21: the integration suite runs
 * on SQLite and on PostgreSQL). Statements are drizzle `sql` templates, so values are bound parameters on both.
 * PostgreSQL's booleans come back as SQLite's 1 and 0; its counts are bigints, which arrive as text: write
 * `CAST(COUNT(*) AS INTEGER)`. JSON columns differ (SQLite's text, PostgreSQL's jsonb): compare what both answer alike.
 */

/** Every row a statement answers. */
export async function appRows<Row extends Record<string, unknown> = Record<string, unknown>>(app: App, statement: SQL): Promise<Row[]> {
  const { database } = app.services;
  if (database.sqlite) return database.db.all<Row>(statement);
  const rows = await (database.db as unknown as PostgresJsDatabase).execute<Record<string, unknown>>(statement);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, sqliteLike(value)])) as Row);
}

/** The first row a statement answers, or undefined. */
export async function appRow<Row extends Record<string, unknown> = Record<string, unknown>>(
  app: App,
  statement: SQL,
): Promise<Row | undefined> {
  return (await appRows<Row>(app, statement))[0];
}

/** Runs a statement that answers no rows (a test's own set-up: a row aged, a value broken on purpose). */
export async function appRun(app: App, statement: SQL): Promise<void> {
  const { database } = app.services;
  if (database.sqlite) database.db.run(statement);
  else await (database.db as unknown as PostgresJsDatabase).execute(statement);
}

/**
 * Runs `work` while another transaction is open on the app's PostgreSQL database, one that has drawn a transaction
 * id and so holds the log's settled position below every position drawn after it began (core/tables.ts,
 * settledEventsOnly). On SQLite, whose units commit one at a time in position order, `work` just runs.
 */
export async function whileTransactionOpen<Result>(app: App, work: () => Promise<Result>): Promise<Result> {
  const { database, config } = app.services;
  if (database.sqlite) return await work();
  if (config.database.kind !== 'postgres') throw new Error('The app has neither a SQLite file nor PostgreSQL.');
  const connection = postgres(config.database.url, { max: 1, onnotice: () => undefined });
  try {
    let result: Result | undefined;
    await connection.begin(async (transaction) => {
      await transaction`SELECT pg_current_xact_id()`;
      result = await work();
    });
    return result as Result;
  } finally {
    await connection.end({ timeout: 1 });
  }
}

/** A JSON column's value as data: SQLite keeps it as JSON text, PostgreSQL as jsonb, which arrives parsed. */
export function jsonValue<Value = unknown>(stored: unknown): Value {
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as Value;
}

/** A projection table's rows, each as JSON with its keys sorted, sorted: what `snapshotProjections` answers. */
export type ProjectionSnapshot = Record<string, string[]>;

/** PostgreSQL's booleans and bigints as SQLite answers them (1/0, numbers), so a snapshot reads alike on both. */
function sqliteLike(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/**
 * Every row of the projections' tables. Identity columns are left out: PostgreSQL draws them anew when a replay
 * inserts the rows again (search_items' key), as SQLite's rowid keys are not in its snapshot either.
 */
async function postgresSnapshot(transaction: postgres.TransactionSql, projections: readonly Projection[]): Promise<ProjectionSnapshot> {
  const snapshot: ProjectionSnapshot = {};
  const identities = new Set(
    (
      (await transaction.unsafe(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
      )) as { table_name: string; column_name: string }[]
    ).map((column) => `${column.table_name}.${column.column_name}`),
  );
  for (const projection of projections) {
    for (const table of projection.tables) {
      const name = getTableName(table);
      const rows = (await transaction.unsafe(`SELECT * FROM "${name.replaceAll('"', '""')}"`)) as Record<string, unknown>[];
      snapshot[name] = rows
        .map((row) => {
          const alike = Object.fromEntries(
            Object.entries(row)
              .filter(([column]) => !identities.has(`${name}.${column}`))
              .map(([column, value]) => [column, sqliteLike(value)]),
          );
          return JSON.stringify(alike, Object.keys(alike).sort());
        })
        .sort();
    }
  }
  return snapshot;
}

class RolledBack extends Error {}

/**
 * The live rows of `compared`'s tables and the rows a replay of the log through `replayed` rebuilds, on the app's
 * database. On SQLite the replay fills an empty file beside the app's (`core/sqlite/replay.ts`); on PostgreSQL it
 * runs in place inside a transaction that is rolled back, after reading the live rows in the same transaction, so the
 * app's rows are left as they were.
 */
export async function replayedBesideLive(
  server: { app: App; dataDirectory: string },
  replayed: readonly Projection[],
  compared: readonly Projection[] = replayed,
): Promise<{ live: ProjectionSnapshot; rebuilt: ProjectionSnapshot }> {
  const { database, config } = server.app.services;
  if (database.sqlite) {
    const handle = database as DatabaseHandle;
    const rebuiltDatabase = openDatabase(join(server.dataDirectory, `replayed-${randomUUID()}.sqlite`), { synchronous: 'NORMAL' });
    try {
      await replay(handle, rebuiltDatabase, replayed);
      return { live: snapshotProjections(handle, compared), rebuilt: snapshotProjections(rebuiltDatabase, compared) };
    } finally {
      rebuiltDatabase.close();
    }
  }
  if (config.database.kind !== 'postgres') throw new Error('The app has neither a SQLite file nor PostgreSQL.');
  const connection = postgres(config.database.url, { max: 1, onnotice: () => undefined });
  // Drizzle's postgres.js driver leaves JSON to its columns (it stops the connection's own JSON encoding), as the
  // app's door does on its pool: without it a replayed jsonb value would be stored as a JSON string.
  drizzle(connection);
  let snapshots: { live: ProjectionSnapshot; rebuilt: ProjectionSnapshot } | null = null;
  try {
    await connection.begin(async (transaction) => {
      const live = await postgresSnapshot(transaction, compared);
      await replayPostgresProjectionsIn(transaction, replayed as unknown as PostgresProjection[]);
      snapshots = { live, rebuilt: await postgresSnapshot(transaction, compared) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  } finally {
    await connection.end({ timeout: 1 });
  }
  if (!snapshots) throw new Error('The replay answered nothing.');
  return snapshots;
}
