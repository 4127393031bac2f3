import type { MercuriusContext } from 'mercurius';
import type { MQEmitter } from 'mqemitter';
import { readTogether } from '../db/prepared';
import type { Actor } from '../graphql/context';
import { isLiveCredentialActive } from '../graphql/liveCredentials';
import type { StoredEvent } from './events';
import { readMissed, type LiveCursor, type LiveHistory, type LogSelection } from './liveResume';

export { LiveCursor, liveReplayLimit, type LiveHistory, type LiveNotice } from './liveResume';

/**
 * Topic names: every committed event goes to its team's topic, its stream's topic, its kind's topic and the
 * global one. A kind topic carries the events whose type is `<kind>.<name>` across teams and streams, for a
 * feed of one kind (the support inbox) that has no business hearing every other event of the log.
 */
export const topics = {
  team: (teamId: string) => `team:${teamId}`,
  stream: (stream: string) => `stream:${stream}`,
  kind: (kind: string) => `kind:${kind}`,
  global: 'events',
} as const;

/** An event type's kind: its part before the first dot (`support` of `support.messagePosted`); null without a dot. */
export function kindOf(type: string): string | null {
  const dot = type.indexOf('.');
  return dot > 0 ? type.slice(0, dot) : null;
}

/** Which events of the log a topic carries, to replay them; null for topics of notices the log does not keep (typing, presence). */
export function logSelectionOf(topic: string): LogSelection | null {
  if (topic === topics.global) return {};
  if (topic.startsWith('team:')) return { teamId: topic.slice('team:'.length) };
  if (topic.startsWith('stream:')) return { stream: topic.slice('stream:'.length) };
  if (topic.startsWith('kind:')) return { kind: topic.slice('kind:'.length) };
  return null;
}

/**
 * The publish/subscribe port for live events. The app publishes every committed event; GraphQL
 * subscriptions listen on `emitter` (an MQEmitter: the in-process one today, a Redis one later)
 * and read what a reconnecting subscriber missed from `history` (the event store's read port).
 */
export interface LiveEvents {
  readonly emitter: MQEmitter;
  readonly history: LiveHistory;
  publish(committed: readonly StoredEvent[]): void;
  close(): Promise<void>;
}

/** Where a subscription's source value says who else is sent the same payload (see `shareWith`). */
export const liveSharing = Symbol('liveSharing');

export interface LiveSharing {
  /** The event the value is about: the one object every subscriber's feed got from the topic. */
  readonly about: object;
  /** Everything about the viewer the payload depends on (for instance: wrote the message, moderates). */
  readonly visibility: string;
}

/**
 * Marks a subscription's source value (one object per subscriber) as having the same payload as every
 * other subscriber's with the same event, document, variables and visibility: the socket server then
 * executes and serializes it once for all of them (graphql/sharedPayloads.ts). The resolver that
 * declares it promises that its `resolve`, and every field under it, reads nothing else of the viewer
 * than `visibility` says. Whether each subscriber may have the event at all is still judged by its own
 * feed before the value is yielded.
 */
export function shareWith<Source extends object>(source: Source, about: object, visibility: string): Source {
  return { ...source, [liveSharing]: { about, visibility } satisfies LiveSharing };
}

/** The sharing a source value declares, if any. */
export function sharingOf(value: unknown): LiveSharing | undefined {
  return typeof value === 'object' && value !== null ? (value as { [liveSharing]?: LiveSharing })[liveSharing] : undefined;
}

/** The subscriptions' `pubsub` (graphql/liveTopics.ts): events a subscription's `relevant` refuses are not queued for it. */
interface RelevantTopics {
  subscribe(topics: string | string[], relevant?: (event: StoredEvent) => boolean): Promise<AsyncIterable<unknown>>;
}

/** What a subscription does with one event: send it, skip it, or end (the subscriber lost access). */
export type Verdict = 'deliver' | 'skip' | 'end';

declare module 'mercurius' {
  interface MercuriusContext {
    /** Set on subscriptions whose client follows log positions (graphql-ws `extensions.resumeAfter`). */
    liveCursor?: LiveCursor;
  }
}

/**
 * Events of `topic` that `judge` lets through. Every event is judged against the database as it is
 * when the event is delivered, so a member removed (or signed out) hears nothing more: their feed
 * ends, which completes the subscription. The credential is checked before each delivery rather than
 * for every event of the topic: most of a team's events are skipped by the judge anyway.
 *
 * A subscriber that resumes after a log position first gets the events of the topic it missed, read
 * from the log and judged the same way (by its access now), then the live ones without those it was
 * given already; when it missed too much (or its position is unknown here) it is told the gap is too
 * old, and reloads. See liveResume.ts.
 *
 * `relevant`, when given, is a test of the event alone (no reads) that the judge would skip every event
 * it refuses: those never wake this subscriber. A team's topic carries every event of the team to every
 * subscription of every online member, and most of them are of no concern to most of those.
 */
export function feed(
  context: MercuriusContext,
  actor: Actor,
  topic: string | string[],
  judge: (event: StoredEvent) => Verdict | Promise<Verdict>,
  relevant?: (event: StoredEvent) => boolean,
) {
  const sqlite = context.services.database.sqlite;
  const cursor = context.liveCursor;
  const history = context.services.live.history;
  const names = typeof topic === 'string' ? [topic] : topic;
  const selections = names.map(logSelectionOf).filter((selection) => selection !== null);

  const withCredential = (verdict: Verdict): Verdict => (verdict === 'deliver' && !isLiveCredentialActive(sqlite, actor) ? 'end' : verdict);
  /** The judge's answer, with the credential checked before a delivery; synchronous when the judge is. */
  function verdictOf(event: StoredEvent): Verdict | Promise<Verdict> {
    // The judge's reads and the credential's, for every subscriber of every event: one read transaction.
    const judged = readTogether(sqlite, () => {
      const verdict = judge(event);
      return typeof verdict === 'string' ? withCredential(verdict) : verdict;
    });
    return typeof judged === 'string' ? judged : judged.then(withCredential);
  }

  return (async function* () {
    // A fresh subscriber starts from the log as it was before it listened: what was committed while it
    // started listening is read from the log below, so nothing falls between its start and its topics.
    const fresh = cursor?.resumeAfter === null;
    const from = cursor ? (cursor.resumeAfter ?? (await history.headSeq())) : null;
    const queue = (await (context.pubsub as unknown as RelevantTopics).subscribe(topic, relevant)) as AsyncIterable<StoredEvent>;
    /** Live events at or below this position were judged already, from the log. */
    let replayedUpTo = 0;
    if (cursor && from !== null) {
      const missed = await readMissed(history, selections, from);
      if (missed.status === 'gap') cursor.notify(fresh ? { seq: missed.head } : { seq: missed.head, resume: 'gap' });
      else {
        for (const event of missed.events) {
          if (relevant && !relevant(event)) continue;
          const verdict = await verdictOf(event);
          if (verdict === 'end') return;
          if (verdict !== 'deliver') continue;
          cursor.delivering = event.seq;
          yield event;
        }
        replayedUpTo = missed.position;
        cursor.notify(fresh ? { seq: missed.position } : { seq: missed.position, resume: 'replayed' });
      }
    }
    for await (const event of queue) {
      const inLog = typeof event.seq === 'number' && event.seq > 0;
      if (inLog && event.seq <= replayedUpTo) continue;
      const judged = verdictOf(event);
      // Synchronous judges (the SQLite reads) are not made to wait a turn for each event.
      const verdict = typeof judged === 'string' ? judged : await judged;
      if (verdict === 'end') return;
      if (verdict !== 'deliver') continue;
      if (cursor) cursor.delivering = inLog ? event.seq : null;
      yield event;
    }
  })();
}
