import type { CommitsWithoutSync, WalSync } from '../core/sqlite/walSync';
import type { DocContentStore } from './persistence';

/** What became of a queued write: stored (its row id, null when there was nothing to store) or not at all. */
export type WriteOutcome = { stored: true; id: number | null; at: number } | { stored: false; error: unknown };

export interface QueuedWrite {
  /** The room that queued it: `discard(owner)` drops its writes still waiting (the doc was deleted). */
  owner: object;
  docId: string;
  /** null: nothing to store (an empty update); it only keeps its place in the order of acknowledgements. */
  update: Uint8Array | null;
  userId: string | null;
  /** Called once, after the batch's commit (or its failure), in the order the writes were queued. */
  settle(outcome: WriteOutcome): void;
  /** Called once per batch after every write of it was settled (the same function once however many writes name it). */
  afterBatch?: () => void;
}

/** Runs `flush` after `delayMs`, or once the current turn of the event loop has read what arrived when 0. */
export type FlushScheduler = (flush: () => void, delayMs: number) => void;

const realScheduler: FlushScheduler = (flush, delayMs) => {
  if (delayMs <= 0) setImmediate(flush);
  else setTimeout(flush, delayMs);
};

/**
 * With synchronous=FULL on a WAL file: the batcher commits without SQLite's sync (`commits`) and waits for
 * a sync of the WAL on libuv's thread pool (`walSync`, shared with the command door) before settling, so
 * the event loop never waits for the disk. Absent: each commit waits for the disk on the event loop.
 */
export interface OffLoopSync {
  commits: Pick<CommitsWithoutSync, 'possible' | 'run'>;
  walSync: Pick<WalSync, 'sync' | 'syncNow' | 'failed'>;
}

/** A batch committed without waiting for the disk, waiting for the WAL sync that covers it. */
interface AwaitingSync {
  /** Commits are numbered in order; a sync covers every commit made before it started. */
  number: number;
  batch: QueuedWrite[];
  ids: (number | null)[];
  at: number;
}

/**
 * The pace of commits of doc updates under load: however many sockets write, their updates cost at
 * most 1000 / this commits (transactions, WAL writes and syncs) a second over any stretch of time.
 */
export const minimumCommitIntervalMs = 10;

/**
 * Commits that may follow each other at once before the pace applies (a token bucket of this size,
 * one token back every minimumCommitIntervalMs). Typing is bursty but sparse: a keystroke arriving
 * a few milliseconds after the previous one's commit is stored in the next turn of the event loop
 * instead of waiting out the interval (which was most of an update's fan-out time), while a flood
 * is still paced as before.
 */
export const commitBurst = 3;

/**
 * Collects the doc updates of every room and writes them in one transaction per turn of the event
 * loop, after the sockets' input of that turn was read, and paced (commitBurst,
 * minimumCommitIntervalMs): a flood of small updates costs one commit (one sync to disk) per batch
 * instead of one per update, so other requests keep the event loop.
 * Each write is settled only once its commit is on the disk: rooms acknowledge an update to its
 * sender once it is stored durably (they apply and broadcast it on arrival, before). With `offLoopSync` the disk sync runs off the event loop and
 * the next batch may commit meanwhile; batches are settled in commit order. Owned by the RoomManager
 * of one server, not a module global.
 */
export class UpdateBatcher {
  private queue: QueuedWrite[] = [];
  private scheduled = false;
  /** Commits that may start now without waiting (fractions refill over time). */
  private commitTokens = commitBurst;
  private refilledAt: number;
  /** Batches committed and waiting for their WAL sync, oldest first. */
  private awaiting: AwaitingSync[] = [];
  private commitsMade = 0;

  constructor(
    private readonly store: DocContentStore,
    private readonly onError: (error: unknown, message: string) => void = () => undefined,
    private readonly schedule: FlushScheduler = realScheduler,
    private readonly now: () => number = () => performance.now(),
    private readonly offLoopSync: OffLoopSync | null = null,
  ) {
    this.refilledAt = now();
  }

  /** Writes waiting for the next flush. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Writes committed and waiting for their disk sync. */
  get awaitingSync(): number {
    return this.awaiting.reduce((count, awaiting) => count + awaiting.batch.length, 0);
  }

  enqueue(write: QueuedWrite): void {
    this.queue.push(write);
    if (!this.scheduled) this.scheduleCommit(this.msUntilCommit());
  }

  private scheduleCommit(delayMs: number): void {
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.commitScheduled();
    }, delayMs);
  }

  /** The paced commit: off the event loop's disk wait when it can be, else as `flush`. */
  private commitScheduled(): void {
    const offLoop = this.offLoopSync;
    if (!offLoop) return this.flush();
    if (this.queue.length === 0) return;
    if (!offLoop.commits.possible) {
      // Another writer holds a transaction on the connection: our rows would join it and be settled before its commit.
      this.scheduleCommit(minimumCommitIntervalMs);
      return;
    }
    const batch = this.takeBatch();
    const at = Date.now();
    if (offLoop.walSync.failed !== null) return this.refuse(batch, offLoop.walSync.failed);
    let ids: (number | null)[];
    try {
      ids = offLoop.commits.run(() => this.store.appendBatch(batch, at));
    } catch (error) {
      return this.refuse(batch, error);
    }
    const awaiting: AwaitingSync = { number: (this.commitsMade += 1), batch, ids, at };
    this.awaiting.push(awaiting);
    offLoop.walSync.sync().then(
      () => this.releaseThrough(awaiting.number),
      (error: unknown) => this.failAwaiting(error),
    );
  }

  private refill(): void {
    const now = this.now();
    this.commitTokens = Math.min(commitBurst, this.commitTokens + (now - this.refilledAt) / minimumCommitIntervalMs);
    this.refilledAt = now;
  }

  /** 0 while a commit token is left, else the time until one is back. */
  private msUntilCommit(): number {
    this.refill();
    return this.commitTokens >= 1 ? 0 : (1 - this.commitTokens) * minimumCommitIntervalMs;
  }

  /** Drops the writes of `owner` still waiting: nothing of them is stored or settled. */
  discard(owner: object): void {
    if (this.queue.some((write) => write.owner === owner)) this.queue = this.queue.filter((write) => write.owner !== owner);
  }

  /**
   * Commits what is waiting now, waiting for the disk on the event loop (before a room unloads and at
   * shutdown), then settles each write, after every batch still waiting for its sync, which the commit's
   * sync covers too.
   */
  flush(): void {
    if (this.queue.length === 0) {
      if (this.awaiting.length > 0) this.syncAwaitingNow();
      return;
    }
    const batch = this.takeBatch();
    const at = Date.now();
    const offLoop = this.offLoopSync;
    // The disk already failed a sync: nothing more is acknowledged, as at the command door.
    if (offLoop && offLoop.walSync.failed !== null) return this.refuse(batch, offLoop.walSync.failed);
    // Inside another writer's transaction the rows would join it and be settled before its commit: refused, so
    // their senders send them again, rather than acknowledged before they are durable.
    if (offLoop && !offLoop.commits.possible) return this.refuse(batch, new Error('doc updates flushed inside another transaction'));
    let ids: (number | null)[];
    try {
      ids = this.store.appendBatch(batch, at);
    } catch (error) {
      // The batches committed before still wait for their own sync.
      return this.refuse(batch, error);
    }
    // With synchronous=FULL this commit synced the WAL, and with it every batch committed before it.
    this.releaseThrough(this.commitsMade);
    this.settleAll(batch, (index) => ({ stored: true, id: ids[index]!, at }));
  }

  /** The writes queued so far, spending a commit token (a flush asked for directly commits at once, but still spends it). */
  private takeBatch(): QueuedWrite[] {
    const batch = this.queue;
    this.queue = [];
    this.refill();
    this.commitTokens = Math.max(0, this.commitTokens - 1);
    return batch;
  }

  /** Nothing of the batch was stored: logged once, and every sender is told (its room closes it so it sends again). */
  private refuse(batch: readonly QueuedWrite[], error: unknown): void {
    this.onError(error, `a batch of ${batch.length} doc updates could not be stored`);
    this.settleAll(batch, () => ({ stored: false, error }));
  }

  private syncAwaitingNow(): void {
    try {
      this.offLoopSync!.walSync.syncNow();
    } catch (error) {
      return this.failAwaiting(error);
    }
    this.releaseThrough(this.commitsMade);
  }

  /** Settles the batches committed up to `number`, in commit order (never one before an earlier one). */
  private releaseThrough(number: number): void {
    while (this.awaiting.length > 0 && this.awaiting[0]!.number <= number) {
      const { batch, ids, at } = this.awaiting.shift()!;
      this.settleAll(batch, (index) => ({ stored: true, id: ids[index]!, at }));
    }
  }

  /**
   * The disk did not confirm the sync: the batches waiting for it are refused (their senders send again),
   * as the command door refuses its units; the rows are committed but were never acknowledged.
   */
  private failAwaiting(error: unknown): void {
    for (const { batch } of this.awaiting.splice(0)) this.refuse(batch, error);
  }

  private settleAll(batch: readonly QueuedWrite[], outcomeOf: (index: number) => WriteOutcome): void {
    const afterwards = new Set<() => void>();
    batch.forEach((write, index) => {
      if (write.afterBatch) afterwards.add(write.afterBatch);
      try {
        write.settle(outcomeOf(index));
      } catch (error) {
        // One room's failure must not keep the others' writes from being acknowledged.
        this.onError(error, `doc ${write.docId}: a stored update could not be settled`);
      }
    });
    for (const after of afterwards) {
      try {
        after();
      } catch (error) {
        this.onError(error, 'doc updates were stored but could not be acknowledged');
      }
    }
  }
}
