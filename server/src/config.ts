import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnvironment = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads. `.env.example` documents the same list. */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  SECRET: z.string().min(32, 'SECRET must be at least 32 characters').optional(),
  CLIENT_DIST: z.string().min(1).default('./dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('FULL'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(5000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(2_097_152),
  TRUST_PROXY: booleanFromEnvironment.default(false),
  GRAPHIQL: booleanFromEnvironment.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Workspace <no-reply@localhost>'),
  OUTBOX_PAGE: booleanFromEnvironment.optional(),
  OIDC_GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/common/v2.0'),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ALLOW_HTTP_ISSUER: booleanFromEnvironment.default(false),
  RATE_LIMITS: booleanFromEnvironment.default(true),
  COLLAB_COMPACT_AFTER: z.coerce.number().int().min(1).default(500),
  COLLAB_MAX_MESSAGE_BYTES: z.coerce.number().int().min(65_536).max(268_435_456).default(8_388_608),
  COLLAB_UNLOAD_GRACE_MS: z.coerce.number().int().min(0).default(5000),
  COLLAB_ACTIVITY_DEBOUNCE_MS: z.coerce.number().int().min(0).default(30_000),
  UNSPLASH_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnvironment.default(true),
  GRAPHQL_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1024).default(100_000),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(10_000),
  WS_INIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(200),
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(50),
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(65_536).default(16_777_216),
  COLLAB_UPDATES_PER_SECOND: z.coerce.number().int().min(1).default(300),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  LIVEKIT_URL: z
    .string()
    .regex(/^(wss?|https?):\/\//, 'LIVEKIT_URL must start with ws://, wss://, http:// or https://')
    .optional(),
  LIVEKIT_API_KEY: z.string().min(1).optional(),
  LIVEKIT_API_SECRET: z.string().min(32, 'LIVEKIT_API_SECRET must be at least 32 characters').optional(),
  ICE_SERVERS: z.string().min(2).optional(),
  MEETING_MESH_LIMIT: z.coerce.number().int().min(2).max(16).default(4),
  MEETING_RING_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  NOTIFICATION_DIGEST_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  CALDAV_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  CALDAV_ALLOW_PRIVATE: booleanFromEnvironment.default(false),
  GOOGLE_CALDAV_URL: z.url().default('https://apidata.googleusercontent.com/caldav/v2/'),
  CALENDAR_ITIP_TOKEN: z.string().min(24, 'CALENDAR_ITIP_TOKEN must be at least 24 characters').optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_WRITING_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  AI_MAX_PROMPT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(200_000),
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  AI_TOKENS_PER_DAY: z.coerce.number().int().min(1000).default(500_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICES: z.string().min(2).optional(),
  STRIPE_API_URL: z.url().optional(),
  ADMIN_EMAILS: z.string().optional(),
  SALES_EMAIL: z.email().optional(),
  MOBILE_APP_URL: z.url().optional(),
  DESKTOP_APP_URL: z.url().optional(),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'TAG_MANAGER_ID looks like GTM-XXXXXXX')
    .optional(),
  ANALYTICS_CLIENT_KEY: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  CLUSTER_PROCESS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  JOB_INTERVALS_MS: z.string().min(1).optional(),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  environment: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDirectory: string;
  /** The SQLite file: the database itself, or (DATABASE_URL on PostgreSQL) where it would be. */
  databaseFile: string;
  /** DATABASE_URL: one SQLite file (the default) or PostgreSQL. */
  database: DatabaseConfig;
  publicUrl: string;
  secret: string;
  clientDistDirectory: string;
  logLevel: string;
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** Query limits, the same on HTTP and websockets: depth, fields, aliases, document size and tokens before parsing. */
  graphql: { maxDepth: number; maxCost: number; maxAliases: number; maxDocumentBytes: number; maxTokens: number; graphiql: boolean };
  /** Limits of one graphql-ws connection and of one user's connections (server/src/graphql). */
  websocket: { initTimeoutMs: number; maxSubscriptionsPerSocket: number; maxSocketsPerUser: number; maxBufferedBytes: number };
  /** `/metrics`: served with this bearer token, and/or on its own port (loopback) that a proxy does not expose. */
  metrics: { token: string | null; port: number | null };
  bodyLimitBytes: number;
  trustProxy: boolean;
  mail: { smtpUrl: string | null; from: string; outboxPage: 'off' | 'everyone' };
  oidc: Record<OidcProviderName, OidcProviderConfig | null>;
  /** Plain-http issuers (a provider on the same machine or a private network) even in production. */
  oidcAllowHttpIssuer: boolean;
  rateLimits: boolean;
  /** Doc rooms (server/src/collab): compaction threshold, largest message, unload grace, doc.updated debounce. */
  collab: { compactAfter: number; maxMessageBytes: number; unloadGraceMs: number; activityDebounceMs: number; updatesPerSecond: number };
  /** Task covers come from Unsplash search with this key; without it, from the bundled offline set. */
  unsplashAccessKey: string | null;
  /** Where uploaded files live: the data folder (default) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Several app processes serving one team (issue 22): see clusterConfig. */
  cluster: ClusterConfig;
  /** Calls: on LiveKit when configured, else peer-to-peer (a full mesh capped at `meshLimit` people). */
  meetings: MeetingsConfig;
  calendar: CalendarConfig;
  notifications: NotificationsConfig;
  ai: AiConfig;
  billing: BillingConfig;
  /** Who runs this instance: plan changes without Stripe, feedback and live support reach them. */
  instance: InstanceConfig;
  /** What the download page and the redirect page offer, and the opt-in analytics (SPEC §7), handed to the client. */
  clientLinks: ClientLinksConfig;
}

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      /** The postgres:// URL, password included: never put it in a message or a log line. */
      url: string;
      /** DATABASE_POOL_SIZE: connections this process keeps open at most. */
      poolSize: number;
      /** DATABASE_STATEMENT_TIMEOUT_MS: the server cancels a statement (lock waits included) running longer. */
      statementTimeoutMs: number;
      /** DATABASE_CONNECT_TIMEOUT_MS: how long opening a connection may take (TCP, TLS, sign-in). */
      connectTimeoutMs: number;
    };

export interface AiConfig {
  /** Any OpenAI-compatible chat-completions endpoint; null: every AI surface says how to enable it. */
  provider: { baseUrl: string; apiKey: string; model: string; writingModel: string } | null;
  /** A stream that sends nothing for this long is ended with a timeout error (and the upstream request aborted). */
  timeoutMs: number;
  /** A prompt (question, selection or conversation turn) larger than this is refused before any provider call. */
  maxPromptBytes: number;
  /** Team defaults an admin can lower or raise in admin. */
  requestsPerMinute: number;
  tokensPerDay: number;
}

export interface BillingConfig {
  /** With Stripe, checkout and the customer portal are Stripe's; null: an instance administrator sets plans. */
  stripe: { secretKey: string; webhookSecret: string; prices: StripePrices; apiUrl: string | null } | null;
}

/** STRIPE_PRICES: Stripe price ids by plan, then period, then currency. */
export type StripePrices = Partial<Record<string, Partial<Record<string, Partial<Record<string, string>>>>>>;

export interface InstanceConfig {
  /** ADMIN_EMAILS, lower-cased; empty: the first account created administers the instance. */
  adminEmails: string[];
  /** Where contact-sales requests go, and the address the failure message names. */
  salesEmail: string;
}

export interface ClientLinksConfig {
  mobileAppUrl: string;
  desktopAppUrl: string | null;
  tagManagerId: string | null;
  analyticsClientKey: string | null;
}

export interface NotificationsConfig {
  /** How often the digest job looks for people whose e-mail digest is due; null: never (no digests sent). */
  digestCheckIntervalMs: number | null;
}

export interface MeetingsConfig {
  livekit: { url: string; apiKey: string; apiSecret: string } | null;
  /** RTCIceServer entries handed to browsers for peer-to-peer calls (STUN/TURN). */
  iceServers: IceServer[];
  meshLimit: number;
  /** How long a ring rings before it ends as missed. */
  ringTimeoutMs: number;
}

export interface CalendarConfig {
  /** How often the sync job pulls and pushes each connected CalDAV account. */
  syncIntervalMs: number;
  /** A CalDAV request that takes longer fails, and the account's sync with it, not the others'. */
  requestTimeoutMs: number;
  /** CalDAV servers on loopback, private or link-local addresses are refused (SSRF) unless the administrator allows them. */
  allowPrivateAddresses: boolean;
  /** Google's CalDAV endpoint, which Google accounts sync with (their OAuth tokens come from the Google sign-in client). */
  googleCalDavUrl: string;
  /** The bearer token a mail bridge sends with guests' iTIP replies; null: POST /calendar/itip does not exist. */
  itipToken: string | null;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

const iceServersSchema = z.array(
  z.object({
    urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string | null;
      publicEndpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export type OidcProviderName = 'google' | 'microsoft';

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const dataDirectory = resolve(values.DATA_DIR);
  const database = databaseConfig(values, dataDirectory);
  return {
    environment: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDirectory,
    databaseFile: database.kind === 'sqlite' ? database.file : join(dataDirectory, 'workspace.sqlite'),
    database,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    secret: values.SECRET ?? readOrCreateSecret(dataDirectory),
    clientDistDirectory: resolve(values.CLIENT_DIST),
    logLevel: values.LOG_LEVEL,
    sqliteSynchronous: values.SQLITE_SYNCHRONOUS,
    graphql: {
      maxDepth: values.GRAPHQL_MAX_DEPTH,
      maxCost: values.GRAPHQL_MAX_COST,
      maxAliases: values.GRAPHQL_MAX_ALIASES,
      maxDocumentBytes: values.GRAPHQL_MAX_DOCUMENT_BYTES,
      maxTokens: values.GRAPHQL_MAX_TOKENS,
      graphiql: values.GRAPHIQL ?? values.NODE_ENV === 'development',
    },
    websocket: {
      initTimeoutMs: values.WS_INIT_TIMEOUT_MS,
      maxSubscriptionsPerSocket: values.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      maxSocketsPerUser: values.WS_MAX_SOCKETS_PER_USER,
      maxBufferedBytes: values.WS_MAX_BUFFERED_BYTES,
    },
    metrics: { token: values.METRICS_TOKEN ?? null, port: values.METRICS_PORT ?? null },
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    trustProxy: values.TRUST_PROXY,
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM,
      // Without SMTP, mails wait in the outbox. Its page shows sign-up and reset links, and behind a proxy on
      // the same host every visitor looks local, so it is served only when asked for explicitly.
      outboxPage: values.OUTBOX_PAGE === true && !values.SMTP_URL ? 'everyone' : 'off',
    },
    oidc: {
      google: oidcProvider(values.OIDC_GOOGLE_ISSUER, values.OIDC_GOOGLE_CLIENT_ID, values.OIDC_GOOGLE_CLIENT_SECRET),
      microsoft: oidcProvider(values.OIDC_MICROSOFT_ISSUER, values.OIDC_MICROSOFT_CLIENT_ID, values.OIDC_MICROSOFT_CLIENT_SECRET),
    },
    oidcAllowHttpIssuer: values.OIDC_ALLOW_HTTP_ISSUER,
    rateLimits: values.RATE_LIMITS,
    collab: {
      compactAfter: values.COLLAB_COMPACT_AFTER,
      maxMessageBytes: values.COLLAB_MAX_MESSAGE_BYTES,
      unloadGraceMs: values.COLLAB_UNLOAD_GRACE_MS,
      activityDebounceMs: values.COLLAB_ACTIVITY_DEBOUNCE_MS,
      updatesPerSecond: values.COLLAB_UPDATES_PER_SECOND,
    },
    unsplashAccessKey: values.UNSPLASH_ACCESS_KEY ?? null,
    storage: storageConfig(values),
    cluster: clusterConfig(values, database),
    meetings: meetingsConfig(values),
    calendar: {
      syncIntervalMs: values.CALENDAR_SYNC_MINUTES * 60_000,
      requestTimeoutMs: values.CALDAV_TIMEOUT_MS,
      allowPrivateAddresses: values.CALDAV_ALLOW_PRIVATE,
      itipToken: values.CALENDAR_ITIP_TOKEN ?? null,
      googleCalDavUrl: values.GOOGLE_CALDAV_URL.endsWith('/') ? values.GOOGLE_CALDAV_URL : `${values.GOOGLE_CALDAV_URL}/`,
    },
    notifications: {
      digestCheckIntervalMs: values.NOTIFICATION_DIGEST_MINUTES === 0 ? null : values.NOTIFICATION_DIGEST_MINUTES * 60_000,
    },
    ai: aiConfig(values),
    billing: { stripe: stripeConfig(values) },
    instance: {
      adminEmails: (values.ADMIN_EMAILS ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
      salesEmail: values.SALES_EMAIL ?? mailAddressOf(values.MAIL_FROM),
    },
    clientLinks: {
      mobileAppUrl: values.MOBILE_APP_URL ?? (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
      desktopAppUrl: values.DESKTOP_APP_URL ?? null,
      tagManagerId: values.TAG_MANAGER_ID ?? null,
      analyticsClientKey: values.ANALYTICS_CLIENT_KEY ?? null,
    },
  };
}

export interface ClusterConfig {
  /**
   * REDIS_URL: where processes share what the log does not keep (notices such as typing, presence, rate counters).
   * Null for one process. Shown only through `maskedRedisUrl`, as it may hold a password.
   */
  redisUrl: string | null;
  /** A process that has not beaten its heartbeat for this long counts as gone (its leases and rooms pass on). */
  processTimeoutMs: number;
  /** Tests only (JOB_INTERVALS_MS="job name=ms,…"): periodic jobs run at these intervals instead of their own. */
  jobIntervalsMs: ReadonlyMap<string, number>;
}

/** A Redis URL with its password replaced by ***, for messages and logs. */
export function maskedRedisUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}

function clusterConfig(values: z.output<typeof environmentSchema>, database: DatabaseConfig): ClusterConfig {
  const redisUrl = values.REDIS_URL?.trim() || null;
  if (redisUrl !== null) {
    const parsed = URL.canParse(redisUrl) ? new URL(redisUrl) : null;
    if (!parsed || !['redis:', 'rediss:'].includes(parsed.protocol) || parsed.hostname === '') {
      throw new ConfigError(
        `Invalid configuration: REDIS_URL "${maskedRedisUrl(redisUrl)}" is not a Redis URL (redis://[:password@]host:6379[/database], or rediss:// for TLS)`,
      );
    }
    if (database.kind !== 'postgres') {
      throw new ConfigError(
        'Invalid configuration: REDIS_URL is for several app processes, which need DATABASE_URL (PostgreSQL); SQLite serves one process, so leave REDIS_URL unset',
      );
    }
  }
  return { redisUrl, processTimeoutMs: values.CLUSTER_PROCESS_TIMEOUT_MS, jobIntervalsMs: jobIntervals(values) };
}

function jobIntervals(values: z.output<typeof environmentSchema>): ReadonlyMap<string, number> {
  const written = values.JOB_INTERVALS_MS?.trim();
  if (!written) return new Map();
  if (values.NODE_ENV !== 'test') throw new ConfigError('Invalid configuration: JOB_INTERVALS_MS is for tests only (NODE_ENV=test)');
  const intervals = new Map<string, number>();
  for (const entry of written.split(',')) {
    const separator = entry.lastIndexOf('=');
    const name = entry.slice(0, separator).trim();
    const milliseconds = Number(entry.slice(separator + 1));
    if (separator < 1 || name === '' || !Number.isInteger(milliseconds) || milliseconds < 10) {
      throw new ConfigError(`Invalid configuration: JOB_INTERVALS_MS entry "${entry}" is not "job name=milliseconds" (at least 10)`);
    }
    intervals.set(name, milliseconds);
  }
  return intervals;
}

/** What DATABASE_URL accepts, said in every message that refuses one. */
const databaseUrlForms =
  'postgres://user:password@host:5432/database (PostgreSQL), or for SQLite: nothing (DATA_DIR/workspace.sqlite), ' +
  'sqlite:<file> or a file path (relative to DATA_DIR), sqlite:/absolute/file or sqlite:///absolute/file';

/**
 * DATABASE_URL: absent, `sqlite:<file>` or a file path → one SQLite file (the data folder's by default);
 * `postgres://` or `postgresql://` → PostgreSQL; anything else is refused. Messages never repeat the URL (it may
 * hold a password). A relative SQLite path is resolved against DATA_DIR, not the working directory: in the
 * Docker image the working directory is the app folder, outside the data volume, so a database there would be
 * lost with the container. `sqlite:///x` is the absolute /x, as in file:///x (an empty host), not SQLAlchemy's
 * relative x; SQLAlchemy's absolute `sqlite:////x` is /x too.
 */
function databaseConfig(values: z.output<typeof environmentSchema>, dataDirectory: string): DatabaseConfig {
  const url = values.DATABASE_URL?.trim();
  const defaultFile = join(dataDirectory, 'workspace.sqlite');
  if (url === undefined || url === '') return { kind: 'sqlite', file: defaultFile };
  if (/^postgres(ql)?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(
        'Invalid configuration: DATABASE_URL is not a valid PostgreSQL URL (postgres://user:password@host:5432/database; percent-encode special characters in the password)',
      );
    }
    if (parsed.hostname === '' || parsed.pathname.replace(/^\//, '') === '') {
      throw new ConfigError(
        'Invalid configuration: DATABASE_URL must name a host and a database (postgres://user:password@host:5432/database)',
      );
    }
    return {
      kind: 'postgres',
      url,
      poolSize: values.DATABASE_POOL_SIZE,
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    };
  }
  const sqlitePrefix = /^sqlite:(\/\/)?/i;
  if (sqlitePrefix.test(url)) {
    const file = url.replace(sqlitePrefix, '');
    return { kind: 'sqlite', file: file === '' ? defaultFile : sqliteFileIn(dataDirectory, file) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  // One letter is a Windows drive (C:\data\workspace.sqlite), not a scheme.
  if (scheme !== undefined && scheme.length > 1) {
    throw new ConfigError(`Invalid configuration: DATABASE_URL scheme "${scheme}:" is not supported: use ${databaseUrlForms}`);
  }
  return { kind: 'sqlite', file: sqliteFileIn(dataDirectory, url) };
}

/** A SQLite path from DATABASE_URL: absolute as written, relative inside DATA_DIR. */
function sqliteFileIn(dataDirectory: string, file: string): string {
  // SQLite's in-memory database would lose the workspace at every stop.
  if (file.startsWith(':memory:')) {
    throw new ConfigError(`Invalid configuration: DATABASE_URL cannot be an in-memory SQLite database: use ${databaseUrlForms}`);
  }
  return resolve(dataDirectory, file);
}

function aiConfig(values: z.output<typeof environmentSchema>): AiConfig {
  if (values.AI_BASE_URL !== undefined && values.AI_MODEL === undefined) {
    throw new ConfigError('Invalid configuration: AI_BASE_URL needs AI_MODEL (the model to ask, e.g. llama3.2 on Ollama)');
  }
  return {
    provider:
      values.AI_BASE_URL === undefined || values.AI_MODEL === undefined
        ? null
        : {
            baseUrl: values.AI_BASE_URL.replace(/\/$/, ''),
            // Ollama, vLLM and llama.cpp accept any key; the openai package requires one.
            apiKey: values.AI_API_KEY ?? 'none',
            model: values.AI_MODEL,
            writingModel: values.AI_WRITING_MODEL ?? values.AI_MODEL,
          },
    timeoutMs: values.AI_TIMEOUT_MS,
    maxPromptBytes: values.AI_MAX_PROMPT_BYTES,
    requestsPerMinute: values.AI_REQUESTS_PER_MINUTE,
    tokensPerDay: values.AI_TOKENS_PER_DAY,
  };
}

function stripeConfig(values: z.output<typeof environmentSchema>): BillingConfig['stripe'] {
  const set = [values.STRIPE_SECRET_KEY, values.STRIPE_WEBHOOK_SECRET].filter((value) => value !== undefined).length;
  if (set === 0) return null;
  if (set < 2) throw new ConfigError('Invalid configuration: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  let prices: StripePrices = {};
  if (values.STRIPE_PRICES !== undefined) {
    try {
      prices = JSON.parse(values.STRIPE_PRICES) as StripePrices;
    } catch {
      throw new ConfigError('Invalid configuration: STRIPE_PRICES is not valid JSON ({"basic":{"monthly":{"usd":"price_..."}}})');
    }
  }
  return {
    secretKey: values.STRIPE_SECRET_KEY!,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET!,
    prices,
    apiUrl: values.STRIPE_API_URL ?? null,
  };
}

/** "Workspace <no-reply@example.com>" → no-reply@example.com. */
function mailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

function meetingsConfig(values: z.output<typeof environmentSchema>): MeetingsConfig {
  const livekitValues = [values.LIVEKIT_URL, values.LIVEKIT_API_KEY, values.LIVEKIT_API_SECRET];
  const livekitSet = livekitValues.filter((value) => value !== undefined).length;
  if (livekitSet > 0 && livekitSet < 3) {
    throw new ConfigError('Invalid configuration: LiveKit needs all of LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET');
  }
  return {
    livekit: livekitSet === 3 ? { url: values.LIVEKIT_URL!, apiKey: values.LIVEKIT_API_KEY!, apiSecret: values.LIVEKIT_API_SECRET! } : null,
    iceServers: values.ICE_SERVERS === undefined ? [] : parseIceServers(values.ICE_SERVERS),
    meshLimit: values.MEETING_MESH_LIMIT,
    ringTimeoutMs: values.MEETING_RING_SECONDS * 1000,
  };
}

/** ICE_SERVERS is JSON (a list of RTCIceServer) or a comma-separated list of stun:/turn: URLs. */
function parseIceServers(text: string): IceServer[] {
  const trimmed = text.trim();
  let candidate: unknown;
  if (trimmed.startsWith('[')) {
    try {
      candidate = JSON.parse(trimmed);
    } catch {
      throw new ConfigError('Invalid configuration: ICE_SERVERS is not valid JSON');
    }
  } else {
    candidate = trimmed.split(',').map((url) => ({ urls: url.trim() }));
  }
  const parsed = iceServersSchema.safeParse(candidate);
  if (!parsed.success) throw new ConfigError('Invalid configuration: ICE_SERVERS must list stun:, stuns:, turn: or turns: URLs');
  return parsed.data;
}

function storageConfig(values: z.output<typeof environmentSchema>): StorageConfig {
  if (values.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  return {
    driver: 's3',
    endpoint: values.S3_ENDPOINT ?? null,
    publicEndpoint: values.S3_PUBLIC_ENDPOINT ?? null,
    region: values.S3_REGION,
    bucket: values.S3_BUCKET!,
    accessKeyId: values.S3_ACCESS_KEY_ID!,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

function oidcProvider(issuer: string, clientId: string | undefined, clientSecret: string | undefined): OidcProviderConfig | null {
  return clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}

/** A single-machine install needs no set-up: the signing secret is generated once and kept in the data folder. */
function readOrCreateSecret(dataDirectory: string): string {
  const secretFile = join(dataDirectory, 'secret.key');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  mkdirSync(dataDirectory, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
