import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { AccountEvent } from './events';
import { users } from './tables';

/** How account events become rows; teams and spaces are the teams area's projection. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: [users],
  apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as AccountEvent;
    const at = stored.createdAt;
    switch (event.type) {
      case 'user.registered': {
        const { userId, email, firstname, lastname, language, defaultTeamId } = event.payload;
        transaction
          .insert(users)
          .values({ id: userId, email, firstname, lastname, language, defaultTeamId, createdAt: at, updatedAt: at })
          .run();
        return;
      }
      case 'user.language_changed':
        transaction.update(users).set({ language: event.payload.language, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
        return;
      case 'user.email_verified':
        transaction.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
        return;
      case 'user.email_changed':
        transaction
          .update(users)
          .set({ email: event.payload.email, emailVerified: false, updatedAt: at })
          .where(eq(users.id, event.payload.userId))
          .run();
        return;
      case 'user.profile_updated':
        transaction
          .update(users)
          .set({ ...event.payload.changes, updatedAt: at })
          .where(eq(users.id, event.payload.userId))
          .run();
        return;
      case 'user.default_team_changed':
        transaction
          .update(users)
          .set({ defaultTeamId: event.payload.teamId, updatedAt: at })
          .where(eq(users.id, event.payload.userId))
          .run();
        return;
      case 'user.password_changed':
      case 'user.signed_in':
      case 'user.signed_out':
        return;
      default:
        return;
    }
  },
};
