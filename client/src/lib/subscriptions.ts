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
 * sent a frame over the limit (1009), and 4500, are not retried by graphql-ws: the status goes
 * back to idle (not "reconnecting" for ever) and graphql-ws ends every subscription with the close
 * as an error. `subscribe` then resubscribes after the same back-off, on a fresh socket, and
 * announces the reconnection, so a live view never stays silently dead.
 *
 * Not resubscribed: a subscription the server completed, or refused with GraphQL errors (NOT_FOUND,
 * PERMISSION_DENIED: access lost). TOKEN_EXPIRED / UNAUTHENTICATED refreshes the session, restarts
 * the socket (it took its identity from its upgrade's cookie) and resubscribes once.
 *
 * Dead sockets are noticed: no `connection_ack` within 15 s, or no pong within 5 s of a keep-alive
 * ping, drops the socket and reconnects. Back-offs are cut short by `reconnectNow()` when the network
 * or the tab comes back, and by an HTTP request's answer while reconnecting to a server that was out
 * of reach (not one that refused the socket, 4430/4431/4403, whose back-off stands).
 */
import { useEffect, useRef } from 'react';
import { createClient, type Client, type ClientOptions, type SubscribePayload } from 'graphql-ws';
import { websocketKeepAliveMs, websocketRetryDelay } from '#shared/constants';
import { sleep } from './browser';
import { readCookie, userCookieName } from './cookies';
import { isExpiredToken, isNoAccessToken, onServerAnswered, refreshSession, RequestError, type Variables } from './graphql';
import { documentSource, operationOf, type GraphQLDocument } from './graphqlDocument';
import { appStore, atom, type AppStore } from './store';

/** `idle`: no socket (lazy, nothing subscribed). `reconnecting`: the socket dropped and is being retried. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export const connectionStatusAtom = atom<ConnectionStatus>('idle');

/** How long a socket may wait for `connection_ack` before it counts as dead. */
export const connectionAckTimeoutMs = 15_000;
/** How long a keep-alive ping may wait for its pong before the socket counts as dead. */
export const pongTimeoutMs = 5_000;

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
/**
 * Closes that mean the server or the network was out of reach (shutdown, restart, lost connection), as
 * opposed to a server that is up and said no (4403, 4430, 4431, 4499...) and wants its back-off kept.
 */
const unreachableCloseCodes = new Set([1001, 1005, 1006, 1012, 1014]);

/** Whether graphql-ws gives up after this close instead of reconnecting. */
export function isTerminalCloseCode(code: number): boolean {
  if (protocolFatalCloseCodes.has(code)) return true;
  return code >= 1000 && code <= 1999 && !retriedTransportCloseCodes.has(code);
}

interface CloseLike {
  code?: number;
  reason?: string;
}

/** The part of a WebSocket the watchdogs use (the browser's and `ws`'s both have it). */
interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const openState = 1;

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
  /** Keep-alive ping interval, SPEC §7's 10 s unless a test shortens it; so are the two timeouts below. */
  keepAliveMs?: number;
  pongTimeoutMs?: number;
  connectionAckTimeoutMs?: number;
  /** graphql-ws's `createClient`; unit tests give a fake. */
  createClient?: (options: ClientOptions) => Client;
}

/** What `subscribe` hands a live subscription: its result data, and its name for the logs. */
export interface LiveHandlers<TData> {
  operation: string;
  next: (data: TData) => void;
}

/** graphql-ws's client, plus subscriptions that come back after a socket failure and a wake-up for its back-offs. */
export interface SubscriptionClient extends Client {
  subscribeLive<TData>(request: SubscribePayload, handlers: LiveHandlers<TData>): () => void;
  /** Ends every back-off now and reconnects; a socket that looks connected is pinged so a dead one is noticed. */
  reconnectNow(): void;
  /** An HTTP request got an answer: a socket waiting to reconnect after losing the server reconnects now. */
  serverAnswered(): void;
}

interface FormattedError {
  message?: unknown;
  extensions?: { code?: unknown };
}

/** How a subscription ended, as graphql-ws reports it: the server's errors for it, or whatever killed its socket. */
function refusalErrors(ending: unknown): readonly FormattedError[] | undefined {
  if (!Array.isArray(ending) || ending.length === 0) return undefined;
  return ending.every((item) => typeof item === 'object' && item !== null && 'message' in item) ? (ending as FormattedError[]) : undefined;
}

function isSessionRefusal(errors: readonly FormattedError[]): boolean {
  return errors.some(({ message, extensions }) => {
    const text = typeof message === 'string' ? message : '';
    return extensions?.code === 'TOKEN_EXPIRED' || extensions?.code === 'UNAUTHENTICATED' || isExpiredToken(text) || isNoAccessToken(text);
  });
}

/** A wait that `wake()` ends early: every back-off of one client goes through it. */
function createWakeableSleep(sleepFor: (ms: number) => Promise<void>) {
  const sleepers = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          sleepers.delete(done);
          resolve();
        };
        sleepers.add(done);
        sleepFor(ms).then(done, done);
      });
    },
    wake(): void {
      for (const done of [...sleepers]) done();
    },
  };
}

/** One client's connection state, shared by graphql-ws's options (status, retries, watchdogs) and the resubscribing `subscribe`. */
function createLiveConnection(dependencies: SubscriptionClientDependencies) {
  const { store, log } = dependencies;
  const pongWaitMs = dependencies.pongTimeoutMs ?? pongTimeoutMs;
  const ackWaitMs = dependencies.connectionAckTimeoutMs ?? connectionAckTimeoutMs;
  const backOff = createWakeableSleep(dependencies.sleep);
  let client: Client | undefined;
  let refreshBeforeRetry = false;
  /** The acknowledged socket, while it lasts. */
  let socket: SocketLike | undefined;
  /** That socket answered a keep-alive ping: it works. */
  let socketProven = false;
  let disposed = false;
  let pongWatchdog: ReturnType<typeof setTimeout> | undefined;
  let acknowledgementWatchdog: ReturnType<typeof setTimeout> | undefined;
  /** The last socket was lost to an unreachable server or network, not refused by a working one. */
  let lostServer = false;
  /** The socket being dropped is dead (no pong, no ack): its close counts as a lost server. */
  let droppingDeadSocket = false;
  /** The next connection brings back subscriptions that ended with a socket: announce it. */
  let announceNextConnection = false;
  /** We just waited (resubscription back-off, or a deliberate restart): graphql-ws's own retry wait is skipped once. */
  let skipNextRetryWait = false;
  const waitingResubscriptions = new Set<() => void>();
  let resubscriptionScheduled = false;
  let resubscriptionAttempt = 0;
  let sessionRefresh: { refusedOn: SocketLike | undefined; done: Promise<void> } | undefined;

  function clearWatchdogs(): void {
    clearTimeout(pongWatchdog);
    clearTimeout(acknowledgementWatchdog);
    pongWatchdog = acknowledgementWatchdog = undefined;
  }

  /**
   * A close on a dead peer waits for a closing handshake that never comes (a minute in browsers, 30 s
   * in `ws`); graphql-ws's terminate() reports the close at once and retries.
   */
  function dropSocket(target: SocketLike | undefined, code: number, reason: string): void {
    log.warn(`[subscriptions] ${reason}; dropping the socket to reconnect`);
    if (target?.readyState === openState) target.close(code, reason);
    droppingDeadSocket = true;
    try {
      client?.terminate();
    } finally {
      droppingDeadSocket = false;
    }
  }

  function armPongWatchdog(): void {
    if (pongWatchdog !== undefined) return;
    const watched = socket;
    pongWatchdog = setTimeout(() => {
      pongWatchdog = undefined;
      if (watched !== undefined && watched === socket) dropSocket(watched, 4408, 'Pong timeout');
    }, pongWaitMs);
  }

  function wakeUp(): void {
    backOff.wake();
    const current = socket;
    if (current?.readyState !== openState || store.get(connectionStatusAtom) !== 'connected') return;
    current.send(JSON.stringify({ type: 'ping' }));
    armPongWatchdog();
  }

  /** Subscriptions that ended with a socket come back together, after one back-off: the first of them opens the socket. */
  function resubscribeLater(start: () => void): void {
    if (disposed) return;
    waitingResubscriptions.add(start);
    announceNextConnection = true;
    if (resubscriptionScheduled) return;
    resubscriptionScheduled = true;
    void backOff.sleep(websocketRetryDelay(resubscriptionAttempt++, dependencies.random)).then(() => {
      resubscriptionScheduled = false;
      skipNextRetryWait = true;
      const starts = [...waitingResubscriptions];
      waitingResubscriptions.clear();
      for (const startAgain of starts) startAgain();
      // They joined a socket that is up already (only their own attempt had failed): they are live again now.
      if (socket?.readyState === openState && store.get(connectionStatusAtom) === 'connected') {
        announceNextConnection = false;
        emitReconnect(log);
      }
    });
  }

  /** One refresh per refused socket, however many of its subscriptions were refused; then a socket with the new cookie. */
  function refreshSessionFor(refusedOn: SocketLike | undefined): Promise<void> {
    if (sessionRefresh && sessionRefresh.refusedOn === refusedOn) return sessionRefresh.done;
    const done = dependencies
      .refreshSession()
      .then(() => {
        // Closed or closing already (it had no other subscription): the next one opens a socket with the new cookie.
        if (refusedOn === undefined || refusedOn !== socket || refusedOn.readyState !== openState) return;
        log.warn('[subscriptions] session refreshed; restarting the socket so it carries the new session');
        client?.terminate();
        skipNextRetryWait = true;
      })
      .finally(() => {
        if (sessionRefresh?.done === done) sessionRefresh = undefined;
      });
    sessionRefresh = { refusedOn, done };
    return done;
  }

  function subscribeLive<TData>(request: SubscribePayload, handlers: LiveHandlers<TData>): () => void {
    if (!client) throw new Error('subscribeLive before the client was attached');
    const target = client;
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    /** The session was refreshed for this subscription since it last worked: another refusal is final. */
    let refreshed = false;

    function ended(ending: unknown): void {
      unsubscribe = undefined;
      if (stopped || ending === 'complete') return;
      const errors = refusalErrors(ending);
      if (!errors) {
        refreshed = false;
        log.warn(`[subscriptions] ${handlers.operation} ended with its socket; resubscribing after the back-off`, ending);
        resubscribeLater(start);
        return;
      }
      if (!isSessionRefusal(errors) || refreshed) {
        log.warn(`[subscriptions] ${handlers.operation} failed`, errors);
        return;
      }
      refreshed = true;
      refreshSessionFor(socket).then(start, (error: unknown) => {
        if (error instanceof RequestError && error.kind === 'unauthenticated') {
          log.warn(`[subscriptions] ${handlers.operation} stopped: the session has ended`);
          return;
        }
        refreshed = false;
        log.warn(`[subscriptions] ${handlers.operation}: session refresh failed; trying again after the back-off`, error);
        resubscribeLater(start);
      });
    }

    function start(): void {
      if (stopped) return;
      let finished = false;
      /** Errors of a result without data: the server refused it (then completes it). */
      let refusal: readonly FormattedError[] | undefined;
      const finish = (ending: unknown) => {
        if (finished) return;
        finished = true;
        ended(ending);
      };
      unsubscribe = target.subscribe<TData>(request, {
        next: (result) => {
          if (result.errors?.length) {
            log.warn(`[subscriptions] ${handlers.operation} sent errors`, result.errors);
            if (result.data == null) refusal = result.errors;
          }
          if (result.data == null) return;
          refusal = undefined;
          refreshed = false;
          handlers.next(result.data);
        },
        error: finish,
        complete: () => finish(refusal ?? 'complete'),
      });
      if (finished) unsubscribe = undefined;
    }

    start();
    return () => {
      stopped = true;
      waitingResubscriptions.delete(start);
      unsubscribe?.();
    };
  }

  const options: ClientOptions = {
    url: dependencies.url,
    lazy: true,
    keepAlive: dependencies.keepAliveMs ?? websocketKeepAliveMs,
    connectionAckWaitTimeout: ackWaitMs,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      if (skipNextRetryWait) skipNextRetryWait = false;
      else await backOff.sleep(websocketRetryDelay(retries, dependencies.random));
      if (!refreshBeforeRetry) return;
      refreshBeforeRetry = false;
      await dependencies
        .refreshSession()
        .catch((error: unknown) => log.warn('[subscriptions] session refresh before reconnecting failed', error));
    },
    connectionParams: () => dependencies.connectionParams(),
    webSocketImpl: dependencies.webSocketImpl,
    on: {
      connecting: (isRetry) => store.set(connectionStatusAtom, isRetry || announceNextConnection ? 'reconnecting' : 'connecting'),
      opened: (opened) => {
        clearWatchdogs();
        // graphql-ws closes after connectionAckWaitTimeout, but that close can hang on a dead peer.
        acknowledgementWatchdog = setTimeout(
          () => dropSocket(opened as SocketLike, 4418, 'Connection acknowledgement timeout'),
          ackWaitMs + pongWaitMs,
        );
      },
      connected: (connected, _payload, wasRetry) => {
        const previous = store.get(connectionStatusAtom);
        clearWatchdogs();
        socket = connected as SocketLike;
        socketProven = false;
        skipNextRetryWait = false;
        lostServer = false;
        store.set(connectionStatusAtom, 'connected');
        announceNextConnection = false;
        // A connection that brings back resubscriptions was 'reconnecting' too (see `connecting`).
        if (wasRetry || previous === 'reconnecting') emitReconnect(log);
      },
      ping: (received) => {
        if (!received) armPongWatchdog();
      },
      pong: (received) => {
        if (!received) return;
        clearTimeout(pongWatchdog);
        pongWatchdog = undefined;
        if (socketProven) return;
        // A new socket answered its first keep-alive: it works, so the next failure starts the back-off from 1 s again.
        socketProven = true;
        resubscriptionAttempt = 0;
      },
      closed: (event) => {
        const { code, reason } = (event ?? {}) as CloseLike;
        const terminal = code !== undefined && code !== 1000 && isTerminalCloseCode(code);
        log.warn(
          `[subscriptions] websocket closed (${code ?? 'no code'}${reason ? `: ${reason}` : ''})${terminal ? '; not reconnecting' : ''}`,
        );
        socket = undefined;
        clearWatchdogs();
        skipNextRetryWait = false;
        lostServer = code === undefined || unreachableCloseCodes.has(code) || droppingDeadSocket;
        if (code !== undefined && authCloseCodes.has(code)) refreshBeforeRetry = true;
        store.set(connectionStatusAtom, code === 1000 || terminal ? 'idle' : 'reconnecting');
      },
      error: (error) => log.warn('[subscriptions] websocket error', error),
    },
  };

  return {
    options,
    attach(attached: Client): void {
      client = attached;
    },
    subscribeLive,
    reconnectNow: wakeUp,
    dispose(): void {
      disposed = true;
      waitingResubscriptions.clear();
      clearWatchdogs();
    },
    serverAnswered(): void {
      if (lostServer && store.get(connectionStatusAtom) === 'reconnecting') backOff.wake();
    },
  };
}

/** The client's options, apart so the retry policy is unit-tested without a socket. */
export function subscriptionClientOptions(dependencies: SubscriptionClientDependencies): ClientOptions {
  return createLiveConnection(dependencies).options;
}

export function createSubscriptionClient(dependencies: SubscriptionClientDependencies): SubscriptionClient {
  const connection = createLiveConnection(dependencies);
  const client = (dependencies.createClient ?? createClient)(connection.options);
  connection.attach(client);
  return {
    ...client,
    dispose: () => {
      connection.dispose();
      return client.dispose();
    },
    subscribeLive: connection.subscribeLive,
    reconnectNow: connection.reconnectNow,
    serverAnswered: connection.serverAnswered,
  };
}

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

interface WakeSources {
  window: Pick<EventTarget, 'addEventListener'>;
  document: Pick<EventTarget, 'addEventListener'> & { readonly visibilityState: DocumentVisibilityState };
  /** Subscribes to answers of HTTP requests. */
  onServerAnswered: (listener: () => void) => unknown;
}

/** Reconnects at once when the network comes back, the tab is shown again, or an HTTP request got through while reconnecting. */
export function reconnectWhenBack(target: Pick<SubscriptionClient, 'reconnectNow' | 'serverAnswered'>, sources: WakeSources): void {
  sources.window.addEventListener('online', () => target.reconnectNow());
  sources.document.addEventListener('visibilitychange', () => {
    if (sources.document.visibilityState === 'visible') target.reconnectNow();
  });
  sources.onServerAnswered(() => target.serverAnswered());
}

let defaultClient: SubscriptionClient | undefined;

function client(): SubscriptionClient {
  if (defaultClient) return defaultClient;
  defaultClient = createSubscriptionClient({
    url: defaultUrl,
    store: appStore,
    sleep,
    log: console,
    connectionParams: () => ({ user: readCookie(userCookieName) ?? null }),
    refreshSession,
  });
  reconnectWhenBack(defaultClient, { window, document, onServerAnswered });
  return defaultClient;
}

/** Cuts the app socket's back-off short and reconnects now (the network or the tab came back). */
export function reconnectNow(): void {
  defaultClient?.reconnectNow();
}

/**
 * Subscribes to a live operation; `onNext` receives each result's data. Returns the unsubscribe.
 * A subscription whose socket failed comes back by itself (see the module comment).
 */
export function subscribe<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  onNext: (data: NoInfer<TData>) => void,
  target: Pick<SubscriptionClient, 'subscribeLive'> = client(),
): () => void {
  return target.subscribeLive<TData>({ query: documentSource(document), variables }, { operation: operationOf(document), next: onNext });
}

/** React binding of `subscribe`: resubscribes when the variables change, unsubscribes on unmount. */
export function useSubscription<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  onNext: (data: NoInfer<TData>) => void,
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
