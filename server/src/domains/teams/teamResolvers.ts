import { eq, and, ne } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { isTeamRole, normalizeCustomUrl } from '#shared/teams';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
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

const user = (db: Reader, userId: string) => {
  const row = db
    .select({ id: users.id, firstname: users.firstname, defaultTeamId: users.defaultTeamId })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw new DomainError('UNAUTHENTICATED');
  return row;
};

/** When someone leaves a team (or is taken out), their current team moves to another of theirs. */
function moveDefaultTeam(db: Reader, userId: string, leftTeamId: string) {
  const next = teamsOf(db, userId).find((team) => team.id !== leftTeamId) ?? null;
  return decideDefaultTeamAfterLeaving(user(db, userId), leftTeamId, next?.id ?? null);
}

async function removeMember(context: MercuriusContext, actorId: string, teamId: string, userId: string, reason: 'removed' | 'left') {
  await runCommand(context, actorId, async (unit) => {
    // It decides on the team's admins and the person's current team: locked before they are read (see `lock`).
    await unit.lock(teamStream(teamId), userStream(userId));
    const db = unit.transaction;
    if (reason === 'left') requireTeamMember(db, teamId, actorId);
    else requireTeamAdmin(db, teamId, actorId);
    const state = loadTeamState(db, teamId)!;
    if (!isId(userId)) throw refusal('NOT_FOUND', 'NOT_TEAM_MEMBER');
    await appendToTeam(unit, teamId, decideMemberRemoval(state, userId, reason));
    const next = moveDefaultTeam(db, userId, teamId);
    await appendToUser(unit, userId, next[0]?.payload.teamId ?? null, next);
  });
}

export const teamQueries = {
  getTeam: (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const team = currentTeam(db, actor.userId);
    if (!team) throw refusal('NOT_FOUND', 'NO_CURRENT_TEAM');
    return presentTeam(db, team, actor.userId);
  },
  getTeams: (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return teamsOf(db, actor.userId).map((team) => presentTeam(db, team, actor.userId));
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
    await runCommand(context, actor.userId, async (unit) => {
      const creator = user(unit.transaction, actor.userId);
      const decided = decideCreateTeam({ ...ids, userId: actor.userId, name, logo, personalSpaceName: creator.firstname });
      await unit.append(teamStream(ids.teamId), decided.team, { teamId: ids.teamId, expectedVersion: 0 });
      await appendToSpaces(unit, ids.teamId, decided.spaces);
      await appendToUser(unit, actor.userId, ids.teamId, decided.user);
    });
    const db = context.services.database.db;
    return presentTeam(db, requireTeamMember(db, ids.teamId, actor.userId).team, actor.userId);
  },
  removeUserTeam: async (_root, args: { user: string; team: string }, context) => {
    const actor = requireActor(context);
    await removeMember(context, actor.userId, args.team, args.user, 'removed');
    const db = context.services.database.db;
    return presentTeam(db, findTeam(db, args.team)!, actor.userId);
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
      requireTeamMember(unit.transaction, args.team, actor.userId);
      await appendToUser(unit, actor.userId, args.team, decideSwitchTeam(user(unit.transaction, actor.userId), args.team));
    });
    const db = context.services.database.db;
    return presentTeam(db, requireTeamMember(db, args.team, actor.userId).team, actor.userId);
  },
  updateTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = updateTeamSchema.parse(args);
    const { services } = context;
    // Checked before the logo is decoded and stored, and again inside the transaction.
    const { team } = requireTeamAdmin(services.database.db, input.team, actor.userId);
    if ((input.user == null) !== (input.type == null))
      throw codedError('ROLE_CHANGE_INCOMPLETE', { field: input.user == null ? 'user' : 'type' });
    const logo = await resolveLogo(context, args.logo, team.logo, team.id);
    const urlChanged = await runCommand(context, actor.userId, async (unit) => {
      // A role change or a kick counts the admins left: the team (and the kicked person's current team) locked first.
      await unit.lock(teamStream(input.team), ...(input.kick ? [userStream(input.kick)] : []));
      const db = unit.transaction;
      requireTeamAdmin(db, input.team, actor.userId);
      const state = loadTeamState(db, input.team)!;
      const url = input.url ?? undefined;
      const urlTaken =
        url !== undefined &&
        db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.url, url), ne(teams.id, team.id)))
          .get() !== undefined;
      const decided = decideTeamUpdate(state, {
        name: input.name ?? undefined,
        logo,
        url,
        urlTaken,
        role: input.user && input.type ? { userId: input.user, role: input.type } : undefined,
        kick: input.kick ?? undefined,
      });
      await appendToTeam(unit, team.id, decided.events);
      if (input.kick) {
        const next = moveDefaultTeam(db, input.kick, team.id);
        await appendToUser(unit, input.kick, next[0]?.payload.teamId ?? null, next);
      }
      // SPEC §4: a new custom URL means signing in again; API tokens are not sessions and keep working.
      if (decided.urlChanged && !actor.apiTokenId) revokeSession(db, actor.sessionId, 'team URL changed');
      return decided.urlChanged && !actor.apiTokenId;
    });
    if (urlChanged && context.reply) clearSessionCookies(context.reply, isSecure(services));
    const db = services.database.db;
    // An admin may kick themselves while another admin remains: they see the team as an outsider then.
    return { team: presentTeam(db, findTeam(db, team.id)!, actor.userId), signInRequired: urlChanged };
  },
} satisfies MutationResolvers;
