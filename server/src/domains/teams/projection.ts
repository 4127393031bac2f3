import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { SpaceEvent, TeamEvent } from './events';
import { projectMembers, projectRequests, projects, teamInvitations, teamMembers, teams } from './tables';

/** Every team and space event type, each one projected below (a Record, so a new event type must be listed). */
const ownEventTypes = new Set<string>(
  Object.keys({
    'team.created': true,
    'team.member_added': true,
    'team.updated': true,
    'team.url_changed': true,
    'team.member_role_changed': true,
    'team.member_removed': true,
    'team.invitation_created': true,
    'team.invitation_accepted': true,
    'team.invitation_revoked': true,
    'team.plan_changed': true,
    'project.created': true,
    'project.updated': true,
    'project.deleted': true,
    'project.member_added': true,
    'project.permission_changed': true,
    'project.member_removed': true,
    'project.join_requested': true,
    'project.join_refused': true,
  } satisfies Record<(TeamEvent | SpaceEvent)['type'], true>),
);

/** How team and space events become rows. */
export const teamsProjection: Projection = {
  name: 'teams',
  tables: [teams, teamMembers, projects, projectMembers, projectRequests, teamInvitations],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!ownEventTypes.has(stored.type)) return undefined;
    return applyTeamEvent(transaction, stored);
  },
};

async function applyTeamEvent(transaction: Transaction, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, payload: stored.payload } as TeamEvent | SpaceEvent;
  const at = stored.createdAt;
  switch (event.type) {
    case 'team.created':
      await transaction.insert(teams).values({
        id: event.payload.teamId,
        name: event.payload.name,
        logo: event.payload.logo ?? null,
        ownerId: event.payload.ownerId,
        createdAt: at,
      });
      return;
    case 'team.member_added':
      await transaction
        .insert(teamMembers)
        .values({ ...event.payload, joinedAt: at })
        .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role: event.payload.role } });
      return;
    case 'team.updated':
      await transaction.update(teams).set(event.payload.changes).where(eq(teams.id, event.payload.teamId));
      return;
    case 'team.url_changed':
      await transaction.update(teams).set({ url: event.payload.url }).where(eq(teams.id, event.payload.teamId));
      return;
    case 'team.plan_changed': {
      const { teamId, plan, planState, seats, lifetimes } = event.payload;
      await transaction.update(teams).set({ plan, planState, seats, lifetimes }).where(eq(teams.id, teamId));
      return;
    }
    case 'team.member_role_changed':
      await transaction
        .update(teamMembers)
        .set({ role: event.payload.role })
        .where(and(eq(teamMembers.teamId, event.payload.teamId), eq(teamMembers.userId, event.payload.userId)));
      return;
    case 'team.member_removed': {
      const { teamId, userId } = event.payload;
      await transaction.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      const teamSpaces = transaction.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
      await transaction.delete(projectMembers).where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, teamSpaces)));
      await transaction
        .delete(projectRequests)
        .where(and(eq(projectRequests.userId, userId), inArray(projectRequests.projectId, teamSpaces)));
      return;
    }
    case 'team.invitation_created': {
      const { invitationId, teamId, email, inviterId, role, projectId, message, expiresAt, replaces } = event.payload;
      if (replaces) await transaction.update(teamInvitations).set({ state: 'replaced' }).where(eq(teamInvitations.id, replaces));
      await transaction
        .insert(teamInvitations)
        .values({ id: invitationId, teamId, email, inviterId, role, projectId, message, state: 'pending', createdAt: at, expiresAt });
      return;
    }
    case 'team.invitation_revoked':
      await transaction.update(teamInvitations).set({ state: 'revoked' }).where(eq(teamInvitations.id, event.payload.invitationId));
      return;
    case 'team.invitation_accepted':
      await transaction
        .update(teamInvitations)
        .set({ state: 'accepted', acceptedBy: event.payload.userId })
        .where(eq(teamInvitations.id, event.payload.invitationId));
      return;
    case 'project.created': {
      const { projectId, teamId, name, isPersonal, ownerId, color } = event.payload;
      const { logo = null, description = null, type = null } = event.payload;
      await transaction
        .insert(projects)
        .values({ id: projectId, teamId, name, isPersonal, ownerId, color, logo, description, type, createdAt: at, updatedAt: at });
      return;
    }
    case 'project.updated':
      await transaction
        .update(projects)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(projects.id, event.payload.projectId));
      return;
    case 'project.deleted': {
      const { projectId } = event.payload;
      await transaction.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
      await transaction.delete(projectRequests).where(eq(projectRequests.projectId, projectId));
      await transaction.delete(projects).where(eq(projects.id, projectId));
      return;
    }
    case 'project.member_added':
      await transaction
        .insert(projectMembers)
        .values({ ...event.payload, joinedAt: at })
        .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { permission: event.payload.permission } });
      await transaction
        .delete(projectRequests)
        .where(and(eq(projectRequests.projectId, event.payload.projectId), eq(projectRequests.userId, event.payload.userId)));
      return;
    case 'project.permission_changed':
      await transaction
        .update(projectMembers)
        .set({ permission: event.payload.permission })
        .where(and(eq(projectMembers.projectId, event.payload.projectId), eq(projectMembers.userId, event.payload.userId)));
      return;
    case 'project.member_removed':
      await transaction
        .delete(projectMembers)
        .where(and(eq(projectMembers.projectId, event.payload.projectId), eq(projectMembers.userId, event.payload.userId)));
      return;
    case 'project.join_requested':
      await transaction
        .insert(projectRequests)
        .values({ ...event.payload, requestedAt: at })
        .onConflictDoNothing();
      return;
    case 'project.join_refused':
      await transaction
        .delete(projectRequests)
        .where(and(eq(projectRequests.projectId, event.payload.projectId), eq(projectRequests.userId, event.payload.userId)));
      return;
    default:
      return;
  }
}
