import { and, asc, eq, ne, or, lt, sql } from 'drizzle-orm';
import { isWithinMemberLimit, teamMemberLimit } from '#shared/plans';
import type { Transaction } from '../../db/connection';
import { DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { preparedQuery } from '../../db/prepared';
import { users } from '../accounts';
import type { TeamState } from './commands';
import type { SpaceDirectory } from '../../core/spaceContent';
import { spacePolicy, spaceTypeOf, teamPolicy, type SpaceSeat, type TeamSeat } from '../../core/access';
import type { SpaceState } from './spaceCommands';
import { projectMembers, projectRequests, projects, teamMembers, teams } from './tables';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select'>;

export type TeamRow = typeof teams.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
type MemberRow = typeof teamMembers.$inferSelect;

// The reads behind every access check, built once per connection (see db/prepared.ts).
const teamById = preparedQuery((db: Reader) =>
  db
    .select()
    .from(teams)
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare(),
);
const memberOfTeam = preparedQuery((db: Reader) =>
  db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, sql.placeholder('teamId')), eq(teamMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);
// Whether more than `limit` members (not guests) joined up to this one, in joining order with ties broken
// by id: one row at that offset says so. Reads at most limit + 1 index entries, however large the team
// (a count, or a count of a limited subquery, cost up to eight times more per request).
const memberBeyondLimit = preparedQuery((db: Reader) =>
  db
    .select({ one: sql`1` })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, sql.placeholder('teamId')),
        ne(teamMembers.role, 'guest'),
        or(
          lt(teamMembers.joinedAt, sql.placeholder('joinedAt')),
          and(eq(teamMembers.joinedAt, sql.placeholder('joinedAt')), sql`${teamMembers.userId} <= ${sql.placeholder('userId')}`),
        ),
      ),
    )
    .limit(1)
    .offset(sql.placeholder('limit'))
    .prepare(),
);
const membershipOfProject = preparedQuery((db: Reader) =>
  db
    .select({ permission: projectMembers.permission })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, sql.placeholder('projectId')), eq(projectMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);
const requestOfProject = preparedQuery((db: Reader) =>
  db
    .select({ userId: projectRequests.userId })
    .from(projectRequests)
    .where(and(eq(projectRequests.projectId, sql.placeholder('projectId')), eq(projectRequests.userId, sql.placeholder('userId'))))
    .prepare(),
);
const projectById = preparedQuery((db: Reader) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('projectId')))
    .prepare(),
);
const membersOfProject = preparedQuery((db: Reader) =>
  db
    .select({ userId: projectMembers.userId, permission: projectMembers.permission })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const requestsOfProject = preparedQuery((db: Reader) =>
  db
    .select({ userId: projectRequests.userId })
    .from(projectRequests)
    .where(eq(projectRequests.projectId, sql.placeholder('projectId')))
    .prepare(),
);

export async function findTeam(db: Reader, teamId: string): Promise<TeamRow | undefined> {
  if (!isId(teamId)) return undefined;
  return (await teamById(db).execute({ teamId }))[0];
}

export async function loadTeamState(db: Reader, teamId: string): Promise<TeamState | null> {
  const team = await findTeam(db, teamId);
  if (!team) return null;
  const members = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return { id: team.id, name: team.name, logo: team.logo, url: team.url, members };
}

async function seatOf(db: Reader, team: TeamRow, member: MemberRow | undefined): Promise<TeamSeat | null> {
  if (!member) return null;
  const limit = teamMemberLimit(team.plan, team.seats);
  const withinLimit =
    member.role === 'guest' ||
    limit === null ||
    (await memberBeyondLimit(db).execute({ teamId: member.teamId, joinedAt: member.joinedAt, userId: member.userId, limit })).length === 0;
  return { userId: member.userId, role: member.role, withinLimit };
}

export async function loadTeamSeat(db: Reader, team: TeamRow, userId: string): Promise<TeamSeat | null> {
  const [member] = await memberOfTeam(db).execute({ teamId: team.id, userId });
  return seatOf(db, team, member);
}

/** Every member's seat in one pass, for lists (no query per member). */
export async function loadTeamSeats(db: Reader, team: Pick<TeamRow, 'id' | 'plan' | 'seats'>): Promise<Map<string, TeamSeat>> {
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
  const seats = new Map<string, TeamSeat>();
  let counted = 0;
  for (const member of members) {
    if (member.role !== 'guest') counted += 1;
    seats.set(member.userId, {
      userId: member.userId,
      role: member.role,
      withinLimit: member.role === 'guest' || isWithinMemberLimit(team.plan, counted, team.seats),
    });
  }
  return seats;
}

/** The team, if the user belongs to it; the same answer for a team that does not exist, so ids cannot be probed. */
export async function requireTeamMember(db: Reader, teamId: string, userId: string): Promise<{ team: TeamRow; seat: TeamSeat }> {
  const team = await findTeam(db, teamId);
  const seat = team ? await loadTeamSeat(db, team, userId) : null;
  if (!team || !teamPolicy.read(seat)) throw refusal('NOT_FOUND', 'TEAM_NOT_FOUND');
  return { team, seat };
}

export async function requireTeamAdmin(db: Reader, teamId: string, userId: string): Promise<{ team: TeamRow; seat: TeamSeat }> {
  const access = await requireTeamMember(db, teamId, userId);
  if (!teamPolicy.manage(access.seat)) throw new DomainError('PERMISSION_DENIED');
  return access;
}

/** The user's current team: their default team, while they still belong to it. */
export async function currentTeam(db: Reader, userId: string): Promise<TeamRow | null> {
  const [row] = await db
    .select({ team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.defaultTeamId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.team ?? null;
}

export async function requireCurrentTeam(db: Reader, userId: string): Promise<{ team: TeamRow; seat: TeamSeat }> {
  const team = await currentTeam(db, userId);
  if (!team) throw refusal('NOT_FOUND', 'NO_CURRENT_TEAM');
  return requireTeamMember(db, team.id, userId);
}

/** Teams the user belongs to, oldest membership first. */
export async function teamsOf(db: Reader, userId: string): Promise<TeamRow[]> {
  const rows = await db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teams.id));
  return rows.map((row) => row.team);
}

/** A space as its row says, without its members. */
export type SpaceFacts = Omit<SpaceState, 'members' | 'requests'>;

function spaceFactsOf(project: ProjectRow): SpaceFacts {
  return {
    id: project.id,
    teamId: project.teamId,
    name: project.name,
    logo: project.logo,
    color: project.color,
    description: project.description,
    isPersonal: project.isPersonal,
    type: spaceTypeOf(project.type),
    ownerId: project.ownerId,
  };
}

export async function loadSpaceState(db: Reader, projectId: string): Promise<SpaceState | null> {
  if (!isId(projectId)) return null;
  const [project] = await projectById(db).execute({ projectId });
  if (!project) return null;
  const members = await membersOfProject(db).execute({ projectId });
  const requests = await requestsOfProject(db).execute({ projectId });
  return { ...spaceFactsOf(project), members, requests: requests.map((request) => request.userId) };
}

export function spaceSeatOf(space: SpaceState, userId: string): SpaceSeat {
  return {
    permission: space.members.find((member) => member.userId === userId)?.permission ?? null,
    requested: space.requests.includes(userId),
  };
}

export interface SpaceAccess {
  /** The space without its member list (loadSpaceState has it). */
  space: SpaceFacts;
  team: TeamRow;
  seat: TeamSeat | null;
  spaceSeat: SpaceSeat;
}

/**
 * Everything needed to judge a user against a space, or null when there is no such space. Reads the
 * user's own membership and request only, not the space's member list: every request checks access,
 * and a space may have thousands of members.
 */
export async function loadSpaceAccess(db: Reader, projectId: string, userId: string): Promise<SpaceAccess | null> {
  if (!isId(projectId)) return null;
  const [project] = await projectById(db).execute({ projectId });
  if (!project) return null;
  // Asked together: on PostgreSQL one round trip instead of four (a unit's statements are sent without waiting).
  const [team, [membership], requests, [member]] = await Promise.all([
    findTeam(db, project.teamId),
    membershipOfProject(db).execute({ projectId, userId }),
    requestOfProject(db).execute({ projectId, userId }),
    memberOfTeam(db).execute({ teamId: project.teamId, userId }),
  ]);
  if (!team) return null;
  const spaceSeat: SpaceSeat = { permission: membership?.permission ?? null, requested: requests.length > 0 };
  return { space: spaceFactsOf(project), team, seat: await seatOf(db, team, member), spaceSeat };
}

/** The space, if the user may see it; the same answer whether it does not exist or is out of sight. */
export async function requireVisibleSpace(db: Reader, projectId: string, userId: string): Promise<SpaceAccess & { seat: TeamSeat }> {
  const access = await loadSpaceAccess(db, projectId, userId);
  if (!access || !access.seat || !spacePolicy.read(access.seat, access.space, access.spaceSeat))
    throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  return { ...access, seat: access.seat };
}

export async function requireManagedSpace(db: Reader, projectId: string, userId: string): Promise<SpaceAccess & { seat: TeamSeat }> {
  const access = await requireVisibleSpace(db, projectId, userId);
  if (!spacePolicy.manage(access.seat, access.space, access.spaceSeat)) throw new DomainError('PERMISSION_DENIED');
  return access;
}

/** The space directory the core's space-content rule asks (see core/spaceContent.ts). */
export const teamsSpaceDirectory: SpaceDirectory = { access: loadSpaceAccess };
