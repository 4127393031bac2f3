import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { invitedStream, meetingroomStream, spaceRoomStream } from '../../core/streams';
import { codedError, DomainError, refusal } from '../../errors';
import { newId } from '../../core/ids';
import type { UnitOfWork } from '../../core/commands';
import { readableSpaceContent, requireReadableSpaceContent } from '../../core/spaceContent';
import { runCommand } from '../../core/runCommand';
import { guestCookieName, requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { loadSpaceState, requireCurrentTeam } from '../teams';
import { callBoardOf } from './board';
import { appendLeave, announceLeave, roomStateOf } from './calls';
import {
  decideCreateRoom,
  decideGuestArrival,
  decideGuestState,
  decideResetLink,
  guestLinkFrom,
  guestNameOf,
  guestStateOf,
  roomNameOf,
} from './commands';
import type { GuestState } from './events';
import { meetingsPolicy } from './policies';
import { presentGuest, presentParticipants, presentRoom } from './present';
import {
  activeCall,
  callerOf,
  findGuest,
  findRoom,
  findSpaceRoom,
  guestsOf,
  hashCredential,
  memberMayUse,
  presentAttendees,
  requireMemberRoom,
  type Caller,
  type Reader,
  type RoomRow,
} from './state';
import { meetingGuestCredentials, meetingrooms } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** Secrets of links and credentials: 32 random bytes, so they cannot be guessed. */
const newSecret = () => randomBytes(32).toString('base64url');

/** A guest's browser keeps its credential a week; the guest's state decides what it opens meanwhile. */
const guestCookieMaxAgeSeconds = 7 * 24 * 60 * 60;

/** A room as the caller sees it, with who is in its active call now. */
export async function presentRoomFor(context: MercuriusContext, db: Reader, room: RoomRow, caller: Caller) {
  const call = await activeCall(db, room.id);
  const board = callBoardOf(context.services);
  const participants = call ? await presentParticipants(db, await presentAttendees(db, call.id), await board.statesOf(call.id)) : [];
  return presentRoom(context.services.config, room, caller, call ? { id: call.id, participants } : null);
}

/** The space's room, made in this unit the first time it is asked for (the unique index keeps it to one). */
export async function ensureSpaceRoom(unit: UnitOfWork, projectId: string, userId: string): Promise<RoomRow> {
  const db = unit.transaction;
  const access = await requireReadableSpaceContent(db, projectId, userId);
  await unit.lock(spaceRoomStream(access.projectId));
  const existing = await findSpaceRoom(db, access.projectId);
  if (existing) return existing;
  const space = await loadSpaceState(db, access.projectId);
  const room = { id: newId(), teamId: access.teamId, projectId: access.projectId };
  await unit.append(meetingroomStream(room.id), decideCreateRoom(room, space?.name ?? 'Meeting', guestLinkFrom(newSecret(), unit.now)), {
    teamId: room.teamId,
    expectedVersion: 0,
  });
  return (await findRoom(db, room.id))!;
}

/** The rooms of the user's current team the user may use (ad hoc ones, their spaces' ones), the newest change first. */
export async function usableRoomsOf(db: Reader, userId: string): Promise<RoomRow[]> {
  const { team } = await requireCurrentTeam(db, userId);
  const rooms = await db.select().from(meetingrooms).where(eq(meetingrooms.teamId, team.id));
  const usable = await Promise.all(
    rooms.map(async (room) =>
      room.projectId === null ? await memberMayUse(db, room, userId) : (await readableSpaceContent(db, room.projectId, userId)) !== null,
    ),
  );
  return rooms
    .filter((_, index) => usable[index])
    .sort((first, second) => second.updatedAt.localeCompare(first.updatedAt) || second.id.localeCompare(first.id));
}

export const roomQueries = {
  getMeetingrooms: async (_root, args: { project?: string | null }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const caller: Caller = { kind: 'member', userId: actor.userId };
    if (args.project) {
      const access = await requireReadableSpaceContent(db, args.project, actor.userId);
      const room = await findSpaceRoom(db, access.projectId);
      return room ? [await presentRoomFor(context, db, room, caller)] : [];
    }
    const presented = [];
    for (const room of await usableRoomsOf(db, actor.userId)) presented.push(await presentRoomFor(context, db, room, caller));
    return presented;
  },
  getInvited: async (_root, args: { meetingroom: string }, context) => {
    const caller = await callerOf(context);
    const db = context.services.database.db;
    if (caller.kind === 'guest') {
      const guest = await findGuest(db, caller.invitedId);
      if (!guest || guest.meetingroomId !== args.meetingroom) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
      return [presentGuest(guest)];
    }
    const room = await requireMemberRoom(db, args.meetingroom, caller.userId);
    return (await guestsOf(db, room.id)).map(presentGuest);
  },
} satisfies QueryResolvers;

export const roomMutations = {
  initiateMeetingroom: async (_root, args: { id?: string | null; project?: string | null; name?: string | null }, context) => {
    const actor = requireActor(context);
    const caller: Caller = { kind: 'member', userId: actor.userId };
    if (args.id) {
      const room = await requireMemberRoom(context.services.database.db, args.id, actor.userId);
      return await presentRoomFor(context, context.services.database.db, room, caller);
    }
    const name = args.project ? null : roomNameOf(args.name);
    const roomId = await runCommand(context, actor.userId, async (unit) => {
      if (args.project) return (await ensureSpaceRoom(unit, args.project, actor.userId)).id;
      const { team, seat } = await requireCurrentTeam(unit.transaction, actor.userId);
      // The team's external guests use only the rooms of the spaces they are in.
      if (!meetingsPolicy.useAdHocRoom(seat)) throw new DomainError('PERMISSION_DENIED');
      const room = { id: newId(), teamId: team.id, projectId: null };
      await unit.append(meetingroomStream(room.id), decideCreateRoom(room, name!, guestLinkFrom(newSecret(), unit.now)), {
        teamId: team.id,
        expectedVersion: 0,
      });
      return room.id;
    });
    const db = context.services.database.db;
    return await presentRoomFor(context, db, await requireMemberRoom(db, roomId, actor.userId), caller);
  },
  resetMeetingroomLink: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      await unit.lock(meetingroomStream(args.id));
      const room = await requireMemberRoom(unit.transaction, args.id, actor.userId);
      await unit.append(meetingroomStream(room.id), decideResetLink(roomStateOf(room), guestLinkFrom(newSecret(), unit.now)), {
        teamId: room.teamId,
      });
    });
    const db = context.services.database.db;
    return await presentRoomFor(context, db, await requireMemberRoom(db, args.id, actor.userId), { kind: 'member', userId: actor.userId });
  },
  setInvited: async (_root, args: { meetingroom: string; name: string; link: string }, context) => {
    await context.services.rateLimits.consume(['shareLinkPerAddress', addressKey(context.ip ?? 'unknown')]);
    const name = guestNameOf(args.name);
    const credential = newSecret();
    const invitedId = newId();
    await context.services.store.run({ actorId: null, mutationId: context.mutationId, request: context.request }, async (unit) => {
      const room = await findRoom(unit.transaction, args.meetingroom);
      if (!room) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
      const verdict = meetingsPolicy.link(room, args.link, unit.now);
      if (verdict === 'revoked') throw codedError('GUEST_LINK_REVOKED', { field: 'link' });
      if (verdict === 'expired') throw codedError('GUEST_LINK_EXPIRED', { field: 'link' });
      await unit.append(invitedStream(invitedId), decideGuestArrival(roomStateOf(room), invitedId, name), {
        teamId: room.teamId,
        expectedVersion: 0,
      });
      await unit.transaction
        .insert(meetingGuestCredentials)
        .values({ hash: hashCredential(credential), invitedId, meetingroomId: room.id, createdAt: unit.now.toISOString() });
    });
    context.reply?.setCookie(guestCookieName, credential, {
      httpOnly: true,
      sameSite: 'lax',
      secure: context.services.config.publicUrl.startsWith('https://'),
      path: '/',
      maxAge: guestCookieMaxAgeSeconds,
    });
    return { invited: presentGuest((await findGuest(context.services.database.db, invitedId))!), credential };
  },
  ediInvited: async (_root, args: { id: string; state: string }, context) => {
    const actor = requireActor(context);
    const state = guestStateOf(args.state);
    const committed = await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      await unit.lock(invitedStream(args.id));
      const guest = await findGuest(db, args.id);
      const room = guest ? await findRoom(db, guest.meetingroomId) : undefined;
      if (!guest || !room || !(await memberMayUse(db, room, actor.userId))) throw refusal('NOT_FOUND', 'INVITED_NOT_FOUND');
      const events = decideGuestState(roomStateOf(room), { id: guest.id, state: guest.state as GuestState }, state);
      if (events.length === 0) return [];
      await unit.append(invitedStream(guest.id), events, { teamId: room.teamId });
      // A removed guest is cut off at once: out of the room's call in the same unit.
      const call = state === 'removed' ? await activeCall(db, room.id) : undefined;
      if (!call) return [];
      const attendees = (await presentAttendees(db, call.id)).filter((attendee) => attendee.invitedId === guest.id);
      return await appendLeave(
        unit,
        call.id,
        attendees.map((attendee) => attendee.id),
        'removed',
      );
    });
    announceLeave(context.services, committed);
    return presentGuest((await findGuest(context.services.database.db, args.id))!);
  },
} satisfies MutationResolvers;
