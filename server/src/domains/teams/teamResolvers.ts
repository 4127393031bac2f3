import { eq, and, ne } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { isTeamRole, normalizeCustomUrl, type TeamRole } from '#shared/teams';
import type { UnitOfWork } from '../../core/commands';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { violatedUniqueIndexOf } from '../../core/databaseErrors';
import { parseArgument } from '../../inputSchemas';
import { requireActor } from '../../graphql/context';
import { isId, newId } from '../../core/ids';
import { clearSessionCookies } from '../accounts';
import { isSecure } from '../accounts';
import { revokeSession } from '../accounts';
import { users } from '../accounts';
import { decideCreateTeam, decideDefaultTeamAfterLeaving, decideMemberRemoval, decideSwitchTeam, decideTeamUpdate } from './commands';
import { presentTeam } from './present';
import { currentTeam, findTeam, loadTeamState, requireTeamAdmin, requireTeamMember, teamsOf, type Reader } from './state';
import { resolveLogo } from '../accounts';
import { appendToSpaces, appendToTeam, appendToUser, teamNameSchema } from './support';
import { runCommand } from '../../core/runCommand';
import { teams } from './tables';
import { teamStream, userStream } from '../../core/streams';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

const teamRoleSchema = z.string().refine(isTeamRole, issue('TEAM_ROLE_INVALID'));

const updateTeamSchema = z.object({
  team: z.string(),
  name: teamNameSchema.nullish(),
  url: z.string().max(200).transform(normalizeCustomUrl).nullish(),
  user: z.string().nullish(),
  type: teamRoleSchema.nullish(),
  kick: z.string().nullish(),
});

const user = async (db: Reader, userId: string) => {
  const [row] = await db
    .select({ id: users.id, firstname: users.firstname, defaultTeamId: users.defaultTeamId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new DomainError('UNAUTHENTICATED');
  return row;
};

/** When someone leaves a team (or is taken out), their current team moves to another of theirs. */
async function moveDefaultTeam(db: Reader, userId: string, leftTeamId: string) {
  const next = (await teamsOf(db, userId)).find((team) => team.id !== leftTeamId) ?? null;
  return decideDefaultTeamAfterLeaving(await user(db, userId), leftTeamId, next?.id ?? null);
}

/** removeUserTeam's and leaveTeam's unit: `userId` leaves the team (reason 'left', the actor) or is taken out by an admin. */
export async function removeMemberIn(unit: UnitOfWork, actorId: string, teamId: string, userId: string, reason: 'removed' | 'left') {
  // It decides on the team's admins and the person's current team: locked before they are read (see `lock`).
  await unit.lock(teamStream(teamId), userStream(userId));
  const db = unit.transaction;
  if (reason === 'left') await requireTeamMember(db, teamId, actorId);
  else await requireTeamAdmin(db, teamId, actorId);
  const state = (await loadTeamState(db, teamId))!;
  if (!isId(userId)) throw refusal('NOT_FOUND', 'NOT_TEAM_MEMBER');
  await appendToTeam(unit, teamId, decideMemberRemoval(state, userId, reason));
  const next = await moveDefaultTeam(db, userId, teamId);
  await appendToUser(unit, userId, next[0]?.payload.teamId ?? null, next);
}

/** setTeam's unit: a new team with the creator as its admin, their personal space in it, and it their current team. */
export async function createTeamIn(
  unit: UnitOfWork,
  actorId: string,
  team: { teamId: string; personalProjectId: string; name: string; logo: string | null },
): Promise<void> {
  // The creator's current team may become this one: their stream locked before it is read.
  await unit.lock(userStream(actorId));
  const creator = await user(unit.transaction, actorId);
  const { teamId, personalProjectId, name, logo } = team;
  const decided = decideCreateTeam({ teamId, personalProjectId, userId: actorId, name, logo, personalSpaceName: creator.firstname });
  await unit.append(teamStream(teamId), decided.team, { teamId, expectedVersion: 0 });
  await appendToSpaces(unit, teamId, decided.spaces);
  await appendToUser(unit, actorId, teamId, decided.user);
}

/** What updateTeam changes: undefined leaves a field as it is. */
export interface TeamUpdate {
  name?: string | undefined;
  logo?: string | null | undefined;
  url?: string | undefined;
  role?: { userId: string; role: TeamRole } | undefined;
  kick?: string | undefined;
}

/**
 * updateTeam's unit, by a team admin: answers whether the team's URL changed. Run its promise through `refuseTakenUrl`
 * where the failed unit arrives.
 */
export async function updateTeamIn(unit: UnitOfWork, actorId: string, teamId: string, update: TeamUpdate): Promise<boolean> {
  // A role change or a kick counts the admins left: the team (and the kicked person's current team) locked first.
  await unit.lock(teamStream(teamId), ...(update.kick ? [userStream(update.kick)] : []));
  const db = unit.transaction;
  await requireTeamAdmin(db, teamId, actorId);
  const state = (await loadTeamState(db, teamId))!;
  const { url } = update;
  const urlTaken =
    url !== undefined &&
    (
      await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.url, url), ne(teams.id, teamId)))
        .limit(1)
    ).length > 0;
  const decided = decideTeamUpdate(state, { ...update, urlTaken });
  await appendToTeam(unit, teamId, decided.events);
  if (update.kick) {
    const next = await moveDefaultTeam(db, update.kick, teamId);
    await appendToUser(unit, update.kick, next[0]?.payload.teamId ?? null, next);
  }
  return decided.urlChanged;
}

/**
 * Where a failed updateTeam unit arrives (never inside the unit): two units at once can both find a URL free on
 * PostgreSQL, and the unique index refuses the second, whose unit fails as a whole; it gets the check's refusal.
 */
export function refuseTakenUrl(error: unknown): never {
  if (isTeamUrlViolation(error)) throw codedError('TEAM_URL_TAKEN', { field: 'url' });
  throw error;
}

async function removeMember(context: MercuriusContext, actorId: string, teamId: string, userId: string, reason: 'removed' | 'left') {
  await runCommand(context, actorId, (unit) => removeMemberIn(unit, actorId, teamId, userId, reason));
}

export const teamQueries = {
  getTeam: async (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const team = await currentTeam(db, actor.userId);
    if (!team) throw refusal('NOT_FOUND', 'NO_CURRENT_TEAM');
    return await presentTeam(db, team, actor.userId);
  },
  getTeams: async (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return Promise.all((await teamsOf(db, actor.userId)).map((team) => presentTeam(db, team, actor.userId)));
  },
  /**
   * Public pages (a shared doc or file, a meeting room a guest joins) show the owning team's name
   * and logo. Each area adds a lookup from its id to a team it may reveal; none exists yet.
   */
  getTeamData: (_root, args: { file?: string | null; doc?: string | null; meetingroom?: string | null }) => {
    const named = [args.file, args.doc, args.meetingroom].filter((id) => id !== null && id !== undefined);
    if (named.length === 0) throw codedError('SHARED_ITEM_REQUIRED');
    throw new DomainError('NOT_FOUND');
  },
} satisfies QueryResolvers;

export const teamMutations = {
  setTeam: async (_root, args: { name: string; logo?: string | null }, context) => {
    const actor = requireActor(context);
    const name = parseArgument('name', teamNameSchema, args.name);
    const ids = { teamId: newId(), personalProjectId: newId() };
    const logo = (await resolveLogo(context, args.logo, null, ids.teamId)) ?? null;
    await runCommand(context, actor.userId, (unit) => createTeamIn(unit, actor.userId, { ...ids, name, logo }));
    const db = context.services.database.db;
    return await presentTeam(db, (await requireTeamMember(db, ids.teamId, actor.userId)).team, actor.userId);
  },
  removeUserTeam: async (_root, args: { user: string; team: string }, context) => {
    const actor = requireActor(context);
    await removeMember(context, actor.userId, args.team, args.user, 'removed');
    const db = context.services.database.db;
    return await presentTeam(db, (await findTeam(db, args.team))!, actor.userId);
  },
  leaveTeam: async (_root, args: { team: string }, context) => {
    const actor = requireActor(context);
    await removeMember(context, actor.userId, args.team, actor.userId, 'left');
    return true;
  },
  switchTeam: async (_root, args: { team: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      await unit.lock(teamStream(args.team), userStream(actor.userId));
      await requireTeamMember(unit.transaction, args.team, actor.userId);
      await appendToUser(unit, actor.userId, args.team, decideSwitchTeam(await user(unit.transaction, actor.userId), args.team));
    });
    const db = context.services.database.db;
    return await presentTeam(db, (await requireTeamMember(db, args.team, actor.userId)).team, actor.userId);
  },
  updateTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = updateTeamSchema.parse(args);
    const { services } = context;
    // Checked before the logo is decoded and stored, and again inside the transaction.
    const { team } = await requireTeamAdmin(services.database.db, input.team, actor.userId);
    if ((input.user == null) !== (input.type == null))
      throw codedError('ROLE_CHANGE_INCOMPLETE', { field: input.user == null ? 'user' : 'type' });
    const logo = await resolveLogo(context, args.logo, team.logo, team.id);
    const update: TeamUpdate = {
      name: input.name ?? undefined,
      logo,
      url: input.url ?? undefined,
      role: input.user && input.type ? { userId: input.user, role: input.type } : undefined,
      kick: input.kick ?? undefined,
    };
    const urlChanged = await runCommand(context, actor.userId, async (unit) => {
      const changed = await updateTeamIn(unit, actor.userId, team.id, update);
      // SPEC §4: a new custom URL means signing in again; API tokens are not sessions and keep working.
      if (changed && !actor.apiTokenId) await revokeSession(unit.transaction, actor.sessionId, 'team URL changed');
      return changed && !actor.apiTokenId;
    }).catch(refuseTakenUrl);
    if (urlChanged && context.reply) clearSessionCookies(context.reply, isSecure(services));
    const db = services.database.db;
    // An admin may kick themselves while another admin remains: they see the team as an outsider then.
    return { team: await presentTeam(db, (await findTeam(db, team.id))!, actor.userId), signInRequired: urlChanged };
  },
} satisfies MutationResolvers;

/** A failed unit's error, when the teams table's unique URL index refused it (PostgreSQL's 23505 on teams_url_unique). */
function isTeamUrlViolation(error: unknown): boolean {
  return violatedUniqueIndexOf(error) === 'teams_url_unique';
}
