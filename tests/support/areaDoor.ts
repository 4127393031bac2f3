import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../server/src/core/clock';
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
