import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { events } from '../../core/tables';
import { preparedQuery } from '../../db/prepared';
import type { MercuriusContext, MercuriusLoaders } from 'mercurius';
import { teamMemberLimit } from '#shared/plans';
import { users, type openSession } from '../accounts';
import {
  effectivePermission,
  effectiveTeamRole,
  spacePolicy,
  spaceTypeOf,
  teamPolicy,
  type SpaceSeat,
  type TeamSeat,
} from '../../core/access';
import { loadTeamSeat, loadTeamSeats, type ProjectRow, type Reader, type TeamRow } from './state';
import { projectMembers, projects, teamInvitations, teamMembers, teams } from './tables';

/** A team as the API returns it to `viewerId`; lists (users, invited) come from the loaders below. */
export async function presentTeam(db: Reader, team: TeamRow, viewerId: string) {
  const seat = await loadTeamSeat(db, team, viewerId);
  const [viewer] = await db.select({ defaultTeamId: users.defaultTeamId }).from(users).where(eq(users.id, viewerId)).limit(1);
  return {
    ...team,
    subscription: team.plan,
    memberLimit: teamMemberLimit(team.plan, team.seats),
    isDefault: viewer?.defaultTeamId === team.id,
    role: seat ? effectiveTeamRole(seat) : null,
    viewerId,
    viewerSeat: seat,
  };
}

export type PresentedTeam = Awaited<ReturnType<typeof presentTeam>>;

type SpaceRow = Pick<
  ProjectRow,
  'id' | 'teamId' | 'name' | 'isPersonal' | 'logo' | 'color' | 'description' | 'type' | 'ownerId' | 'createdAt' | 'updatedAt'
>;

/** A space as `seat`'s holder sees it, with what they may do, so the client hides what they cannot. */
export function presentSpace(space: SpaceRow, seat: TeamSeat, spaceSeat: SpaceSeat) {
  const facts = { teamId: space.teamId, isPersonal: space.isPersonal, type: spaceTypeOf(space.type), ownerId: space.ownerId };
  return {
    id: space.id,
    team: space.teamId,
    name: space.name,
    isPersonal: space.isPersonal,
    logo: space.logo,
    color: space.color,
    description: space.description,
    type: facts.type,
    createdAt: space.createdAt,
    updated: space.updatedAt,
    isMember: spaceSeat.permission !== null,
    permission: effectivePermission(seat, spaceSeat),
    requested: spaceSeat.requested,
    canManage: spacePolicy.manage(seat, facts, spaceSeat),
    viewerId: seat.userId,
  };
}

export type PresentedSpace = ReturnType<typeof presentSpace>;

/** A pending invitation as Team.invited lists it (TeamInvitation); `link` has its own resolver (invitations.ts). */
export type PresentedInvitation = typeof teamInvitations.$inferSelect & {
  project: string | null;
  inviter: string;
  firstname: null;
  lastname: null;
  profileImg: null;
};

/** AuthPayload as the accounts area opens a session; its `team` is this area's (accountFields.ts). */
export type SessionPayload = Awaited<ReturnType<typeof openSession>>;

export async function findSpaceRow(db: Reader, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return row;
}

const personFields = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  profileImg: users.profileImg,
  email: users.email,
};

/** People of a space or a team with `isAuth` marking the caller, and their permission in the space when there is one. */
export function presentPeople(
  people: readonly { id: string; firstname: string; lastname: string; profileImg: string | null; email: string }[],
  viewerId: string,
  seats: Map<string, TeamSeat>,
  permissions?: Map<string, SpaceSeat['permission']>,
) {
  return people.map((person) => {
    const seat = seats.get(person.id) ?? null;
    return {
      ...person,
      isAuth: person.id === viewerId,
      role: seat ? effectiveTeamRole(seat) : null,
      permission: permissions ? effectivePermission(seat, { permission: permissions.get(person.id) ?? null, requested: false }) : null,
    };
  });
}

/**
 * Batched lists of the Team and Project types (one query per list for a whole response). Each
 * list is cut to what the viewer may read: guests see no team roster and only admins see invitations.
 */
export const teamLoaders: MercuriusLoaders = {
  Team: {
    users: async (queries: { obj: PresentedTeam }[], context: MercuriusContext) => {
      const db = context.services.database.db;
      const teamIds = queries.map(({ obj }) => obj.id);
      const rows = await db
        .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
        .from(teamMembers)
        .where(inArray(teamMembers.teamId, teamIds));
      return queries.map(({ obj }) => {
        if (!teamPolicy.participate(obj.viewerSeat)) return obj.viewerSeat ? [obj.viewerId] : [];
        return rows.filter((row) => row.teamId === obj.id).map((row) => row.userId);
      });
    },
    invited: async (queries: { obj: PresentedTeam }[], context: MercuriusContext) => {
      const db = context.services.database.db;
      const teamIds = queries.filter(({ obj }) => teamPolicy.manage(obj.viewerSeat)).map(({ obj }) => obj.id);
      const rows =
        teamIds.length === 0
          ? []
          : await db
              .select()
              .from(teamInvitations)
              .where(
                and(
                  inArray(teamInvitations.teamId, teamIds),
                  eq(teamInvitations.state, 'pending'),
                  gt(teamInvitations.expiresAt, new Date().toISOString()),
                ),
              );
      return queries.map(({ obj }) =>
        rows
          .filter((row) => row.teamId === obj.id)
          .map((row): PresentedInvitation => ({
            ...row,
            project: row.projectId,
            inviter: row.inviterId,
            firstname: null,
            lastname: null,
            profileImg: null,
          })),
      );
    },
  },
  Project: {
    users: async (queries: { obj: PresentedSpace }[], context: MercuriusContext) => {
      const db = context.services.database.db;
      return Promise.all(
        queries.map(async ({ obj }) => {
          const roster = await spaceRoster(db, obj.id, obj.team);
          return presentPeople(roster.people, obj.viewerId, roster.seats, roster.permissions);
        }),
      );
    },
  },
};

/**
 * One member of a space as `viewerId` sees them (ProjectUser), from the roster kept for the log's current
 * position; undefined when they are not a member. The caller has checked the viewer may see the space.
 */
export async function presentSpaceMember(db: Reader, space: { id: string; teamId: string }, userId: string, viewerId: string) {
  const roster = await spaceRoster(db, space.id, space.teamId);
  const person = roster.people.find((member) => member.id === userId);
  return person && presentPeople([person], viewerId, roster.seats, roster.permissions)[0];
}

interface SpaceRoster {
  people: { id: string; firstname: string; lastname: string; profileImg: string | null; email: string }[];
  permissions: Map<string, SpaceSeat['permission']>;
  seats: Map<string, TeamSeat>;
}

const logHead = preparedQuery((db: Reader) =>
  db
    .select({ seq: max(events.seq) })
    .from(events)
    .prepare(),
);
const membersOfSpace = preparedQuery((db: Reader) =>
  db
    .select({ permission: projectMembers.permission, person: personFields })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, sql.placeholder('projectId')))
    .prepare(),
);

/**
 * Rosters read at one log position, per connection. Every subscriber of subProject has a space with its
 * members presented for every event of the team (a message included): a space of thousands of members
 * was read and mapped once per subscriber per event. Members, seats and names change only through
 * events, so a roster read at the log's current position holds until the log moves on, whichever
 * process appended to it.
 */
const rostersByConnection = new WeakMap<object, { position: number; bySpace: Map<string, SpaceRoster> }>();

async function spaceRoster(db: Reader, projectId: string, teamId: string): Promise<SpaceRoster> {
  const position = Number((await logHead(db).execute())[0]?.seq ?? 0);
  let kept = rostersByConnection.get(db);
  if (!kept || kept.position !== position) {
    kept = { position, bySpace: new Map() };
    rostersByConnection.set(db, kept);
  }
  let roster = kept.bySpace.get(projectId);
  if (!roster) {
    const members = await membersOfSpace(db).execute({ projectId });
    roster = {
      people: members.map((row) => row.person),
      permissions: new Map(members.map((row) => [row.person.id, row.permission])),
      seats: await loadTeamSeats(db, await teamPlan(db, teamId)),
    };
    kept.bySpace.set(projectId, roster);
  }
  return roster;
}

async function teamPlan(db: Reader, teamId: string): Promise<Pick<TeamRow, 'id' | 'plan' | 'seats'>> {
  const [row] = await db.select({ id: teams.id, plan: teams.plan, seats: teams.seats }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return row ?? { id: teamId, plan: 'free', seats: null };
}
