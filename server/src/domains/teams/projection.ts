import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { SpaceEvent, TeamEvent } from './events';
import { projectMembers, projectRequests, projects, teamInvitations, teamMembers, teams } from './tables';

/** How team and space events become rows. */
export const teamsProjection: Projection = {
  name: 'teams',
  tables: [teams, teamMembers, projects, projectMembers, projectRequests, teamInvitations],
  apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as TeamEvent | SpaceEvent;
    const at = stored.createdAt;
    switch (event.type) {
      case 'team.created':
        transaction
          .insert(teams)
          .values({
            id: event.payload.teamId,
            name: event.payload.name,
            logo: event.payload.logo ?? null,
            ownerId: event.payload.ownerId,
            createdAt: at,
          })
          .run();
        return;
      case 'team.member_added':
        transaction
          .insert(teamMembers)
          .values({ ...event.payload, joinedAt: at })
          .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role: event.payload.role } })
          .run();
        return;
      case 'team.updated':
        transaction.update(teams).set(event.payload.changes).where(eq(teams.id, event.payload.teamId)).run();
        return;
      case 'team.url_changed':
        transaction.update(teams).set({ url: event.payload.url }).where(eq(teams.id, event.payload.teamId)).run();
        return;
      case 'team.plan_changed': {
        const { teamId, plan, planState, seats, lifetimes } = event.payload;
        transaction.update(teams).set({ plan, planState, seats, lifetimes }).where(eq(teams.id, teamId)).run();
        return;
      }
      case 'team.member_role_changed':
        transaction
          .update(teamMembers)
          .set({ role: event.payload.role })
          .where(and(eq(teamMembers.teamId, event.payload.teamId), eq(teamMembers.userId, event.payload.userId)))
          .run();
        return;
      case 'team.member_removed': {
        const { teamId, userId } = event.payload;
        transaction
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
          .run();
        const teamSpaces = transaction.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
        transaction
          .delete(projectMembers)
          .where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, teamSpaces)))
          .run();
        transaction
          .delete(projectRequests)
          .where(and(eq(projectRequests.userId, userId), inArray(projectRequests.projectId, teamSpaces)))
          .run();
        return;
      }
      case 'team.invitation_created': {
        const { invitationId, teamId, email, inviterId, role, projectId, message, expiresAt, replaces } = event.payload;
        if (replaces) transaction.update(teamInvitations).set({ state: 'replaced' }).where(eq(teamInvitations.id, replaces)).run();
        transaction
          .insert(teamInvitations)
          .values({ id: invitationId, teamId, email, inviterId, role, projectId, message, state: 'pending', createdAt: at, expiresAt })
          .run();
        return;
      }
      case 'team.invitation_revoked':
        transaction.update(teamInvitations).set({ state: 'revoked' }).where(eq(teamInvitations.id, event.payload.invitationId)).run();
        return;
      case 'team.invitation_accepted':
        transaction
          .update(teamInvitations)
          .set({ state: 'accepted', acceptedBy: event.payload.userId })
          .where(eq(teamInvitations.id, event.payload.invitationId))
          .run();
        return;
      case 'project.created': {
        const { projectId, teamId, name, isPersonal, ownerId, color } = event.payload;
        const { logo = null, description = null, type = null } = event.payload;
        transaction
          .insert(projects)
          .values({ id: projectId, teamId, name, isPersonal, ownerId, color, logo, description, type, createdAt: at, updatedAt: at })
          .run();
        return;
      }
      case 'project.updated':
        transaction
          .update(projects)
          .set({ ...event.payload.changes, updatedAt: at })
          .where(eq(projects.id, event.payload.projectId))
          .run();
        return;
      case 'project.deleted': {
        const { projectId } = event.payload;
        transaction.delete(projectMembers).where(eq(projectMembers.projectId, projectId)).run();
        transaction.delete(projectRequests).where(eq(projectRequests.projectId, projectId)).run();
        transaction.delete(projects).where(eq(projects.id, projectId)).run();
        return;
      }
      case 'project.member_added':
        transaction
          .insert(projectMembers)
          .values({ ...event.payload, joinedAt: at })
          .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { permission: event.payload.permission } })
          .run();
        transaction
          .delete(projectRequests)
          .where(and(eq(projectRequests.projectId, event.payload.projectId), eq(projectRequests.userId, event.payload.userId)))
          .run();
        return;
      case 'project.permission_changed':
        transaction
          .update(projectMembers)
          .set({ permission: event.payload.permission })
          .where(and(eq(projectMembers.projectId, event.payload.projectId), eq(projectMembers.userId, event.payload.userId)))
          .run();
        return;
      case 'project.member_removed':
        transaction
          .delete(projectMembers)
          .where(and(eq(projectMembers.projectId, event.payload.projectId), eq(projectMembers.userId, event.payload.userId)))
          .run();
        return;
      case 'project.join_requested':
        transaction
          .insert(projectRequests)
          .values({ ...event.payload, requestedAt: at })
          .onConflictDoNothing()
          .run();
        return;
      case 'project.join_refused':
        transaction
          .delete(projectRequests)
          .where(and(eq(projectRequests.projectId, event.payload.projectId), eq(projectRequests.userId, event.payload.userId)))
          .run();
        return;
      default:
        return;
    }
  },
};
