import type { ExecutionResult } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { LiveCursor, livePush, LiveOverflow, maxWaitingLiveValues, shareWith, type LiveConsumer, type LiveFeed } from '../core/live';
import { SharedPayloads } from './sharedPayloads';
import { delivering, type DeliveryOptions } from './socketResults';

/** A feed the test drives by hand, like a subscription waiting for its next event. */
function stream() {
  const waiting: ((result: IteratorResult<unknown>) => void)[] = [];
  const given: IteratorResult<unknown>[] = [];
  const iterator: AsyncIterableIterator<unknown> = {
    next: () => (given.length > 0 ? Promise.resolve(given.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    return: async () => ({ value: undefined, done: true }),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  const give = (result: IteratorResult<unknown>) => {
    const waiter = waiting.shift();
    if (waiter) waiter(result);
    else given.push(result);
  };
  return { iterator, give };
}

type Viewer = { viewerId: string; authorId: string };

/** A subscriber of a chat-like subscription whose payload depends on whether the viewer wrote the message. */
function subscriber(shared: SharedPayloads, execute: DeliveryOptions['execute'], overrides: Partial<DeliveryOptions> = {}) {
  const source = stream();
  const sent: string[] = [];
  const release = vi.fn();
  const results = delivering({
    source: source.iterator,
    execute,
    operationKey: 'subscription { subMessage { body canEdit } }, {"project":"p1"}',
    shared,
    send: (json) => (sent.push(json), true),
    withErrors: (result) => JSON.stringify({ errors: result.errors!.map((error) => ({ message: error.message, requestId: 'own' })) }),
    release,
    onStuck: () => undefined,
    ...overrides,
  });
  const ended = results.next();
  return { source, sent, release, results, ended };
}

const executeFor = () =>
  vi.fn((root: unknown): ExecutionResult => {
    const { viewerId, authorId } = root as Viewer;
    return { data: { subMessage: { body: 'hello', canEdit: viewerId === authorId } } };
  });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('delivering: a subscription’s results, sent straight to its socket', () => {
  it('executes once for the subscribers who see an event alike, and sends each the same JSON under its own id', async () => {
    const shared = new SharedPayloads();
    const execute = executeFor();
    const readers = [subscriber(shared, execute), subscriber(shared, execute), subscriber(shared, execute)];
    const event = { seq: 5 };
    for (const [index, reader] of readers.entries())
      reader.source.give({ value: shareWith({ viewerId: `reader${index}`, authorId: 'ann' }, event, 'reader'), done: false });
    await settled();
    expect(execute).toHaveBeenCalledTimes(1);
    for (const reader of readers) expect(reader.sent).toEqual(['{"data":{"subMessage":{"body":"hello","canEdit":false}}}']);
  });

  it('executes apart for another visibility: the author gets their own flags', async () => {
    const shared = new SharedPayloads();
    const execute = executeFor();
    const reader = subscriber(shared, execute);
    const author = subscriber(shared, execute);
    const event = { seq: 5 };
    reader.source.give({ value: shareWith({ viewerId: 'bas', authorId: 'ann' }, event, 'reader'), done: false });
    author.source.give({ value: shareWith({ viewerId: 'ann', authorId: 'ann' }, event, 'author'), done: false });
    await settled();
    expect(execute).toHaveBeenCalledTimes(2);
    expect(reader.sent).toEqual(['{"data":{"subMessage":{"body":"hello","canEdit":false}}}']);
    expect(author.sent).toEqual(['{"data":{"subMessage":{"body":"hello","canEdit":true}}}']);
  });

  it('executes apart for other variables', async () => {
    const shared = new SharedPayloads();
    const execute = executeFor();
    const first = subscriber(shared, execute);
    const second = subscriber(shared, execute, { operationKey: 'subscription { subMessage { body canEdit } }, {"project":"p2"}' });
    const event = { seq: 5 };
    first.source.give({ value: shareWith({ viewerId: 'bas', authorId: 'ann' }, event, 'reader'), done: false });
    second.source.give({ value: shareWith({ viewerId: 'bas', authorId: 'ann' }, event, 'reader'), done: false });
    await settled();
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('sends nothing to a subscriber whose feed ended (access revoked) while the others get the shared payload', async () => {
    const shared = new SharedPayloads();
    const execute = executeFor();
    const [kept, revoked, alsoKept] = [subscriber(shared, execute), subscriber(shared, execute), subscriber(shared, execute)];
    const event = { seq: 6 };
    kept.source.give({ value: shareWith({ viewerId: 'bas', authorId: 'ann' }, event, 'reader'), done: false });
    // The revoked subscriber's own feed judged the event and ended instead of yielding it.
    revoked.source.give({ value: undefined, done: true });
    alsoKept.source.give({ value: shareWith({ viewerId: 'cy', authorId: 'ann' }, event, 'reader'), done: false });
    expect(await revoked.ended).toEqual({ value: undefined, done: true });
    await settled();
    expect(revoked.sent).toEqual([]);
    expect(revoked.release).toHaveBeenCalledTimes(1);
    expect(kept.sent).toEqual(['{"data":{"subMessage":{"body":"hello","canEdit":false}}}']);
    expect(alsoKept.sent).toEqual(kept.sent);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('executes a value that declares no sharing for its subscriber alone', async () => {
    const shared = new SharedPayloads();
    const execute = executeFor();
    const [first, second] = [subscriber(shared, execute), subscriber(shared, execute)];
    const value = { viewerId: 'bas', authorId: 'ann' };
    first.source.give({ value, done: false });
    second.source.give({ value, done: false });
    await settled();
    expect(execute).toHaveBeenCalledTimes(2);
    expect(first.sent).toEqual(second.sent);
  });

  it('formats a result with errors for each subscriber', async () => {
    const shared = new SharedPayloads();
    const execute = vi.fn((): ExecutionResult => ({ data: null, errors: [new Error('boom') as never] }));
    const reader = subscriber(shared, execute);
    reader.source.give({ value: shareWith({}, { seq: 1 }, 'everyone'), done: false });
    await settled();
    expect(reader.sent).toEqual(['{"errors":[{"message":"boom","requestId":"own"}]}']);
  });

  it('sends a notice as soon as the feed gives one, then each result with its position', async () => {
    const shared = new SharedPayloads();
    const cursor = new LiveCursor(7);
    const reader = subscriber(shared, executeFor(), { cursor });
    await settled();
    cursor.notify({ seq: 9, resume: 'gap' });
    expect(reader.sent).toEqual(['{"extensions":{"seq":9,"resume":"gap"}}']);
    cursor.delivering = 10;
    reader.source.give({ value: shareWith({ viewerId: 'bas', authorId: 'ann' }, { seq: 10 }, 'reader'), done: false });
    await settled();
    expect(reader.sent[1]).toBe('{"data":{"subMessage":{"body":"hello","canEdit":false}},"extensions":{"seq":10}}');
    // A typing notice is outside the log: no position.
    cursor.delivering = null;
    reader.source.give({ value: { viewerId: 'bas', authorId: 'ann' }, done: false });
    await settled();
    expect(reader.sent[2]).toBe('{"data":{"subMessage":{"body":"hello","canEdit":false}}}');
  });

  it('sends nothing more once ended by the client, and releases the topics once', async () => {
    const shared = new SharedPayloads();
    const reader = subscriber(shared, executeFor());
    await reader.results.return(undefined);
    reader.source.give({ value: { viewerId: 'bas', authorId: 'ann' }, done: false });
    await settled();
    expect(reader.sent).toEqual([]);
    expect(reader.release).toHaveBeenCalledTimes(1);
    expect(await reader.ended).toEqual({ value: undefined, done: true });
  });

  it('stops when the socket takes nothing more', async () => {
    const shared = new SharedPayloads();
    const reader = subscriber(shared, executeFor(), { send: () => false });
    reader.source.give({ value: { viewerId: 'bas', authorId: 'ann' }, done: false });
    expect(await reader.ended).toEqual({ value: undefined, done: true });
    expect(reader.release).toHaveBeenCalledTimes(1);
  });
});

/** A feed that hands its values over (LiveFeed's push), driven by hand. */
function pushingFeed() {
  let consumer: LiveConsumer<unknown> | undefined;
  const stop = vi.fn();
  const feed = {
    next: () => Promise.reject(new Error('a pushed feed is not iterated')),
    [Symbol.asyncIterator]: () => feed,
    [livePush]: (given: LiveConsumer<unknown>) => {
      consumer = given;
      return stop;
    },
  } as unknown as LiveFeed<unknown>;
  return { feed, stop, consumer: () => consumer! };
}

describe('delivering from a feed that hands its values over', () => {
  it('writes each value in the same turn as it is handed over, in order, and ends when the feed does', async () => {
    const shared = new SharedPayloads();
    const source = pushingFeed();
    const sent: string[] = [];
    const release = vi.fn();
    const results = delivering({
      source: source.feed,
      execute: executeFor(),
      operationKey: 'key',
      shared,
      send: (json) => (sent.push(json), true),
      withErrors: () => 'errors',
      release,
      onStuck: () => undefined,
    });
    const ended = results.next();
    source.consumer().next(shareWith({ viewerId: 'bas', authorId: 'ann' }, { seq: 1 }, 'reader'));
    expect(sent).toEqual(['{"data":{"subMessage":{"body":"hello","canEdit":false}}}']);
    source.consumer().next({ viewerId: 'ann', authorId: 'ann' });
    expect(sent[1]).toBe('{"data":{"subMessage":{"body":"hello","canEdit":true}}}');
    source.consumer().end();
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('keeps the order when a payload takes a promise: the values and notices after it wait their turn', async () => {
    const cursor = new LiveCursor(null);
    const source = pushingFeed();
    const sent: string[] = [];
    let finish: ((result: ExecutionResult) => void) | undefined;
    const execute = vi.fn((root: unknown): ExecutionResult | Promise<ExecutionResult> =>
      (root as { slow?: boolean }).slow
        ? new Promise((resolve) => (finish = resolve))
        : { data: { subMessage: { body: (root as { body: string }).body } } },
    );
    const results = delivering({
      source: source.feed,
      execute,
      operationKey: 'key',
      shared: new SharedPayloads(),
      cursor,
      send: (json) => (sent.push(json), true),
      withErrors: () => 'errors',
      release: () => undefined,
      onStuck: () => undefined,
    });
    void results.next();
    cursor.delivering = 1;
    source.consumer().next({ slow: true });
    cursor.delivering = 2;
    source.consumer().next({ body: 'second' });
    cursor.notify({ seq: 2, resume: 'replayed' });
    expect(sent).toEqual([]);
    finish!({ data: { subMessage: { body: 'first' } } });
    await settled();
    expect(sent).toEqual([
      '{"data":{"subMessage":{"body":"first"}},"extensions":{"seq":1}}',
      '{"data":{"subMessage":{"body":"second"}},"extensions":{"seq":2}}',
      '{"extensions":{"seq":2,"resume":"replayed"}}',
    ]);
  });

  it('stops the feed and releases the topics when the client ends the subscription', async () => {
    const source = pushingFeed();
    const release = vi.fn();
    const results = delivering({
      source: source.feed,
      execute: executeFor(),
      operationKey: 'key',
      shared: new SharedPayloads(),
      send: () => true,
      withErrors: () => 'errors',
      release,
      onStuck: () => undefined,
    });
    const ended = results.next();
    await results.return(undefined);
    expect(source.stop).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledTimes(1);
    expect(await ended).toEqual({ value: undefined, done: true });
  });

  it('fails the subscription with the feed’s error', async () => {
    const source = pushingFeed();
    const results = delivering({
      source: source.feed,
      execute: executeFor(),
      operationKey: 'key',
      shared: new SharedPayloads(),
      send: () => true,
      withErrors: () => 'errors',
      release: () => undefined,
      onStuck: () => undefined,
    });
    const ended = results.next();
    source.consumer().end(new Error('history unavailable'));
    await expect(ended).rejects.toThrow('history unavailable');
  });

  it('drops a stuck subscriber instead of failing it: too many values waiting behind a payload still being made', async () => {
    const source = pushingFeed();
    const release = vi.fn();
    const onStuck = vi.fn();
    const sent: string[] = [];
    const results = delivering({
      source: source.feed,
      // A payload that never comes: every value after the first waits behind it.
      execute: () => new Promise<ExecutionResult>(() => undefined),
      operationKey: 'key',
      shared: new SharedPayloads(),
      send: (json) => (sent.push(json), true),
      withErrors: () => 'errors',
      release,
      onStuck,
    });
    const ended = results.next();
    for (let count = 0; count <= maxWaitingLiveValues; count += 1) source.consumer().next({ viewerId: 'bas', authorId: 'ann' });
    expect(onStuck).not.toHaveBeenCalled();
    source.consumer().next({ viewerId: 'bas', authorId: 'ann' });
    expect(onStuck).toHaveBeenCalledTimes(1);
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(source.stop).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledTimes(1);
    source.consumer().next({ viewerId: 'bas', authorId: 'ann' });
    expect(onStuck).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('drops a subscriber whose feed overflowed behind a judgement, instead of failing it', async () => {
    const source = pushingFeed();
    const onStuck = vi.fn();
    const results = delivering({
      source: source.feed,
      execute: executeFor(),
      operationKey: 'key',
      shared: new SharedPayloads(),
      send: () => true,
      withErrors: () => 'errors',
      release: () => undefined,
      onStuck,
    });
    const ended = results.next();
    source.consumer().end(new LiveOverflow(maxWaitingLiveValues));
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(onStuck).toHaveBeenCalledTimes(1);
  });
});
