import { and, asc, desc, eq, inArray } from 'drizzle-orm';

import { z } from 'zod';
import { DomainError } from '../../errors';
import { parseArgument } from '../../inputSchemas';
import { requireActor } from '../../graphql/context';
import { isId, newId } from '../../core/ids';
import { users } from '../accounts';
import type { Reader } from '../tasks';
import { teamPolicy, type TeamSeat } from '../../core/access';
import { currentTeam, findTeam, loadTeamSeat, requireCurrentTeam } from '../teams';
import { resolveLogo } from '../accounts';
import { runCommand } from '../../core/runCommand';
import { projectMembers } from '../teams';
import { requireReadable } from './access';
import { conversationOf } from './conversation';
import { privatStream } from './events';
import { decideCreatePrivat, decideEditPrivat, decideLeavePrivat, privatName, type PrivatState } from './privatCommands';
import { lastMessages, unreadCounts } from './summaries';
import { privatMembers, privats } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

type PrivatRow = typeof privats.$inferSelect;

export function loadPrivatState(db: Reader, privatId: string): PrivatState | null {
  if (!isId(privatId)) return null;
  const row = db.select().from(privats).where(eq(privats.id, privatId)).get();
  if (!row) return null;
  const memberIds = db
    .select({ userId: privatMembers.userId })
    .from(privatMembers)
    .where(eq(privatMembers.privatId, privatId))
    .orderBy(asc(privatMembers.joinedAt), asc(privatMembers.userId))
    .all()
    .map((member) => member.userId);
  return { id: row.id, teamId: row.teamId, name: row.name, logo: row.logo, pairKey: row.pairKey, inactive: row.inactive, memberIds };
}

/**
 * The people a guest shares a space with (themselves included when they are in any space): the only
 * teammates they may chat with or see. null for anyone else, who may chat with the whole team.
 */
export function guestCircle(db: Reader, seat: TeamSeat): ReadonlySet<string> | null {
  const guestId = seat.userId;
  if (teamPolicy.participate(seat)) return null;
  const spaces = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, guestId))
    .all()
    .map((row) => row.id);
  return new Set(
    spaces.length === 0
      ? []
      : db
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(inArray(projectMembers.projectId, spaces))
          .all()
          .map((row) => row.userId),
  );
}

/**
 * Whom someone may chat with in a team: its members, as getUsers lists them; a guest only with the
 * people who share a space with them.
 */
export function chatPartners(db: Reader, teamId: string, seat: TeamSeat): (userId: string) => boolean {
  const team = findTeam(db, teamId)!;
  const shared = guestCircle(db, seat);
  return (userId) => isId(userId) && (shared === null || shared.has(userId)) && loadTeamSeat(db, team, userId) !== null;
}

/**
 * Private chats as `viewerId` sees them: members, their own unread count and the newest message within the
 * team's plan history at `now`; a fixed number of queries.
 */
export function presentPrivats(db: Reader, rows: readonly PrivatRow[], viewerId: string, now: Date) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = db
    .select({
      privatId: privatMembers.privatId,
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      profileImg: users.profileImg,
    })
    .from(privatMembers)
    .innerJoin(users, eq(users.id, privatMembers.userId))
    .where(inArray(privatMembers.privatId, ids))
    .orderBy(asc(privatMembers.joinedAt), asc(users.id))
    .all();
  const keys = ids.map((id) => `privat:${id}`);
  const unread = unreadCounts(db, viewerId, keys, now);
  const newest = lastMessages(db, viewerId, keys, () => false, now);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logo,
    inactive: row.inactive,
    users: members.filter((member) => member.privatId === row.id).map(({ privatId: _privat, ...person }) => person),
    lastMessage: newest.get(`privat:${row.id}`) ?? null,
    unread: unread.get(`privat:${row.id}`) ?? 0,
    createdAt: row.createdAt,
    updated: row.updatedAt,
  }));
}

/** The chat as a member sees it, or null when they are not (or no longer) in it. */
export function presentPrivatFor(db: Reader, privatId: string, viewerId: string, now: Date) {
  const row = db
    .select({ privat: privats })
    .from(privats)
    .innerJoin(privatMembers, and(eq(privatMembers.privatId, privats.id), eq(privatMembers.userId, viewerId)))
    .where(eq(privats.id, privatId))
    .get();
  return row ? presentPrivats(db, [row.privat], viewerId, now)[0]! : null;
}

const idsSchema = z.array(z.string()).max(100);

export const privatQueries = {
  getPrivats: (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const team = currentTeam(db, actor.userId);
    if (!team) return [];
    const rows = db
      .select({ privat: privats })
      .from(privats)
      .innerJoin(privatMembers, and(eq(privatMembers.privatId, privats.id), eq(privatMembers.userId, actor.userId)))
      .where(eq(privats.teamId, team.id))
      .orderBy(desc(privats.updatedAt), desc(privats.id))
      .all()
      .map((row) => row.privat);
    return presentPrivats(db, rows, actor.userId, context.services.store.clock.now());
  },
} satisfies QueryResolvers;

export const privatMutations = {
  setPrivat: async (_root, args: { users: string[]; name?: string | null; logo?: string | null }, context) => {
    const actor = requireActor(context);
    const userIds = parseArgument('users', idsSchema, args.users);
    const name = privatName(args.name) ?? null;
    const db = context.services.database.db;
    requireCurrentTeam(db, actor.userId);
    const privatId = newId();
    const logo = (await resolveLogo(context, args.logo, null, privatId)) ?? null;
    const id = await runCommand(context, actor.userId, async (unit) => {
      const { team, seat } = requireCurrentTeam(unit.transaction, actor.userId);
      const findPair = (pairKey: string) =>
        unit.transaction.select({ id: privats.id }).from(privats).where(eq(privats.pairKey, pairKey)).get()?.id;
      const decided = decideCreatePrivat(
        { privatId, teamId: team.id, creatorId: actor.userId, userIds, name, logo },
        chatPartners(unit.transaction, team.id, seat),
        findPair,
      );
      if ('existingId' in decided) return decided.existingId;
      await unit.append(privatStream(privatId), decided.events, { teamId: team.id, expectedVersion: 0 });
      return privatId;
    });
    return presentPrivatFor(db, id, actor.userId, context.services.store.clock.now())!;
  },
  ediPrivat: async (
    _root,
    args: { id: string; name?: string | null; logo?: string | null; inactive?: boolean | null; addUsers?: string[] | null },
    context,
  ) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const addUsers = args.addUsers == null ? undefined : parseArgument('addUsers', idsSchema, args.addUsers);
    const name = privatName(args.name);
    requireReadable(db, conversationOf('privat', args.id), actor.userId);
    const logo = await resolveLogo(context, args.logo, loadPrivatState(db, args.id)!.logo, args.id);
    await runCommand(context, actor.userId, async (unit) => {
      const access = requireReadable(unit.transaction, conversationOf('privat', args.id), actor.userId);
      const privat = loadPrivatState(unit.transaction, args.id)!;
      const seat = loadTeamSeat(unit.transaction, findTeam(unit.transaction, access.teamId)!, actor.userId)!;
      const events = decideEditPrivat(
        privat,
        { name, logo, inactive: args.inactive ?? undefined, addUsers },
        chatPartners(unit.transaction, access.teamId, seat),
      );
      if (events.length > 0) await unit.append(privatStream(privat.id), events, { teamId: privat.teamId });
    });
    return presentPrivatFor(db, args.id, actor.userId, context.services.store.clock.now())!;
  },
  leavePrivat: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const privat = loadPrivatState(unit.transaction, args.id);
      if (!privat) throw new DomainError('PERMISSION_DENIED');
      await unit.append(privatStream(privat.id), decideLeavePrivat(privat, actor.userId), { teamId: privat.teamId });
    });
    return true;
  },
} satisfies MutationResolvers;
