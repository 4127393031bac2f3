import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { AccountEvent } from './events';
import { users } from './tables';

/** The account events that change a user's row; the others (passwords, sign-ins) only record history. */
const rowEventTypes = new Set<string>([
  'user.registered',
  'user.language_changed',
  'user.email_verified',
  'user.email_changed',
  'user.profile_updated',
  'user.default_team_changed',
] satisfies AccountEvent['type'][]);

/** How account events become rows; teams and spaces are the teams area's projection. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: [users],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!rowEventTypes.has(stored.type)) return undefined;
    return projectAccountEvent(transaction, { type: stored.type, payload: stored.payload } as AccountEvent, stored.createdAt);
  },
};

async function projectAccountEvent(transaction: Transaction, event: AccountEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'user.registered': {
      const { userId, email, firstname, lastname, language, defaultTeamId } = event.payload;
      await transaction
        .insert(users)
        .values({ id: userId, email, firstname, lastname, language, defaultTeamId, createdAt: at, updatedAt: at });
      return;
    }
    case 'user.language_changed':
      await transaction.update(users).set({ language: event.payload.language, updatedAt: at }).where(eq(users.id, event.payload.userId));
      return;
    case 'user.email_verified':
      await transaction.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, event.payload.userId));
      return;
    case 'user.email_changed':
      await transaction
        .update(users)
        .set({ email: event.payload.email, emailVerified: false, updatedAt: at })
        .where(eq(users.id, event.payload.userId));
      return;
    case 'user.profile_updated':
      await transaction
        .update(users)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(users.id, event.payload.userId));
      return;
    case 'user.default_team_changed':
      await transaction.update(users).set({ defaultTeamId: event.payload.teamId, updatedAt: at }).where(eq(users.id, event.payload.userId));
      return;
    default:
      return;
  }
}
