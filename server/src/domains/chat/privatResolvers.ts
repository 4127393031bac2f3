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
import { privatPairLock, privatStream } from './events';
import type { UnitOfWork } from '../../core/commands';
import {
  decideCreatePrivat,
  decideEditPrivat,
  decideLeavePrivat,
  oneToOnePairKey,
  privatName,
  type NewPrivat,
  type PrivatChanges,
  type PrivatState,
} from './privatCommands';
import { lastMessages, unreadCounts } from './summaries';
import { privatMembers, privats } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

type PrivatRow = typeof privats.$inferSelect;

export async function loadPrivatState(db: Reader, privatId: string): Promise<PrivatState | null> {
  if (!isId(privatId)) return null;
  const [row] = await db.select().from(privats).where(eq(privats.id, privatId)).limit(1);
  if (!row) return null;
  const memberIds = (
    await db
      .select({ userId: privatMembers.userId })
      .from(privatMembers)
      .where(eq(privatMembers.privatId, privatId))
      .orderBy(asc(privatMembers.joinedAt), asc(privatMembers.userId))
  ).map((member) => member.userId);
  return { id: row.id, teamId: row.teamId, name: row.name, logo: row.logo, pairKey: row.pairKey, inactive: row.inactive, memberIds };
}

/**
 * The people a guest shares a space with (themselves included when they are in any space): the only
 * teammates they may chat with or see. null for anyone else, who may chat with the whole team.
 */
export async function guestCircle(db: Reader, seat: TeamSeat): Promise<ReadonlySet<string> | null> {
  const guestId = seat.userId;
  if (teamPolicy.participate(seat)) return null;
  const spaces = (await db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, guestId))).map(
    (row) => row.id,
  );
  return new Set(
    spaces.length === 0
      ? []
      : (await db.select({ userId: projectMembers.userId }).from(projectMembers).where(inArray(projectMembers.projectId, spaces))).map(
          (row) => row.userId,
        ),
  );
}

/**
 * Which of `candidates` someone may chat with in a team: its members, as getUsers lists them; a guest only the
 * people who share a space with them. Read before deciding: the answer is a plain predicate, false for anyone not
 * among the candidates.
 */
export async function chatPartners(
  db: Reader,
  teamId: string,
  seat: TeamSeat,
  candidates: Iterable<string>,
): Promise<(userId: string) => boolean> {
  const team = (await findTeam(db, teamId))!;
  const shared = await guestCircle(db, seat);
  const partners = new Set<string>();
  for (const userId of new Set(candidates)) {
    if (isId(userId) && (shared === null || shared.has(userId)) && (await loadTeamSeat(db, team, userId)) !== null) partners.add(userId);
  }
  return (userId) => partners.has(userId);
}

/**
 * Private chats as `viewerId` sees them: members, their own unread count and the newest message within the
 * team's plan history at `now`; a fixed number of queries.
 */
export async function presentPrivats(db: Reader, rows: readonly PrivatRow[], viewerId: string, now: Date) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await db
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
    .orderBy(asc(privatMembers.joinedAt), asc(users.id));
  const keys = ids.map((id) => `privat:${id}`);
  const unread = await unreadCounts(db, viewerId, keys, now);
  const newest = await lastMessages(db, viewerId, keys, () => false, now);
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
export async function presentPrivatFor(db: Reader, privatId: string, viewerId: string, now: Date) {
  const [row] = await db
    .select({ privat: privats })
    .from(privats)
    .innerJoin(privatMembers, and(eq(privatMembers.privatId, privats.id), eq(privatMembers.userId, viewerId)))
    .where(eq(privats.id, privatId))
    .limit(1);
  return row ? (await presentPrivats(db, [row.privat], viewerId, now))[0]! : null;
}

const idsSchema = z.array(z.string()).max(100);

/**
 * setPrivat in a unit: the new chat's id, or the existing one-to-one chat's. A one-to-one chat's pair is locked
 * before it is looked for, so two people starting their chat at once create one.
 */
export async function createPrivatIn(unit: UnitOfWork, command: Omit<NewPrivat, 'teamId'>): Promise<string> {
  const db = unit.transaction;
  const { team, seat } = await requireCurrentTeam(db, command.creatorId);
  const creation = { ...command, teamId: team.id };
  const pairKey = oneToOnePairKey(creation);
  let existingId: string | undefined;
  if (pairKey !== null) {
    await unit.lock(privatPairLock(pairKey));
    [existingId] = (await db.select({ id: privats.id }).from(privats).where(eq(privats.pairKey, pairKey)).limit(1)).map((row) => row.id);
  }
  const decided = decideCreatePrivat(creation, await chatPartners(db, team.id, seat, command.userIds), (key) =>
    key === pairKey ? existingId : undefined,
  );
  if ('existingId' in decided) return decided.existingId;
  await unit.append(privatStream(command.privatId), decided.events, { teamId: team.id, expectedVersion: 0 });
  return command.privatId;
}

/** ediPrivat in a unit, by a member; the chat's stream is locked before its state is read. */
export async function editPrivatIn(unit: UnitOfWork, userId: string, privatId: string, changes: PrivatChanges): Promise<void> {
  const db = unit.transaction;
  await unit.lock(privatStream(privatId));
  const access = await requireReadable(db, conversationOf('privat', privatId), userId);
  const privat = (await loadPrivatState(db, privatId))!;
  const seat = (await loadTeamSeat(db, (await findTeam(db, access.teamId))!, userId))!;
  const events = decideEditPrivat(privat, changes, await chatPartners(db, access.teamId, seat, changes.addUsers ?? []));
  if (events.length > 0) await unit.append(privatStream(privat.id), events, { teamId: privat.teamId });
}

/** leavePrivat in a unit; the chat's stream is locked before its members are read. */
export async function leavePrivatIn(unit: UnitOfWork, userId: string, privatId: string): Promise<void> {
  if (isId(privatId)) await unit.lock(privatStream(privatId));
  const privat = await loadPrivatState(unit.transaction, privatId);
  if (!privat) throw new DomainError('PERMISSION_DENIED');
  await unit.append(privatStream(privat.id), decideLeavePrivat(privat, userId), { teamId: privat.teamId });
}

export const privatQueries = {
  getPrivats: async (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const team = await currentTeam(db, actor.userId);
    if (!team) return [];
    const rows = (
      await db
        .select({ privat: privats })
        .from(privats)
        .innerJoin(privatMembers, and(eq(privatMembers.privatId, privats.id), eq(privatMembers.userId, actor.userId)))
        .where(eq(privats.teamId, team.id))
        .orderBy(desc(privats.updatedAt), desc(privats.id))
    ).map((row) => row.privat);
    return await presentPrivats(db, rows, actor.userId, context.services.store.clock.now());
  },
} satisfies QueryResolvers;

export const privatMutations = {
  setPrivat: async (_root, args: { users: string[]; name?: string | null; logo?: string | null }, context) => {
    const actor = requireActor(context);
    const userIds = parseArgument('users', idsSchema, args.users);
    const name = privatName(args.name) ?? null;
    const db = context.services.database.db;
    await requireCurrentTeam(db, actor.userId);
    const privatId = newId();
    const logo = (await resolveLogo(context, args.logo, null, privatId)) ?? null;
    const id = await runCommand(context, actor.userId, (unit) =>
      createPrivatIn(unit, { privatId, creatorId: actor.userId, userIds, name, logo }),
    );
    return (await presentPrivatFor(db, id, actor.userId, context.services.store.clock.now()))!;
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
    await requireReadable(db, conversationOf('privat', args.id), actor.userId);
    const logo = await resolveLogo(context, args.logo, (await loadPrivatState(db, args.id))!.logo, args.id);
    await runCommand(context, actor.userId, (unit) =>
      editPrivatIn(unit, actor.userId, args.id, { name, logo, inactive: args.inactive ?? undefined, addUsers }),
    );
    return (await presentPrivatFor(db, args.id, actor.userId, context.services.store.clock.now()))!;
  },
  leavePrivat: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => leavePrivatIn(unit, actor.userId, args.id));
    return true;
  },
} satisfies MutationResolvers;
