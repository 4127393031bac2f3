import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EventStore } from '../../core/commands';
import type { DrizzleDatabase, Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
import { DomainError } from '../../errors';
import { newId } from '../../core/ids';
import { userStream } from '../../core/streams';
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

export async function createSession(
  writer: Writer,
  userId: string,
  userAgent: string | null,
  now = Date.now(),
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = newId(now);
  const { token, hash } = composeRefreshToken(sessionId);
  const at = new Date(now).toISOString();
  await writer.insert(sessions).values({
    id: sessionId,
    userId,
    refreshTokenHash: hash,
    createdAt: at,
    lastUsedAt: at,
    expiresAt: new Date(now + refreshTokenLifetimeMs).toISOString(),
    userAgent,
  });
  return { sessionId, refreshToken: token };
}

/**
 * Exchanges a refresh token for a new one. A token that is not the family's current one means it
 * was stolen or replayed: the whole session is revoked, so both the thief and the owner must sign in.
 * One unit: the owner's stream is locked before the session is read, so two refreshes of one family
 * never both win (on PostgreSQL units run at once; on SQLite one at a time).
 */
export async function rotateRefreshToken(
  store: Pick<EventStore, 'run'>,
  presented: string,
  now = Date.now(),
): Promise<{ sessionId: string; userId: string; refreshToken: string }> {
  const [sessionId, secretPart] = presented.split('.');
  if (!sessionId || !secretPart) throw new DomainError('INVALID_REFRESH_TOKEN');
  const rotated = await store.run({ actorId: null }, async (unit) => {
    const owner = await sessionOwner(unit.transaction, sessionId);
    if (owner === null) throw new DomainError('INVALID_REFRESH_TOKEN');
    await unit.lock(userStream(owner));
    const [session] = await unit.transaction.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    if (!session || session.revokedAt !== null || Date.parse(session.expiresAt) <= now) throw new DomainError('INVALID_REFRESH_TOKEN');
    const presentedHash = Buffer.from(hashToken(secretPart), 'hex');
    const storedHash = Buffer.from(session.refreshTokenHash, 'hex');
    if (presentedHash.length !== storedHash.length || !timingSafeEqual(presentedHash, storedHash)) {
      // Committed before the refusal below: the unit must end normally for the revocation to stay.
      await unit.transaction
        .update(sessions)
        .set({ revokedAt: new Date(now).toISOString(), revokedReason: 'refresh token reused' })
        .where(eq(sessions.id, sessionId));
      return null;
    }
    const { token, hash } = composeRefreshToken(sessionId);
    await unit.transaction
      .update(sessions)
      .set({ refreshTokenHash: hash, generation: session.generation + 1, lastUsedAt: new Date(now).toISOString() })
      .where(eq(sessions.id, sessionId));
    return { sessionId, userId: session.userId, refreshToken: token };
  });
  if (rotated === null) throw new DomainError('INVALID_REFRESH_TOKEN');
  return rotated;
}

/** Whose session this is (it never changes), or null when there is no such session. */
async function sessionOwner(reader: Pick<Transaction, 'select'>, sessionId: string): Promise<string | null> {
  const [row] = await reader.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.userId ?? null;
}

export async function revokeSession(writer: Writer, sessionId: string, reason: string, now = Date.now()): Promise<void> {
  await writer
    .update(sessions)
    .set({ revokedAt: new Date(now).toISOString(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Asked on every signed-in request: built once per connection (see db/prepared.ts). */
const sessionStatus = preparedQuery((database: Pick<DrizzleDatabase, 'select'>) =>
  database
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare(),
);

/** Whether a session still holds: not revoked and not expired. The live deliveries' check (graphql/liveCredentials.ts) keeps the same rule. */
export function sessionHolds(session: { revokedAt: string | null; expiresAt: string } | undefined, now: number): boolean {
  return session !== undefined && session.revokedAt === null && Date.parse(session.expiresAt) > now;
}

export async function isSessionActive(database: Pick<DrizzleDatabase, 'select'>, sessionId: string, now = Date.now()): Promise<boolean> {
  const [session] = await sessionStatus(database).execute({ sessionId });
  return sessionHolds(session, now);
}

/** Signs the user out everywhere, e.g. after a password reset. */
export async function revokeAllSessions(writer: Writer, userId: string, reason: string, now = Date.now()): Promise<void> {
  await writer
    .update(sessions)
    .set({ revokedAt: new Date(now).toISOString(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Remembers the browser's push id on its session (setIdbrowser). */
export async function setSessionBrowserId(writer: Writer, sessionId: string, browserId: string): Promise<void> {
  await writer.update(sessions).set({ browserId }).where(eq(sessions.id, sessionId));
}
