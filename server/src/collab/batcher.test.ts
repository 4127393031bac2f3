import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { commitBurst, minimumCommitIntervalMs, UpdateBatcher, type QueuedWrite, type WriteOutcome } from './batcher';
import { DocContentStore } from './persistence';

const docA = 'a'.repeat(24);
const docB = 'b'.repeat(24);
let database: DatabaseHandle;
let store: DocContentStore;

beforeEach(() => {
  database = openDatabase(':memory:');
  store = new DocContentStore(database.sqlite);
});
afterEach(() => database.close());

const rows = () => database.sqlite.prepare('SELECT doc_id AS docId, user_id AS userId FROM doc_updates ORDER BY id').all();

function write(docId: string, outcomes: WriteOutcome[], options: Partial<QueuedWrite> = {}): QueuedWrite {
  return { owner: {}, docId, update: new Uint8Array([1, 2, 3]), userId: 'u', settle: (outcome) => outcomes.push(outcome), ...options };
}

describe('UpdateBatcher', () => {
  it('stores the writes of one turn of the event loop in one transaction, then settles them in order', async () => {
    const appendBatch = vi.spyOn(store, 'appendBatch');
    const batcher = new UpdateBatcher(store);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    batcher.enqueue(write(docB, outcomes, { update: null }));
    batcher.enqueue(write(docA, outcomes, { userId: null }));
    expect(outcomes).toEqual([]);
    expect(batcher.waiting).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(appendBatch).toHaveBeenCalledTimes(1);
    expect(outcomes.map((outcome) => (outcome.stored ? outcome.id : 'failed'))).toEqual([1, null, 2]);
    expect(rows()).toEqual([
      { docId: docA, userId: 'u' },
      { docId: docA, userId: null },
    ]);
  });

  it('commits at once up to commitBurst times in a row, then at most once every minimumCommitIntervalMs, however the writes arrive', () => {
    const scheduled: { flush: () => void; delayMs: number }[] = [];
    let now = 1000;
    const batcher = new UpdateBatcher(
      store,
      undefined,
      (flush, delayMs) => scheduled.push({ flush, delayMs }),
      () => now,
    );
    const outcomes: WriteOutcome[] = [];
    for (let index = 0; index < commitBurst; index += 1) {
      batcher.enqueue(write(docA, outcomes));
      scheduled.at(-1)!.flush();
      now += 1;
    }
    batcher.enqueue(write(docA, outcomes));
    batcher.enqueue(write(docB, outcomes));
    // The burst is spent: the two wait until a commit's worth of time has passed since the first commit.
    now += scheduled.at(-1)!.delayMs;
    scheduled.at(-1)!.flush();
    batcher.enqueue(write(docA, outcomes));
    scheduled.at(-1)!.flush();
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

  it('drops the waiting writes of a discarded owner', () => {
    const batcher = new UpdateBatcher(store, undefined, () => undefined);
    const gone = {};
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes, { owner: gone }));
    batcher.enqueue(write(docB, outcomes));
    batcher.discard(gone);
    batcher.flush();
    expect(outcomes).toHaveLength(1);
    expect(rows()).toEqual([{ docId: docB, userId: 'u' }]);
  });

  it('stores nothing of a failed batch, reports it once and tells every writer', () => {
    vi.spyOn(store, 'appendBatch').mockImplementation(() => {
      throw new Error('disk I/O error');
    });
    const errors: string[] = [];
    const batcher = new UpdateBatcher(
      store,
      (_error, message) => errors.push(message),
      () => undefined,
    );
    const outcomes: WriteOutcome[] = [];
    for (let index = 0; index < 3; index += 1) batcher.enqueue(write(docA, outcomes));
    batcher.flush();
    expect(outcomes.every((outcome) => !outcome.stored)).toBe(true);
    expect(outcomes).toHaveLength(3);
    expect(errors).toEqual(['a batch of 3 doc updates could not be stored']);
  });

  it('settles the other writes when one settle throws', () => {
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
    batcher.flush();
    expect(outcomes).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
