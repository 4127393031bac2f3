import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

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
export function authenticateApiToken(db: DrizzleDatabase, token: string, now = Date.now()): Authentication {
  const row = db
    .select({ id: apiTokens.id, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .get();
  if (!row) return { status: 'invalid' };
  if (row.lastUsedAt === null || Date.parse(row.lastUsedAt) + lastUsedResolutionMs < now) {
    db.update(apiTokens)
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where(eq(apiTokens.id, row.id))
      .run();
  }
  return { status: 'authenticated', actor: { userId: row.userId, sessionId: row.id, apiTokenId: row.id } };
}

export function isApiTokenActive(db: Pick<Transaction, 'select'>, tokenId: string): boolean {
  return (
    db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
      .get() !== undefined
  );
}

function presentToken(row: typeof apiTokens.$inferSelect) {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

export const apiTokenQueries = {
  getApiTokens: (_root, _args, context) => {
    const actor = requireActor(context);
    return context.services.database.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, actor.userId), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .all()
      .map(presentToken);
  },
} satisfies QueryResolvers;

export const apiTokenMutations = {
  /** The token is returned this once; only its hash is stored. */
  createApiToken: async (_root, args: { name: string }, context) => {
    const actor = requireActor(context);
    // A leaked token must not be able to mint itself successors that outlive its revocation.
    if (actor.apiTokenId) throw refusal('PERMISSION_DENIED', 'API_TOKEN_FROM_APP');
    const name = parseArgument('name', boundedText(100, 'API_TOKEN_NAME_REQUIRED'), args.name);
    const token = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
    const row = await context.services.store.run({ actorId: actor.userId }, async (unit) => {
      const active = unit.transaction
        .select({ count: sql<number>`count(*)` })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, actor.userId), isNull(apiTokens.revokedAt)))
        .get();
      if ((active?.count ?? 0) >= maximumApiTokens) throw codedError('API_TOKEN_LIMIT', { params: { maximum: maximumApiTokens } });
      const values = {
        id: newId(),
        userId: actor.userId,
        name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, displayedPrefixLength),
        createdAt: unit.now.toISOString(),
      };
      unit.transaction.insert(apiTokens).values(values).run();
      await unit.append(
        userStream(actor.userId),
        [{ type: 'user.api_token_created', payload: { userId: actor.userId, tokenId: values.id, name } }],
        { teamId: null },
      );
      return { ...values, lastUsedAt: null, revokedAt: null };
    });
    return { token, apiToken: presentToken(row) };
  },
  revokeApiToken: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await context.services.store.run({ actorId: actor.userId }, async (unit) => {
      const row = unit.transaction
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, args.id), eq(apiTokens.userId, actor.userId), isNull(apiTokens.revokedAt)))
        .get();
      if (!row) throw refusal('NOT_FOUND', 'API_TOKEN_NOT_FOUND');
      unit.transaction.update(apiTokens).set({ revokedAt: unit.now.toISOString() }).where(eq(apiTokens.id, row.id)).run();
      await unit.append(
        userStream(actor.userId),
        [{ type: 'user.api_token_revoked', payload: { userId: actor.userId, tokenId: row.id } }],
        {
          teamId: null,
        },
      );
    });
    return true;
  },
} satisfies MutationResolvers;
