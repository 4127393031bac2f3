import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { constants as zlibConstants } from 'node:zlib';
import { isDatabaseOutage } from './core/databaseOutage';
import { randomHex } from './core/ids';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import mercurius, { type MercuriusLoaders } from 'mercurius';
import type { DestinationStream } from 'pino';
import { logPositionHeader, websocketKeepAliveMs } from '#shared/constants';
import { errorMessages } from '#shared/errors';
import { AccessTokens } from './auth/tokens';
import { registerCollabRoutes } from './collab/routes';
import { securityHeaders } from './http/securityHeaders';
import type { Config } from './config';
import { appPostgresMigrations, openAppStorage, type AppStorage } from './appStorage';
import { ClusterRegistry, defaultInternalUrl } from './core/cluster/registry';
import { knownMigrationNames } from './core/cluster/schema';
import type { DatabaseHandle } from './db/connection';
import { domains } from './domains';
import { isSessionActive } from './domains/accounts/sessions';
import { authenticateApiToken, isApiToken } from './domains/settings';
import { registerSocialRoutes } from './domains/social';
import { registerCoverRoutes } from './domains/tasks';
import { registerFileRoutes } from './domains/files';
import { holdsGuestCredential, registerMeetingRoutes } from './domains/meetings';
import { presenceTopic } from './domains/chat/presence';
import { registerCalendarRoutes } from './domains/calendar/feed';
import { registerUnsubscribeRoute } from './domains/notifications';
import { registerStripeWebhookRoute } from './domains/billing/stripe';
import { clientSettingsOf } from './domains/support';
import { analyticsOrigins } from './http/analyticsOrigins';
import { registerReceiptRoute } from './domains/billing/receipts';
import { registerGoogleCalendarRoutes } from './domains/calendar/sync';
import { baseAccess, type DomainModule, type OperationAccess } from './domains/module';
import type { Projection } from './core/events';
import type { Authenticator, RequestContext, Services } from './graphql/context';
import { authenticateRequest, requireActor } from './graphql/context';
import { databaseUnavailableError, formatExecutionResult } from './graphql/errors';
import { registerDocumentChecks } from './graphql/httpChecks';
import { scheduleIdempotencyKeyExpiry } from './core/idempotencyKeys';
import { InProcessJobRunner } from './core/inProcess/jobRunner';
import { InProcessLiveEvents } from './core/inProcess/liveEvents';
import type { Sql } from './core/postgres/connect';
import { LeasedJobRunner } from './core/postgres/jobRunner';
import { connectRedis, type RedisConnections } from './core/redis/connection';
import { ClusterLiveEvents } from './core/redis/liveEvents';
import { RedisPresenceDirectory } from './core/redis/presence';
import { mercuriusSymbols, type LoaderFactory } from './graphql/runtime';
import { GraphqlSocketServer } from './graphql/socketServer';
import { SocketRegistry } from './graphql/sockets';
import type { DocumentLimits } from './graphql/validation';
import { Metrics } from './http/metrics';
import { registerMediaRoutes } from './http/media';
import { registerOperationalRoutes } from './http/operational';
import { registerClient } from './http/client';
import { schemaTypeDefs } from './schema';
import { drainConnectionsOnClose } from './http/shutdown';
import { RateLimits } from './http/rateLimits';
import { browserOrigins } from './storage';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer';
import { registerOutboxPage } from './mail/outboxPage';
import { packageVersion } from './version';
import { redactedRequestSerializer } from './collab/logRedaction';

export interface BuildOptions {
  /** Areas to serve; all of them by default. Tests may pass extra modules. */
  modules?: readonly DomainModule[];
  /** An already open database (tests share one); otherwise the config's file is opened and migrated. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  projections: readonly Projection[];
  /** The `/graphql` websocket server (graphql-ws protocol, its limits). */
  graphqlSockets: GraphqlSocketServer;
}

/** An app on SQLite: its database is the SQLite file's handle, for tests and tools that read the file itself. */
export type SqliteApp = App & { services: Services & { database: DatabaseHandle } };

/** `app` as the SQLite app it must be; refused on PostgreSQL. */
export function onSqlite(app: App): SqliteApp {
  if (!app.services.database.sqlite) throw new Error('This needs the app on SQLite, and it runs on PostgreSQL.');
  return app as SqliteApp;
}

const websocketPath = '/graphql';

/** Builds the whole server as a Fastify instance; `listen` is the caller's business. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const modules = options.modules ?? domains;
  // Before the database: a process of a cluster that cannot reach Redis refuses to start, having opened nothing.
  const redis = config.cluster.redisUrl === null ? null : await connectRedis(config.cluster.redisUrl);
  const storage = await openAppStorage(config, modules, options.database ? { database: options.database } : {});
  const { database, store } = storage;
  const projections = modules.flatMap((module) => module.projections);
  const metrics = new Metrics({ collectProcessMetrics: config.environment !== 'test' });
  storage.registerMetrics(metrics.registry);
  const tokens = new AccessTokens(config.secret);
  const authenticate: Authenticator = async (token) => {
    if (isApiToken(token)) return authenticateApiToken(database.db, token);
    const check = await tokens.verify(token);
    if (check.status !== 'valid') return { status: check.status };
    if (!(await isSessionActive(database.db, check.claims.sessionId))) return { status: 'invalid' };
    return { status: 'authenticated', actor: { userId: check.claims.userId, sessionId: check.claims.sessionId } };
  };

  const server = Fastify({
    // Link secrets, socket tokens and file signatures travel in query strings: never log them.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: redactedRequestSerializer },
            ...(options.logDestination ? { stream: options.logDestination } : {}),
          },
    // Random request ids: clients quote them from masked errors, and they reveal no request volume.
    genReqId: () => randomHex(6),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  // Errors outside GraphQL's own handling (a hook's read, a route's): one because the database is away is answered
  // as GraphQL answers one inside it, 503 DATABASE_UNAVAILABLE; any other server failure says only that, since
  // Fastify's default would show the error's message (a failed query's SQL and parameters). Set before any route, as
  // a route keeps the handler of when it was added.
  server.setErrorHandler((error, request, reply) => {
    if (isDatabaseOutage(error)) {
      request.log.warn({ err: error }, 'the database could not be reached');
      return reply.code(503).send({ data: null, errors: [databaseUnavailableError()] });
    }
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return reply.send(error);
    request.log.error({ err: error }, 'unexpected error while handling a request');
    return reply.code(500).send({ statusCode: 500, error: 'Internal Server Error', message: errorMessages.INTERNAL_SERVER_ERROR });
  });

  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(database, server.log, config.mail.outboxPage === 'off' ? null : `${config.publicUrl}/dev/outbox`);
  const localJobs = new InProcessJobRunner((job, error) => server.log.error({ err: error, job }, 'a background job failed'));
  const cluster = storage.postgres === null ? null : await joinCluster(config, storage.postgres, storage, localJobs, server, redis);
  if (cluster && redis === null && (await cluster.livingProcesses()).length > 1) {
    server.log.warn(
      'another app process serves this database without REDIS_URL: presence, typing, call states and rate limits are then per process, and editors of one doc on different processes do not see each other live (nothing stored is lost). Set REDIS_URL on every process.',
    );
  }
  // Presence stays out of the relayed notices: each process tells its own subscribers what it knows of every process.
  const live = redis
    ? await ClusterLiveEvents.start(storage.history, redis, {
        registry: metrics.registry,
        localTopics: [presenceTopic],
        ...(cluster ? { processId: cluster.processId } : {}),
      })
    : new InProcessLiveEvents(storage.history);

  store.onCommitted((committed, origin) => {
    // Each process counts its own appends, so the cluster's total is the sum over its processes.
    if (origin === 'this process') for (const event of committed) metrics.eventsAppended.inc({ type: event.type });
    live.publish(committed);
  });
  // Presence and the per-user socket cap: this process's memory, or in a cluster every process's through Redis.
  const sockets =
    redis === null
      ? new SocketRegistry({ maxSocketsPerUser: config.websocket.maxSocketsPerUser })
      : new RedisPresenceDirectory(redis, {
          processTimeoutMs: config.cluster.processTimeoutMs,
          maxSocketsPerUser: config.websocket.maxSocketsPerUser,
          ...(cluster ? { processId: cluster.processId } : {}),
        });
  const services: Services = {
    config,
    database,
    databaseHealth: () => storage.health(),
    store,
    live,
    // On PostgreSQL a periodic job runs once per period across the processes; SQLite's one process runs its own.
    jobs:
      cluster && storage.postgres
        ? new LeasedJobRunner({
            sql: storage.postgres,
            processId: cluster.processId,
            local: localJobs,
            leaseMs: config.cluster.processTimeoutMs,
            intervalsMs: config.cluster.jobIntervalsMs,
            onError: (job, error) => server.log.error({ err: error, job }, 'a periodic job failed (its runs are in job_runs)'),
            metrics: metrics.registry,
          })
        : localJobs,
    sockets,
    metrics,
    authenticate,
    tokens,
    mailer,
    rateLimits: new RateLimits(config.rateLimits, redis?.commands ?? null),
    redis,
    cluster,
  };
  // Its heartbeat is a chain of this process's own timers (each process beats for itself); its mirror of the other
  // processes is filled before the first request.
  if (sockets instanceof RedisPresenceDirectory) await sockets.start(localJobs);
  // Idempotency-Keys are honoured for a week; their stored results are deleted after that.
  scheduleIdempotencyKeyExpiry(services.jobs, store);

  await server.register(fastifyCookie);
  // With S3 storage the browser PUTs uploads to the bucket and loads signed downloads from it.
  const storageOrigins = await browserOrigins(config, server.log);
  const analytics = analyticsOrigins(config.clientLinks);
  server.addHook(
    'onRequest',
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The PDF export's layout engine is WebAssembly: compiling it needs wasm-unsafe-eval (not eval
          // of scripts), and it is loaded from a data: URL.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...analytics.scripts],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageOrigins],
          mediaSrc: ["'self'", 'blob:', ...storageOrigins],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'data:', ...storageOrigins, ...livekitOrigins(config), ...analytics.connections],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith('https://'),
    }),
  );

  // API answers are made anew for each request (a 10,000-task board is megabytes of JSON): brotli at
  // quality 1 compresses them about five times faster than its default 4, for about 1.7 times the bytes.
  // Static files keep the default. Set before the plugin, whose own onRoute hook reads it.
  server.addHook('onRoute', (route) => {
    if (route.url === websocketPath) route.compress = { brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } };
  });
  await server.register(fastifyCompress, { global: true, threshold: 1024 });

  const access: Record<string, OperationAccess> = Object.assign({}, baseAccess, ...modules.map((module) => module.access));
  const subscriptionNames = modules.flatMap((module) => Object.keys((module.resolvers as { Subscription?: object }).Subscription ?? {}));
  const publicSubscriptions = subscriptionNames.some((name) => access[name] === 'public');
  const documentLimits: DocumentLimits = {
    maxDocumentBytes: config.graphql.maxDocumentBytes,
    maxTokens: config.graphql.maxTokens,
    maxDepth: config.graphql.maxDepth,
    maxCost: config.graphql.maxCost,
    maxAliases: config.graphql.maxAliases,
  };
  const graphqlSockets = new GraphqlSocketServer({
    path: websocketPath,
    services,
    limits: documentLimits,
    initTimeoutMs: config.websocket.initTimeoutMs,
    maxSubscriptionsPerSocket: config.websocket.maxSubscriptionsPerSocket,
    maxBufferedBytes: config.websocket.maxBufferedBytes,
    maxFrameBytes: config.bodyLimitBytes,
    keepAliveMs: websocketKeepAliveMs,
    production: config.environment === 'production',
    anonymousMaySubscribe: publicSubscriptions
      ? async (request) => await holdsGuestCredential({ services, fastifyRequest: request })
      : () => false,
    verifyOrigin: (origin, host) => isAllowedOrigin(origin, host, config.publicUrl),
  });
  // Mercurius wires the Subscription resolvers into the schema and declares GET /graphql with its own
  // websocket handler; graphqlSockets' replaces it. Registered before @fastify/websocket, whose own
  // onRoute hook then sees our handler.
  server.addHook('onRoute', (route) => {
    if (route.url === websocketPath && route.wsHandler) route.wsHandler = graphqlSockets.handle;
  });
  // One ws server upgrades doc rooms (here, with the doc rooms' frame limit: a room closes a message
  // over its limit with its own code and reason; the transport drops, unread, any frame over twice
  // that limit); /graphql upgrades are handed to graphqlSockets' own, limited to the HTTP body limit.
  // Browsers must come from our own origin on both.
  await server.register(fastifyWebsocket, {
    options: {
      maxPayload: config.collab.maxMessageBytes * 2,
      verifyClient: (info, next) => next(isAllowedOrigin(info.origin, info.req.headers.host, config.publicUrl), 403, 'Origin not allowed'),
    },
    // A peer breaking the websocket protocol (a frame over the limit, invalid UTF-8) is refused by
    // ws with its close code; that is the client's doing, not an error of ours.
    errorHandler: (error, socket, request) => {
      if (isPeerProtocolError(error)) {
        request.log.info({ code: (error as { code?: string }).code, reason: error.message }, 'websocket refused a frame from its peer');
        return;
      }
      request.log.error({ err: error }, 'websocket error');
      socket.terminate();
    },
  });
  graphqlSockets.takeUpgrades(server.websocketServer);
  server.addHook('preClose', async () => graphqlSockets.shutdown());
  drainConnectionsOnClose(server);

  registerOperationalRoutes(server, services);
  registerOutboxPage(server, services);
  registerMediaRoutes(server, services);
  registerSocialRoutes(server, services);
  registerCoverRoutes(server);
  registerFileRoutes(server, services);
  registerMeetingRoutes(server, services);
  registerCalendarRoutes(server, services);
  registerUnsubscribeRoute(server, services);
  registerReceiptRoute(server, services);
  registerStripeWebhookRoute(server, services);
  registerGoogleCalendarRoutes(server, services);
  registerCollabRoutes(server, services);

  const typeDefs = schemaTypeDefs(modules);
  const resolvers = guardOperations(
    mergeResolvers([
      { Query: { serverInfo: () => ({ name: 'Workspace', version: packageVersion, publicUrl: config.publicUrl }) } },
      ...modules.map((module) => module.resolvers),
    ]),
    access,
  );
  const loaders = mergeResolvers(modules.map((module) => module.loaders ?? {}));

  await server.register(mercurius, {
    schema: typeDefs,
    resolvers,
    loaders: loaders as MercuriusLoaders,
    path: websocketPath,
    graphiql: config.graphql.graphiql,
    // Depth, field count and aliases are checked before graphql's own rules (registerDocumentChecks).
    graphql: { parseOptions: { maxTokens: config.graphql.maxTokens } },
    allowBatchedQueries: false,
    jit: 1,
    context: async (request, reply): Promise<RequestContext> => ({
      services,
      authentication: await authenticateRequest(request, authenticate),
      mutationId: headerValue(request.headers['idempotency-key']),
      request: (request.body ?? request.query ?? {}) as RequestContext['request'],
      ip: request.ip,
      reply,
      fastifyRequest: request,
    }),
    errorFormatter: (execution, context) => {
      const request = (context as { reply?: { request?: FastifyRequest } }).reply?.request;
      return formatExecutionResult(execution, { log: request?.log ?? server.log, requestId: request?.id });
    },
    // Only for mercurius to attach the Subscription resolvers; graphqlSockets serves the websocket.
    subscription: { emitter: live.emitter },
  });
  registerDocumentChecks(server.graphql, { limits: documentLimits, production: config.environment === 'production' });
  graphqlSockets.useGraphql(() => ({
    app: server,
    schema: server.graphql.schema,
    loaders: (server as unknown as Record<symbol, LoaderFactory | undefined>)[mercuriusSymbols.kSubscriptionFactory],
  }));

  server.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === websocketPath && isCrossSiteForgeable(request)) {
      return reply
        .code(400)
        .send({ data: null, errors: [{ message: errorMessages.CSRF_REJECTED, extensions: { code: 'CSRF_REJECTED' } }] });
    }
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      metrics.trackWebsocket(request.url, request.raw.socket);
    } else if (request.url.split('?')[0] === websocketPath) {
      // The log position before this request reads anything: a view that reads and then subscribes resumes
      // its subscription from a position no later than its read, so nothing committed in between is missed.
      void reply.header(logPositionHeader, String(await live.history.headSeq()));
    }
  });

  registerClient(server, config, clientSettingsOf(config));

  const stoppers = modules
    .map((module) => module.start?.(services))
    .filter((stop): stop is () => void | Promise<void> => typeof stop === 'function');
  server.addHook('onClose', async () => {
    services.jobs.stop();
    for (const stop of stoppers) await stop();
    await live.close();
    await sockets.close();
    mailer.close();
    // Last before the pool closes: other processes count this one gone at once.
    await cluster?.stop();
    await storage.close();
    await redis?.close();
  });

  return { server, services, projections, graphqlSockets };
}

/**
 * On PostgreSQL, after migrating: refuses a database a newer build migrated (NewerSchemaError), else registers this
 * process in the cluster registry. A refusal closes what start-up opened before it is thrown.
 */
async function joinCluster(
  config: Config,
  sql: Sql,
  storage: AppStorage,
  timers: InProcessJobRunner,
  server: FastifyInstance,
  redis: RedisConnections | null,
): Promise<ClusterRegistry> {
  try {
    return await ClusterRegistry.start(sql, {
      processTimeoutMs: config.cluster.processTimeoutMs,
      internalUrl: defaultInternalUrl(config.host, config.port),
      build: packageVersion,
      knownMigrations: knownMigrationNames(appPostgresMigrations),
      timers,
      log: server.log,
    });
  } catch (error) {
    timers.stop();
    await storage.close();
    await redis?.close();
    throw error;
  }
}

/** Errors ws raises for a peer that broke the websocket protocol (it closes the socket with the matching code). */
function isPeerProtocolError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/**
 * A browser sends a cross-site request without a CORS preflight only with a "simple" content type
 * and no custom headers, so a JSON content type (or a custom header on GET) proves the request
 * came from our own pages or from a non-browser client. Websocket upgrades are checked by Origin.
 */
function isCrossSiteForgeable(request: FastifyRequest): boolean {
  if (request.method === 'POST') {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    return contentType !== 'application/json' && contentType !== 'application/graphql-response+json';
  }
  if (request.method === 'GET' && request.headers.upgrade?.toLowerCase() !== 'websocket') {
    return request.headers['x-requested-with'] === undefined && request.headers['mercurius-require-preflight'] === undefined;
  }
  return false;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Browsers always send Origin on a websocket upgrade; it must be this server's own origin so a
 * foreign page cannot ride the user's cookies. Non-browser API clients send none and use tokens.
 */
/** LiveKit's HTTP origin (its client checks a failed connection with a fetch there); its websocket is allowed by wss:. */
function livekitOrigins(config: Config): string[] {
  const livekit = config.meetings.livekit;
  if (!livekit) return [];
  const url = new URL(livekit.url);
  url.protocol = url.protocol === 'wss:' || url.protocol === 'https:' ? 'https:' : 'http:';
  return [url.origin];
}

export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    const originUrl = new URL(origin);
    if (originUrl.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && originUrl.host === host;
  } catch {
    return false;
  }
}

type ResolverMap = Record<string, Record<string, unknown>>;

function mergeResolvers(maps: readonly object[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps as ResolverMap[]) {
    for (const [typeName, fields] of Object.entries(map)) {
      const target = (merged[typeName] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined by two areas`);
        target[field] = resolver;
      }
    }
  }
  return merged;
}

type Resolve = (root: unknown, args: unknown, context: Parameters<typeof requireActor>[0], info: unknown) => unknown;

/**
 * Refuses an anonymous caller of every operation not declared public before its resolver runs, so
 * a resolver that forgot to ask for the actor still cannot serve an anonymous request. An operation
 * without a declaration counts as not public (the authorization test also fails for it).
 */
function guardOperations(resolvers: ResolverMap, access: Record<string, OperationAccess>): ResolverMap {
  const guard = (name: string, resolve: Resolve): Resolve =>
    access[name] === 'public'
      ? resolve
      : (root, args, context, info) => {
          requireActor(context);
          return resolve(root, args, context, info);
        };
  const guarded: ResolverMap = { ...resolvers };
  for (const rootType of ['Query', 'Mutation'] as const) {
    const fields = resolvers[rootType];
    if (fields)
      guarded[rootType] = Object.fromEntries(Object.entries(fields).map(([name, resolve]) => [name, guard(name, resolve as Resolve)]));
  }
  const subscriptions = resolvers.Subscription as Record<string, { subscribe: Resolve; resolve?: Resolve }> | undefined;
  if (subscriptions) {
    guarded.Subscription = Object.fromEntries(
      Object.entries(subscriptions).map(([name, field]) => [name, { ...field, subscribe: guard(name, field.subscribe) }]),
    );
  }
  return guarded;
}
