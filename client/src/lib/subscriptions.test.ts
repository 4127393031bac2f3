import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client, ClientOptions, FormattedExecutionResult, Sink, SubscribePayload } from 'graphql-ws';
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import type * as GraphQL from 'graphql';
import WebSocket, { WebSocketServer } from 'ws';
import { websocketRetryDelay } from '#shared/constants';
import { RequestError } from './graphql';
import { documentSource, type GraphQLDocument } from './graphqlDocument';
import { ReadPositions } from './readPosition';
import { ResumeSettling } from './resumeSettling';
import { createAppStore } from './store';
import {
  connectionStatusAtom,
  createSubscriptionClient,
  isTerminalCloseCode,
  onReconnect,
  reconnectWhenBack,
  subscribe,
  subscriptionClientOptions,
  type LivePositions,
  type SubscriptionClientDependencies,
} from './subscriptions';

function dependencies(
  overrides: Partial<SubscriptionClientDependencies> = {},
): SubscriptionClientDependencies & { store: ReturnType<typeof createAppStore> } {
  return {
    url: 'ws://localhost/graphql',
    store: createAppStore(),
    sleep: vi.fn(async (_ms: number) => {}),
    random: () => 0,
    log: { warn: vi.fn(), error: vi.fn() },
    connectionParams: () => ({ user: 'u1' }),
    refreshSession: vi.fn(async () => {}),
    ...overrides,
  } as SubscriptionClientDependencies & { store: ReturnType<typeof createAppStore> };
}

describe('subscription client: SPEC §7 and §9 retry policy', () => {
  it('SPEC §7: connects lazily with a 10 s keep-alive and connection params read on each connection', () => {
    let user = 'first';
    const options = subscriptionClientOptions(dependencies({ connectionParams: () => ({ user }) }));
    expect(options.lazy).toBe(true);
    expect(options.keepAlive).toBe(10_000);
    expect(typeof options.connectionParams).toBe('function');
    const params = options.connectionParams as () => Record<string, unknown>;
    expect(params()).toEqual({ user: 'first' });
    user = 'second';
    expect(params()).toEqual({ user: 'second' });
  });

  it('SPEC §9: retries forever, whatever closed the socket', () => {
    const options = subscriptionClientOptions(dependencies());
    expect(options.retryAttempts).toBe(Number.POSITIVE_INFINITY);
    expect(options.shouldRetry?.({ code: 1006, reason: '' })).toBe(true);
    expect(options.shouldRetry?.(new Error('getaddrinfo ENOTFOUND'))).toBe(true);
    expect(options.shouldRetry?.(undefined)).toBe(true);
  });

  it('SPEC §9: waits 1 s doubling up to 30 s between attempts', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const options = subscriptionClientOptions(dependencies({ sleep, random: () => 0 }));
    for (let attempt = 0; attempt < 8; attempt++) await options.retryWait?.(attempt);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('SPEC §9: adds at most 20% jitter', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const options = subscriptionClientOptions(dependencies({ sleep, random: () => 0.999_999 }));
    await options.retryWait?.(0);
    await options.retryWait?.(10);
    const [first, capped] = sleep.mock.calls.map(([ms]) => ms);
    expect(first).toBeGreaterThan(1000);
    expect(first).toBeLessThanOrEqual(1200);
    expect(capped).toBeLessThanOrEqual(36_000);
    expect(capped).toBe(websocketRetryDelay(10, () => 0.999_999));
  });

  it('tracks the connection status and announces reconnections', () => {
    const deps = dependencies();
    const options = subscriptionClientOptions(deps);
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);
    options.on?.connecting?.(false);
    expect(deps.store.get(connectionStatusAtom)).toBe('connecting');
    options.on?.connected?.({}, undefined, false);
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
    expect(reconnected).not.toHaveBeenCalled();
    options.on?.closed?.({ code: 1006, reason: '' });
    expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting');
    expect(deps.log.warn).toHaveBeenCalledWith('[subscriptions] websocket closed (1006)');
    options.on?.connecting?.(true);
    expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting');
    options.on?.connected?.({}, undefined, true);
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);
    options.on?.closed?.({ code: 1000, reason: 'Normal Closure' });
    expect(deps.store.get(connectionStatusAtom)).toBe('idle');
    stop();
  });

  it('knows which closes graphql-ws gives up on, and shows idle rather than reconnecting for ever after one', () => {
    for (const code of [4400, 4401, 4406, 4409, 4429, 4500, 1002, 1009]) expect(isTerminalCloseCode(code), String(code)).toBe(true);
    for (const code of [1000, 1001, 1006, 1013, 4403, 4408, 4430, 4431, 4499]) expect(isTerminalCloseCode(code), String(code)).toBe(false);
    const deps = dependencies();
    const options = subscriptionClientOptions(deps);
    options.on?.closed?.({ code: 4499, reason: 'Slow consumer' });
    expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting');
    options.on?.closed?.({ code: 4409, reason: 'Subscriber for 1 already exists' });
    expect(deps.store.get(connectionStatusAtom)).toBe('idle');
    expect(deps.log.warn).toHaveBeenLastCalledWith(
      '[subscriptions] websocket closed (4409: Subscriber for 1 already exists); not reconnecting',
    );
  });

  it('refreshes the session before retrying a socket refused for its token', async () => {
    const deps = dependencies();
    const options = subscriptionClientOptions(deps);
    options.on?.closed?.({ code: 4403, reason: 'Forbidden' });
    await options.retryWait?.(0);
    await options.retryWait?.(1);
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
  });
});

/** graphql-ws's client, faked: the test plays the socket's events through the options it was given. */
function fakeGraphqlWs() {
  const subscriptions: { payload: SubscribePayload; sink: Sink<FormattedExecutionResult>; active: boolean }[] = [];
  let options: ClientOptions | undefined;
  const events = () => options!.on!;
  const terminate = vi.fn(() => events().closed?.({ code: 4499, reason: 'Terminated' }));
  const client: Client = {
    on: () => () => undefined,
    subscribe: (payload, sink) => {
      const entry = { payload, sink: sink as Sink<FormattedExecutionResult>, active: true };
      subscriptions.push(entry);
      return () => {
        entry.active = false;
      };
    },
    iterate: () => {
      throw new Error('not used');
    },
    dispose: vi.fn(),
    terminate,
  };
  return {
    createClient: (given: ClientOptions) => ((options = given), client),
    subscriptions,
    events,
    terminate,
    options: () => options!,
  };
}

/** A sleep the test ends by hand: the back-offs asked for, in order. */
function manualSleep() {
  const waits: { ms: number; end: () => void }[] = [];
  const sleep = vi.fn((ms: number) => new Promise<void>((resolve) => waits.push({ ms, end: resolve })));
  return { sleep, waits, delays: () => waits.map(({ ms }) => ms) };
}

/** Lets every promise that can settle now settle (no time passes). */
function flushPromises() {
  return new Promise((resolve) => setImmediate(resolve));
}

function settlement(promise: Promise<unknown>) {
  let settled = false;
  void promise.finally(() => (settled = true));
  return { promise, settled: () => settled };
}

function openSocket() {
  return { readyState: 1, send: vi.fn(), close: vi.fn() };
}

// The test servers' own schema (ticks, beats), not the app's: documents typed by hand. Variables only tell subscriptions apart.
const ticksDocument: GraphQLDocument<{ ticks: number }, Record<string, unknown>> = { text: 'subscription Ticks { ticks }', fragments: [] };
const beatsDocument: GraphQLDocument<{ beats: number }, Record<string, unknown>> = { text: 'subscription Beats { beats }', fragments: [] };
const closeEvent = (code: number, reason = '') => ({ code, reason });
const refusal = (code: string, message = code) => [{ message, extensions: { code } }];

function liveClient(overrides: Partial<SubscriptionClientDependencies> = {}, positions?: LivePositions, resumes?: ResumeSettling) {
  const graphqlWs = fakeGraphqlWs();
  const backOff = manualSleep();
  const deps = dependencies({ sleep: backOff.sleep, createClient: graphqlWs.createClient, ...overrides });
  const client = createSubscriptionClient({ ...deps, ...(positions ? { positions } : {}), ...(resumes ? { resumes } : {}) });
  const reconnected = vi.fn();
  const stopListening = onReconnect(reconnected);
  const connect = (socket = openSocket(), wasRetry = false) => {
    graphqlWs.events().connecting?.(wasRetry);
    graphqlWs.events().connected?.(socket, undefined, wasRetry);
    return socket;
  };
  return { graphqlWs, backOff, deps, client, reconnected, stopListening, connect };
}

describe('subscribe: a live view never stays silently dead', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.useRealTimers();
  });

  function setUp(overrides: Partial<SubscriptionClientDependencies> = {}) {
    const live = liveClient(overrides);
    cleanups.push(() => live.stopListening());
    return live;
  }

  it('resubscribes after a close graphql-ws gives up on (4500), after the back-off, and announces it once live', async () => {
    const { graphqlWs, backOff, deps, client, reconnected, connect } = setUp();
    const received: number[] = [];
    subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), client);
    connect();
    graphqlWs.subscriptions[0]!.sink.next({ data: { ticks: 1 } });

    graphqlWs.events().closed?.(closeEvent(4500, 'Internal server error (request r1)'));
    graphqlWs.subscriptions[0]!.sink.error(closeEvent(4500, 'Internal server error (request r1)'));
    expect(deps.store.get(connectionStatusAtom)).toBe('idle');
    expect(backOff.delays()).toEqual([1000]);
    expect(graphqlWs.subscriptions).toHaveLength(1);

    backOff.waits[0]!.end();
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(2));
    expect(graphqlWs.subscriptions[1]!.payload).toEqual({
      query: documentSource(ticksDocument),
      variables: {},
      extensions: { resumeAfter: null },
    });
    graphqlWs.events().connecting?.(false);
    expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting');
    expect(reconnected).not.toHaveBeenCalled();
    graphqlWs.events().connected?.(openSocket(), undefined, false);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
    graphqlWs.subscriptions[1]!.sink.next({ data: { ticks: 2 } });
    expect(received).toEqual([1, 2]);
  });

  it('brings back every subscription the close ended after one shared back-off, and none that was unsubscribed meanwhile', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    const stopSecond = subscribe(ticksDocument, { second: true }, () => undefined, client);
    subscribe(ticksDocument, { third: true }, () => undefined, client);
    connect();
    for (const { sink } of graphqlWs.subscriptions) sink.error(closeEvent(1009, 'Message too big'));
    stopSecond();
    expect(backOff.delays()).toEqual([1000]);
    backOff.waits[0]!.end();
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(5));
    expect(graphqlWs.subscriptions.slice(3).map(({ payload }) => payload.variables)).toEqual([{}, { third: true }]);
  });

  it('does not resubscribe what the server refused (NOT_FOUND, PERMISSION_DENIED) or completed', () => {
    const { graphqlWs, backOff, deps, client, connect } = setUp();
    const refusedWith: unknown[] = [];
    for (let index = 0; index < 4; index++) {
      subscribe(
        ticksDocument,
        { index },
        () => undefined,
        client,
        undefined,
        (errors) => refusedWith.push(errors),
      );
    }
    connect();
    const [notFound, denied, completed, refusedThenCompleted] = graphqlWs.subscriptions;
    notFound!.sink.error(refusal('NOT_FOUND', 'Space not found'));
    denied!.sink.error(refusal('PERMISSION_DENIED'));
    completed!.sink.complete();
    refusedThenCompleted!.sink.next({ data: null, errors: refusal('PERMISSION_DENIED') } as unknown as FormattedExecutionResult);
    refusedThenCompleted!.sink.complete();

    expect(graphqlWs.subscriptions).toHaveLength(4);
    expect(backOff.sleep).not.toHaveBeenCalled();
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(deps.log.warn).toHaveBeenCalledWith('[subscriptions] ticks failed', refusal('NOT_FOUND', 'Space not found'));
    // Each refusal is told to its subscriber, a completion is not.
    expect(refusedWith).toEqual([
      [{ message: 'Space not found', code: 'NOT_FOUND' }],
      [{ message: expect.any(String), code: 'PERMISSION_DENIED' }],
      [{ message: expect.any(String), code: 'PERMISSION_DENIED' }],
    ]);
  });

  it('TOKEN_EXPIRED: refreshes the session once, restarts the socket that carried the old one, resubscribes once, then stops', async () => {
    const { graphqlWs, backOff, deps, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    subscribe(ticksDocument, { other: true }, () => undefined, client);
    connect();
    graphqlWs.subscriptions[0]!.sink.error(refusal('TOKEN_EXPIRED', 'Token expired or invalid'));

    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(3));
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    // The other subscription still held the socket, whose identity came from the old cookie.
    expect(graphqlWs.terminate).toHaveBeenCalledTimes(1);
    expect(backOff.sleep).not.toHaveBeenCalled();

    // Refused again on the new socket (here as a result without data, then complete): final.
    connect(openSocket(), true);
    graphqlWs.subscriptions[2]!.sink.next({
      data: null,
      errors: refusal('TOKEN_EXPIRED', 'Token expired or invalid'),
    } as unknown as FormattedExecutionResult);
    graphqlWs.subscriptions[2]!.sink.complete();
    expect(deps.log.warn).toHaveBeenLastCalledWith('[subscriptions] ticks failed', refusal('TOKEN_EXPIRED', 'Token expired or invalid'));
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(graphqlWs.subscriptions).toHaveLength(3);
  });

  it('UNAUTHENTICATED on a socket that closed with its last subscription: refreshes and resubscribes without a restart', async () => {
    const { graphqlWs, deps, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    const socket = connect();
    graphqlWs.subscriptions[0]!.sink.error(refusal('UNAUTHENTICATED', 'No access token'));
    socket.readyState = 2;
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(2));
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(graphqlWs.terminate).not.toHaveBeenCalled();
  });

  it('stops when the refresh says the session has ended, and retries after the back-off when the refresh could not reach the server', async () => {
    const ended = setUp({
      refreshSession: vi.fn(async () => Promise.reject(new RequestError('unauthenticated', 'Invalid refresh token', 'refreshToken'))),
    });
    subscribe(ticksDocument, {}, () => undefined, ended.client);
    ended.connect();
    ended.graphqlWs.subscriptions[0]!.sink.error(refusal('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(ended.deps.log.warn).toHaveBeenCalledWith('[subscriptions] ticks stopped: the session has ended'));
    expect(ended.graphqlWs.subscriptions).toHaveLength(1);
    expect(ended.backOff.sleep).not.toHaveBeenCalled();

    const refreshSession = vi
      .fn()
      .mockRejectedValueOnce(new RequestError('network', 'offline', 'refreshToken'))
      .mockResolvedValue(undefined);
    const offline = setUp({ refreshSession });
    subscribe(ticksDocument, {}, () => undefined, offline.client);
    offline.connect();
    offline.graphqlWs.subscriptions[0]!.sink.error(refusal('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(offline.backOff.delays()).toEqual([1000]));
    offline.backOff.waits[0]!.end();
    await vi.waitFor(() => expect(offline.graphqlWs.subscriptions).toHaveLength(2));
    // The resubscription is refused again: the refresh is tried again, and this time it works.
    offline.graphqlWs.subscriptions[1]!.sink.error(refusal('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(offline.graphqlWs.subscriptions).toHaveLength(3));
    expect(refreshSession).toHaveBeenCalledTimes(2);
  });

  it('backs off 1 s, 2 s, 4 s while resubscriptions keep failing, and from 1 s again once the socket answered a ping', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    for (let failure = 0; failure < 3; failure++) {
      connect();
      graphqlWs.subscriptions.at(-1)!.sink.error(closeEvent(4500, 'Internal server error'));
      backOff.waits.at(-1)!.end();
      await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(failure + 2));
    }
    expect(backOff.delays()).toEqual([1000, 2000, 4000]);

    connect();
    graphqlWs.events().pong?.(true, undefined);
    graphqlWs.subscriptions.at(-1)!.sink.error(closeEvent(4500, 'Internal server error'));
    expect(backOff.delays()).toEqual([1000, 2000, 4000, 1000]);
    backOff.waits.at(-1)!.end();
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(5));

    // Only a new socket's first pong counts: this one proved itself already, and the subscription failed again on it.
    graphqlWs.events().pong?.(true, undefined);
    graphqlWs.subscriptions.at(-1)!.sink.error(closeEvent(4500, 'Internal server error'));
    expect(backOff.delays()).toEqual([1000, 2000, 4000, 1000, 2000]);
  });

  it('does not wait twice when graphql-ws was itself retrying: its next retry wait follows the resubscription back-off at once', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    connect();
    graphqlWs.events().closed?.(closeEvent(1006));
    graphqlWs.events().connecting?.(true);
    graphqlWs.events().closed?.(closeEvent(4500));
    graphqlWs.subscriptions[0]!.sink.error(closeEvent(4500));
    backOff.waits[0]!.end();
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(2));
    await graphqlWs.options().retryWait!(3);
    expect(backOff.delays()).toEqual([1000]);
    void graphqlWs.options().retryWait!(3);
    expect(backOff.delays()).toEqual([1000, 8000]);
  });

  it('resubscribes nothing once the client is disposed', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    subscribe(ticksDocument, {}, () => undefined, client);
    connect();
    graphqlWs.subscriptions[0]!.sink.error(closeEvent(4500));
    await client.dispose();
    backOff.waits[0]!.end();
    await flushPromises();
    expect(graphqlWs.subscriptions).toHaveLength(1);
  });

  it('drops a socket whose keep-alive ping got no pong within 5 s, so graphql-ws reconnects', () => {
    vi.useFakeTimers();
    const { graphqlWs, deps, connect } = setUp();
    expect(graphqlWs.options().connectionAckWaitTimeout).toBe(15_000);
    const socket = connect();

    graphqlWs.events().ping?.(false, undefined);
    vi.advanceTimersByTime(4999);
    graphqlWs.events().pong?.(true, undefined);
    vi.advanceTimersByTime(10_000);
    expect(socket.close).not.toHaveBeenCalled();

    graphqlWs.events().ping?.(true, undefined);
    vi.advanceTimersByTime(10_000);
    expect(socket.close).not.toHaveBeenCalled();

    graphqlWs.events().ping?.(false, undefined);
    vi.advanceTimersByTime(4999);
    expect(socket.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.close).toHaveBeenCalledWith(4408, 'Pong timeout');
    // A close on a dead peer can wait a minute for its handshake: terminate reports it at once and retries.
    expect(graphqlWs.terminate).toHaveBeenCalledTimes(1);
    expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting');
  });

  it('drops a socket that opened but got no connection_ack, should the close graphql-ws asks for hang', () => {
    vi.useFakeTimers();
    const { graphqlWs } = setUp();
    const socket = openSocket();
    graphqlWs.events().connecting?.(false);
    graphqlWs.events().opened?.(socket);
    vi.advanceTimersByTime(19_999);
    expect(graphqlWs.terminate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(graphqlWs.terminate).toHaveBeenCalledTimes(1);

    graphqlWs.events().opened?.(openSocket());
    graphqlWs.events().connected?.(openSocket(), undefined, true);
    vi.advanceTimersByTime(60_000);
    expect(graphqlWs.terminate).toHaveBeenCalledTimes(1);
  });

  it('reconnectNow ends the back-off of graphql-ws and of the resubscriptions at once, and pings a socket that looks connected', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    const retried = graphqlWs.options().retryWait!(5);
    expect(backOff.delays()).toEqual([30_000]);
    client.reconnectNow();
    await retried;

    subscribe(ticksDocument, {}, () => undefined, client);
    connect();
    graphqlWs.subscriptions[0]!.sink.error(closeEvent(4500));
    client.reconnectNow();
    await vi.waitFor(() => expect(graphqlWs.subscriptions).toHaveLength(2));

    vi.useFakeTimers();
    const socket = connect();
    client.reconnectNow();
    expect(socket.send).toHaveBeenCalledWith(JSON.stringify({ type: 'ping' }));
    vi.advanceTimersByTime(5000);
    expect(socket.close).toHaveBeenCalledWith(4408, 'Pong timeout');
  });

  it('announces a reconnection when the status was reconnecting, even if graphql-ws does not call it a retry', () => {
    const deps = dependencies();
    const options = subscriptionClientOptions(deps);
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    options.on?.closed?.({ code: 1006, reason: '' });
    options.on?.connected?.({}, undefined, false);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('reconnects at once when the network or the tab comes back, and tells the client when an HTTP request got an answer', () => {
    const windowTarget = new EventTarget();
    const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
    let answered = () => {};
    const target = { reconnectNow: vi.fn(), serverAnswered: vi.fn() };
    reconnectWhenBack(target, { window: windowTarget, document: documentTarget, onServerAnswered: (listener) => (answered = listener) });

    windowTarget.dispatchEvent(new Event('online'));
    expect(target.reconnectNow).toHaveBeenCalledTimes(1);
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(target.reconnectNow).toHaveBeenCalledTimes(1);
    documentTarget.visibilityState = 'visible';
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(target.reconnectNow).toHaveBeenCalledTimes(2);
    answered();
    expect(target.serverAnswered).toHaveBeenCalledTimes(1);
  });

  it('an HTTP answer ends the back-off while reconnecting to a server that was out of reach, not one that refused the socket', async () => {
    const { graphqlWs, backOff, client, connect } = setUp();
    const retryWait = graphqlWs.options().retryWait!;
    client.serverAnswered();
    expect(backOff.sleep).not.toHaveBeenCalled();

    connect();
    graphqlWs.events().closed?.(closeEvent(4430, 'Too many connections for this user'));
    const refusedRetry = settlement(retryWait(3));
    client.serverAnswered();
    await flushPromises();
    expect(refusedRetry.settled()).toBe(false);
    backOff.waits[0]!.end();
    await refusedRetry.promise;

    connect();
    graphqlWs.events().closed?.(closeEvent(1006));
    graphqlWs.events().connecting?.(true);
    graphqlWs.events().closed?.(closeEvent(1006));
    const lostRetry = settlement(retryWait(4));
    await flushPromises();
    expect(lostRetry.settled()).toBe(false);
    client.serverAnswered();
    await lostRetry.promise;
    expect(backOff.delays()).toEqual([8000, 16_000]);
  });
});

describe('subscription client against a real graphql-ws server', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // graphql-ws's server loads graphql's CommonJS build; the schema must come from that same copy.
  const { buildSchema, GraphQLError } = createRequire(import.meta.url)('graphql') as typeof GraphQL;
  const schema = buildSchema('type Query { ok: Boolean } type Subscription { ticks: Int beats: Int }');
  async function* counting(field: string) {
    for (let count = 1; ; count++) {
      yield { [field]: count };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const roots = { subscription: { ticks: () => counting('ticks'), beats: () => counting('beats') } };

  interface ServerBehaviour {
    /** Errors to refuse a subscribe with (sent as graphql-ws `error`), or nothing to run it. */
    refuse?: (
      query: string,
      connectionParams: Readonly<Record<string, unknown>> | undefined,
    ) => InstanceType<typeof GraphQLError>[] | undefined;
    /** Whether the nth connection (from 1) swallows its pongs, as a peer that went dead would. */
    silent?: (connection: number) => boolean;
  }

  async function startServer(port = 0, behaviour: ServerBehaviour = {}) {
    const server = new WebSocketServer({ port, path: '/graphql' });
    await once(server, 'listening');
    const subscribes: string[] = [];
    const disposable = serveGraphqlWs(
      {
        schema,
        roots,
        onSubscribe: (context, _id, payload) => {
          subscribes.push(payload.query);
          return behaviour.refuse?.(payload.query, context.connectionParams);
        },
      },
      server,
    );
    let connections = 0;
    const closes: { code: number; reason: string }[] = [];
    server.on('connection', (socket) => {
      connections += 1;
      socket.on('close', (code, reason) => closes.push({ code, reason: reason.toString() }));
      if (!behaviour.silent?.(connections)) return;
      const send = socket.send.bind(socket) as (data: unknown, callback?: (error?: Error) => void) => void;
      socket.send = ((data: unknown, callback?: (error?: Error) => void) => {
        if (String(data).includes('"pong"')) callback?.();
        else send(data, callback);
      }) as typeof socket.send;
    });
    const stop = async () => {
      await disposable.dispose();
      for (const socket of server.clients) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    };
    /** Closes every open socket from the server's side, as our server does for a slow consumer or a protocol breach. */
    const closeAll = (code: number, reason: string) => {
      for (const socket of server.clients) socket.close(code, reason);
    };
    return { port: (server.address() as AddressInfo).port, stop, closeAll, connections: () => connections, subscribes, closes };
  }

  function serverDependencies(port: number, overrides: Partial<SubscriptionClientDependencies> = {}) {
    return dependencies({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
      ...overrides,
    });
  }

  function liveSubscription(client: Parameters<typeof subscribe>[3], field: 'ticks' | 'beats' = 'ticks') {
    const received: number[] = [];
    cleanups.push(
      field === 'ticks'
        ? subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), client)
        : subscribe(beatsDocument, {}, ({ beats }) => received.push(beats), client),
    );
    return received;
  }

  /** Resolves once `received` has grown past what it holds now. */
  async function moreArrive(received: number[]) {
    const before = received.length;
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(before), { timeout: 5000 });
  }

  it('brings a subscription back after a close graphql-ws does not retry (4500), and announces the reconnection', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const deps = serverDependencies(server.port);
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    const received = liveSubscription(client);
    await moreArrive(received);

    server.closeAll(4500, 'Internal server error (request r1)');
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await moreArrive(received);
    expect(server.connections()).toBe(2);
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
  });

  it('does not resubscribe a subscription the server refused with NOT_FOUND', async () => {
    const server = await startServer(0, {
      refuse: (query) =>
        query.includes('beats') ? [new GraphQLError('Space not found', { extensions: { code: 'NOT_FOUND' } })] : undefined,
    });
    cleanups.push(server.stop);
    const sleep = vi.fn(async (_ms: number) => {});
    const deps = serverDependencies(server.port, { sleep });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    liveSubscription(client, 'beats');
    await vi.waitFor(() =>
      expect(deps.log.warn).toHaveBeenCalledWith('[subscriptions] beats failed', [expect.objectContaining({ message: 'Space not found' })]),
    );

    // A later subscription's round trip: a resubscription (with this sleep, immediate) would have come before it.
    await moreArrive(liveSubscription(client, 'ticks'));
    expect(server.subscribes.filter((query) => query.includes('beats'))).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('closes a socket whose pongs stopped coming and reconnects on a new one', async () => {
    const server = await startServer(0, { silent: (connection) => connection === 1 });
    cleanups.push(server.stop);
    const deps = serverDependencies(server.port, { keepAliveMs: 50, pongTimeoutMs: 100 });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    const received = liveSubscription(client);
    await moreArrive(received);

    await vi.waitFor(() => expect(server.closes).toContainEqual({ code: 4408, reason: 'Pong timeout' }), { timeout: 5000 });
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await moreArrive(received);
    expect(server.connections()).toBe(2);
  });

  it('reconnectNow connects at once during a long back-off', async () => {
    const first = await startServer();
    // A back-off that would never end by itself: only the wake-up can end it.
    const deps = serverDependencies(first.port, { sleep: () => new Promise<void>(() => undefined) });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    const received = liveSubscription(client);
    await moreArrive(received);

    await first.stop();
    await vi.waitFor(() => expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting'));
    const second = await startServer(first.port);
    cleanups.push(second.stop);
    expect(second.connections()).toBe(0);
    client.reconnectNow();
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await moreArrive(received);
  });

  it('refreshes the session after TOKEN_EXPIRED and resubscribes on a socket that carries the new session', async () => {
    const expired = () => [new GraphQLError('Token expired or invalid', { extensions: { code: 'TOKEN_EXPIRED' } })];
    // `beats` is public and keeps the first socket open; `ticks` needs a fresh session, read at connection_init.
    const server = await startServer(0, {
      refuse: (query, params) => (query.includes('ticks') && params?.session !== 'fresh' ? expired() : undefined),
    });
    cleanups.push(server.stop);
    let session = 'stale';
    const refreshSession = vi.fn(async () => {
      session = 'fresh';
    });
    const deps = serverDependencies(server.port, { connectionParams: () => ({ session }), refreshSession });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const beats = liveSubscription(client, 'beats');
    await moreArrive(beats);
    const ticks = liveSubscription(client, 'ticks');

    await moreArrive(ticks);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(server.connections()).toBe(2);
    await moreArrive(beats);
  });

  it('reconnects and refetches after the server drops it as a slow consumer (4499)', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const deps = dependencies({
      url: `ws://127.0.0.1:${server.port}/graphql`,
      webSocketImpl: WebSocket,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    const received: number[] = [];
    cleanups.push(subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), client));
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));

    server.closeAll(4499, 'Slow consumer: too much data waiting to be sent');
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const before = received.length;
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(before));
    expect(server.connections()).toBe(2);
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
  });

  it('does not reconnect after a close that says the client broke the protocol (4409), and goes idle', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const deps = dependencies({
      url: `ws://127.0.0.1:${server.port}/graphql`,
      webSocketImpl: WebSocket,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const received: number[] = [];
    const failures: unknown[] = [];
    cleanups.push(
      client.subscribe<{ ticks: number }>(
        { query: 'subscription { ticks }' },
        { next: (value) => received.push(value.data!.ticks), error: (error) => failures.push(error), complete: () => undefined },
      ),
    );
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));

    server.closeAll(4409, 'Subscriber for 1 already exists');
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(deps.store.get(connectionStatusAtom)).toBe('idle');
    expect(server.connections()).toBe(1);
  });

  it('SPEC §8: reconnects after the server goes away, resubscribes and announces the reconnection', async () => {
    const first = await startServer();
    const deps = dependencies({
      url: `ws://127.0.0.1:${first.port}/graphql`,
      webSocketImpl: WebSocket,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));

    const received: number[] = [];
    const unsubscribe = subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), client);
    cleanups.push(unsubscribe);
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');

    await first.stop();
    await vi.waitFor(() => expect(deps.store.get(connectionStatusAtom)).toBe('reconnecting'));
    const second = await startServer(first.port);
    cleanups.push(second.stop);
    const before = received.length;
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(before));
    expect(deps.store.get(connectionStatusAtom)).toBe('connected');
  });
});

describe('subscribe: live resume from the last log position', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /** Ends the subscription's socket and lets it come back after the back-off: its new payload. */
  async function dropAndResubscribe(live: ReturnType<typeof liveClient>, index: number) {
    live.graphqlWs.subscriptions[index]!.sink.error(closeEvent(4500, 'Internal server error'));
    live.backOff.waits.at(-1)!.end();
    await vi.waitFor(() => expect(live.graphqlWs.subscriptions).toHaveLength(index + 2));
    return live.graphqlWs.subscriptions[index + 1]!;
  }

  it('asks to resume after the last position it was given, never passes position notices on, and reloads nothing when replayed', async () => {
    const live = liveClient();
    cleanups.push(() => live.stopListening());
    const received: number[] = [];
    const reload = vi.fn();
    subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), live.client, reload);
    live.connect();
    const first = live.graphqlWs.subscriptions[0]!;
    expect(first.payload.extensions).toEqual({ resumeAfter: null });
    first.sink.next({ extensions: { seq: 5 } } as FormattedExecutionResult<{ ticks: number }>);
    first.sink.next({ data: { ticks: 1 }, extensions: { seq: 9 } } as FormattedExecutionResult<{ ticks: number }>);
    // A typing notice and the like carry no position: the last one stands.
    first.sink.next({ data: { ticks: 2 } });

    const second = await dropAndResubscribe(live, 0);
    expect(second.payload.extensions).toEqual({ resumeAfter: 9 });
    second.sink.next({ data: { ticks: 3 }, extensions: { seq: 12 } } as FormattedExecutionResult<{ ticks: number }>);
    second.sink.next({ extensions: { seq: 20, resume: 'replayed' } } as FormattedExecutionResult<{ ticks: number }>);
    expect(received).toEqual([1, 2, 3]);
    expect(reload).not.toHaveBeenCalled();

    const third = await dropAndResubscribe(live, 1);
    expect(third.payload.extensions).toEqual({ resumeAfter: 20 });
  });

  it('keeps the position current in what graphql-ws sends again when it reconnects by itself', () => {
    const live = liveClient();
    cleanups.push(() => live.stopListening());
    subscribe(ticksDocument, {}, () => undefined, live.client);
    live.connect();
    const subscription = live.graphqlWs.subscriptions[0]!;
    subscription.sink.next({ extensions: { seq: 5 } } as FormattedExecutionResult<{ ticks: number }>);
    subscription.sink.next({ data: { ticks: 1 }, extensions: { seq: 8 } } as FormattedExecutionResult<{ ticks: number }>);
    // A restart: graphql-ws reconnects and subscribes again with the payload object it was given.
    expect(JSON.parse(JSON.stringify(subscription.payload))).toMatchObject({ extensions: { resumeAfter: 8 } });
  });

  it('reloads its view when the server says the gap is too old, and follows the position the server gives then', async () => {
    const live = liveClient();
    cleanups.push(() => live.stopListening());
    const received: number[] = [];
    const reload = vi.fn();
    subscribe(ticksDocument, {}, ({ ticks }) => received.push(ticks), live.client, reload);
    live.connect();
    live.graphqlWs.subscriptions[0]!.sink.next({ data: { ticks: 1 }, extensions: { seq: 900 } } as FormattedExecutionResult<{
      ticks: number;
    }>);

    const second = await dropAndResubscribe(live, 0);
    expect(second.payload.extensions).toEqual({ resumeAfter: 900 });
    // The server's log was replaced (a restore): its head is below the old position.
    second.sink.next({ extensions: { seq: 40, resume: 'gap' } } as FormattedExecutionResult<{ ticks: number }>);
    expect(reload).toHaveBeenCalledTimes(1);
    second.sink.next({ data: { ticks: 2 }, extensions: { seq: 41 } } as FormattedExecutionResult<{ ticks: number }>);
    expect(received).toEqual([1, 2]);
    expect(reload).toHaveBeenCalledTimes(1);

    const third = await dropAndResubscribe(live, 1);
    expect(third.payload.extensions).toEqual({ resumeAfter: 41 });
  });

  it('reloads once a subscription that never had a position is live again', async () => {
    const live = liveClient();
    cleanups.push(() => live.stopListening());
    const reload = vi.fn();
    subscribe(ticksDocument, {}, () => undefined, live.client, reload);
    live.connect();
    const second = await dropAndResubscribe(live, 0);
    expect(second.payload.extensions).toEqual({ resumeAfter: null });
    expect(reload).not.toHaveBeenCalled();
    second.sink.next({ extensions: { seq: 3 } } as FormattedExecutionResult<{ ticks: number }>);
    expect(reload).toHaveBeenCalledTimes(1);
    second.sink.next({ data: { ticks: 1 }, extensions: { seq: 4 } } as FormattedExecutionResult<{ ticks: number }>);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('starts a fresh subscription no later than a read still on its way, so what is committed meanwhile is replayed', async () => {
    const positions = new ReadPositions();
    positions.answered(positions.sending(), '7');
    const read = positions.sending();
    positions.answered(positions.sending(), '12');
    const live = liveClient({}, positions);
    cleanups.push(() => live.stopListening());
    const reload = vi.fn();
    subscribe(ticksDocument, {}, () => undefined, live.client, reload);
    live.connect();
    const first = live.graphqlWs.subscriptions[0]!;
    expect(first.payload.extensions).toEqual({ resumeAfter: 7 });
    positions.answered(read, '8');
    first.sink.next({ data: { ticks: 1 }, extensions: { seq: 9 } } as FormattedExecutionResult<{ ticks: number }>);
    first.sink.next({ extensions: { seq: 15, resume: 'replayed' } } as FormattedExecutionResult<{ ticks: number }>);
    expect(reload).not.toHaveBeenCalled();
    // What a subscription hears is a position later subscriptions may start from.
    expect(positions.startingPoint()).toBe(15);
    const second = await dropAndResubscribe(live, 0);
    expect(second.payload.extensions).toEqual({ resumeAfter: 15 });
  });

  it('waits for the page’s first reads to name a position before subscribing, and starts no later than the lowest', async () => {
    const positions = new ReadPositions();
    const session = positions.sending();
    const read = positions.sending();
    const live = liveClient({}, positions);
    cleanups.push(() => live.stopListening());
    subscribe(ticksDocument, {}, () => undefined, live.client);
    live.connect();
    expect(live.graphqlWs.subscriptions).toHaveLength(0);
    positions.answered(session, '20');
    await flushPromises();
    expect(live.graphqlWs.subscriptions).toHaveLength(0);
    positions.answered(read, '18');
    await flushPromises();
    expect(live.graphqlWs.subscriptions[0]!.payload.extensions).toEqual({ resumeAfter: 18 });
  });

  it('after its socket closed, a subscription that had a position keeps the views waiting until it hears its notice; one without (presence) never does', async () => {
    const resumes = new ResumeSettling();
    const live = liveClient({}, undefined, resumes);
    cleanups.push(() => live.stopListening());
    subscribe(ticksDocument, {}, () => undefined, live.client);
    subscribe(beatsDocument, {}, () => undefined, live.client);
    live.connect();
    const [ticks, beats] = live.graphqlWs.subscriptions;
    ticks!.sink.next({ extensions: { seq: 5 } } as FormattedExecutionResult<{ ticks: number }>);
    beats!.sink.next({ data: { beats: 1 } });
    const settled = vi.fn();
    void resumes.settled().then(settled);
    await flushPromises();
    expect(settled).toHaveBeenCalledTimes(1);

    // graphql-ws sends the same subscriptions again on the new socket: only ticks waits for its notice.
    live.graphqlWs.events().closed?.({ code: 1006, reason: '' });
    const afterReconnect = vi.fn();
    void resumes.settled().then(afterReconnect);
    live.connect(openSocket(), true);
    await flushPromises();
    expect(afterReconnect).not.toHaveBeenCalled();
    ticks!.sink.next({ extensions: { seq: 9, resume: 'gap' } } as FormattedExecutionResult<{ ticks: number }>);
    await flushPromises();
    expect(afterReconnect).toHaveBeenCalledTimes(1);
  });
});
