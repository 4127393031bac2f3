import type { UpdateWrite } from './persistence';

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

/** Where a batch is stored: in one unit of the command door, answered once it committed durably (DocContentStore). */
export interface BatchStore {
  appendBatch(writes: readonly UpdateWrite[], at: number): Promise<(number | null)[]>;
}

/** Runs `flush` after `delayMs`, or once the current turn of the event loop has read what arrived when 0. */
export type FlushScheduler = (flush: () => void, delayMs: number) => void;

const realScheduler: FlushScheduler = (flush, delayMs) => {
  if (delayMs <= 0) setImmediate(flush);
  else setTimeout(flush, delayMs);
};

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
 * Collects the doc updates of every room and stores them in one unit of the command door per batch, after the
 * sockets' input of that turn of the event loop was read, and paced (commitBurst, minimumCommitIntervalMs): a flood of
 * small updates costs one commit (one sync to disk) per batch instead of one per update, so other requests keep the
 * event loop. Each write is settled only once its unit committed durably: rooms acknowledge an update to its sender
 * once it is stored (they apply and broadcast it on arrival, before). One batch is in flight at a time: the next waits
 * for the one being stored, so the rows of a room are stored, and its updates settled, in the order they arrived,
 * whichever database runs the units. Owned by the RoomManager of one server, not a module global.
 */
export class UpdateBatcher {
  private queue: QueuedWrite[] = [];
  private scheduled = false;
  /** The batch being stored, settled when its unit is answered. */
  private inFlight: Promise<void> | null = null;
  /** Commits that may start now without waiting (fractions refill over time). */
  private commitTokens = commitBurst;
  private refilledAt: number;

  constructor(
    private readonly store: BatchStore,
    private readonly onError: (error: unknown, message: string) => void = () => undefined,
    private readonly schedule: FlushScheduler = realScheduler,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refilledAt = now();
  }

  /** Writes waiting for the next batch. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Whether a batch is being stored now. */
  get storing(): boolean {
    return this.inFlight !== null;
  }

  enqueue(write: QueuedWrite): void {
    this.queue.push(write);
    if (!this.scheduled && !this.inFlight) this.scheduleCommit(this.msUntilCommit());
  }

  private scheduleCommit(delayMs: number): void {
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      if (!this.inFlight) this.startBatch();
    }, delayMs);
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
   * Stores what is waiting now without waiting for the pace (before a room unloads and at shutdown), after the batch
   * in flight, and resolves once every write queued before the call is settled.
   */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.queue.length === 0) return;
    this.startBatch();
    while (this.inFlight) await this.inFlight;
  }

  /** Takes the writes queued so far (spending a commit token) and stores them in one unit; the next batch waits for it. */
  private startBatch(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.refill();
    this.commitTokens = Math.max(0, this.commitTokens - 1);
    const at = Date.now();
    const writes = batch.map(({ docId, update, userId }) => ({ docId, update, userId }));
    let stored: Promise<(number | null)[]>;
    try {
      stored = this.store.appendBatch(writes, at);
    } catch (error) {
      stored = Promise.reject(error);
    }
    this.inFlight = stored.then(
      (ids) => this.settleAll(batch, (index) => ({ stored: true, id: ids[index] ?? null, at })),
      (error: unknown) => this.refuse(batch, error),
    );
    void this.inFlight.finally(() => {
      this.inFlight = null;
      if (this.queue.length > 0 && !this.scheduled) this.scheduleCommit(this.msUntilCommit());
    });
  }

  /** Nothing of the batch was stored: logged once, and every sender is told (its room closes it so it sends again). */
  private refuse(batch: readonly QueuedWrite[], error: unknown): void {
    this.onError(error, `a batch of ${batch.length} doc updates could not be stored`);
    this.settleAll(batch, () => ({ stored: false, error }));
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
