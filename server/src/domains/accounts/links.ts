import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { newId } from '../../core/ids';
import { accountTokens } from './tables';

export type LinkPurpose = 'verifyEmail' | 'resetPassword';

/** Verification links last a day (mail can be slow to arrive); reset links an hour (they grant access). */
export const linkLifetimeHours: Record<LinkPurpose, number> = { verifyEmail: 24, resetPassword: 1 };

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Issues a new single-use link secret, spending any earlier link of the same purpose. */
export function issueLink(transaction: Transaction, userId: string, purpose: LinkPurpose, now = Date.now()): string {
  const at = new Date(now).toISOString();
  transaction
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .run();
  const secret = randomBytes(32).toString('base64url');
  transaction
    .insert(accountTokens)
    .values({
      id: newId(now),
      userId,
      purpose,
      tokenHash: hashSecret(secret),
      createdAt: at,
      expiresAt: new Date(now + linkLifetimeHours[purpose] * 3_600_000).toISOString(),
    })
    .run();
  return secret;
}

/** Spends a link: true when the secret is the user's current, unexpired, unused link of that purpose. */
export function spendLink(transaction: Transaction, userId: string, purpose: LinkPurpose, secret: string, now = Date.now()): boolean {
  const row = transaction
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.tokenHash, hashSecret(secret)),
        isNull(accountTokens.usedAt),
      ),
    )
    .get();
  if (!row || Date.parse(row.expiresAt) <= now) return false;
  transaction
    .update(accountTokens)
    .set({ usedAt: new Date(now).toISOString() })
    .where(eq(accountTokens.id, row.id))
    .run();
  return true;
}
