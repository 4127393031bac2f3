/**
 * Live subscriptions: each runs on the app's live socket (liveConnection.ts: status, back-offs,
 * watchdogs) and comes back by itself when its socket failed, resuming where it was.
 *
 * Live resume (server/src/core/liveResume.ts): every subscribe carries `extensions.resumeAfter`, the
 * log position of the last event this subscription was given; at first, a position no later than
 * any read of its view still on its way or answered (readPosition.ts), or null before the page heard
 * one, so an event committed between a view's read and its subscription is replayed. The server answers
 * each event with its position in `extensions.seq`, and sends results without data that move the
 * position: where a fresh subscription starts, `resume: 'replayed'` once what was missed while the
 * socket was down has been sent again, or `resume: 'gap'` when too much was missed (or the server's
 * log is not the one the position came from): then the subscription's `reload` runs, the view reads
 * everything again, and live events go on meanwhile. A subscription that comes back without ever
 * having had a position reloads too. Positions are kept in memory: a new page starts afresh.
 *
 * After a subscription ended with its socket it resubscribes after the connection's back-off, on a
 * fresh socket, and the reconnection is announced (`onReconnect`) for views without a live
 * subscription of their own. Not resubscribed: a subscription the server completed, or refused with
 * GraphQL errors (NOT_FOUND, PERMISSION_DENIED: access lost). TOKEN_EXPIRED / UNAUTHENTICATED
 * refreshes the session, restarts the socket (it took its identity from its upgrade's cookie) and
 * resubscribes once.
 */
import { useEffect, useRef } from 'react';
import { createClient, type Client, type SubscribePayload } from 'graphql-ws';
import { sleep } from './browser';
import { readCookie, userCookieName } from './cookies';
import { isExpiredToken, isNoAccessToken, onServerAnswered, refreshSession, RequestError, type Variables } from './graphql';
import { documentSource, operationOf, type GraphQLDocument } from './graphqlDocument';
import {
  createLiveConnection,
  onReconnect,
  reconnectWhenBack,
  type LiveConnection,
  type SubscriptionClientDependencies,
} from './liveConnection';
import { readPositions, type ReadPositions } from './readPosition';
import { appResumeSettling, type ResumeSettling } from './resumeSettling';
import { appStore } from './store';

export {
  connectionAckTimeoutMs,
  connectionStatusAtom,
  isTerminalCloseCode,
  onReconnect,
  pongTimeoutMs,
  reconnectWhenBack,
  type ConnectionStatus,
  type SubscriptionClientDependencies,
} from './liveConnection';

/** What `subscribe` hands a live subscription: its result data, its name for the logs, and how its view reads everything again. */
export interface LiveHandlers<TData> {
  operation: string;
  next: (data: TData) => void;
  /** Runs when the subscription came back but could not be given what it missed (see the module comment). */
  reload?: () => void;
  /** Runs when the server refused the subscription for good (its errors), or the session ended: no more results come. */
  refused?: (errors: readonly { message: string; code: string | null }[]) => void;
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

/** What the server says of a result's place in its log. */
interface LiveExtensions {
  seq?: unknown;
  resume?: unknown;
}

function plainError(error: FormattedError): { message: string; code: string | null } {
  return {
    message: typeof error.message === 'string' ? error.message : '',
    code: typeof error.extensions?.code === 'string' ? error.extensions.code : null,
  };
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

/** Where fresh subscriptions start and what they heard (readPosition.ts); without it they start where the server listens. */
export type LivePositions = Pick<ReadPositions, 'settledStartingPoint' | 'heard'>;

function subscribeLive<TData>(
  connection: LiveConnection,
  log: Pick<Console, 'warn'>,
  request: SubscribePayload,
  handlers: LiveHandlers<TData>,
  positions: LivePositions | undefined,
  resumes: Pick<ResumeSettling, 'begin'> | undefined,
): () => void {
  const target = connection.client();
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  /** The session was refreshed for this subscription since it last worked: another refusal is final. */
  let refreshed = false;
  /**
   * The log position of the last event given, or where the subscription started; null before the server said.
   * A fresh one starts no later than its view's read, so what is committed while its socket connects is replayed.
   */
  const startingPoint = positions?.settledStartingPoint() ?? null;
  let position: number | null = startingPoint instanceof Promise ? null : startingPoint;
  let runs = 0;
  /** Whether the server ever told this subscription its position: it is one that resumes (not presence or typing). */
  let positioned = false;
  /** Ends this subscription's wait for its position notice after its socket closed (resumeSettling.ts); set while it waits. */
  let settle: (() => void) | undefined;
  function awaitNotice(): void {
    if (positioned && !stopped) settle ??= resumes?.begin();
  }
  function noticeHeard(): void {
    settle?.();
    settle = undefined;
  }
  const stopWatchingSocket = connection.onSocketClosed(awaitNotice);
  /**
   * What is sent to subscribe. graphql-ws sends this same object again when it reconnects by itself
   * (a socket lost to the network or a restart), so the position it carries is kept current in it.
   */
  const payload: SubscribePayload & { extensions: { resumeAfter: number | null } } = {
    ...request,
    extensions: { ...request.extensions, resumeAfter: position },
  };

  function reload(why: string): void {
    log.warn(`[subscriptions] ${handlers.operation} ${why}; reloading its view`);
    handlers.reload?.();
  }

  /** Moves the position; true when the server says this run could not resume. */
  function follow(extensions: LiveExtensions | undefined): boolean {
    if (typeof extensions?.seq !== 'number') return false;
    const gap = extensions.resume === 'gap';
    // After a gap the server's position is the one to keep, even a lower one (its log was replaced).
    position = gap ? extensions.seq : Math.max(position ?? 0, extensions.seq);
    payload.extensions.resumeAfter = position;
    positioned = true;
    positions?.heard(extensions.seq);
    return gap;
  }

  function ended(ending: unknown): void {
    unsubscribe = undefined;
    if (stopped || ending === 'complete') return noticeHeard();
    const errors = refusalErrors(ending);
    if (!errors) {
      refreshed = false;
      log.warn(`[subscriptions] ${handlers.operation} ended with its socket; resubscribing after the back-off`, ending);
      connection.resubscribeLater(start);
      return;
    }
    if (!isSessionRefusal(errors) || refreshed) {
      log.warn(`[subscriptions] ${handlers.operation} failed`, errors);
      handlers.refused?.(errors.map(plainError));
      return noticeHeard();
    }
    refreshed = true;
    connection.refreshSessionForSocket().then(start, (error: unknown) => {
      if (error instanceof RequestError && error.kind === 'unauthenticated') {
        log.warn(`[subscriptions] ${handlers.operation} stopped: the session has ended`);
        handlers.refused?.(errors.map(plainError));
        noticeHeard();
        return;
      }
      refreshed = false;
      log.warn(`[subscriptions] ${handlers.operation}: session refresh failed; trying again after the back-off`, error);
      connection.resubscribeLater(start);
    });
  }

  function start(): void {
    if (stopped) return;
    runs += 1;
    let finished = false;
    /** A run after the first that has nothing to resume from: its view reloads once it is live again. */
    let reloadWhenLive = runs > 1 && position === null;
    /** Errors of a result without data: the server refused it (then completes it). */
    let refusal: readonly FormattedError[] | undefined;
    // A resubscription waits for its position notice like one graphql-ws sends again by itself.
    if (runs > 1) awaitNotice();
    const finish = (ending: unknown) => {
      if (finished) return;
      finished = true;
      ended(ending);
    };
    unsubscribe = target.subscribe<TData, LiveExtensions>(payload, {
      next: (result) => {
        const gap = follow(result.extensions);
        if (typeof result.extensions?.seq === 'number') noticeHeard();
        if (gap) {
          reloadWhenLive = false;
          reload('missed too much while its socket was down');
        } else if (reloadWhenLive) {
          reloadWhenLive = false;
          reload('came back without a position to resume from');
        }
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

  if (startingPoint instanceof Promise) {
    // The page's first reads are on their way without a position: start once they name one.
    void startingPoint.then((settled) => {
      position = settled;
      payload.extensions.resumeAfter = settled;
      start();
    });
  } else {
    start();
  }
  return () => {
    stopped = true;
    stopWatchingSocket();
    noticeHeard();
    connection.cancelResubscription(start);
    unsubscribe?.();
  };
}

/** The client's options, apart so the retry policy is unit-tested without a socket. */
export function subscriptionClientOptions(dependencies: SubscriptionClientDependencies) {
  return createLiveConnection(dependencies).options;
}

export function createSubscriptionClient(
  dependencies: SubscriptionClientDependencies & { positions?: LivePositions; resumes?: Pick<ResumeSettling, 'begin'> },
): SubscriptionClient {
  const connection = createLiveConnection(dependencies);
  const client = (dependencies.createClient ?? createClient)(connection.options);
  connection.attach(client);
  return {
    ...client,
    dispose: () => {
      connection.dispose();
      return client.dispose();
    },
    subscribeLive: (request, handlers) =>
      subscribeLive(connection, dependencies.log, request, handlers, dependencies.positions, dependencies.resumes),
    reconnectNow: connection.reconnectNow,
    serverAnswered: connection.serverAnswered,
  };
}

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
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
    positions: readPositions,
    resumes: appResumeSettling,
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
 * A subscription whose socket failed comes back by itself and resumes; `reload` runs when it could not.
 */
export function subscribe<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  onNext: (data: NoInfer<TData>) => void,
  target: Pick<SubscriptionClient, 'subscribeLive'> = client(),
  reload?: () => void,
  refused?: LiveHandlers<TData>['refused'],
): () => void {
  return target.subscribeLive<TData>(
    { query: documentSource(document), variables },
    { operation: operationOf(document), next: onNext, ...(reload ? { reload } : {}), ...(refused ? { refused } : {}) },
  );
}

export interface LiveOptions {
  /** Subscribes only while true (default). */
  enabled?: boolean;
  /** Reads the view again when the subscription could not resume after a reconnection. */
  reload?: () => void;
}

/** React binding of `subscribe`: resubscribes when the variables change, unsubscribes on unmount. */
export function useSubscription<TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  onNext: (data: NoInfer<TData>) => void,
  options: LiveOptions = {},
): void {
  const latest = useRef({ onNext, reload: options.reload });
  useEffect(() => {
    latest.current = { onNext, reload: options.reload };
  });
  const key = JSON.stringify(variables);
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribe(
      document,
      JSON.parse(key) as TVariables,
      (data) => latest.current.onNext(data),
      undefined,
      () => latest.current.reload?.(),
    );
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
