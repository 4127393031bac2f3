import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { commitBurst, minimumCommitIntervalMs, UpdateBatcher, type QueuedWrite, type WriteOutcome } from './batcher';
import { CommitsWithoutSync } from '../core/sqlite/walSync';
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

describe('UpdateBatcher with the disk sync off the event loop', () => {
  /** A WAL sync whose fsyncs the test finishes (or fails) one at a time, in order. */
  function controlledWalSync() {
    const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
    const walSync = {
      failed: null as unknown,
      syncNowCalls: 0,
      sync: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
      syncNow: () => {
        walSync.syncNowCalls += 1;
      },
    };
    const finishNext = async () => {
      pending.shift()!.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    };
    const failNext = async (error: Error) => {
      walSync.failed = error;
      pending.shift()!.reject(error);
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { walSync, pending, finishNext, failNext };
  }

  function offLoopBatcher(walSync: ReturnType<typeof controlledWalSync>['walSync'], errors: string[] = []) {
    const scheduled: (() => void)[] = [];
    const batcher = new UpdateBatcher(
      store,
      (_error, message) => errors.push(message),
      (flush) => scheduled.push(flush),
      () => 0,
      { commits: new CommitsWithoutSync(database.sqlite), walSync },
    );
    const commitScheduled = () => scheduled.shift()!();
    return { batcher, commitScheduled };
  }

  const synchronousSetting = () => database.sqlite.pragma('synchronous', { simple: true });

  it('commits at once but settles a batch only after a sync that started after its commit, batches in commit order', async () => {
    const { walSync, pending, finishNext } = controlledWalSync();
    const { batcher, commitScheduled } = offLoopBatcher(walSync);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    // Stored (a reader of the table sees the row) but nobody is told before the disk confirms it.
    expect(rows()).toHaveLength(1);
    expect(outcomes).toEqual([]);
    expect(batcher.awaitingSync).toBe(1);
    expect(synchronousSetting()).toBe(2);
    // The next batch commits while the first one's sync runs.
    batcher.enqueue(write(docB, outcomes));
    batcher.enqueue(write(docB, outcomes));
    commitScheduled();
    expect(rows()).toHaveLength(3);
    expect(pending).toHaveLength(2);
    await finishNext();
    expect(outcomes.map((outcome) => outcome.stored && outcome.id)).toEqual([1]);
    await finishNext();
    expect(outcomes.map((outcome) => outcome.stored && outcome.id)).toEqual([1, 2, 3]);
    expect(batcher.awaitingSync).toBe(0);
  });

  it('a direct flush settles the batches waiting for their sync first: its own commit waits for the disk and covers them', async () => {
    const { walSync } = controlledWalSync();
    const { batcher, commitScheduled } = offLoopBatcher(walSync);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    batcher.enqueue(write(docB, outcomes));
    batcher.flush();
    expect(outcomes.map((outcome) => outcome.stored && outcome.id)).toEqual([1, 2]);
    expect(walSync.syncNowCalls).toBe(0);
    // With nothing queued, a direct flush syncs the WAL on the event loop for the batches still waiting.
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    batcher.flush();
    expect(walSync.syncNowCalls).toBe(1);
    expect(outcomes.map((outcome) => outcome.stored && outcome.id)).toEqual([1, 2, 3]);
  });

  it('refuses the batches a failed sync covered, and stores nothing more once the disk failed', async () => {
    const { walSync, failNext } = controlledWalSync();
    const errors: string[] = [];
    const { batcher, commitScheduled } = offLoopBatcher(walSync, errors);
    const outcomes: WriteOutcome[] = [];
    batcher.enqueue(write(docA, outcomes));
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    await failNext(new Error('EIO'));
    expect(outcomes.map((outcome) => outcome.stored)).toEqual([false, false]);
    batcher.enqueue(write(docB, outcomes));
    commitScheduled();
    expect(outcomes.map((outcome) => outcome.stored)).toEqual([false, false, false]);
    expect(rows().filter((row) => (row as { docId: string }).docId === docB)).toEqual([]);
    expect(errors).toEqual(['a batch of 2 doc updates could not be stored', 'a batch of 1 doc updates could not be stored']);
  });

  it("a direct flush stores nothing once the disk failed, nor inside another writer's transaction: its writes are refused, never acknowledged", async () => {
    const { walSync, failNext } = controlledWalSync();
    const { batcher, commitScheduled } = offLoopBatcher(walSync, []);
    const outcomes: WriteOutcome[] = [];
    database.sqlite.prepare('BEGIN IMMEDIATE').run();
    batcher.enqueue(write(docA, outcomes));
    batcher.flush();
    database.sqlite.prepare('ROLLBACK').run();
    expect(outcomes.map((outcome) => outcome.stored)).toEqual([false]);
    expect(rows()).toEqual([]);
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    await failNext(new Error('EIO'));
    batcher.enqueue(write(docB, outcomes));
    batcher.flush();
    expect(outcomes.map((outcome) => outcome.stored)).toEqual([false, false, false]);
    expect(rows().filter((row) => (row as { docId: string }).docId === docB)).toEqual([]);
  });

  it('waits while another writer holds a transaction on the connection, so its rows never join a transaction not yet committed', async () => {
    const { walSync, finishNext } = controlledWalSync();
    const { batcher, commitScheduled } = offLoopBatcher(walSync);
    const outcomes: WriteOutcome[] = [];
    database.sqlite.prepare('BEGIN IMMEDIATE').run();
    batcher.enqueue(write(docA, outcomes));
    commitScheduled();
    expect(batcher.waiting).toBe(1);
    database.sqlite.prepare('ROLLBACK').run();
    commitScheduled();
    expect(rows()).toHaveLength(1);
    await finishNext();
    expect(outcomes.map((outcome) => outcome.stored)).toEqual([true]);
  });
});
