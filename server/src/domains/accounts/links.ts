import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { newId } from '../../core/ids';
import { accountTokens } from './tables';

export type LinkPurpose = 'verifyEmail' | 'resetPassword';

/** Verification links last a day (mail can be slow to arrive); reset links an hour (they grant access). */
export const linkLifetimeHours: Record<LinkPurpose, number> = { verifyEmail: 24, resetPassword: 1 };

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Issues a new single-use link secret, spending any earlier link of the same purpose. */
export async function issueLink(
  transaction: Pick<Transaction, 'insert' | 'update'>,
  userId: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<string> {
  const at = new Date(now).toISOString();
  await transaction
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const secret = randomBytes(32).toString('base64url');
  await transaction.insert(accountTokens).values({
    id: newId(now),
    userId,
    purpose,
    tokenHash: hashSecret(secret),
    createdAt: at,
    expiresAt: new Date(now + linkLifetimeHours[purpose] * 3_600_000).toISOString(),
  });
  return secret;
}

/**
 * Spends a link: true when the secret is the user's current, unexpired, unused link of that purpose. The check and the
 * spending are one statement (an update of the unused row), so two units presenting the same link at once spend it
 * once on either database: on PostgreSQL the second waits for the first's row and then finds it used.
 */
export async function spendLink(
  transaction: Pick<Transaction, 'update'>,
  userId: string,
  purpose: LinkPurpose,
  secret: string,
  now = Date.now(),
): Promise<boolean> {
  const at = new Date(now).toISOString();
  const spent = await transaction
    .update(accountTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.tokenHash, hashSecret(secret)),
        isNull(accountTokens.usedAt),
        // ISO times in UTC compare as text in time order.
        gt(accountTokens.expiresAt, at),
      ),
    )
    .returning({ id: accountTokens.id });
  return spent.length > 0;
}
