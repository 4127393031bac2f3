import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../events/types';
import type { AccountEvent } from './events';
import { projectMembers, projects, teamMembers, teams, users } from './tables';

/** How account, team and space events become rows. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: [users, teams, teamMembers, projects, projectMembers],
  apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as AccountEvent;
    const at = stored.createdAt;
    switch (event.type) {
      case 'user.registered': {
        const { userId, email, firstname, lastname, language, defaultTeamId } = event.payload;
        transaction.insert(users).values({ id: userId, email, firstname, lastname, language, defaultTeamId, createdAt: at, updatedAt: at }).run();
        return;
      }
      case 'team.created':
        transaction.insert(teams).values({ id: event.payload.teamId, name: event.payload.name, ownerId: event.payload.ownerId, createdAt: at }).run();
        return;
      case 'team.member_added':
        transaction.insert(teamMembers).values({ ...event.payload, joinedAt: at }).onConflictDoUpdate({
          target: [teamMembers.teamId, teamMembers.userId],
          set: { role: event.payload.role },
        }).run();
        return;
      case 'project.created': {
        const { projectId, teamId, name, isPersonal, ownerId, color } = event.payload;
        transaction.insert(projects).values({ id: projectId, teamId, name, isPersonal, ownerId, color, createdAt: at, updatedAt: at }).run();
        return;
      }
      case 'project.member_added':
        transaction.insert(projectMembers).values({ ...event.payload, joinedAt: at }).onConflictDoUpdate({
          target: [projectMembers.projectId, projectMembers.userId],
          set: { permission: event.payload.permission },
        }).run();
        return;
      case 'user.language_changed':
        transaction.update(users).set({ language: event.payload.language, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
        return;
      case 'user.email_verified':
        transaction.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
        return;
      case 'user.email_changed':
        transaction.update(users).set({ email: event.payload.email, emailVerified: false, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
        return;
      case 'user.profile_updated':
        transaction.update(users).set({ ...event.payload.changes, updatedAt: at }).where(eq(users.id, event.payload.userId)).run();
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
