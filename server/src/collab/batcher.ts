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
 * The pace of commits of doc updates under load: with `synchronous=FULL` each commit waits for the
 * disk, blocking the event loop, so however many sockets write, their updates cost at most
 * 1000 / this commits a second over any stretch of time.
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
 * Each write is settled only after the commit: rooms apply, broadcast and acknowledge an update
 * once it is stored, as before. Owned by the RoomManager of one server, not a module global.
 */
export class UpdateBatcher {
  private queue: QueuedWrite[] = [];
  private scheduled = false;
  /** Commits that may start now without waiting (fractions refill over time). */
  private commitTokens = commitBurst;
  private refilledAt: number;

  constructor(
    private readonly store: DocContentStore,
    private readonly onError: (error: unknown, message: string) => void = () => undefined,
    private readonly schedule: FlushScheduler = realScheduler,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refilledAt = now();
  }

  /** Writes waiting for the next flush. */
  get waiting(): number {
    return this.queue.length;
  }

  enqueue(write: QueuedWrite): void {
    this.queue.push(write);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    }, this.msUntilCommit());
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

  /** Commits what is waiting now (also called before a room unloads and at shutdown), then settles each write. */
  flush(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    // A flush asked for directly (unload, shutdown) commits at once, but still spends its token.
    this.refill();
    this.commitTokens = Math.max(0, this.commitTokens - 1);
    const at = Date.now();
    let ids: (number | null)[];
    try {
      ids = this.store.appendBatch(batch, at);
    } catch (error) {
      // Logged once for the batch; every sender is told (its room closes it so it sends again).
      this.onError(error, `a batch of ${batch.length} doc updates could not be stored`);
      this.settleAll(batch, () => ({ stored: false, error }));
      return;
    }
    this.settleAll(batch, (index) => ({ stored: true, id: ids[index]!, at }));
  }

  private settleAll(batch: readonly QueuedWrite[], outcomeOf: (index: number) => WriteOutcome): void {
    const afterwards = new Set<() => void>();
    batch.forEach((write, index) => {
      if (write.afterBatch) afterwards.add(write.afterBatch);
      try {
        write.settle(outcomeOf(index));
      } catch (error) {
        // One room's failure must not keep the others' writes from being applied and acknowledged.
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
