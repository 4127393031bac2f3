import type Database from 'better-sqlite3';
import type { MercuriusContext } from 'mercurius';
import type { MQEmitter } from 'mqemitter';
import { readTogether } from '../db/prepared';
import type { Actor } from '../graphql/context';
import { liveCredentialCheckOf, rememberCredentials } from '../graphql/liveCredentials';
import type { HandoverRound, ListenableQueue } from '../graphql/liveTopics';
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
  // The same copy as `{ ...source, [liveSharing]: … }`, which V8 runs many times slower with a symbol key (once per delivery).
  const marked: Source & { [liveSharing]?: LiveSharing } = Object.assign({}, source);
  marked[liveSharing] = { about, visibility };
  return marked;
}

/** The sharing a source value declares, if any. */
export function sharingOf(value: unknown): LiveSharing | undefined {
  return typeof value === 'object' && value !== null ? (value as { [liveSharing]?: LiveSharing })[liveSharing] : undefined;
}

/** The subscriptions' `pubsub` (graphql/liveTopics.ts): events a subscription's `relevant` refuses are not queued for it. */
interface RelevantTopics {
  subscribe(topics: string | string[], relevant?: (event: StoredEvent) => boolean): Promise<ListenableQueue>;
}

/** Where a feed (see `feed`) takes a consumer that is handed its values instead of asking for them. */
export const livePush = Symbol('livePush');

/** Takes a feed's values as they come. Neither method may throw. */
export interface LiveConsumer<Value> {
  next(value: Value): void;
  /** The feed is over: its subscriber lost access (no error), its topics were closed, or it failed. */
  end(error?: unknown): void;
}

/**
 * A subscription's source: iterated, as any async iterable, or handed to a consumer (`[livePush]`), which gets
 * each value in the same turn as its event is handed over: no promise, no generator step and no turn of the
 * microtask queue per delivery, which with a thousand subscribers is most of a delivery's cost. One or the
 * other, once. `[livePush]` answers a function that stops the feed.
 */
export interface LiveFeed<Value> extends AsyncIterableIterator<Value> {
  [livePush](consumer: LiveConsumer<Value>): () => void;
}

export function isLiveFeed<Value>(source: AsyncIterable<Value>): source is LiveFeed<Value> {
  return livePush in source;
}

/** A live feed from its two ways of being read: `iterate` makes the async iterator on first use. */
function liveFeed<Value>(iterate: () => AsyncIterator<Value>, push: (consumer: LiveConsumer<Value>) => () => void): LiveFeed<Value> {
  let iterator: AsyncIterator<Value> | undefined;
  const started = () => (iterator ??= iterate());
  const feed: LiveFeed<Value> = {
    next: () => started().next(),
    return: (value?: unknown) => started().return?.(value) ?? Promise.resolve({ value: undefined, done: true }),
    throw: (error?: unknown) => started().throw?.(error) ?? Promise.reject(error),
    [Symbol.asyncIterator]: () => feed,
    [livePush]: push,
  };
  return feed;
}

/** What a relayed feed's `take` answers for a value it leaves out (no allocation per value, unlike an option). */
const leftOut = Symbol('leftOut');

/**
 * The feed's values passed through `map` (what the subscription's resolver is given for each event), read
 * the same way as the feed: `map` runs when its value is taken, after the judgement of its event.
 */
export function mapFeed<From, To>(source: LiveFeed<From>, map: (value: From) => To): LiveFeed<To> {
  return relayFeed<From, To>(
    source,
    async function* () {
      for await (const value of source) yield map(value);
    } as () => AsyncIterator<To>,
    map,
  );
}

/**
 * The feed's values that `keep` accepts, read the same way as the feed (a test of the value alone, after the
 * judgement of its event): for a feed that carries values of several kinds, of which the subscription yields one.
 */
export function filterFeed<From, To extends From>(source: LiveFeed<From>, keep: (value: From) => value is To): LiveFeed<To> {
  return relayFeed<From, To>(
    source,
    async function* () {
      for await (const value of source) if (keep(value)) yield value;
    } as () => AsyncIterator<To>,
    (value) => (keep(value) ? value : leftOut),
  );
}

/**
 * A feed made from another: iterated through `iterate`, or pushed with each of the source's values given to
 * `take`, whose answer is handed on (unless `leftOut`). A `take` that throws stops the source and ends the
 * feed with its error.
 */
function relayFeed<From, To>(
  source: LiveFeed<From>,
  iterate: () => AsyncIterator<To>,
  take: (value: From) => To | typeof leftOut,
): LiveFeed<To> {
  return liveFeed<To>(iterate, (consumer) => {
    let stopped = false;
    const stop = source[livePush]({
      next(value) {
        if (stopped) return;
        let taken: To | typeof leftOut;
        try {
          taken = take(value);
        } catch (error) {
          stopped = true;
          stop();
          consumer.end(error);
          return;
        }
        if (taken !== leftOut) consumer.next(taken);
      },
      end(error) {
        if (stopped) return;
        stopped = true;
        consumer.end(error);
      },
    });
    return () => {
      stopped = true;
      stop();
    };
  });
}

/**
 * A consumer had more values waiting than it may (see InTurn): it is stuck, not refused. The socket's
 * delivery treats it as the queue's overflow (graphql/liveTopics.ts): the socket is dropped and the client
 * reconnects and resumes from its log position, where an error would make the client give the
 * subscription up for good.
 */
export class LiveOverflow extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} live values waited for one that took long`);
    this.name = 'LiveOverflow';
  }
}

/**
 * Runs `step` on each value in the order they are added: at once while every step is synchronous; once one
 * answers a promise, the values after it wait their turn (at most `limit`, then it ends with a LiveOverflow).
 * `end` is called once: after the last step when `close` was asked without an error, at once with the error
 * of a step that failed or the one `close` was given.
 */
export class InTurn<Value> {
  private readonly backlog: Value[] = [];
  private waiting = false;
  private closing = false;
  private over = false;

  constructor(
    private readonly step: (value: Value) => void | Promise<void>,
    private readonly end: (error?: unknown) => void,
    private readonly limit: number,
  ) {}

  add(value: Value): void {
    if (this.over) return;
    if (!this.waiting) {
      this.run(value);
      return;
    }
    this.backlog.push(value);
    if (this.backlog.length > this.limit) this.finish(new LiveOverflow(this.limit));
  }

  close(error?: unknown): void {
    if (this.over) return;
    if (error !== undefined) this.finish(error);
    else if (this.waiting) this.closing = true;
    else this.finish();
  }

  private run(value: Value): void {
    let result: void | Promise<void>;
    try {
      result = this.step(value);
    } catch (error) {
      this.finish(error);
      return;
    }
    if (!result) return;
    this.waiting = true;
    result.then(
      () => this.resume(),
      (error: unknown) => this.finish(error),
    );
  }

  private resume(): void {
    this.waiting = false;
    while (!this.waiting && !this.over && this.backlog.length > 0) this.run(this.backlog.shift()!);
    if (!this.waiting && this.closing) this.finish();
  }

  private finish(error?: unknown): void {
    if (this.over) return;
    this.over = true;
    this.backlog.length = 0;
    this.end(error);
  }
}

/** Live values a consumer may have waiting behind one whose payload is still being made (as many as a queue may hold). */
export const maxWaitingLiveValues = 10_000;

/**
 * One read transaction per connection around the deliveries of one handover (graphql/liveTopics.ts): every
 * subscriber's judgement and credential check of the events handed over together read one snapshot of the
 * database, and a credential is read once in it for all its subscriptions (liveCredentials.ts). Nothing else
 * of this process runs in between: the handover is synchronous. Reads that answer a promise finish after it,
 * in a transaction of their own (readTogether).
 */
const deliveryRounds = new WeakMap<Database.Database, HandoverRound>();

function deliveryRoundOf(sqlite: Database.Database): HandoverRound {
  let round = deliveryRounds.get(sqlite);
  if (round) return round;
  const begin = sqlite.prepare('BEGIN DEFERRED');
  const commit = sqlite.prepare('COMMIT');
  let began = false;
  round = {
    open() {
      began = !sqlite.inTransaction;
      if (began) begin.run();
      rememberCredentials(sqlite, true);
    },
    close() {
      rememberCredentials(sqlite, false);
      if (began && sqlite.inTransaction) commit.run();
      began = false;
    },
  };
  deliveryRounds.set(sqlite, round);
  return round;
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
 * for every event of the topic: most of a team's events are skipped by the judge anyway. A caller
 * without one (`actor` null: a meeting room's guest) is judged by `judge` alone, which checks the
 * guest's standing itself.
 *
 * A subscriber that resumes after a log position first gets the events of the topic it missed, read
 * from the log and judged the same way (by its access now), then the live ones without those it was
 * given already; when it missed too much (or its position is unknown here) it is told the gap is too
 * old, and reloads. See liveResume.ts.
 *
 * `relevant`, when given, is a test of the event alone (no reads) that the judge would skip every event
 * it refuses: those never wake this subscriber. A team's topic carries every event of the team to every
 * subscription of every online member, and most of them are of no concern to most of those.
 *
 * Read as a LiveFeed's push (what the socket's delivery does when the resolver returns the feed itself, or
 * through mapFeed or filterFeed), each live event is judged, checked and handed on in the turn it is handed over, and the
 * deliveries of one handover share one read transaction (one snapshot, each credential read once). Iterated,
 * it judges each event when the reader asks for it, as before.
 */
export function feed(
  context: MercuriusContext,
  actor: Actor | null,
  topic: string | string[],
  judge: (event: StoredEvent) => Verdict | Promise<Verdict>,
  relevant?: (event: StoredEvent) => boolean,
): LiveFeed<StoredEvent> {
  const sqlite = context.services.database.sqlite;
  const cursor = context.liveCursor;
  const history = context.services.live.history;
  const pubsub = context.pubsub as unknown as RelevantTopics;
  const names = typeof topic === 'string' ? [topic] : topic;
  const selections = names.map(logSelectionOf).filter((selection) => selection !== null);

  const credentialHolds = liveCredentialCheckOf(context.services.database);
  /** A delivery's credential check: at once on SQLite; on PostgreSQL a promise, read with the handover's others. */
  const withCredential = (verdict: Verdict): Verdict | Promise<Verdict> => {
    if (verdict !== 'deliver' || actor === null) return verdict;
    const holds = credentialHolds(actor);
    if (typeof holds === 'boolean') return holds ? verdict : 'end';
    return holds.then((active) => (active ? verdict : 'end'));
  };
  /** The judge's answer, with the credential checked before a delivery; synchronous when the judge is. */
  function verdictOf(event: StoredEvent): Verdict | Promise<Verdict> {
    const judgeNow = () => {
      const verdict = judge(event);
      return typeof verdict === 'string' ? withCredential(verdict) : verdict;
    };
    // On SQLite the judge's reads and the credential's, for every subscriber of every event: one read transaction.
    // On PostgreSQL each read is a statement of the pool, and the credentials of a handover are read together.
    const judged = sqlite ? readTogether(sqlite, judgeNow) : judgeNow();
    return typeof judged === 'string' ? judged : judged.then(withCredential);
  }

  /** Where the live events start: the log position to replay after (null without a cursor), read before listening. */
  async function start() {
    // A fresh subscriber starts from the log as it was before it listened: what was committed while it
    // started listening is read from the log below, so nothing falls between its start and its topics.
    const fresh = cursor?.resumeAfter === null;
    const from = cursor ? (cursor.resumeAfter ?? (await history.headSeq())) : null;
    const queue = await pubsub.subscribe(topic, relevant);
    return { fresh, from, queue };
  }

  /** Live events at or below `replayedUpTo` were judged already, from the log. */
  const replayedAlready = (event: StoredEvent, replayedUpTo: number) =>
    typeof event.seq === 'number' && event.seq > 0 && event.seq <= replayedUpTo;

  const iterate = async function* () {
    const { fresh, from, queue } = await start();
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
    for await (const value of queue) {
      const event = value as StoredEvent;
      if (replayedAlready(event, replayedUpTo)) continue;
      const judged = verdictOf(event);
      // Synchronous judges (the SQLite reads) are not made to wait a turn for each event.
      const verdict = typeof judged === 'string' ? judged : await judged;
      if (verdict === 'end') return;
      if (verdict !== 'deliver') continue;
      if (cursor) cursor.delivering = typeof event.seq === 'number' && event.seq > 0 ? event.seq : null;
      yield event;
    }
  };

  /** The same steps as `iterate`, each event judged and handed on as it is handed over. */
  const push = (consumer: LiveConsumer<StoredEvent>) => {
    let stopped = false;
    let queue: ListenableQueue | undefined;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      void queue?.return?.();
    };
    const finish = (error?: unknown) => {
      if (stopped) return;
      stop();
      consumer.end(error);
    };
    const handOn = (event: StoredEvent, verdict: Verdict): void => {
      if (stopped) return;
      if (verdict === 'end') return finish();
      if (verdict !== 'deliver') return;
      if (cursor) cursor.delivering = typeof event.seq === 'number' && event.seq > 0 ? event.seq : null;
      consumer.next(event);
    };
    const take = (event: StoredEvent): void | Promise<void> => {
      if (stopped) return;
      const judged = verdictOf(event);
      return typeof judged === 'string' ? handOn(event, judged) : judged.then((verdict) => handOn(event, verdict));
    };
    const steps = new InTurn<StoredEvent>(take, finish, maxWaitingLiveValues);
    void (async () => {
      const started = await start();
      queue = started.queue;
      const { fresh, from } = started;
      let replayedUpTo = 0;
      if (stopped) return void queue.return?.();
      if (cursor && from !== null) {
        const missed = await readMissed(history, selections, from);
        if (missed.status === 'gap') cursor.notify(fresh ? { seq: missed.head } : { seq: missed.head, resume: 'gap' });
        else {
          for (const event of missed.events) {
            if (relevant && !relevant(event)) continue;
            await take(event);
            if (stopped) return;
          }
          replayedUpTo = missed.position;
          cursor.notify(fresh ? { seq: missed.position } : { seq: missed.position, resume: 'replayed' });
        }
      }
      queue.listen({
        next: (value) => {
          if (!replayedAlready(value as StoredEvent, replayedUpTo)) steps.add(value as StoredEvent);
        },
        end: () => steps.close(),
        round: sqlite ? deliveryRoundOf(sqlite) : undefined,
      });
    })().catch(finish);
    return stop;
  };

  return liveFeed(iterate, push);
}

/**
 * For a feed of notices the log does not keep (a call's joins, states and signals): tells a client that
 * follows log positions that the feed listens now, with the log's position at that moment, as `feed`
 * does for a fresh subscription. What happened before cannot be sent again; from here on nothing is missed.
 * Call it once the feed's topics are subscribed.
 */
export async function tellListening(context: MercuriusContext): Promise<void> {
  const cursor = context.liveCursor;
  if (cursor) cursor.notify({ seq: await context.services.live.history.headSeq() });
}
