import type { WalSync } from './walSync';

/** A group commit made without waiting for the disk, waiting for the WAL sync that covers it. */
interface AwaitingSync<Committed> {
  /** Commits are numbered in order; a sync covers every commit made before it started. */
  number: number;
  committed: Committed;
  /** Readers waiting for this commit to be on the disk (`whenDurable`). */
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * The group commits of the command door that wait for their WAL sync, in commit order: each is
 * released (its callers answered, its events published) once a sync started after its COMMIT has
 * finished, never before an earlier one. After a failed sync, what waited is refused and every later
 * write too (`failure`): the kernel may have dropped the pages it could not write, so what this
 * process reads may not be on the disk. PostgreSQL stops in this case; `onSyncFailure` listeners
 * decide what the process does. Owned by one event store.
 */
export class DurableCommits<Committed> {
  private awaiting: AwaitingSync<Committed>[] = [];
  private commitsMade = 0;
  /** The newest sync asked for and its release: `settled` waits for it. */
  private lastSync: Promise<void> | null = null;
  private writeFailure: Error | null = null;
  private readonly failureListeners = new Set<(error: unknown) => void>();

  constructor(
    private readonly walSync: WalSync,
    private readonly release: (committed: Committed) => void,
    private readonly refuse: (committed: Committed, error: Error) => void,
  ) {}

  /** The error every write is refused with once a sync failed, or null. */
  get failure(): Error | null {
    return this.writeFailure;
  }

  onSyncFailure(listener: (error: unknown) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** A group commit just made: released once the WAL sync asked for now has finished. */
  committed(committed: Committed): void {
    const awaiting: AwaitingSync<Committed> = { number: (this.commitsMade += 1), committed, waiters: [] };
    this.awaiting.push(awaiting);
    const synced = this.walSync.sync().then(
      () => this.releaseThrough(awaiting.number),
      (error: unknown) => this.fail(error),
    );
    const tracked: Promise<void> = synced.finally(() => {
      if (this.lastSync === tracked) this.lastSync = null;
    });
    this.lastSync = tracked;
  }

  /** A commit made with synchronous=FULL synced the WAL, and with it every group commit before it. */
  syncedByCommit(): void {
    this.releaseThrough(this.commitsMade);
  }

  /** Resolves once every commit made so far is on the disk (at once when none waits); rejects if its sync failed. */
  whenDurable(): Promise<void> {
    if (this.writeFailure) return Promise.reject(this.writeFailure);
    const newest = this.awaiting.at(-1);
    if (!newest) return Promise.resolve();
    return new Promise<void>((resolve, reject) => newest.waiters.push({ resolve, reject }));
  }

  /** Resolves when no sync is outstanding. */
  async settled(): Promise<void> {
    while (this.lastSync) await this.lastSync;
  }

  private releaseThrough(number: number): void {
    while (this.awaiting.length > 0 && this.awaiting[0]!.number <= number) {
      const awaiting = this.awaiting.shift()!;
      this.release(awaiting.committed);
      for (const waiter of awaiting.waiters) waiter.resolve();
    }
  }

  private fail(error: unknown): void {
    const first = this.writeFailure === null;
    const failure = (this.writeFailure ??= new Error('The disk did not confirm a commit: writes are refused until the server restarts.', {
      cause: error,
    }));
    for (const awaiting of this.awaiting.splice(0)) {
      this.refuse(awaiting.committed, failure);
      for (const waiter of awaiting.waiters) waiter.reject(failure);
    }
    if (!first) return;
    for (const listener of this.failureListeners) {
      try {
        listener(error);
      } catch (listenerError) {
        queueMicrotask(() => {
          throw listenerError;
        });
      }
    }
  }
}
