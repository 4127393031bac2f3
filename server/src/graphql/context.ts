import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClusterRegistry } from '../core/cluster/registry';
import type { RedisConnections } from '../core/redis/connection';
import type { AccessTokens } from '../auth/tokens';
import type { Config } from '../config';
import type { AppDatabase } from '../db/connection';
import type { DatabaseHealth } from '../core/postgres/storage';
import { DomainError } from '../errors';
import type { EventStore } from '../core/commands';
import type { JobRunner } from '../core/jobs';
import type { Metrics } from '../http/metrics';
import type { RateLimits } from '../http/rateLimits';
import type { Mailer } from '../mail/mailer';
import type { LiveEvents } from '../core/live';
import type { PresenceDirectory, SocketConnection } from './sockets';

export interface Actor {
  userId: string;
  /** The sign-in session; for a personal API token, the token's id stands in for it. */
  sessionId: string;
  /** Set when the request authenticated with a personal API token instead of a session. */
  apiTokenId?: string;
}

/** How a credential was judged: the error catalogue (SPEC §8) needs to tell missing from expired. */
export type Authentication =
  { status: 'authenticated'; actor: Actor } | { status: 'missing' } | { status: 'expired' } | { status: 'invalid' };

export type Authenticator = (token: string) => Promise<Authentication>;

/** The long-lived parts of the server that resolvers use. */
export interface Services {
  config: Config;
  database: AppDatabase;
  /** A cheap statement on the database (SELECT 1; through the pool on PostgreSQL): what /healthz answers. */
  databaseHealth(): Promise<DatabaseHealth>;
  store: EventStore;
  live: LiveEvents;
  /** Every timer-driven piece of work (sweeps, debounce windows, start-up pick-up), stopped when the app closes. */
  jobs: JobRunner;
  /** Open graphql-ws connections per user and who is away: presence and the per-user socket cap. */
  sockets: PresenceDirectory;
  metrics: Metrics;
  authenticate: Authenticator;
  tokens: AccessTokens;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** REDIS_URL's connections when several processes serve the team (issue 22); null for one process. */
  redis: RedisConnections | null;
  /** The processes serving one PostgreSQL database (issue 22): who is alive, claimed work; null on SQLite. */
  cluster: ClusterRegistry | null;
}

export interface RequestContext {
  services: Services;
  authentication: Authentication;
  /** Client mutation id from the `Idempotency-Key` header. */
  mutationId: string | undefined;
  /** The GraphQL request, hashed with the mutation id so a reused id with another body is refused. */
  request: { query?: unknown; variables?: unknown; operationName?: unknown };
  ip: string;
  reply?: FastifyReply;
  fastifyRequest?: FastifyRequest;
}

/** HTTP requests carry `authentication`; a subscription carries the connection_init token's or the upgrade cookie's. */
export interface CredentialHolder {
  authentication?: Authentication | undefined;
  initAuthentication?: Authentication | undefined;
  upgradeAuthentication?: Authentication | undefined;
}

/** The signed-in actor, or the SPEC §8 error that sends the client to refresh or to sign-in. */
export function requireActor(context: CredentialHolder): Actor {
  const authentication = context.authentication ?? context.initAuthentication ?? context.upgradeAuthentication ?? { status: 'missing' };
  switch (authentication.status) {
    case 'authenticated':
      return authentication.actor;
    case 'expired':
    case 'invalid':
      throw new DomainError('TOKEN_EXPIRED');
    case 'missing':
      throw new DomainError('UNAUTHENTICATED');
  }
}

/** The bearer token of a request: the Authorization header (API scripts) or the `token` cookie (the app). */
export function tokenFrom(
  headers: Record<string, string | string[] | undefined>,
  cookies: Record<string, string | undefined>,
): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  return cookies.token ?? null;
}

/** How the request's own credential (Authorization header or `token` cookie) is judged. */
export async function authenticateRequest(
  request: Pick<FastifyRequest, 'headers' | 'cookies'>,
  authenticate: Authenticator,
): Promise<Authentication> {
  const token = tokenFrom(request.headers, request.cookies ?? {});
  return token === null ? { status: 'missing' } : authenticate(token);
}

/** The bearer token a graphql-ws client puts in its connection_init payload (`authorization` or `token`). */
export function tokenFromConnectionPayload(payload: unknown): string | null {
  if (payload === null || typeof payload !== 'object') return null;
  const record = payload as Record<string, unknown>;
  const authorization = record.authorization ?? record.Authorization;
  if (typeof authorization === 'string' && authorization.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  return typeof record.token === 'string' && record.token.length > 0 ? record.token : null;
}

declare module 'mercurius' {
  /** Resolvers see the request context; subscription resolvers see the connection's authentications instead. */
  interface MercuriusContext extends Partial<RequestContext> {
    services: Services;
    initAuthentication?: Authentication;
    upgradeAuthentication?: Authentication;
    /** Set on subscription contexts: the websocket connection the subscription runs on. */
    connection?: SocketConnection;
  }
}

/**
 * The meeting-guest credential a request carries: the `X-Guest-Credential` header, else the HttpOnly `guest`
 * cookie (the websocket's upgrade request carries the cookie). The meetings area judges it; a signed-in
 * caller is never a guest, so this is read only when the request has no user credential.
 */
export function guestCredentialOf(context: { fastifyRequest?: Pick<FastifyRequest, 'headers' | 'cookies'> | undefined }): string | null {
  const request = context.fastifyRequest;
  if (!request) return null;
  const header = request.headers['x-guest-credential'];
  if (typeof header === 'string' && header.length > 0) return header;
  const cookie = request.cookies?.guest;
  return typeof cookie === 'string' && cookie.length > 0 ? cookie : null;
}

/** The cookie that carries a meeting guest's credential. */
export const guestCookieName = 'guest';
