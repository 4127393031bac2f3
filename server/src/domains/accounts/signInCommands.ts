import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import { userStream } from '../../core/streams';
import { spendLink } from './links';
import type { UserRow } from './service';
import { revokeAllSessions, revokeSession } from './sessions';
import { userCredentials, users } from './tables';

/*
 * The sign-in commands' work inside a unit, as the resolvers run it and as a test runs it on either command door
 * (tests/support/accountsOnDoor.ts).
 */

/** Spends the user's verification link and records the proven address: false when the link is not the current one. */
export async function verifyEmailIn(unit: UnitOfWork, user: Pick<UserRow, 'id' | 'defaultTeamId'>, secret: string): Promise<boolean> {
  if (!(await spendLink(unit.transaction, user.id, 'verifyEmail', secret, unit.now.getTime()))) return false;
  // The address is proven now, so the teams that invited it let it in (their reaction to this event).
  await unit.append(userStream(user.id), [{ type: 'user.email_verified', payload: { userId: user.id } }], { teamId: user.defaultTeamId });
  return true;
}

/**
 * Spends the user's reset link and sets the new password, signing the user out everywhere: false when the link is not
 * the current one. Following the mailed link proves the address too.
 */
export async function resetPasswordIn(unit: UnitOfWork, userId: string, secret: string, passwordHash: string): Promise<boolean> {
  if (!(await spendLink(unit.transaction, userId, 'resetPassword', secret, unit.now.getTime()))) return false;
  // The person's stream is locked before their row is read: a verification landing at once is seen.
  await unit.lock(userStream(userId));
  const [user] = await unit.transaction
    .select({ defaultTeamId: users.defaultTeamId, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const teamId = user?.defaultTeamId ?? null;
  const updatedAt = unit.now.toISOString();
  await unit.transaction
    .insert(userCredentials)
    .values({ userId, passwordHash, updatedAt })
    .onConflictDoUpdate({ target: userCredentials.userId, set: { passwordHash, updatedAt } });
  await revokeAllSessions(unit.transaction, userId, 'password reset', unit.now.getTime());
  await unit.append(userStream(userId), [{ type: 'user.password_changed', payload: { userId, reason: 'reset' } }], { teamId });
  if (user && !user.emailVerified)
    await unit.append(userStream(userId), [{ type: 'user.email_verified', payload: { userId } }], { teamId });
  return true;
}

/** Ends one session of the user and records the sign-out. */
export async function signOutIn(unit: UnitOfWork, userId: string, sessionId: string): Promise<void> {
  const [user] = await unit.transaction.select({ defaultTeamId: users.defaultTeamId }).from(users).where(eq(users.id, userId)).limit(1);
  await revokeSession(unit.transaction, sessionId, 'signed out', unit.now.getTime());
  await unit.append(userStream(userId), [{ type: 'user.signed_out', payload: { userId, sessionId } }], {
    teamId: user?.defaultTeamId ?? null,
  });
}
