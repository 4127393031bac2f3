import { asc, gt, getTableName, sql } from 'drizzle-orm';
import type { DatabaseHandle, Transaction } from '../../db/connection';
import { events } from './tables';
import type { Projection, StoredEvent } from '../events';

const batchSize = 2000;

export interface ReplayProgress {
  applied: number;
}

/**
 * Rebuilds every projection of `target` from the events of `source` (the same database by
 * default), in one transaction so a crash half-way leaves the old projections intact: the
 * projection tables are emptied and the log is applied in order. When source and target differ,
 * the events are copied into the target as they are applied. Projections may answer promises; on
 * SQLite they settle without I/O, so nothing else runs on the connection while the transaction is open.
 */
export async function replay(
  source: DatabaseHandle,
  target: DatabaseHandle,
  projections: readonly Projection[],
  onProgress?: (progress: ReplayProgress) => void,
): Promise<ReplayProgress> {
  const copyEvents = source !== target;
  const progress: ReplayProgress = { applied: 0 };
  const transaction = target.db as unknown as Transaction;
  target.sqlite.prepare('BEGIN IMMEDIATE').run();
  try {
    // Children before parents, so foreign keys between projection tables hold while emptying.
    for (const projection of [...projections].reverse()) {
      for (const table of [...projection.tables].reverse()) transaction.run(sql`DELETE FROM ${sql.identifier(getTableName(table))}`);
    }
    let afterSeq = 0;
    for (;;) {
      const batch = source.db
        .select()
        .from(events)
        .where(gt(events.seq, afterSeq))
        .orderBy(asc(events.seq))
        .limit(batchSize)
        .all() as StoredEvent[];
      if (batch.length === 0) break;
      for (const event of batch) {
        if (copyEvents) transaction.insert(events).values(event).run();
        for (const projection of projections) await projection.apply(transaction, event);
      }
      afterSeq = batch[batch.length - 1]!.seq;
      progress.applied += batch.length;
      onProgress?.(progress);
    }
    target.sqlite.prepare('COMMIT').run();
  } catch (error) {
    if (target.sqlite.inTransaction) target.sqlite.prepare('ROLLBACK').run();
    throw error;
  }
  return progress;
}

/** Every row of every projection table, in a stable order: what the replay test compares. */
export function snapshotProjections(database: DatabaseHandle, projections: readonly Projection[]): Record<string, string[]> {
  const snapshot: Record<string, string[]> = {};
  for (const projection of projections) {
    for (const table of projection.tables) {
      const name = getTableName(table);
      const rows = database.sqlite.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
      snapshot[name] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    }
  }
  return snapshot;
}
