/**
 * Live subscriptions (SPEC §7, §9) over graphql-ws on ws(s)://<host>/graphql. The browser's
 * cookies authenticate the upgrade; `connectionParams` is a function so every reconnection
 * sends the current user cookie. Connects lazily, pings every 10 s, retries forever with
 * 1 s doubling to 30 s plus up to 20% jitter. After a reconnection, `onReconnect` listeners
 * run so areas can refetch what they missed while the socket was down.
 *
 * What the server's close codes lead to (server/src/graphql/closeCodes.ts): 4499 (this tab read
 * too slowly and was dropped), 4430 (too many of the user's tabs connected), 4408, 1001, 1006 and
 * the like are retried with that back-off, then refetched; 4403 (refused token) refreshes the
 * session first. Codes that say the client broke the protocol (4400, 4401, 4406, 4409, 4429) or
 * sent a frame over the limit (1009), and 4500, are not retried by graphql-ws: reconnecting would
 * only repeat them. The status then goes back to idle (not "reconnecting" for ever), and the next
 * subscription opens a fresh socket.
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

/** Closes graphql-ws's client does not retry, whatever `shouldRetry` says (its own list, mirrored here). */
const protocolFatalCloseCodes = new Set([4500, 4005, 4400, 4004, 4401, 4406, 4409, 4429]);
const retriedTransportCloseCodes = new Set([1000, 1001, 1005, 1006, 1012, 1013, 1014]);

/** Whether graphql-ws gives up after this close instead of reconnecting. */
export function isTerminalCloseCode(code: number): boolean {
  if (protocolFatalCloseCodes.has(code)) return true;
  return code >= 1000 && code <= 1999 && !retriedTransportCloseCodes.has(code);
}

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
        const terminal = code !== undefined && code !== 1000 && isTerminalCloseCode(code);
        log.warn(`[subscriptions] websocket closed (${code ?? 'no code'}${reason ? `: ${reason}` : ''})${terminal ? '; not reconnecting' : ''}`);
        if (code !== undefined && authCloseCodes.has(code)) refreshBeforeRetry = true;
        store.set(connectionStatusAtom, code === 1000 || terminal ? 'idle' : 'reconnecting');
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
