import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { docs, docUpdates } from '../domains/docs/tables';
import { commitBurst, minimumCommitIntervalMs, UpdateBatcher, type BatchStore, type QueuedWrite, type WriteOutcome } from './batcher';
import { DocContentStore } from './persistence';
import { insertTestDocs } from './testDocs';

const docA = 'a'.repeat(24);
const docB = 'b'.repeat(24);
let database: DatabaseHandle;
let store: DocContentStore;

beforeEach(async () => {
  database = openDatabase(':memory:');
  store = new DocContentStore(new SqliteEventStore(database, []), database.db);
  await insertTestDocs(database.db, [docA, docB]);
});
afterEach(() => database.close());

const rows = async () =>
  await database.db.select({ docId: docUpdates.docId, userId: docUpdates.userId }).from(docUpdates).orderBy(asc(docUpdates.id));

function write(docId: string, outcomes: WriteOutcome[], options: Partial<QueuedWrite> = {}): QueuedWrite {
  return { owner: {}, docId, update: new Uint8Array([1, 2, 3]), userId: 'u', settle: (outcome) => outcomes.push(outcome), ...options };
}

/** A store whose batches the test finishes one at a time. */
function heldStore() {
  const held: { writes: number; finish: () => void }[] = [];
  const batchStore: BatchStore = {
    appendBatch: (writes) =>
      new Promise((resolve) => held.push({ writes: writes.length, finish: () => resolve(writes.map((_write, index) => index + 1)) })),
  };
  return { batchStore, held };
}

describe('UpdateBatcher', () => {
  it('stores the writes of one turn of the event loop in one unit, then settles them in order', async () => {
    const appendBatch = vi.spyOn(store, 'appendBatch');
    const batcher = new UpdateBatcher(store);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    batcher.enqueue(write(docB, outcomes, { update: null }));
    batcher.enqueue(write(docA, outcomes, { userId: null }));
    expect(outcomes).toEqual([]);
    expect(batcher.waiting).toBe(3);
    await vi.waitFor(() => expect(outcomes).toHaveLength(3));
    expect(appendBatch).toHaveBeenCalledTimes(1);
    expect(outcomes.map((outcome) => (outcome.stored ? outcome.id : 'failed'))).toEqual([1, null, 2]);
    expect(await rows()).toEqual([
      { docId: docA, userId: 'u' },
      { docId: docA, userId: null },
    ]);
  });

  it('stores nothing for a doc that is gone, and settles its writes as having nothing to store', async () => {
    await database.db.delete(docs);
    const batcher = new UpdateBatcher(store, undefined, () => undefined);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    await batcher.flush();
    expect(outcomes).toMatchObject([{ stored: true, id: null }]);
    expect(await rows()).toEqual([]);
  });

  it('keeps one batch in flight: the next waits for it, so a room’s updates are stored and settled in arrival order', async () => {
    const { batchStore, held } = heldStore();
    const scheduled: (() => void)[] = [];
    const batcher = new UpdateBatcher(batchStore, undefined, (flush) => scheduled.push(flush));
    const outcomes: string[] = [];
    batcher.enqueue(write(docA, [], { settle: () => outcomes.push('first') }));
    scheduled.shift()!();
    expect(held).toHaveLength(1);
    batcher.enqueue(write(docA, [], { settle: () => outcomes.push('second') }));
    batcher.enqueue(write(docA, [], { settle: () => outcomes.push('third') }));
    // Nothing is scheduled while the first batch is being stored.
    expect(scheduled).toHaveLength(0);
    expect(batcher.storing).toBe(true);
    held[0]!.finish();
    await vi.waitFor(() => expect(scheduled).toHaveLength(1));
    expect(outcomes).toEqual(['first']);
    scheduled.shift()!();
    expect(held[1]!.writes).toBe(2);
    held[1]!.finish();
    await vi.waitFor(() => expect(outcomes).toEqual(['first', 'second', 'third']));
  });

  it('commits at once up to commitBurst times in a row, then at most once every minimumCommitIntervalMs', async () => {
    const scheduled: { flush: () => void; delayMs: number }[] = [];
    let now = 1000;
    const batcher = new UpdateBatcher(
      store,
      undefined,
      (flush, delayMs) => scheduled.push({ flush, delayMs }),
      () => now,
    );
    const outcomes: WriteOutcome[] = [];
    const commitScheduled = async () => {
      scheduled.at(-1)!.flush();
      await batcher.flush();
    };
    for (let index = 0; index < commitBurst; index += 1) {
      batcher.enqueue(write(docA, outcomes));
      await commitScheduled();
      now += 1;
    }
    batcher.enqueue(write(docA, outcomes));
    batcher.enqueue(write(docB, outcomes));
    // The burst is spent: the two wait until a commit's worth of time has passed since the first commit.
    now += scheduled.at(-1)!.delayMs;
    await commitScheduled();
    batcher.enqueue(write(docA, outcomes));
    await commitScheduled();
    now += commitBurst * minimumCommitIntervalMs;
    batcher.enqueue(write(docA, outcomes));
    expect(scheduled.map((each) => Math.round(each.delayMs))).toEqual([
      ...Array.from({ length: commitBurst }, () => 0),
      minimumCommitIntervalMs - commitBurst,
      minimumCommitIntervalMs,
      0,
    ]);
    expect(outcomes).toHaveLength(commitBurst + 3);
  });

  it('drops the waiting writes of a discarded owner', async () => {
    const batcher = new UpdateBatcher(store, undefined, () => undefined);
    const gone = {};
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes, { owner: gone }));
    batcher.enqueue(write(docB, outcomes));
    batcher.discard(gone);
    await batcher.flush();
    expect(outcomes).toHaveLength(1);
    expect(await rows()).toEqual([{ docId: docB, userId: 'u' }]);
  });

  it('stores nothing of a failed batch, reports it once and tells every writer', async () => {
    vi.spyOn(store, 'appendBatch').mockRejectedValue(new Error('disk I/O error'));
    const errors: string[] = [];
    const batcher = new UpdateBatcher(
      store,
      (_error, message) => errors.push(message),
      () => undefined,
    );
    const outcomes: WriteOutcome[] = [];
    for (let index = 0; index < 3; index += 1) batcher.enqueue(write(docA, outcomes));
    await batcher.flush();
    expect(outcomes.every((outcome) => !outcome.stored)).toBe(true);
    expect(outcomes).toHaveLength(3);
    expect(errors).toEqual(['a batch of 3 doc updates could not be stored']);
  });

  it('settles the other writes when one settle throws', async () => {
    const errors: string[] = [];
    const batcher = new UpdateBatcher(
      store,
      (_error, message) => errors.push(message),
      () => undefined,
    );
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(
      write(docA, outcomes, {
        settle: () => {
          throw new Error('room bug');
        },
      }),
    );
    batcher.enqueue(write(docB, outcomes));
    await batcher.flush();
    expect(outcomes).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
