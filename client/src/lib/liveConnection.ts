/**
 * The live socket (SPEC §7, §9): graphql-ws over ws(s)://<host>/graphql, its status, back-offs and
 * watchdogs. The browser's cookies authenticate the upgrade; `connectionParams` is a function so every
 * reconnection sends the current user cookie. Connects lazily, pings every 10 s, retries forever with
 * 1 s doubling to 30 s plus up to 20% jitter. After a reconnection, `onReconnect` listeners run.
 *
 * What the server's close codes lead to (server/src/graphql/closeCodes.ts): 4499 (this tab read
 * too slowly and was dropped), 4430 (too many of the user's tabs connected), 4408, 1001, 1006 and
 * the like are retried with that back-off; 4403 (refused token) refreshes the session first. Codes
 * that say the client broke the protocol (4400, 4401, 4406, 4409, 4429) or sent a frame over the
 * limit (1009), and 4500, are not retried by graphql-ws: the status goes back to idle (not
 * "reconnecting" for ever) and graphql-ws ends every subscription with the close as an error; the
 * subscriptions (subscriptions.ts) come back after the same back-off, through `resubscribeLater`.
 *
 * Dead sockets are noticed: no `connection_ack` within 15 s, or no pong within 5 s of a keep-alive
 * ping, drops the socket and reconnects. Back-offs are cut short by `reconnectNow()` when the network
 * or the tab comes back, and by an HTTP request's answer while reconnecting to a server that was out
 * of reach (not one that refused the socket, 4430/4431/4403, whose back-off stands).
 */
import type { Client, ClientOptions } from 'graphql-ws';
import { websocketKeepAliveMs, websocketRetryDelay } from '#shared/constants';
import { atom, type AppStore } from './store';

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

/** One client's connection state, shared by graphql-ws's options (status, retries, watchdogs) and the subscriptions that resubscribe. */
export function createLiveConnection(dependencies: SubscriptionClientDependencies) {
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

  const socketClosedListeners = new Set<() => void>();

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
        for (const listener of [...socketClosedListeners]) listener();
      },
      error: (error) => log.warn('[subscriptions] websocket error', error),
    },
  };

  return {
    options,
    attach(attached: Client): void {
      client = attached;
    },
    /** The graphql-ws client subscriptions run on. */
    client(): Client {
      if (!client) throw new Error('subscribeLive before the client was attached');
      return client;
    },
    resubscribeLater,
    /** A subscription stopped: it does not come back with the others. */
    cancelResubscription: (start: () => void) => void waitingResubscriptions.delete(start),
    /** Refreshes the session for a subscription the current socket's server refused for it. */
    refreshSessionForSocket: () => refreshSessionFor(socket),
    reconnectNow: wakeUp,
    dispose(): void {
      disposed = true;
      waitingResubscriptions.clear();
      clearWatchdogs();
    },
    serverAnswered(): void {
      if (lostServer && store.get(connectionStatusAtom) === 'reconnecting') backOff.wake();
    },
    /** Runs `listener` whenever the socket closed (its subscriptions will be sent again); returns the unsubscribe. */
    onSocketClosed(listener: () => void): () => void {
      socketClosedListeners.add(listener);
      return () => socketClosedListeners.delete(listener);
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;

export interface WakeSources {
  window: Pick<EventTarget, 'addEventListener'>;
  document: Pick<EventTarget, 'addEventListener'> & { readonly visibilityState: DocumentVisibilityState };
  /** Subscribes to answers of HTTP requests. */
  onServerAnswered: (listener: () => void) => unknown;
}

/** Reconnects at once when the network comes back, the tab is shown again, or an HTTP request got through while reconnecting. */
export function reconnectWhenBack(target: { reconnectNow(): void; serverAnswered(): void }, sources: WakeSources): void {
  sources.window.addEventListener('online', () => target.reconnectNow());
  sources.document.addEventListener('visibilitychange', () => {
    if (sources.document.visibilityState === 'visible') target.reconnectNow();
  });
  sources.onServerAnswered(() => target.serverAnswered());
}
