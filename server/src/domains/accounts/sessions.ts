import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DrizzleDatabase, Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
import { DomainError } from '../../errors';
import { newId } from '../../core/ids';
import { sessions } from './tables';

export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;

type Writer = Pick<Transaction, 'insert' | 'update' | 'select'>;

function hashToken(secretPart: string): string {
  return createHash('sha256').update(secretPart).digest('hex');
}

/** A refresh token names its session (family) and carries a random secret; only the hash is stored. */
function composeRefreshToken(sessionId: string): { token: string; hash: string } {
  const secretPart = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secretPart}`, hash: hashToken(secretPart) };
}

export function createSession(
  writer: Writer,
  userId: string,
  userAgent: string | null,
  now = Date.now(),
): { sessionId: string; refreshToken: string } {
  const sessionId = newId(now);
  const { token, hash } = composeRefreshToken(sessionId);
  const at = new Date(now).toISOString();
  writer
    .insert(sessions)
    .values({
      id: sessionId,
      userId,
      refreshTokenHash: hash,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: new Date(now + refreshTokenLifetimeMs).toISOString(),
      userAgent,
    })
    .run();
  return { sessionId, refreshToken: token };
}

/**
 * Exchanges a refresh token for a new one. A token that is not the family's current one means it
 * was stolen or replayed: the whole session is revoked, so both the thief and the owner must sign in.
 */
export function rotateRefreshToken(
  database: DrizzleDatabase,
  presented: string,
  now = Date.now(),
): { sessionId: string; userId: string; refreshToken: string } {
  const [sessionId, secretPart] = presented.split('.');
  if (!sessionId || !secretPart) throw new DomainError('INVALID_REFRESH_TOKEN');
  return (
    database.transaction(
      (transaction) => {
        const session = transaction.select().from(sessions).where(eq(sessions.id, sessionId)).get();
        if (!session || session.revokedAt !== null || Date.parse(session.expiresAt) <= now) throw new DomainError('INVALID_REFRESH_TOKEN');
        const presentedHash = Buffer.from(hashToken(secretPart), 'hex');
        const storedHash = Buffer.from(session.refreshTokenHash, 'hex');
        if (presentedHash.length !== storedHash.length || !timingSafeEqual(presentedHash, storedHash)) {
          transaction
            .update(sessions)
            .set({ revokedAt: new Date(now).toISOString(), revokedReason: 'refresh token reused' })
            .where(eq(sessions.id, sessionId))
            .run();
          return null;
        }
        const { token, hash } = composeRefreshToken(sessionId);
        transaction
          .update(sessions)
          .set({ refreshTokenHash: hash, generation: session.generation + 1, lastUsedAt: new Date(now).toISOString() })
          .where(eq(sessions.id, sessionId))
          .run();
        return { sessionId, userId: session.userId, refreshToken: token };
      },
      { behavior: 'immediate' },
    ) ?? reuseDetected()
  );
}

function reuseDetected(): never {
  throw new DomainError('INVALID_REFRESH_TOKEN');
}

export function revokeSession(writer: Writer, sessionId: string, reason: string, now = Date.now()): void {
  writer
    .update(sessions)
    .set({ revokedAt: new Date(now).toISOString(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .run();
}

/** Asked on every signed-in request: built once per connection (see db/prepared.ts). */
const sessionStatus = preparedQuery((database: Pick<DrizzleDatabase, 'select'>) =>
  database
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare(),
);

export function isSessionActive(database: Pick<DrizzleDatabase, 'select'>, sessionId: string, now = Date.now()): boolean {
  const session = sessionStatus(database).get({ sessionId });
  return session !== undefined && session.revokedAt === null && Date.parse(session.expiresAt) > now;
}

/** Signs the user out everywhere, e.g. after a password reset. */
export function revokeAllSessions(writer: Writer, userId: string, reason: string, now = Date.now()): void {
  writer
    .update(sessions)
    .set({ revokedAt: new Date(now).toISOString(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .run();
}

/** Remembers the browser's push id on its session (setIdbrowser). */
export function setSessionBrowserId(writer: Writer, sessionId: string, browserId: string): void {
  writer.update(sessions).set({ browserId }).where(eq(sessions.id, sessionId)).run();
}
