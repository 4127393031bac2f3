import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ExecutionArgs, ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { Context as ProtocolContext, Server as ProtocolServer } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { LiveCursor } from '../core/live';
import { resumeRequestOf } from '../core/liveResume';
import { isDomainError } from '../errors';
import { addressKey } from '../http/rateLimits';
import { SocketRefusal, socketCloseCodes } from './closeCodes';
import { authenticateRequest, requireActor, tokenFromConnectionPayload, type Authentication, type Services } from './context';
import { formatErrors } from './errors';
import { invalidVariableText } from './inputText';
import { OperationTopics } from './liveTopics';
import type { SharedPayloads } from './sharedPayloads';
import { delivering } from './socketResults';
import { graphqlRuntime, graphqlWsRuntime, mercuriusSymbols, type LoaderFactory } from './runtime';
import type { SocketConnection } from './sockets';
import {
  asksForIntrospection,
  documentError,
  introspectionRefusal,
  operationOf,
  ValidatedDocuments,
  type DocumentLimits,
} from './validation';

const { GraphQLError: GraphqlErrorClass } = graphqlRuntime;

/** What the server keeps for one `/graphql` websocket (graphql-ws's `ctx.extra`). */
export interface SocketState {
  readonly socket: WebSocket;
  readonly request: FastifyRequest;
  readonly log: FastifyBaseLogger;
  /** The socket as the SocketRegistry counts it (presence, per-user cap). */
  readonly connection: SocketConnection;
  /** The topic listeners of its running operations, released together when the socket ends. */
  readonly topics: Set<OperationTopics>;
  upgradeAuthentication?: Authentication;
  initAuthentication?: Authentication;
  /** Answered the last keep-alive ping. */
  alive: boolean;
  /** Closed by the server (slow consumer, shutdown): nothing more is sent or accepted. */
  ended: boolean;
  /** The connection under the websocket, corked while one turn of the event loop writes several messages to it. */
  readonly stream?: Duplex | undefined;
  /** Messages written in this turn of the event loop. */
  messagesThisTurn: number;
  /** The stream is corked by this server (until the turn ends). */
  corked: boolean;
}

/** What a subscription's resolvers see as their context, as mercurius gave it to them before. */
export interface OperationContext {
  app: unknown;
  services: Services;
  connection: SocketConnection;
  upgradeAuthentication: Authentication | undefined;
  initAuthentication: Authentication | undefined;
  ip: string;
  fastifyRequest: FastifyRequest;
  /** `context.pubsub.subscribe(topic)`: this operation's own topic listeners. */
  pubsub: OperationTopics;
  /** Mercurius's loaders read `reply[kLoaders]`. */
  reply: Record<string | symbol, unknown>;
  requestId: string;
  /** The subscription's log position and notices, when its client follows positions (live resume). */
  liveCursor?: LiveCursor;
}

export interface GraphqlRuntimeParts {
  app: unknown;
  schema: GraphQLSchema;
  loaders: LoaderFactory | undefined;
}

export interface OperationPolicy {
  services: Services;
  limits: DocumentLimits;
  initTimeoutMs: number;
  maxSubscriptionsPerSocket: number;
  /** Production refuses introspection to anonymous callers. */
  production: boolean;
  /**
   * Whether this anonymous socket may have its subscriptions read (a meeting guest's credential on its
   * upgrade); any other anonymous subscribe is refused before its document is read.
   */
  anonymousMaySubscribe: (request: FastifyRequest) => boolean | Promise<boolean>;
  graphql: () => GraphqlRuntimeParts;
  /** A subscription's queue overflowed: its consumer is stuck. */
  onStuckConsumer: (state: SocketState) => void;
  /** Writes one message to the socket; answers false once the socket takes nothing more (closed, dropped). */
  send: (state: SocketState, message: string) => boolean;
  /** The payloads of the events being delivered, shared by subscribers who see the same (one per app). */
  sharedPayloads: SharedPayloads;
}

type Context = ProtocolContext<Record<string, unknown> | undefined, SocketState>;

/** The authentication a socket's operations run with: the connection_init token's, else the upgrade request's. */
export function socketAuthentication(state: SocketState): Authentication {
  return state.initAuthentication ?? state.upgradeAuthentication ?? { status: 'missing' };
}

export function operationRequestId(state: SocketState, operationId: string | null): string {
  return operationId === null ? state.request.id : `${state.request.id}:${operationId}`;
}

/**
 * graphql-ws's reference server (protocol: one init, init timeout, subscribe only after the ack,
 * no duplicate ids) with our policy in its hooks: who the socket is, how many subscriptions and
 * sockets it may hold, and the same document checks as HTTP, all before a resolver runs.
 */
export function createProtocolServer(policy: OperationPolicy): ProtocolServer<SocketState> {
  const { services } = policy;
  /** Each running subscription's document key, operation name and variables as one string (its sharing key). */
  const operationKeys = new WeakMap<OperationContext, string>();
  /** The subscription documents every client sends, parsed and checked once for all of them. */
  const documents = new ValidatedDocuments(policy.limits);

  async function refuseCredential(
    state: SocketState,
    authentication: Exclude<Authentication, { status: 'authenticated' }>,
  ): Promise<never> {
    if (authentication.status === 'invalid') {
      try {
        await services.rateLimits.consume(['refusedSocketCredentialPerAddress', addressKey(state.request.ip)]);
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'RATE_LIMITED') throw error;
        const retryAfter = Number(error.details?.retryAfterSeconds ?? 60);
        throw new SocketRefusal(socketCloseCodes.credentialsRateLimited, `Too many refused credentials: retry in ${retryAfter} s`, 'warn');
      }
    }
    throw new SocketRefusal(
      socketCloseCodes.forbidden,
      authentication.status === 'expired' ? 'Forbidden: the access token has expired' : 'Forbidden: the access token is not valid',
    );
  }

  /** A subscribe refused before execution: graphql-ws sends the errors as an `error` message, through onError. */
  const refuse = (_state: SocketState, _operationId: string, errors: readonly GraphQLError[]): readonly GraphQLError[] => errors;

  /** Every error a client gets carries its request id; refusals are logged as information, unexpected errors (masked) as errors. */
  function formatForSocket(state: SocketState, operationId: string, errors: readonly GraphQLError[]): GraphQLFormattedError[] {
    const requestId = operationRequestId(state, operationId);
    const { errors: formatted } = formatErrors(errors, { log: state.log, requestId });
    const refusals = formatted.filter((error) => error.extensions.code !== 'INTERNAL_SERVER_ERROR').map((error) => error.extensions.code);
    if (refusals.length > 0) state.log.info({ requestId, codes: refusals }, 'graphql websocket: operation refused');
    return formatted.map((error) => ({ ...error, extensions: { ...error.extensions, requestId } }));
  }

  /** A result as the client gets it: its errors formatted for the socket (each with the operation's request id). */
  function formattedResult(state: SocketState, operationId: string, result: ExecutionResult): FormattedExecutionResult {
    return {
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors && result.errors.length > 0 ? { errors: formatForSocket(state, operationId, result.errors) } : {}),
      ...(result.extensions ? { extensions: result.extensions } : {}),
    };
  }

  return graphqlWsRuntime.makeServer<Record<string, unknown> | undefined, SocketState>({
    connectionInitWaitTimeout: policy.initTimeoutMs,

    onConnect: async (ctx: Context) => {
      const state = ctx.extra;
      const token = tokenFromConnectionPayload(ctx.connectionParams);
      const [initAuthentication, upgradeAuthentication] = await Promise.all([
        token === null ? undefined : services.authenticate(token),
        authenticateRequest(state.request, services.authenticate),
      ]);
      state.upgradeAuthentication = upgradeAuthentication;
      if (initAuthentication && initAuthentication.status !== 'authenticated') await refuseCredential(state, initAuthentication);
      state.initAuthentication = initAuthentication;
      const authentication = socketAuthentication(state);
      if (authentication.status === 'authenticated' && !services.sockets.attach(state.connection, authentication.actor.userId)) {
        throw new SocketRefusal(socketCloseCodes.tooManySockets, 'Too many connections for this user', 'warn');
      }
      return true;
    },

    // Asynchronous for the anonymous caller's check (a guest credential is read from the database); graphql-ws awaits it.
    onSubscribe: async (ctx: Context, id, payload): Promise<ExecutionArgs | readonly GraphQLError[]> => {
      const state = ctx.extra;
      // graphql-ws reserved this id already: the count includes the subscription being asked for.
      if (Object.keys(ctx.subscriptions).length > policy.maxSubscriptionsPerSocket) {
        return refuse(state, id, [
          documentError(
            'TOO_MANY_SUBSCRIPTIONS',
            `This connection already runs ${policy.maxSubscriptionsPerSocket} subscriptions, the limit. Complete some first.`,
          ),
        ]);
      }
      const authentication = socketAuthentication(state);
      if (authentication.status !== 'authenticated' && !(await policy.anonymousMaySubscribe(state.request))) {
        try {
          requireActor({ initAuthentication: authentication });
        } catch (error) {
          return refuse(state, id, [new GraphqlErrorClass((error as Error).message, { originalError: error as Error })]);
        }
      }
      const { schema, loaders, app } = policy.graphql();
      const checked = documents.check(schema, payload.query);
      if ('errors' in checked) return refuse(state, id, checked.errors);
      const { document } = checked;
      const operation = operationOf(document, payload.operationName);
      if (!operation)
        return refuse(state, id, [
          documentError('GRAPHQL_VALIDATION_FAILED', 'Name the operation to run: the document has several, or none by that name.'),
        ]);
      if (operation.operation !== 'subscription') {
        return refuse(state, id, [
          documentError(
            'GRAPHQL_VALIDATION_FAILED',
            'Only subscriptions are served over the websocket; send queries and mutations with POST /graphql.',
          ),
        ]);
      }
      if (policy.production && authentication.status !== 'authenticated' && asksForIntrospection(document))
        return refuse(state, id, introspectionRefusal().errors);
      const invalidText = invalidVariableText(payload.variables);
      if (invalidText) return refuse(state, id, [invalidText]);
      const resume = resumeRequestOf(payload.extensions);
      if (isDomainError(resume)) return refuse(state, id, [new GraphqlErrorClass(resume.message, { originalError: resume })]);

      const topics = new OperationTopics(services.live.emitter, () => policy.onStuckConsumer(state), { log: state.log });
      state.topics.add(topics);
      const requestId = operationRequestId(state, id);
      const contextValue: OperationContext = {
        app,
        services,
        connection: state.connection,
        upgradeAuthentication: state.upgradeAuthentication,
        initAuthentication: state.initAuthentication,
        ip: state.request.ip,
        fastifyRequest: state.request,
        pubsub: topics,
        reply: { request: state.request, log: state.log },
        requestId,
        ...(resume ? { liveCursor: new LiveCursor(resume.resumeAfter) } : {}),
      };
      if (loaders) contextValue.reply[mercuriusSymbols.kLoaders] = loaders.create(contextValue);
      // The document's key stands for its text: the text itself would be one more copy per subscription.
      operationKeys.set(contextValue, JSON.stringify([checked.key, payload.operationName ?? null, payload.variables ?? null]));
      return {
        schema,
        document,
        operationName: payload.operationName ?? null,
        variableValues: payload.variables ?? null,
        contextValue,
        rootValue: {},
      };
    },

    // The source event stream only: each event is executed by the delivery below, once for all who share it.
    subscribe: (args) => graphqlRuntime.createSourceEventStream(args) as Promise<AsyncIterable<ExecutionResult> | ExecutionResult>,

    onOperation: (ctx: Context, id, _payload, args, result) => {
      const state = ctx.extra;
      const contextValue = args.contextValue as OperationContext;
      const topics = contextValue.pubsub;
      const release = () => {
        topics.close();
        state.topics.delete(topics);
      };
      if (!isAsyncIterable(result)) {
        release();
        return undefined;
      }
      const messagePrefix = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
      return delivering({
        source: result,
        execute: (rootValue) => graphqlRuntime.execute({ ...args, rootValue }),
        operationKey: operationKeys.get(contextValue)!,
        shared: policy.sharedPayloads,
        cursor: contextValue.liveCursor,
        send: (payloadJson) => policy.send(state, `${messagePrefix}${payloadJson}}`),
        withErrors: (executed) => JSON.stringify(formattedResult(state, id, executed)),
        release,
        onStuck: () => policy.onStuckConsumer(state),
      });
    },

    onNext: (ctx: Context, id, _payload, _args, result) => {
      if (!result.errors || result.errors.length === 0) return undefined;
      return formattedResult(ctx.extra, id, result);
    },

    onError: (ctx: Context, id, _payload, errors) => formatForSocket(ctx.extra, id, errors),
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
