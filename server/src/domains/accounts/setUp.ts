/**
 * The first administrator's way in without mail: while the instance has no account, every start
 * issues a one-time set-up link (`<PUBLIC_URL>/setup/<secret>`) that the server prints in its log. The
 * page it opens creates the first account, verified at once, with its team. Only a SHA-256 of the
 * secret is stored (in account_tokens, with no user yet); a new start replaces the link, it lasts
 * 24 hours, works once, and stops working as soon as any account exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { isSupportedLanguage, supportedLanguages } from '#shared/constants';
import { z } from 'zod';
import type { Transaction } from '../../db/connection';
import { DomainError, issue } from '../../errors';
import type { Services } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { newId } from '../../core/ids';
import { emailSchema, hashPassword, nameSchema, passwordSchema, registerAccount, startSession, teamNameSchema } from './service';
import { accountTokens, users } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

export const setUpLinkLifetimeHours = 24;

/** account_tokens rows need a user; a set-up link belongs to nobody yet. */
const noUserYet = '';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

async function hasAnyAccount(transaction: Pick<Transaction, 'select'>): Promise<boolean> {
  const [any] = await transaction.select({ id: users.id }).from(users).limit(1);
  return any !== undefined;
}

async function spendOpenSetUpLinks(transaction: Pick<Transaction, 'update'>, at: string): Promise<void> {
  await transaction
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.userId, noUserYet), eq(accountTokens.purpose, 'setUp'), isNull(accountTokens.usedAt)));
}

/**
 * At start: a new set-up link when no account exists yet (any earlier one stops working), else null.
 * The caller prints it.
 */
export async function issueSetUpLink(services: Pick<Services, 'store' | 'config'>, now = Date.now()): Promise<string | null> {
  const at = new Date(now).toISOString();
  const secret = await services.store.run({ actorId: null }, async ({ transaction }) => {
    await spendOpenSetUpLinks(transaction, at);
    if (await hasAnyAccount(transaction)) return null;
    const issued = randomBytes(32).toString('base64url');
    await transaction.insert(accountTokens).values({
      id: newId(now),
      userId: noUserYet,
      purpose: 'setUp',
      tokenHash: hashSecret(issued),
      createdAt: at,
      expiresAt: new Date(now + setUpLinkLifetimeHours * 3_600_000).toISOString(),
    });
    return issued;
  });
  return secret === null ? null : `${services.config.publicUrl}/setup/${secret}`;
}

async function openSetUpLink(transaction: Pick<Transaction, 'select'>, secret: string, now: number) {
  const [row] = await transaction
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, noUserYet),
        eq(accountTokens.purpose, 'setUp'),
        eq(accountTokens.tokenHash, hashSecret(secret)),
        isNull(accountTokens.usedAt),
      ),
    )
    .limit(1);
  return row && Date.parse(row.expiresAt) > now ? row : undefined;
}

/** Refuses a link that is not open, then an instance that already has an account (told only to a link's holder). */
async function requireUsableLink(transaction: Pick<Transaction, 'select'>, secret: string, now = Date.now()) {
  const link = await openSetUpLink(transaction, secret, now);
  if (!link) throw new DomainError('SETUP_LINK_INVALID');
  if (await hasAnyAccount(transaction)) throw new DomainError('SETUP_DONE');
  return link;
}

const setUpSchema = z.object({
  token: z.string().min(1).max(200),
  firstname: nameSchema,
  lastname: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  team: teamNameSchema.nullish(),
  language: z
    .string()
    .refine(isSupportedLanguage, issue('LANGUAGE_UNSUPPORTED', { languages: supportedLanguages.join(', ') }))
    .nullish(),
});

const ipOf = (context: MercuriusContext) => addressKey(context.ip ?? 'unknown');

export const setUpQueries = {
  checkSetup: async (_root, args: { token: string }, context) => {
    await context.services.rateLimits.consume(['linkPerAddress', ipOf(context)]);
    await requireUsableLink(context.services.database.db, args.token);
    return true;
  },
} satisfies QueryResolvers;

export const setUpMutations = {
  setUserAdmin: async (_root, args, context) => {
    const { services } = context;
    await services.rateLimits.consume(['linkPerAddress', ipOf(context)]);
    const input = setUpSchema.parse(args);
    // Checked before the slow password hash too, so a wrong link costs no argon2 work.
    await requireUsableLink(services.database.db, input.token);
    const passwordHash = await hashPassword(input.password);
    const userId = await services.store.run({ actorId: null }, async (unit) => {
      const link = await requireUsableLink(unit.transaction, input.token);
      // Spent only if still unused, in one statement: of two units holding the link at once, one spends it (on
      // PostgreSQL the second waits for the first's row, then finds it used).
      const spent = await unit.transaction
        .update(accountTokens)
        .set({ usedAt: unit.now.toISOString() })
        .where(and(eq(accountTokens.id, link.id), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      if (spent.length === 0) throw new DomainError('SETUP_LINK_INVALID');
      return (
        await registerAccount(unit, {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          language: input.language ?? 'en',
          passwordHash,
          emailVerified: true,
          teamName: input.team ?? undefined,
        })
      ).userId;
    });
    return startSession(context, userId, 'setUpLink');
  },
} satisfies MutationResolvers;
