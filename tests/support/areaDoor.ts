import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Clock, ManualClock } from '../../server/src/core/clock';
import type { EventStore } from '../../server/src/core/commands';
import type { Projection } from '../../server/src/core/events';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventStore } from '../../server/src/core/postgres/eventStore';
import { migratePostgres, projectionMigrations } from '../../server/src/core/postgres/migrate';
import { replayPostgresProjections } from '../../server/src/core/postgres/projectionReplay';
import { SqliteEventStore } from '../../server/src/core/sqlite/eventStore';
import { replay } from '../../server/src/core/sqlite/replay';
import { openDatabase, type DrizzleDatabase } from '../../server/src/db/connection';
import { asAreaDatabase, asAreaEventStore, asPostgresProjections, tableDialect } from '../../server/src/db/pickTable';
import { DomainError } from '../../server/src/errors';

/** An area's command door and reads in the dialect of this process, for the `<area>OnDoor.ts` scenarios. */
export interface AreaDoor {
  store: EventStore;
  db: DrizzleDatabase;
  /** A statement outside any unit (rows the area reads but does not own: the users its tokens join, spaces…). */
  execute(statement: SQL): Promise<void>;
  /** Empties the projections' tables and applies the whole log again, in one transaction. */
  replay(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the door of this process's dialect (db/pickTable.ts): PostgreSQL at DATABASE_URL, migrated (the log's
 * migrations and the projections'), or a SQLite file of its own, removed on close.
 */
export async function openAreaDoor(area: string, projections: readonly Projection[], clock: Clock): Promise<AreaDoor> {
  const url = process.env['DATABASE_URL'];
  if (tableDialect === 'postgresql' && url) {
    const connection = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 }, `${area}-on-door`);
    await migratePostgres(connection);
    await migratePostgres(connection, projectionMigrations);
    const store = await PostgresEventStore.open(connection, asPostgresProjections(projections), { clock });
    return {
      store: asAreaEventStore(store),
      db: asAreaDatabase(store.database),
      execute: async (statement) => void (await store.database.execute(statement)),
      replay: async () => void (await replayPostgresProjections(connection, asPostgresProjections(projections))),
      close: () => store.close(),
    };
  }
  const directory = mkdtempSync(join(tmpdir(), `${area}-door-`));
  const database = openDatabase(join(directory, `${area}.sqlite`));
  const store = new SqliteEventStore(database, projections, { clock });
  return {
    store,
    db: database.db,
    execute: async (statement) => void database.db.run(statement),
    replay: async () => void (await replay(database, database, projections)),
    async close() {
      await store.settle();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Ids drawn during a run (at random, so they differ between the two runs), each shown as a label: `id-1`, … in the
 * order first seen, or a name given. Both runs' outputs then compare.
 */
export function idLabels() {
  const labels = new Map<string, string>();
  const labelled = (value: unknown): unknown => {
    if (typeof value === 'string') return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(labelled);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, labelled(entry)]));
    return value;
  };
  return {
    /** The value with every labelled id replaced by its label. */
    labelled,
    label(id: string): string {
      if (!labels.has(id)) labels.set(id, `id-${labels.size + 1}`);
      return labels.get(id)!;
    },
    /** Labels an id by a name of the scenario's choosing (which of two racers won). */
    name(id: string, name: string): void {
      labels.set(id, name);
    },
    /** A text with every labelled id in it replaced by its label (a stream's name: `billing:<team>`). */
    labelledText(text: string): string {
      let result = text;
      for (const [id, name] of labels) result = result.replaceAll(id, name);
      return result;
    },
    /** The labelled ids, in the order they were labelled. */
    ids: (): string[] => [...labels.keys()],
  };
}

/**
 * What a command answered (shown by `present`), or the code it was refused with; the clock moves on a second before
 * each, so every command has a time of its own.
 */
export function outcomesOn(clock: ManualClock, present: (answer: unknown) => unknown = (answer) => answer) {
  return async (command: () => Promise<unknown>): Promise<unknown> => {
    clock.advance(1000);
    try {
      return { answered: present(await command()) ?? null };
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.code };
      throw error;
    }
  };
}

/** Every row of these tables by table name, each shown by `present`, in a stable order (by its JSON). */
export async function tableRowsOf(
  db: DrizzleDatabase,
  tables: readonly SQLiteTable[],
  present: (row: unknown) => unknown = (row) => row,
): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const read = (await db.select().from(table)) as Record<string, unknown>[];
    rows[getTableName(table)] = read.map(present).sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
  }
  return rows;
}
