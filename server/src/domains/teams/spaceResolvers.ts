import { and, asc, eq, inArray } from 'drizzle-orm';

import { isPermissionChange, isSpaceType, type PermissionChange, type SpaceType } from '#shared/teams';
import type { UnitOfWork } from '../../core/commands';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { parseArgument } from '../../inputSchemas';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { users } from '../accounts';
import { spacePolicy, spaceTypeOf, teamPolicy, type SpaceSeat, type TeamSeat } from '../../core/access';
import { findSpaceRow, presentPeople, presentSpace } from './present';
import { decideCreateSpace, decideDeleteSpace, decideEditSpace, decideJoin, decidePermission, type SpaceChanges } from './spaceCommands';
import {
  currentTeam,
  loadSpaceAccess,
  loadSpaceState,
  loadTeamSeat,
  loadTeamSeats,
  requireCurrentTeam,
  requireManagedSpace,
  requireTeamMember,
  requireVisibleSpace,
  type Reader,
} from './state';
import { resolveLogo } from '../accounts';
import { colorSchema, descriptionSchema, teamNameSchema } from './support';
import { runCommand } from '../../core/runCommand';
import { countTeamSpaces, requirePlanRoom } from './planLimits';
import { projectMembers, projectRequests, projects } from './tables';
import { spaceStream, teamStream } from '../../core/streams';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

const spaceTypeSchema = z.string().refine(isSpaceType, issue('SPACE_TYPE_INVALID'));

const newSpaceSchema = z.object({
  name: teamNameSchema,
  color: colorSchema.nullish(),
  description: descriptionSchema.nullish(),
  type: spaceTypeSchema.nullish(),
});

/** undefined leaves a field as it is; null removes colour and description (never the name). */
const editSpaceSchema = z.object({
  id: z.string(),
  name: teamNameSchema.nullish(),
  color: colorSchema.nullish(),
  description: descriptionSchema.nullish(),
  type: spaceTypeSchema.nullish(),
});

async function present(db: Reader, projectId: string, userId: string) {
  const access = await requireVisibleSpace(db, projectId, userId);
  return presentSpace((await findSpaceRow(db, projectId))!, access.seat, access.spaceSeat);
}

/** ediProject and ediProjectBasic: the same edit, the second without the type (it has no such argument). */
function editSpace(allowType: boolean): NonNullable<MutationResolvers['ediProject']> {
  return async (_root, args, context) => {
    const actor = requireActor(context);
    const input = editSpaceSchema.parse(args);
    if (!allowType && input.type != null) throw codedError('SPACE_TYPE_CHANGE', { field: 'type' });
    const db = context.services.database.db;
    const { space } = await requireManagedSpace(db, input.id, actor.userId);
    const logo = await resolveLogo(context, args.logo, space.logo, space.id);
    const changes: SpaceChanges = {
      name: input.name ?? undefined,
      color: input.color === undefined ? undefined : input.color,
      description: input.description === undefined ? undefined : input.description || null,
      type: (input.type ?? undefined) as SpaceType | undefined,
      logo,
    };
    await runCommand(context, actor.userId, async (unit) => {
      await unit.lock(spaceStream(input.id));
      const fresh = await requireManagedSpace(unit.transaction, input.id, actor.userId);
      const events = decideEditSpace((await loadSpaceState(unit.transaction, fresh.space.id))!, changes);
      if (events.length > 0) await unit.append(spaceStream(space.id), events, { teamId: space.teamId });
    });
    return await present(db, space.id, actor.userId);
  };
}

export const spaceQueries = {
  getProjects: async (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const team = await currentTeam(db, actor.userId);
    const seat = team ? await loadTeamSeat(db, team, actor.userId) : null;
    if (!team || !seat) return [];
    const rows = await db.select().from(projects).where(eq(projects.teamId, team.id)).orderBy(asc(projects.name), asc(projects.id));
    const ids = rows.map((row) => row.id);
    const memberships = new Map(
      (
        await db
          .select({ projectId: projectMembers.projectId, permission: projectMembers.permission })
          .from(projectMembers)
          .where(and(eq(projectMembers.userId, actor.userId), inArray(projectMembers.projectId, ids)))
      ).map((row) => [row.projectId, row.permission] as const),
    );
    const requested = new Set(
      (
        await db
          .select({ projectId: projectRequests.projectId })
          .from(projectRequests)
          .where(and(eq(projectRequests.userId, actor.userId), inArray(projectRequests.projectId, ids)))
      ).map((row) => row.projectId),
    );
    const visible = rows
      .map((row) => ({
        row,
        spaceSeat: { permission: memberships.get(row.id) ?? null, requested: requested.has(row.id) } satisfies SpaceSeat,
      }))
      .filter(({ row, spaceSeat }) => spacePolicy.read(seat, { ...row, type: spaceTypeOf(row.type) }, spaceSeat))
      .map(({ row, spaceSeat }) => presentSpace(row, seat, spaceSeat));
    // The caller's own spaces first (their personal space leading), then the ones they may join.
    const rank = (space: (typeof visible)[number]) => (space.isMember ? (space.isPersonal ? 0 : 1) : 2);
    return visible.sort((left, right) => rank(left) - rank(right));
  },
  getProjectBasic: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    return await present(context.services.database.db, args.id, actor.userId);
  },
  getUsers: async (_root, args: { project?: string | null; task?: string | null; auth?: boolean | null }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const person = { id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg, email: users.email };
    let people;
    let seats: Map<string, TeamSeat>;
    let permissions: Map<string, 'admin' | 'basic'> | undefined;
    if (args.project) {
      const access = await requireVisibleSpace(db, args.project, actor.userId);
      const rows = await db
        .select({ person, permission: projectMembers.permission })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(eq(projectMembers.projectId, access.space.id))
        .orderBy(asc(users.firstname), asc(users.id));
      people = rows.map((row) => row.person);
      permissions = new Map(rows.map((row) => [row.person.id, row.permission]));
      seats = await loadTeamSeats(db, access.team);
    } else {
      const { team, seat } = await requireCurrentTeam(db, actor.userId);
      seats = await loadTeamSeats(db, team);
      // A guest's people are those sharing a space with them, never the whole team.
      const shared = teamPolicy.participate(seat)
        ? [...seats.keys()]
        : (
            await db
              .select({ userId: projectMembers.userId })
              .from(projectMembers)
              .where(
                inArray(
                  projectMembers.projectId,
                  db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, actor.userId)),
                ),
              )
          )
            .map((row) => row.userId)
            .filter((userId) => seats.has(userId));
      people =
        shared.length === 0
          ? []
          : await db.select(person).from(users).where(inArray(users.id, shared)).orderBy(asc(users.firstname), asc(users.id));
    }
    const listed = args.auth === false ? people.filter((row) => row.id !== actor.userId) : people;
    return presentPeople(listed, actor.userId, seats, permissions);
  },
} satisfies QueryResolvers;

export const spaceMutations = {
  setProject: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = newSpaceSchema.parse(args);
    const db = context.services.database.db;
    const { team: seen, seat } = await requireCurrentTeam(db, actor.userId);
    if (!teamPolicy.participate(seat)) throw new DomainError('PERMISSION_DENIED');
    // Checked before a logo is stored too, so a refused space leaves no file behind.
    await requirePlanRoom(db, seen.id, 'spaces', async () => await countTeamSpaces(db, seen.id));
    const projectId = newId();
    const logo = (await resolveLogo(context, args.logo, null, projectId)) ?? null;
    await runCommand(context, actor.userId, (unit) =>
      createSpaceIn(unit, actor.userId, {
        projectId,
        name: input.name,
        logo,
        color: input.color ?? null,
        description: input.description || null,
        type: input.type ?? 'private',
      }),
    );
    return await present(db, projectId, actor.userId);
  },
  ediProject: editSpace(true),
  ediProjectBasic: editSpace(false),
  delProject: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      await unit.lock(spaceStream(args.id));
      const { space } = await requireManagedSpace(unit.transaction, args.id, actor.userId);
      await unit.append(spaceStream(space.id), decideDeleteSpace((await loadSpaceState(unit.transaction, space.id))!), {
        teamId: space.teamId,
      });
    });
    return true;
  },
  joinProject: async (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => joinSpaceIn(unit, actor.userId, args.project));
    const db = context.services.database.db;
    const access = (await loadSpaceAccess(db, args.project, actor.userId))!;
    return presentSpace((await findSpaceRow(db, args.project))!, access.seat!, access.spaceSeat);
  },
  setPermission: async (_root, args: { user: string; project: string; permission: string }, context) => {
    const actor = requireActor(context);
    const permission = parseArgument(
      'permission',
      z.string().refine(isPermissionChange, issue('SPACE_PERMISSION_INVALID')),
      args.permission,
    );
    await runCommand(context, actor.userId, (unit) => setPermissionIn(unit, actor.userId, args.project, args.user, permission));
    const db = context.services.database.db;
    const access = (await loadSpaceAccess(db, args.project, actor.userId))!;
    return presentSpace((await findSpaceRow(db, args.project))!, access.seat!, access.spaceSeat);
  },
} satisfies MutationResolvers;

/** A new space's fields as setProject takes them. */
export interface NewSpace {
  projectId: string;
  name: string;
  logo: string | null;
  color: string | null;
  description: string | null;
  type: SpaceType;
}

/** setProject's unit: a space of the actor's current team, within the plan's room for spaces. */
export async function createSpaceIn(unit: UnitOfWork, actorId: string, space: NewSpace): Promise<void> {
  const { team: current } = await requireCurrentTeam(unit.transaction, actorId);
  // The plan's room counts every space of the team, each a stream of its own: creators take the team's lock (they
  // append nothing to it) so two of them never both take the last room; the creator's seat is read under it too.
  await unit.lock(teamStream(current.id));
  const { team, seat } = await requireTeamMember(unit.transaction, current.id, actorId);
  if (!teamPolicy.participate(seat)) throw new DomainError('PERMISSION_DENIED');
  await requirePlanRoom(unit.transaction, team.id, 'spaces', async () => await countTeamSpaces(unit.transaction, team.id));
  const events = decideCreateSpace({ ...space, teamId: team.id, userId: actorId });
  await unit.append(spaceStream(space.projectId), events, { teamId: team.id, expectedVersion: 0 });
}

/**
 * The space's stream and its team's locked together (in one order) before they are read: a decision on a space reads
 * its members and requests and the person's seat in the team (a member taken out of the team leaves its spaces). A
 * space never changes team, so its team is known from its row before the lock. Answers the row, if the space exists.
 */
async function lockSpaceAndTeam(unit: UnitOfWork, projectId: string) {
  const spaceRow = await findSpaceRow(unit.transaction, projectId);
  await unit.lock(spaceStream(projectId), ...(spaceRow ? [teamStream(spaceRow.teamId)] : []));
  return spaceRow;
}

/** joinProject's unit: the actor joins a public space of their team. */
export async function joinSpaceIn(unit: UnitOfWork, actorId: string, projectId: string): Promise<void> {
  await lockSpaceAndTeam(unit, projectId);
  const access = await loadSpaceAccess(unit.transaction, projectId, actorId);
  // Outsiders, guests and personal spaces get the answer a missing space gets.
  if (!access || !spacePolicy.join(access.seat, access.space)) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  await unit.append(spaceStream(access.space.id), decideJoin((await loadSpaceState(unit.transaction, access.space.id))!, actorId), {
    teamId: access.space.teamId,
  });
}

/** setPermission's unit: a space admin sets someone's permission (or takes them out); anyone may leave. */
export async function setPermissionIn(
  unit: UnitOfWork,
  actorId: string,
  projectId: string,
  userId: string,
  permission: PermissionChange,
): Promise<void> {
  const db = unit.transaction;
  // It decides on the space's admins left (LAST_SPACE_ADMIN), its requests and whether the target is in the team.
  await lockSpaceAndTeam(unit, projectId);
  const access = await requireVisibleSpace(db, projectId, actorId);
  const leaving = userId === actorId && permission === 'removed';
  if (!leaving && !spacePolicy.manage(access.seat, access.space, access.spaceSeat)) throw new DomainError('PERMISSION_DENIED');
  const target = { userId, inTeam: (await loadTeamSeat(db, access.team, userId)) !== null };
  await unit.append(
    spaceStream(access.space.id),
    decidePermission((await loadSpaceState(db, access.space.id))!, target, permission, actorId),
    {
      teamId: access.space.teamId,
    },
  );
}
