import type { ExecutionResult } from 'graphql';
import {
  InTurn,
  isLiveFeed,
  livePush,
  LiveOverflow,
  maxWaitingLiveValues,
  sharingOf,
  type LiveCursor,
  type LiveFeed,
  type LiveNotice,
} from '../core/live';
import { isPromise, prepare, type PreparedPayload, type SharedPayloads } from './sharedPayloads';

export interface DeliveryOptions {
  /** The subscription's source event stream (its resolver's feed). */
  source: AsyncIterable<unknown>;
  /** Runs the subscription's document with this source value as its root (graphql's execute). */
  execute: (rootValue: unknown) => ExecutionResult | Promise<ExecutionResult>;
  /** The document text, operation name and variables, as one string: subscribers with the same one may share payloads. */
  operationKey: string;
  shared: SharedPayloads;
  cursor?: LiveCursor | undefined;
  /** Sends one `next` message whose payload is this JSON; answers false once the socket takes nothing more. */
  send: (payloadJson: string) => boolean;
  /** The JSON of a result with errors, formatted for this subscriber (its request id on each error). */
  withErrors: (result: ExecutionResult) => string;
  /** Releases the subscription's topic listeners; called once, however the delivery ends. */
  release: () => void;
  /**
   * Drops the socket of a subscriber that is stuck (more live values waiting behind a payload still being
   * made than a topic queue may hold): as the queue's overflow does, so that the client reconnects and resumes.
   */
  onStuck: () => void;
}

/**
 * A subscription's deliveries, sent straight to its socket: each event its feed yields is executed, or
 * taken from the subscribers who share its payload (shareWith in core/live.ts), and written as a `next` message
 * built around the shared JSON. The returned generator yields nothing: graphql-ws iterates it only to
 * learn when the subscription ends (then it sends `complete`), fails (it sends `error`), or to end it
 * (the client's `complete`, the socket closing), which releases its topic listeners at once instead of
 * when the next event happens to arrive.
 *
 * A feed that hands its values over (LiveFeed, core/live.ts) is not iterated: each value is executed or
 * shared and written in the turn its event is handed over, with no promise or generator step per delivery;
 * only a payload whose execution answers a promise makes the values after it wait, in order. More than
 * `maxWaitingLiveValues` waiting (here, or behind a judgement in the feed) make the subscriber stuck: `onStuck`
 * drops its socket, as a full topic queue does on the iterated path, and the client resumes.
 *
 * With a live cursor (a client that follows log positions, see core/liveResume.ts), each result
 * carries `extensions.seq`, the position of the event it is about, and the cursor's notices are sent
 * as results without data as soon as the feed gives them.
 */
export function delivering(options: DeliveryOptions): AsyncGenerator<never> {
  const { cursor, source } = options;
  let stopped = false;
  let running: Promise<IteratorResult<never>> | undefined;
  /** Stops a pushed feed and ends its delivery (see below). */
  let stopFeed: (() => void) | undefined;
  let endPushed: (() => void) | undefined;
  let iterator: AsyncIterator<unknown> | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    cursor?.listen(null);
    stopFeed?.();
    options.release();
    endPushed?.();
  };
  const sendNotice = (notice: LiveNotice) => {
    if (!stopped && !options.send(JSON.stringify({ extensions: notice }))) stop();
  };

  function payloadOf(value: unknown): PreparedPayload | Promise<PreparedPayload> {
    const sharing = sharingOf(value);
    if (sharing) return options.shared.payloadFor(sharing.about, options.operationKey, sharing.visibility, () => options.execute(value));
    return prepare(() => options.execute(value));
  }

  function sendPayload(prepared: PreparedPayload, seq: number | null): void {
    let json: string;
    if (prepared.dataJson !== null)
      json = seq === null ? `{"data":${prepared.dataJson}}` : `{"data":${prepared.dataJson},"extensions":{"seq":${seq}}}`;
    else {
      const { result } = prepared;
      json = options.withErrors(seq === null ? result : { ...result, extensions: { ...result.extensions, seq } });
    }
    if (!options.send(json)) stop();
  }

  /** One value sent: at once when its payload is ready (shared, or executed synchronously); a promise otherwise. */
  function deliver(value: unknown, seq: number | null): void | Promise<void> {
    if (stopped) return;
    const prepared = payloadOf(value);
    if (!isPromise(prepared)) return sendPayload(prepared, seq);
    return prepared.then((ready) => {
      if (!stopped) sendPayload(ready, seq);
    });
  }

  /** The feed hands each value over as its event is handed over: sent in the same turn, in order. */
  function pushed(feed: LiveFeed<unknown>): Promise<IteratorResult<never>> {
    return new Promise((resolve, reject) => {
      endPushed = () => resolve({ value: undefined, done: true });
      // What waits behind a payload still being made: values with their log position, and notices in their place.
      type Waiting = { value: unknown; seq: number | null } | { notice: LiveNotice };
      const steps = new InTurn<Waiting>(
        (waiting) => ('notice' in waiting ? sendNotice(waiting.notice) : deliver(waiting.value, waiting.seq)),
        (error) => {
          // A stuck subscriber is dropped, not failed: an `error` message would be taken by the client as a refusal.
          if (error instanceof LiveOverflow) options.onStuck();
          // Settled before stop() ends it as done.
          else if (error !== undefined) reject(error instanceof Error ? error : new Error(String(error)));
          stop();
        },
        maxWaitingLiveValues,
      );
      cursor?.listen((notice) => steps.add({ notice }));
      stopFeed = feed[livePush]({
        // The feed set the cursor's position before handing the value over.
        next: (value) => steps.add({ value, seq: cursor ? cursor.delivering : null }),
        end: (error) => steps.close(error),
      });
    });
  }

  async function pulled(): Promise<IteratorResult<never>> {
    try {
      iterator = source[Symbol.asyncIterator]();
      cursor?.listen(sendNotice);
      while (!stopped) {
        const step = await iterator.next();
        if (step.done || stopped) break;
        // The feed set the cursor's position before yielding and waits until asked for the next event.
        const seq = cursor ? cursor.delivering : null;
        let prepared = payloadOf(step.value);
        if (isPromise(prepared)) prepared = await prepared;
        if (stopped) break;
        sendPayload(prepared, seq);
      }
      return { value: undefined, done: true };
    } finally {
      stop();
    }
  }

  const generator: AsyncGenerator<never> = {
    next() {
      return (running ??= isLiveFeed(source) ? pushed(source) : pulled());
    },
    async return() {
      stop();
      if (iterator?.return) await iterator.return();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      stop();
      if (iterator?.return) await iterator.return();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return generator;
    },
  };
  return generator;
}
