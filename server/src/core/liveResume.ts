import { codedError, type DomainError } from '../errors';
import type { ReadOptions } from './commands';
import type { StoredEvent } from './events';

/**
 * Live resume: a client that lost its socket subscribes again with the log position (`seq`) of the
 * last event it got, and is sent what it missed instead of reloading everything.
 *
 * Wire shape (graphql-ws): the `subscribe` payload carries `extensions: { resumeAfter: <seq> }`, or
 * `resumeAfter: null` for a fresh subscription whose client keeps positions. Such a subscription's
 * `next` messages carry `extensions: { seq }`, the log position of the event they are about, and the
 * server sends messages without data that move the client's position: `{ extensions: { seq } }` when
 * a fresh subscription starts listening, `{ extensions: { seq, resume: 'replayed' } }` once the
 * missed events were sent, `{ extensions: { seq, resume: 'gap' } }` when they cannot be (too many, or
 * a position this log does not have): the client then reloads the view. Live events follow in
 * every case.
 */

/**
 * At most this many log events of a subscription's topic are read for one resume; a larger gap is
 * reloaded instead. Each replayed event is presented like a live one (one GraphQL execution): on a
 * busy 2-core machine 100 board events were replayed in 0.35 s and 1,500 in 7.3 s, while reading a
 * board again is one query, so beyond a few hundred events the reload is the quicker way back.
 */
export const liveReplayLimit = 500;

/** The log as live resume reads it: through the event store's read port, so another store adapter can serve it. */
export interface LiveHistory {
  read(options: ReadOptions): Promise<StoredEvent[]>;
  /** The newest position in the log (0 when empty). */
  headSeq(): Promise<number>;
}

/** The part of the log one live topic carries (see `logSelectionOf`). */
export type LogSelection = Pick<ReadOptions, 'teamId' | 'stream' | 'kind'>;

/** A message without data that moves the client's position. */
export interface LiveNotice {
  seq: number;
  resume?: 'replayed' | 'gap';
}

/**
 * One subscription's place in the log, shared by its feed (which replays and yields events) and the
 * socket that sends them: which event is being delivered, and the notices waiting to be sent.
 */
export class LiveCursor {
  /** The log position of the event the feed yielded last; null for a notice outside the log (typing). */
  delivering: number | null = null;
  private readonly notices: LiveNotice[] = [];
  private wake: (() => void) | null = null;
  private listener: ((notice: LiveNotice) => void) | null = null;

  /** `resumeAfter`: the position the client asked to resume after, or null for a fresh subscription. */
  constructor(readonly resumeAfter: number | null) {}

  notify(notice: LiveNotice): void {
    if (this.listener) {
      this.listener(notice);
      return;
    }
    this.notices.push(notice);
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * Hands every notice to `listener` as it is given (those waiting first), instead of queueing it:
   * the socket sends it at once. The feed gives notices only between the events it yields, so they
   * reach the client in their place among the results. Null goes back to queueing.
   */
  listen(listener: ((notice: LiveNotice) => void) | null): void {
    this.listener = listener;
    if (!listener) return;
    for (let notice = this.takeNotice(); notice; notice = this.takeNotice()) listener(notice);
  }

  takeNotice(): LiveNotice | undefined {
    return this.notices.shift();
  }

  /** Resolves once a notice waits (at once when one does). */
  noticeWaiting(): Promise<void> {
    if (this.notices.length > 0) return Promise.resolve();
    return new Promise((resolve) => (this.wake = resolve));
  }
}

export type Missed = { status: 'replay'; events: StoredEvent[]; position: number } | { status: 'gap'; head: number };

/**
 * The events of the given parts of the log after `afterSeq`, in order, and the position they bring
 * the subscriber to; or a gap when there are more than `limit` in one part, or the position is
 * beyond the log (the database was restored or replaced since the client saw it).
 */
export async function readMissed(
  history: LiveHistory,
  selections: readonly LogSelection[],
  afterSeq: number,
  limit = liveReplayLimit,
): Promise<Missed> {
  const head = await history.headSeq();
  if (afterSeq > head) return { status: 'gap', head };
  const parts = await Promise.all(selections.map((selection) => history.read({ ...selection, afterSeq, limit: limit + 1 })));
  if (parts.some((part) => part.length > limit)) return { status: 'gap', head };
  const bySeq = new Map<number, StoredEvent>();
  for (const part of parts) for (const event of part) bySeq.set(event.seq, event);
  const events = [...bySeq.values()].sort((left, right) => left.seq - right.seq);
  return { status: 'replay', events, position: Math.max(head, events.at(-1)?.seq ?? 0) };
}

/** Reads `resumeAfter` from a subscribe payload's extensions: undefined when absent, the refusal to send when malformed. */
export function resumeRequestOf(extensions: unknown): { resumeAfter: number | null } | undefined | DomainError {
  if (extensions === null || typeof extensions !== 'object' || !('resumeAfter' in extensions)) return undefined;
  const value = (extensions as { resumeAfter: unknown }).resumeAfter;
  if (value === null) return { resumeAfter: null };
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return { resumeAfter: value };
  return codedError('RESUME_POSITION_INVALID');
}
