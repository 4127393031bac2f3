import type { CommitOrigin } from '../commands';
import type { StoredEvent } from '../events';
import type { PostgresEventLog } from './eventLog';

export type { CommitOrigin } from '../commands';

/** Events read from the log in position order, with whose commit they came from. */
export type FollowedEvents = (events: readonly StoredEvent[], origin: CommitOrigin) => void;

/** Events per read: a follower far behind catches up in reads of this many. */
const batchSize = 500;
/** The first wait before reading again when a notified position is not readable yet, doubled up to the longest. */
const shortestWaitMs = 5;
const longestWaitMs = 500;
/** How often the follower looks for commits itself while no notification came (see `LogFollowerOptions`). */
export const defaultPollIntervalMs = 5_000;

export interface LogFollowerOptions {
  /**
   * While no notification came for this long, the follower asks for the newest committed position itself: a
   * listening connection that the driver failed to reopen (its re-listen is tried once per lost connection, its
   * failure dropped) then delays other processes' commits by this much at most, instead of hiding them until this
   * process commits. One cheap statement per interval while the log is quiet; none while notifications come.
   */
  pollIntervalMs?: number;
}

/**
 * Follows the log from the head it started at, and hands on every committed event once, in position order: this
 * process's commits (the door tells it right after COMMIT) and other processes' (heard through LISTEN/NOTIFY).
 *
 * It reads by position with the log's horizon cut (`PostgresEventLog.readFrom`), so it never moves past an append
 * still in flight below: an event committed late under a lower position is handed on before the ones above it, never
 * skipped. Reading is what a notification or a commit here starts; one read covers all of them heard meanwhile, so a
 * missed notification is caught up by the next. When the newest position heard of is not readable yet (an older
 * transaction of the cluster still runs, or a commit's notification overtook its visibility), it reads again after a
 * short wait, growing while nothing moves. A lost listening connection is reopened by the driver; the follower then
 * reads at once, since notifications sent meanwhile are gone, and takes the newest committed position visible then
 * (`visibleHead`, no horizon cut) as heard: a commit made in the gap and still held back behind an older transaction
 * is then read again after the wait until it is reached, not only when some later commit is notified. The same at
 * start, for commits between the head it starts after and listening. And while no notification comes, it asks for
 * that visible head itself every `pollIntervalMs` (a timer of its own, cleared by `stop`): other processes' commits
 * reach it even if listening is gone for good.
 */
export class LogFollower {
  /** The newest position handed on: the next read starts after it. */
  private delivered = 0;
  /** The newest position known committed: notified, or committed here. */
  private heardHead = 0;
  /** Commits heard (notified, committed here, or found by a poll or a re-listen): see `knownLogPosition`. */
  private commitsHeard = 0;
  /** Positions appended by this process's units, until handed on: their events are this process's commits. */
  private readonly own = new Set<number>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private retry: NodeJS.Timeout | null = null;
  private waitMs = shortestWaitMs;
  private started = false;
  private stopped = false;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly pollIntervalMs: number;
  private poll: NodeJS.Timeout | null = null;
  /** A notification, or listening (re)started, since the last poll: listening works, no need to ask. */
  private notifiedSincePoll = false;

  constructor(
    private readonly log: PostgresEventLog,
    private readonly handOn: FollowedEvents,
    options: LogFollowerOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? defaultPollIntervalMs;
  }

  /** Listens, then starts after the head readable now: events committed before are not handed on. */
  async start(): Promise<void> {
    // Listening first, so no commit between reading the head and listening goes unheard.
    this.stopListening = await this.log.onAppended(
      (position) => {
        this.notifiedSincePoll = true;
        this.heard(position);
      },
      () => {
        this.notifiedSincePoll = true;
        this.listening();
      },
    );
    this.delivered = await this.log.headPosition();
    this.heardHead = Math.max(this.heardHead, this.delivered, await this.log.visibleHead());
    this.started = true;
    this.wake();
    this.schedulePoll();
  }

  /** Listening (re)started: what committed meanwhile was not notified, so the visible head counts as heard. */
  private listening(): void {
    if (!this.started || this.stopped) return;
    this.wake();
    this.log.visibleHead().then(
      (position) => this.heard(position),
      // The pool could not read it (the server restarting, say): asked again after the longest wait.
      () => setTimeout(() => this.listening(), longestWaitMs).unref(),
    );
  }

  /** Marks positions a unit of this process drew: if they commit, they are heard as this process's. */
  appending(events: readonly StoredEvent[]): void {
    for (const event of events) this.own.add(event.seq);
  }

  /** A unit's attempt rolled back: its positions will never be read (drawn positions are not reused). */
  rolledBack(events: readonly StoredEvent[]): void {
    for (const event of events) this.own.delete(event.seq);
  }

  /** A unit of this process committed: read at once, without waiting for its notification. */
  committed(events: readonly StoredEvent[]): void {
    const last = events.at(-1);
    if (last) this.heard(last.seq);
  }

  /** Stops reading; waits for a read under way to finish handing on. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
    await this.stopListening?.();
    await this.reading;
  }

  /** Hands on what is readable up to now, then stops: what `close` does once the last units committed. */
  async drain(): Promise<void> {
    if (this.started && !this.stopped) this.wake();
    while (this.reading) await this.reading;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.poll = setTimeout(() => void this.pollOnce(), this.pollIntervalMs);
    // Polling must not keep the process alive.
    this.poll.unref();
  }

  /** No notification since the last poll: asks for the newest committed position, as a notification would have told. */
  private async pollOnce(): Promise<void> {
    this.poll = null;
    const notified = this.notifiedSincePoll;
    this.notifiedSincePoll = false;
    if (!notified) {
      try {
        this.heard(await this.log.visibleHead());
      } catch {
        // The server is away: asked again at the next poll.
      }
    }
    this.schedulePoll();
  }

  private heard(position: number): void {
    if (position > this.heardHead) this.heardHead = position;
    this.commitsHeard += 1;
    this.wake();
  }

  /**
   * A key that changes whenever this process hears of a commit: its own units' right after COMMIT, other processes'
   * when notified (or found by the poll). Not the newest position: units commit out of position order, so a commit
   * under a lower position than one already heard would not move it. What is kept per log position (the live
   * judgements' reads, chat summaries) is kept under this key: it moves with every change made through the log.
   */
  knownLogPosition(): string {
    return `${this.commitsHeard}:${this.heardHead}`;
  }

  private wake(): void {
    if (!this.started || this.stopped) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = null;
    }
    this.reading = this.readUntilCaughtUp();
  }

  /** Reads and hands on until a read comes back short and nothing was heard meanwhile. */
  private async readUntilCaughtUp(): Promise<void> {
    let failed = false;
    try {
      reading: do {
        this.readAgain = false;
        for (;;) {
          let batch: StoredEvent[];
          try {
            batch = await this.log.readFrom(this.delivered, batchSize);
          } catch {
            // The pool could not read (a lost connection, a restarting server): read again after the wait.
            failed = true;
            break reading;
          }
          if (batch.length === 0) break;
          this.delivered = batch.at(-1)!.seq;
          this.handOnBatch(batch);
          this.waitMs = shortestWaitMs;
          if (batch.length < batchSize || this.stopped) break;
        }
      } while (this.readAgain && !this.stopped);
    } finally {
      // In the same step as the last look at readAgain (no await between): a wake from now on starts its own read.
      this.reading = null;
    }
    if (this.stopped) return;
    if (failed || this.delivered < this.heardHead) this.readLater();
  }

  private readLater(): void {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.wake();
    }, this.waitMs);
    // Waiting to read again must not keep the process alive.
    this.retry.unref();
    this.waitMs = Math.min(this.waitMs * 2, longestWaitMs);
  }

  /** Hands on a batch in runs of one origin each, in position order. */
  private handOnBatch(batch: readonly StoredEvent[]): void {
    let run: StoredEvent[] = [];
    let runOrigin: CommitOrigin | null = null;
    for (const event of batch) {
      const origin: CommitOrigin = this.own.delete(event.seq) ? 'this process' : 'another process';
      if (runOrigin !== null && origin !== runOrigin) {
        this.handOn(run, runOrigin);
        run = [];
      }
      runOrigin = origin;
      run.push(event);
    }
    if (runOrigin !== null) this.handOn(run, runOrigin);
    // Positions of units whose COMMIT had an unknown outcome and did not commit: passed now, never read.
    for (const position of this.own) if (position <= this.delivered) this.own.delete(position);
  }
}
