import { and, asc, eq } from 'drizzle-orm';
import type { Reaction } from '../../core/commands';
import { spacePolicy } from '../../core/access';
import { readableSpaceContent } from '../../core/spaceContent';
import { loadSpaceAccess, projectMembers, projects, teamMembers, type ProjectMemberAdded } from '../teams';
import { notify } from './notify';
import type { Reader } from './state';

async function spaceOf(db: Reader, projectId: string) {
  const [space] = await db
    .select({ name: projects.name, teamId: projects.teamId, isPersonal: projects.isPersonal })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return space;
}

/** Who may answer a request to join: the space's admins and the team's (spacePolicy.manage decides each). */
async function managersOf(db: Reader, projectId: string, teamId: string): Promise<string[]> {
  const spaceAdmins = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.permission, 'admin')))
    .orderBy(asc(projectMembers.userId));
  const teamAdmins = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin')))
    .orderBy(asc(teamMembers.userId));
  return [...spaceAdmins, ...teamAdmins].map((row) => row.userId);
}

async function manages(db: Reader, projectId: string, userId: string): Promise<boolean> {
  const access = await loadSpaceAccess(db, projectId, userId);
  return access !== null && spacePolicy.manage(access.seat, access.space, access.spaceSeat);
}

/**
 * INVITATION_PROJECT: someone added you to a space (not when you joined it yourself: the author is never told).
 * INVITATION_INQUIRY: a request to join a private space reaches the people who may let the requester in.
 * The description is the space's name.
 */
export const spaceNotifications: Reaction = {
  name: 'notifications: added to a space, a request to join a space',
  on: ['project.member_added', 'project.join_requested'],
  async react(unit, event) {
    const db = unit.transaction;
    const { projectId, userId } = event.payload as Pick<ProjectMemberAdded, 'projectId' | 'userId'>;
    const space = await spaceOf(db, projectId);
    if (!space || space.isPersonal) return;
    const notice = { teamId: space.teamId, description: space.name, projectId };
    if (event.type === 'project.member_added') {
      // An account that joins by itself (joinProject, an accepted invitation's own step) is the author: nobody to tell.
      if (event.actorId === null) return;
      await notify(
        unit,
        [userId],
        { ...notice, type: 'INVITATION_PROJECT', authorId: event.actorId },
        async (id) => (await readableSpaceContent(db, projectId, id)) !== null,
      );
      return;
    }
    await notify(unit, await managersOf(db, projectId, space.teamId), { ...notice, type: 'INVITATION_INQUIRY', authorId: userId }, (id) =>
      manages(db, projectId, id),
    );
  },
};
