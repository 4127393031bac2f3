import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useServer } from 'graphql-ws/use/ws';
import WebSocket, { WebSocketServer } from 'ws';
import { websocketRetryDelay } from '#shared/constants';
import { gql } from './graphql';
import { createAppStore } from './store';
import { connectionStatusAtom, createSubscriptionClient, isTerminalCloseCode, onReconnect, subscribe, subscriptionClientOptions, type SubscriptionClientDependencies } from './subscriptions';

function dependencies(overrides: Partial<SubscriptionClientDependencies> = {}): SubscriptionClientDependencies & { store: ReturnType<typeof createAppStore> } {
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
    expect(deps.log.warn).toHaveBeenLastCalledWith('[subscriptions] websocket closed (4409: Subscriber for 1 already exists); not reconnecting');
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

describe('subscription client against a real graphql-ws server', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // graphql-ws's server loads graphql's CommonJS build; the schema must come from that same copy.
  const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
  const schema = buildSchema('type Query { ok: Boolean } type Subscription { ticks: Int }');
  const roots = {
    subscription: {
      ticks: async function* ticks() {
        for (let tick = 1; ; tick++) {
          yield { ticks: tick };
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    },
  };

  async function startServer(port = 0) {
    const server = new WebSocketServer({ port, path: '/graphql' });
    await once(server, 'listening');
    const disposable = useServer({ schema, roots }, server);
    let connections = 0;
    server.on('connection', () => (connections += 1));
    const stop = async () => {
      await disposable.dispose();
      for (const socket of server.clients) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    };
    /** Closes every open socket from the server's side, as our server does for a slow consumer or a protocol breach. */
    const closeAll = (code: number, reason: string) => {
      for (const socket of server.clients) socket.close(code, reason);
    };
    return { port: (server.address() as AddressInfo).port, stop, closeAll, connections: () => connections };
  }

  it('reconnects and refetches after the server drops it as a slow consumer (4499)', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const deps = dependencies({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));
    const received: number[] = [];
    cleanups.push(subscribe(gql<{ ticks: number }>('subscription { ticks }'), {}, ({ ticks }) => received.push(ticks), client));
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
    const deps = dependencies({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const received: number[] = [];
    const failures: unknown[] = [];
    cleanups.push(
      client.subscribe<{ ticks: number }>({ query: 'subscription { ticks }' }, { next: (value) => received.push(value.data!.ticks), error: (error) => failures.push(error), complete: () => undefined }),
    );
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));

    server.closeAll(4409, 'Subscriber for 1 already exists');
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(deps.store.get(connectionStatusAtom)).toBe('idle');
    expect(server.connections()).toBe(1);
  });

  it('SPEC §8: reconnects after the server goes away, resubscribes and announces the reconnection', async () => {
    const first = await startServer();
    const deps = dependencies({ url: `ws://127.0.0.1:${first.port}/graphql`, webSocketImpl: WebSocket, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const client = createSubscriptionClient(deps);
    cleanups.push(() => client.dispose());
    const reconnected = vi.fn();
    cleanups.push(onReconnect(reconnected));

    const received: number[] = [];
    const unsubscribe = subscribe(gql<{ ticks: number }>('subscription { ticks }'), {}, ({ ticks }) => received.push(ticks), client);
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
