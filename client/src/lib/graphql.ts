/**
 * The product's data client: typed GraphQL over POST /graphql with the session cookies, and
 * the SPEC §8 error catalogue applied to every call:
 *
 * | server message                                          | behaviour                               |
 * |---------------------------------------------------------|-----------------------------------------|
 * | contains "No access token"                              | go to /signin                           |
 * | is one of the expired-token messages (any case)         | one token refresh, then one retry       |
 * | refresh fails with "Invalid refresh token"              | go to /signin                           |
 * | lastViewed, getMessages, getFolder fail; getTask fails  | one retry after 500 ms                  |
 * |   with "Wrong Task" or a non-nullable message           |                                         |
 * | anything else                                           | info toast with the message, no title   |
 *
 * A caller that shows errors in place (forms) passes `handledByCaller`: then nothing is toasted.
 * An error the server sent with its code's parameters is shown in the user's language, by code (errorMessages.ts).
 *
 * Every mutation carries an `Idempotency-Key` (mutationKeys.ts): one per logical mutation, the
 * caller's own when it retries across calls or reloads (the chat outbox, pending task edits), else
 * one made for the call. Every attempt of the call sends the same key: the retry after a token
 * refresh, and (for a key made here) the resends of a mutation whose answer the network lost (after
 * 1, 2 and 4 s), which the server answers with the first result instead of applying it again.
 *
 * Navigation, toasts, sleeping and fetch are injected (createGraphQLClient) so the catalogue is
 * unit-tested row by row; `request` is the app's instance wired to the router, toasts and i18n.
 */
import { showToast, type ToastOptions } from '../ui/toastStore';
import { sleep } from './browser';
import { clearUserCookie } from './cookies';
import { serverErrorText, type TranslateCode } from './errorMessages';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { signInPathFor } from '../app/routeRules';
import { documentSource, graphql, operationOf, type GraphQLDocument } from './graphqlDocument';
import { isMutationText, newMutationKey } from './mutationKeys';
import { readPositions, type ReadPositions } from './readPosition';
import { logPositionHeader } from '#shared/constants';

/** A document's variables by name, as gql.tada types them from its declarations. */
export type Variables = Readonly<Record<string, unknown>>;

export interface RequestOptions {
  /** For start-up preloads (SPEC §7): failures are logged to the console only, never toasted. */
  silent?: boolean;
  /**
   * The caller shows failures itself, in place (a form next to its fields): nothing is toasted or
   * logged, the RequestError carries the code and details. Sign-out on a lost session still applies.
   */
  handledByCaller?: boolean;
  signal?: AbortSignal;
  /**
   * A mutation's idempotency key, for a caller that sends one logical mutation in several calls
   * (a queue that retries, an edit replayed after a reload). Without it each call makes its own.
   * A call with the caller's key is not resent here when its answer is lost: the caller retries it,
   * unless it has no retry of its own and asks for the resends (`resendLost`).
   */
  idempotencyKey?: string;
  /** With the caller's `idempotencyKey`, still resend the call here while its answer is lost (after 1, 2 and 4 s). */
  resendLost?: boolean;
}

export type RequestErrorKind = 'graphql' | 'network' | 'unauthenticated' | 'response';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly operation: string,
    readonly code?: string,
    /** The error's other `extensions`, e.g. `retryAfterSeconds` of RATE_LIMITED. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

const expiredTokenMessages = ['token expired or invalid', 'token expired', 'expired token', 'jwt expired', 'token has expired'];
const retriedOperations = new Set(['lastViewed', 'getMessages', 'getFolder']);
export const retryDelayMs = 500;
/** How long one request may take before it counts as a network failure (a slow server answers well before). */
export const requestTimeoutMs = 60_000;
/** The waits before a mutation whose answer the network lost is sent again with its key; then the failure stands. */
export const mutationResendDelaysMs = [1000, 2000, 4000] as const;
/** Answers of a proxy or a restarting server in front of one that may have applied the mutation. */
const unreachableStatuses = new Set([502, 503, 504]);

export function isNoAccessToken(message: string): boolean {
  return message.includes('No access token');
}

export function isExpiredToken(message: string): boolean {
  return expiredTokenMessages.includes(message.trim().toLowerCase());
}

export function isInvalidRefreshToken(message: string): boolean {
  return message.includes('Invalid refresh token');
}

/** SPEC §8: the operations that get one retry after 500 ms when they fail. */
export function isRetriedAfterDelay(operation: string, message: string): boolean {
  if (retriedOperations.has(operation)) return true;
  return operation === 'getTask' && (message.includes('Wrong Task') || message.toLowerCase().includes('non-nullable'));
}

export type CatalogueKey = 'errors.network' | 'errors.unexpectedResponse';

export interface GraphQLClientDependencies {
  endpoint: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  navigate: (path: string) => void;
  toast: (options: ToastOptions) => void;
  sleep: (ms: number) => Promise<void>;
  translate: (key: CatalogueKey) => string;
  /** The user's-language text of an error code with its parameters, or the fallback when the locale files have none (a code newer than them). */
  translateErrorCode: TranslateCode;
  log: Pick<Console, 'error'>;
  /** Called before going to /signin, to forget the client-side session. */
  onSignedOut: () => void;
  /** Where to sign in again: /signin, with the current page to come back to when there is one. */
  signInPath?: () => string;
  /** Called whenever the server answered with a GraphQL result (data or errors): it is reachable again. */
  onAnswered?: () => void;
  /** Makes a mutation's idempotency key (tests give a predictable one). */
  createKey?: () => string;
  /** Told of each request and its answer's log position, so live subscriptions start no later than a read (readPosition.ts). */
  positions?: Pick<ReadPositions, 'sending' | 'answered'>;
}

interface GraphQLErrorPayload {
  message?: unknown;
  extensions?: { code?: unknown; [detail: string]: unknown };
}

interface ExecutionResult {
  data?: unknown;
  errors?: readonly GraphQLErrorPayload[];
}

/** One document on its way: its printed text, its operation and its variables. */
interface Call {
  source: string;
  operation: string;
  variables: Variables | undefined;
  /** Sent as Idempotency-Key by every attempt; set on mutations. */
  idempotencyKey?: string;
  /** Whether an answer lost to the network is worth a resend (never for the session refresh, which rotates its token). */
  resend: boolean;
}

/** Why an attempt got no GraphQL result. */
class Unanswered {
  constructor(
    readonly kind: 'network' | 'response',
    readonly status: number | null,
    /** The server may have done the work and the retry may be answered: the network failed, or a proxy said the server is away. */
    readonly resendable: boolean,
  ) {}
}

interface Attempt {
  refreshed: boolean;
  retried: boolean;
}

/**
 * The variables argument: optional when the document declares none or only optional ones, required otherwise. Its type
 * comes from the document alone (NoInfer), so a variable the document does not declare is an error too.
 */
export type VariablesArguments<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: NoInfer<TVariables>, options?: RequestOptions]
    : [variables: NoInfer<TVariables>, options?: RequestOptions];

export const refreshTokenDocument = graphql('mutation RefreshToken { refreshToken { token } }');

export function createGraphQLClient(dependencies: GraphQLClientDependencies) {
  let refreshing: Promise<void> | undefined;

  function report(options: RequestOptions, operation: string, message: string): void {
    if (options.handledByCaller) return;
    if (options.silent) dependencies.log.error(`[graphql] ${operation} failed:`, message);
    else dependencies.toast({ message, icon: 'info' });
  }

  function signOut(operation: string, message: string): never {
    dependencies.onSignedOut();
    dependencies.navigate(dependencies.signInPath?.() ?? '/signin');
    throw new RequestError('unauthenticated', message, operation);
  }

  /** One attempt: the GraphQL result, or why there is none. */
  async function post(call: Call, options: RequestOptions): Promise<ExecutionResult | Unanswered> {
    const sent = dependencies.positions?.sending();
    let position: string | null = null;
    try {
      const answer = await postOnce(call, options);
      if (!(answer instanceof Unanswered)) position = answer.position;
      return answer instanceof Unanswered ? answer : answer.result;
    } finally {
      if (sent !== undefined) dependencies.positions?.answered(sent, position);
    }
  }

  async function postOnce(call: Call, options: RequestOptions): Promise<{ result: ExecutionResult; position: string | null } | Unanswered> {
    let response: Response;
    try {
      response = await dependencies.fetch(dependencies.endpoint, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
        },
        body: JSON.stringify({ query: call.source, variables: call.variables ?? {} }),
        // A request that never answers (a half-open connection) must end, or whatever waits on it stays loading.
        signal: options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(requestTimeoutMs)])
          : AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // A request that timed out may still be running on a slow server: it is not sent again on top of it.
      return new Unanswered('network', null, !(error instanceof DOMException && error.name === 'TimeoutError'));
    }
    const body = (await response.json().catch(() => null)) as ExecutionResult | null;
    // A server restarting (503), a proxy's gateway error or a body over the limit answers JSON that is no
    // GraphQL result: treated as success it would hand callers `undefined` data.
    if (body === null || typeof body !== 'object' || (!('data' in body) && !('errors' in body))) {
      const kind = body !== null && response.status >= 500 ? 'network' : 'response';
      return new Unanswered(kind, response.status, unreachableStatuses.has(response.status));
    }
    dependencies.onAnswered?.();
    return { result: body, position: response.headers.get(logPositionHeader) };
  }

  /** Posts the call, sending a mutation again with its key while its answer is lost; reports the failure that stands. */
  async function send(call: Call, options: RequestOptions): Promise<ExecutionResult> {
    const { operation } = call;
    for (let resends = 0; ; resends += 1) {
      const answer = await post(call, options);
      if (!(answer instanceof Unanswered)) return answer;
      const delay = mutationResendDelaysMs[resends];
      if (call.resend && call.idempotencyKey && answer.resendable && delay !== undefined && !options.signal?.aborted) {
        await dependencies.sleep(delay);
        continue;
      }
      const message = dependencies.translate(answer.kind === 'network' ? 'errors.network' : 'errors.unexpectedResponse');
      report(options, operation, answer.kind === 'network' ? message : `${message} (${answer.status})`);
      throw new RequestError(answer.kind, message, operation);
    }
  }

  async function execute(call: Call, options: RequestOptions, attempt: Attempt): Promise<unknown> {
    const { operation } = call;
    const result = await send(call, options);
    const first = result.errors?.[0];
    if (!first) return result.data;

    const message = typeof first.message === 'string' ? first.message : String(first.message);
    const { code, ...details } = first.extensions ?? {};
    if (isNoAccessToken(message) || isInvalidRefreshToken(message)) signOut(operation, message);
    if (isExpiredToken(message) && !attempt.refreshed) {
      try {
        await refreshSession();
      } catch (error) {
        if (error instanceof RequestError && error.kind !== 'unauthenticated') report(options, operation, error.message);
        throw error;
      }
      return execute(call, options, { ...attempt, refreshed: true });
    }
    if (!attempt.retried && isRetriedAfterDelay(operation, message)) {
      await dependencies.sleep(retryDelayMs);
      return execute(call, options, { ...attempt, retried: true });
    }
    const shown = serverErrorText(dependencies.translateErrorCode, code, message, details);
    report(options, operation, shown);
    throw new RequestError('graphql', shown, operation, typeof code === 'string' ? code : undefined, details);
  }

  /** The session refresh carries no key and is never resent: the server rotates its token, so a resent refresh would spend it twice. */
  const sessionRefreshCall: Call = {
    source: documentSource(refreshTokenDocument),
    operation: operationOf(refreshTokenDocument),
    variables: undefined,
    resend: false,
  };

  function callOf(document: GraphQLDocument<unknown, never>, variables: Variables | undefined, options: RequestOptions = {}): Call {
    // A caller with its own key retries by itself (its queue's back-off); resending here too would only stack the waits.
    const call: Call = {
      source: documentSource(document),
      operation: operationOf(document),
      variables,
      resend: options.idempotencyKey === undefined || options.resendLost === true,
    };
    if (isMutationText(document.text)) call.idempotencyKey = options.idempotencyKey ?? (dependencies.createKey ?? newMutationKey)();
    return call;
  }

  /**
   * Rotates the session cookies. Concurrent callers share one refresh: with rotating refresh
   * tokens and reuse detection, two parallel refreshes would revoke the whole session.
   */
  function refreshSession(): Promise<void> {
    refreshing ??= execute(sessionRefreshCall, { silent: true }, { refreshed: true, retried: true })
      .then(() => undefined)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  /** Runs a document with its variables; resolves with its data, typed from the schema by the document. */
  async function request<TData, TVariables extends Variables>(
    document: GraphQLDocument<TData, TVariables>,
    ...[variables, options]: VariablesArguments<TVariables>
  ): Promise<TData> {
    const data = await execute(callOf(document, variables, options), options ?? {}, { refreshed: false, retried: false });
    // The server answered this document, validated against the schema its types come from.
    return data as TData;
  }

  return { request, refreshSession };
}

export type GraphQLClient = ReturnType<typeof createGraphQLClient>;

const answeredListeners = new Set<() => void>();

/** Runs `listener` after every answer from the server: the live socket cuts its reconnection back-off short. Returns the unsubscribe. */
export function onServerAnswered(listener: () => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

export const graphqlClient: GraphQLClient = createGraphQLClient({
  endpoint: '/graphql',
  fetch: (input, init) => globalThis.fetch(input, init),
  navigate: navigateTo,
  toast: (options) => showToast(options),
  sleep,
  translate: (key) => i18n.t(key),
  translateErrorCode: (code, params, fallback) => i18n.t(`errors.codes.${code}`, { ...params, defaultValue: fallback }),
  log: console,
  onSignedOut: clearUserCookie,
  signInPath: () => signInPathFor(window.location),
  positions: readPositions,
  onAnswered: () => {
    for (const listener of [...answeredListeners]) listener();
  },
});

export const { request, refreshSession } = graphqlClient;
