import { getTableName, sql as sqlFragment } from 'drizzle-orm';
import type { StoredEvent } from '../events';
import { inTransaction, type Sql } from './connect';
import { readPageIn } from './eventLog';
import { drizzleOver, type PostgresProjection } from './eventStore';

export interface PostgresReplayOptions {
  batchSize?: number;
  onProgress?: (applied: number) => void;
}

/**
 * Rebuilds the projections on PostgreSQL from the log, as `core/sqlite/replay.ts` does on SQLite: in one transaction,
 * so a failure half-way leaves the old read tables as they were. The projections' tables are emptied (children before
 * parents), then every event is applied in position order. Run it with no server writing (moving an instance,
 * rebuilding projections): the pages of the log it reads take no settled horizon into account.
 */
export async function replayPostgresProjections(
  sql: Sql,
  projections: readonly PostgresProjection[],
  options: PostgresReplayOptions = {},
): Promise<{ applied: number }> {
  const batchSize = options.batchSize ?? 2000;
  return inTransaction(sql, 'isolation level read committed', async (transaction) => {
    const database = drizzleOver(transaction);
    for (const projection of [...projections].reverse()) {
      for (const table of [...projection.tables].reverse()) {
        await database.execute(sqlFragment`DELETE FROM ${sqlFragment.identifier(getTableName(table))}`);
      }
    }
    let applied = 0;
    let after = 0;
    for (;;) {
      const batch: StoredEvent[] = await readPageIn(transaction, after, batchSize);
      if (batch.length === 0) return { applied };
      // One statement at a time: a transaction's statements run in order on its connection anyway.
      for (const event of batch) for (const projection of projections) await projection.apply(database, event);
      applied += batch.length;
      after = batch.at(-1)!.seq;
      options.onProgress?.(applied);
    }
  });
}
