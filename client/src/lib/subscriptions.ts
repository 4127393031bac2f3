/**
 * Live subscriptions (SPEC §7, §9) over graphql-ws on ws(s)://<host>/graphql. The browser's
 * cookies authenticate the upgrade; `connectionParams` is a function so every reconnection
 * sends the current user cookie. Connects lazily, pings every 10 s, retries forever with
 * 1 s doubling to 30 s plus up to 20% jitter. After a reconnection, `onReconnect` listeners
 * run so areas can refetch what they missed while the socket was down.
 */
import { useEffect, useRef } from 'react';
import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import { websocketKeepAliveMs, websocketRetryDelay } from '#shared/constants';
import { sleep } from './browser';
import { readCookie, userCookieName } from './cookies';
import { refreshSession, type GraphQLDocument, type Variables } from './graphql';
import { appStore, atom, type AppStore } from './store';

/** `idle`: no socket (lazy, nothing subscribed). `reconnecting`: the socket dropped and is being retried. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export const connectionStatusAtom = atom<ConnectionStatus>('idle');

type ReconnectListener = () => void;
const reconnectListeners = new Set<ReconnectListener>();

/** Runs `listener` after every reconnection that followed a dropped socket. Returns the unsubscribe. */
export function onReconnect(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function emitReconnect(log: Pick<Console, 'error'>): void {
  for (const listener of [...reconnectListeners]) {
    try {
      listener();
    } catch (error) {
      log.error('[subscriptions] reconnect listener failed', error);
    }
  }
}

/** Close codes a server uses when the session on the upgrade is missing or expired. */
const authCloseCodes = new Set([4401, 4403]);

interface CloseLike {
  code?: number;
  reason?: string;
}

export interface SubscriptionClientDependencies {
  url: string | (() => string);
  store: AppStore;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  log: Pick<Console, 'warn' | 'error'>;
  connectionParams: () => Record<string, unknown>;
  /** Rotates the session cookies before retrying a socket the server refused for its token. */
  refreshSession: () => Promise<void>;
  webSocketImpl?: unknown;
}

/** The client's options, apart so the retry policy is unit-tested without a socket. */
export function subscriptionClientOptions(dependencies: SubscriptionClientDependencies): ClientOptions {
  const { store, log } = dependencies;
  let refreshBeforeRetry = false;
  return {
    url: dependencies.url,
    lazy: true,
    keepAlive: websocketKeepAliveMs,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      await dependencies.sleep(websocketRetryDelay(retries, dependencies.random));
      if (!refreshBeforeRetry) return;
      refreshBeforeRetry = false;
      await dependencies.refreshSession().catch((error: unknown) => log.warn('[subscriptions] session refresh before reconnecting failed', error));
    },
    connectionParams: () => dependencies.connectionParams(),
    webSocketImpl: dependencies.webSocketImpl,
    on: {
      connecting: (isRetry) => store.set(connectionStatusAtom, isRetry ? 'reconnecting' : 'connecting'),
      connected: (_socket, _payload, wasRetry) => {
        store.set(connectionStatusAtom, 'connected');
        if (wasRetry) emitReconnect(log);
      },
      closed: (event) => {
        const { code, reason } = (event ?? {}) as CloseLike;
        log.warn(`[subscriptions] websocket closed (${code ?? 'no code'}${reason ? `: ${reason}` : ''})`);
        if (code !== undefined && authCloseCodes.has(code)) refreshBeforeRetry = true;
        store.set(connectionStatusAtom, code === 1000 ? 'idle' : 'reconnecting');
      },
      error: (error) => log.warn('[subscriptions] websocket error', error),
    },
  };
}

export function createSubscriptionClient(dependencies: SubscriptionClientDependencies): Client {
  return createClient(subscriptionClientOptions(dependencies));
}

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

let defaultClient: Client | undefined;

function client(): Client {
  defaultClient ??= createSubscriptionClient({
    url: defaultUrl,
    store: appStore,
    sleep,
    log: console,
    connectionParams: () => ({ user: readCookie(userCookieName) ?? null }),
    refreshSession,
  });
  return defaultClient;
}

/** Subscribes to a live operation; `onNext` receives each result's data. Returns the unsubscribe. */
export function subscribe<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  onNext: (data: TData) => void,
  target: Pick<Client, 'subscribe'> = client(),
): () => void {
  return target.subscribe<TData>(
    { query: document.source, variables: variables as Record<string, unknown> },
    {
      next: (result) => {
        if (result.errors?.length) console.warn(`[subscriptions] ${document.operation} sent errors`, result.errors);
        if (result.data != null) onNext(result.data);
      },
      error: (error) => console.warn(`[subscriptions] ${document.operation} failed`, error),
      complete: () => {},
    },
  );
}

/** React binding of `subscribe`: resubscribes when the variables change, unsubscribes on unmount. */
export function useSubscription<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  onNext: (data: TData) => void,
  enabled = true,
): void {
  const latest = useRef(onNext);
  useEffect(() => {
    latest.current = onNext;
  });
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribe(document, JSON.parse(key) as TVariables, (data) => latest.current(data));
  }, [document, key, enabled]);
}

/** Runs `refetch` after each reconnection while the component is mounted. */
export function useOnReconnect(refetch: () => void): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => onReconnect(() => latest.current()), []);
}
