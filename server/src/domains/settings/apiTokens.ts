import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';

import type { UnitOfWork } from '../../core/commands';
import type { DrizzleDatabase, Transaction } from '../../db/connection';
import { codedError, refusal } from '../../errors';
import { boundedText, parseArgument } from '../../inputSchemas';
import type { Authentication } from '../../graphql/context';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { users } from '../accounts';
import { apiTokens } from './tables';
import { userStream } from '../../core/streams';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** Personal API tokens start with this, so the authenticator tells them from session access tokens at a glance. */
export const apiTokenPrefix = 'wst_';
export const maximumApiTokens = 20;
/** Recording every use would write on every request; once a minute is enough to show "last used". */
const lastUsedResolutionMs = 60_000;
const displayedPrefixLength = apiTokenPrefix.length + 4;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function isApiToken(token: string): boolean {
  return token.startsWith(apiTokenPrefix);
}

/** Looks the token up by its hash; a revoked token, or one whose owner is gone, is refused at once. */
export async function authenticateApiToken(db: DrizzleDatabase, token: string, now = Date.now()): Promise<Authentication> {
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return { status: 'invalid' };
  if (row.lastUsedAt === null || Date.parse(row.lastUsedAt) + lastUsedResolutionMs < now) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where(eq(apiTokens.id, row.id));
  }
  return { status: 'authenticated', actor: { userId: row.userId, sessionId: row.id, apiTokenId: row.id } };
}

export async function isApiTokenActive(db: Pick<Transaction, 'select'>, tokenId: string): Promise<boolean> {
  const found = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .limit(1);
  return found.length > 0;
}

/** A person's tokens not revoked, newest first (what `getApiTokens` lists). */
export async function activeApiTokensOf(db: Pick<Transaction, 'select'>, userId: string): Promise<(typeof apiTokens.$inferSelect)[]> {
  return await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

function presentToken(row: typeof apiTokens.$inferSelect) {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

export const apiTokenQueries = {
  getApiTokens: async (_root, _args, context) => {
    const actor = requireActor(context);
    return (await activeApiTokensOf(context.services.database.db, actor.userId)).map(presentToken);
  },
} satisfies QueryResolvers;

/** A new token's secret: shown to its owner once, stored only as its hash. */
export function newApiTokenSecret(): string {
  return `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
}

/** Keeps a new token of `userId` (its hash and displayed prefix) and records its creation; at most `maximumApiTokens` live. */
export async function createApiTokenIn(
  unit: UnitOfWork,
  userId: string,
  name: string,
  token: string,
): Promise<typeof apiTokens.$inferSelect> {
  // The count decides: the person's stream is locked first, so two creations never both take the last place.
  await unit.lock(userStream(userId));
  // drizzle's count() reads the number back as one: PostgreSQL's count(*) is a bigint, which arrives as text.
  const [active] = await unit.transaction
    .select({ count: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  if ((active?.count ?? 0) >= maximumApiTokens) throw codedError('API_TOKEN_LIMIT', { params: { maximum: maximumApiTokens } });
  const values = {
    id: newId(),
    userId,
    name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, displayedPrefixLength),
    createdAt: unit.now.toISOString(),
  };
  await unit.transaction.insert(apiTokens).values(values);
  await unit.append(userStream(userId), [{ type: 'user.api_token_created', payload: { userId, tokenId: values.id, name } }], {
    teamId: null,
  });
  return { ...values, lastUsedAt: null, revokedAt: null };
}

/** Revokes one of `userId`'s live tokens, which stops working at once, and records it. */
export async function revokeApiTokenIn(unit: UnitOfWork, userId: string, tokenId: string): Promise<void> {
  await unit.lock(userStream(userId));
  const [row] = await unit.transaction
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) throw refusal('NOT_FOUND', 'API_TOKEN_NOT_FOUND');
  await unit.transaction.update(apiTokens).set({ revokedAt: unit.now.toISOString() }).where(eq(apiTokens.id, row.id));
  await unit.append(userStream(userId), [{ type: 'user.api_token_revoked', payload: { userId, tokenId: row.id } }], { teamId: null });
}

export const apiTokenMutations = {
  /** The token is returned this once; only its hash is stored. */
  createApiToken: async (_root, args: { name: string }, context) => {
    const actor = requireActor(context);
    // A leaked token must not be able to mint itself successors that outlive its revocation.
    if (actor.apiTokenId) throw refusal('PERMISSION_DENIED', 'API_TOKEN_FROM_APP');
    const name = parseArgument('name', boundedText(100, 'API_TOKEN_NAME_REQUIRED'), args.name);
    const token = newApiTokenSecret();
    const row = await context.services.store.run({ actorId: actor.userId }, (unit) => createApiTokenIn(unit, actor.userId, name, token));
    return { token, apiToken: presentToken(row) };
  },
  revokeApiToken: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await context.services.store.run({ actorId: actor.userId }, (unit) => revokeApiTokenIn(unit, actor.userId, args.id));
    return true;
  },
} satisfies MutationResolvers;
