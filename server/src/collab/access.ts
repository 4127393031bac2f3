import { timingSafeEqual } from 'node:crypto';
import { collabCloseCodes } from '#shared/docs';
import type { Authentication, Services } from '../graphql/context';
import { tokenFrom } from '../graphql/context';
import { liveCredentialCheckOf } from '../graphql/liveCredentials';
import { findDocRow, type DocRow } from '../domains/docs/state';
import { spaceContentPolicy } from '../core/spaceContent';
import { spaceContentAccess } from '../core/spaceContent';
import { DomainError } from '../errors';
import type { RateLimitName } from '../http/rateLimits';
import { collabLimitCloseCodes, collabLimitReasons } from './closeCodes';

/** What a connection was let in with; judged again whenever access may have changed. */
export type Grant =
  | { kind: 'member'; docId: string; userId: string; sessionId: string; apiTokenId?: string; writable: boolean }
  | { kind: 'share'; docId: string; shareToken: string };

/**
 * A refusal carries the close code the socket is closed with right after the upgrade (so the
 * browser's provider sees it and stops retrying): 4401 without valid credentials, 4404 for a doc
 * that is missing or out of sight, 4429 for an address over its attempts.
 */
export type Refusal = {
  allowed: false;
  code: typeof collabCloseCodes.unauthenticated | typeof collabCloseCodes.docDeleted | typeof collabLimitCloseCodes.tooManyRequests;
  message: string;
};
export type Verdict = { allowed: true; grant: Grant; teamId: string } | Refusal;

export interface UpgradeCredentials {
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  /** `token`: a bearer for clients that cannot set headers on a websocket; `share`: a public link's secret. */
  query: { token?: unknown; share?: unknown };
}

const notFound: Refusal = { allowed: false, code: collabCloseCodes.docDeleted, message: 'No such doc, or you do not have access to it.' };
const tooManyAttempts: Refusal = {
  allowed: false,
  code: collabLimitCloseCodes.tooManyRequests,
  message: collabLimitReasons.tooManyAttempts,
};

/** Counts one attempt of `address` under `rule`: false once the address has none left. */
async function attemptAllowed(services: Services, rule: RateLimitName, address: string): Promise<boolean> {
  try {
    await services.rateLimits.consume([rule, address]);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function shareVerdict(row: DocRow | undefined, share: string): Verdict {
  if (!row || !row.shared || !row.shareToken || !sameSecret(share, row.shareToken)) return notFound;
  return { allowed: true, grant: { kind: 'share', docId: row.id, shareToken: share }, teamId: row.teamId };
}

/**
 * Judges a doc websocket upgrade before it completes (the socket is then opened and, if refused,
 * closed at once with the refusal's code), with the server's own authentication: the
 * session cookie, an Authorization bearer or a `token` query parameter (a session or API token).
 * Members who may see the doc's space get in, writing when the docs policy lets them; a public
 * link's secret (`share`) lets anyone read a shared doc. A doc that is missing or out of sight
 * gets the same 4404, so doc ids cannot be probed.
 *
 * Guessing is rate-limited per client address (`address`, see addressKey), with the HTTP rules:
 * every share-secret attempt counts against `shareLinkPerAddress` (as getWorkspace does), and every
 * refused credential (forged, wrong key, revoked; an expired token is a normal refresh, not a guess)
 * against `refusedSocketCredentialPerAddress`. Over either, the answer is 4429.
 */
export async function authorizeUpgrade(
  services: Services,
  docId: string,
  credentials: UpgradeCredentials,
  address: string,
): Promise<Verdict> {
  const db = services.database.db;
  const { share, token: queryToken } = credentials.query;
  if (typeof share === 'string' && share.length > 0) {
    if (!(await attemptAllowed(services, 'shareLinkPerAddress', address))) return tooManyAttempts;
    return shareVerdict(await findDocRow(db, docId), share);
  }
  const token =
    tokenFrom(credentials.headers, credentials.cookies) ?? (typeof queryToken === 'string' && queryToken.length > 0 ? queryToken : null);
  const authentication: Authentication = token === null ? { status: 'missing' } : await services.authenticate(token);
  if (authentication.status !== 'authenticated') {
    if (authentication.status === 'invalid' && !(await attemptAllowed(services, 'refusedSocketCredentialPerAddress', address)))
      return tooManyAttempts;
    return {
      allowed: false,
      code: collabCloseCodes.unauthenticated,
      message: authentication.status === 'missing' ? 'No access token' : 'Token expired or invalid',
    };
  }
  const row = await findDocRow(db, docId);
  const access = row ? await spaceContentAccess(db, row.projectId, authentication.actor.userId) : null;
  if (!row || !access || !spaceContentPolicy.read(access)) return notFound;
  const { userId, sessionId, apiTokenId } = authentication.actor;
  return {
    allowed: true,
    grant: { kind: 'member', docId, userId, sessionId, ...(apiTokenId ? { apiTokenId } : {}), writable: spaceContentPolicy.write(access) },
    teamId: row.teamId,
  };
}

/**
 * The same judgement for an open connection, after events that may have changed it: null when it
 * must go (removed, signed out, space or doc deleted, link revoked), else whether it may write.
 */
export async function judgeAgain(services: Services, grant: Grant): Promise<{ writable: boolean } | null> {
  const db = services.database.db;
  const row = await findDocRow(db, grant.docId);
  if (grant.kind === 'share') return shareVerdict(row, grant.shareToken).allowed ? { writable: false } : null;
  // The live deliveries' check (the same rules as isSessionActive and isApiTokenActive) on this process's database.
  const credentialActive = await liveCredentialCheckOf(services.database)(grant);
  const access = row && credentialActive ? await spaceContentAccess(db, row.projectId, grant.userId) : null;
  if (!access || !spaceContentPolicy.read(access)) return null;
  return { writable: spaceContentPolicy.write(access) };
}
