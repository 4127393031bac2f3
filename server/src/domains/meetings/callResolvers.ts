import type { MercuriusContext } from 'mercurius';
import { emojiLength } from '#shared/chatRules';
import { callPlaceStream, videocallStream } from '../../core/streams';
import { codedError, refusal } from '../../errors';
import { newId } from '../../core/ids';
import type { UnitOfWork } from '../../core/commands';
import { callBoardOf } from './board';
import { openFeedWithinMs, presentAttendeesOf, recordLeave, roomStateOf } from './calls';
import { checkSignal, decideJoin } from './commands';
import { presentCall, presentParticipants, placementOf } from './present';
import { mediaServerOf } from './livekit';
import { activeRecordingFor } from './recordings';
import { appendRingEnd } from './ringing';
import { ensureSpaceRoom } from './roomResolvers';
import {
  activeCall,
  callerOf,
  findCall,
  findCallPlace,
  findRoom,
  findSpaceRoom,
  isCallersAttendee,
  memberMayUse,
  presentAttendees,
  requireActiveCall,
  requireCallRoom,
  ringsOf,
  type AttendeeRow,
  type Caller,
  type CallRow,
  type PlaceRow,
  type Reader,
} from './state';
import { meetingrooms } from './tables';
import { eq } from 'drizzle-orm';
import { requireCurrentTeam } from '../teams';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

interface PlaceArguments {
  meetingroom?: string | null;
  privat?: string | null;
  project?: string | null;
}

const actorIdOf = (caller: Caller) => (caller.kind === 'member' ? caller.userId : null);

async function callFor(
  context: MercuriusContext,
  db: Reader,
  call: CallRow,
  attendee: AttendeeRow | null,
  joinToken: string | null = null,
) {
  const board = callBoardOf(context.services);
  return presentCall(
    context.services.config,
    call,
    await presentParticipants(db, await presentAttendees(db, call.id), await board.statesOf(call.id)),
    attendee,
    {
      joinToken,
      recording: await activeRecordingFor(context.services, db, call.id),
      privat: (await findCallPlace(db, call.meetingroomId))?.privatId ?? null,
    },
  );
}

/** With LiveKit, the new attendee's token for the call's LiveKit room (named by the call id); null in mesh mode. */
async function joinTokenFor(context: MercuriusContext, db: Reader, attendee: AttendeeRow | null): Promise<string | null> {
  const media = mediaServerOf(context.services);
  if (!media || !attendee) return null;
  const board = callBoardOf(context.services);
  const [participant] = await presentParticipants(db, [attendee], await board.statesOf(attendee.videocallId));
  return media.joinToken({
    roomName: attendee.videocallId,
    identity: attendee.id,
    name: participant?.name ?? '',
    guest: attendee.invitedId !== null,
    metadata: { user: attendee.userId, invited: attendee.invitedId },
  });
}

/** The caller's attendee in the call, present now; any other id answers as someone not in the call. */
export async function requireOwnAttendee(db: Reader, videocallId: string, attendeeId: string, caller: Caller): Promise<AttendeeRow> {
  const attendee = (await presentAttendees(db, videocallId)).find((candidate) => candidate.id === attendeeId);
  if (!attendee || !isCallersAttendee(attendee, caller)) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
  return attendee;
}

function placeOf(args: PlaceArguments): CallPlaceChoice {
  const given = (['meetingroom', 'project', 'privat'] as const).filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (given.length !== 1) throw codedError('MEETING_PLACE_REQUIRED');
  return { kind: given[0]!, id: args[given[0]!]! };
}

export const callQueries = {
  getVideocalls: async (_root, args: PlaceArguments, context) => {
    const caller = await callerOf(context);
    const db = context.services.database.db;
    const active = async (roomId: string) => {
      const call = await activeCall(db, roomId);
      return call ? [await callFor(context, db, call, await ownAttendee(db, call.id, caller))] : [];
    };
    if (args.meetingroom) return active((await requireCallRoom(db, args.meetingroom, caller)).id);
    if (args.project) {
      if (caller.kind === 'guest') throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
      const room = await findSpaceRoom(db, args.project);
      return room && (await memberMayUse(db, room, caller.userId)) ? active(room.id) : [];
    }
    // A private chat's call: its members only; anyone else hears of no call.
    if (args.privat) {
      if (caller.kind === 'guest') return [];
      const place = await findCallPlace(db, args.privat);
      return place?.privatId && (await memberMayUse(db, place, caller.userId)) ? active(place.id) : [];
    }
    if (caller.kind === 'guest') {
      const room = await findRoom(db, caller.meetingroomId);
      return room && (await requireCallRoomQuietly(db, room.id, caller)) ? active(room.id) : [];
    }
    const { userId } = caller;
    const { team } = await requireCurrentTeam(db, userId);
    const rooms = await db.select().from(meetingrooms).where(eq(meetingrooms.teamId, team.id));
    const usable = await Promise.all(rooms.map((room) => memberMayUse(db, room, userId)));
    const calls = [];
    for (const room of rooms.filter((_, index) => usable[index])) calls.push(...(await active(room.id)));
    return calls;
  },
} satisfies QueryResolvers;

/** A private chat's call place, for one of its members; anyone else (a guest too) hears of no call. */
async function requirePrivatPlace(db: Reader, privatId: string, caller: Caller): Promise<PlaceRow> {
  const place = await findCallPlace(db, privatId);
  if (!place?.privatId || caller.kind !== 'member' || !(await memberMayUse(db, place, caller.userId)))
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  return place;
}

async function requireCallRoomQuietly(db: Reader, meetingroomId: string, caller: Caller): Promise<boolean> {
  try {
    await requireCallRoom(db, meetingroomId, caller);
    return true;
  } catch {
    return false;
  }
}

/** The caller's newest attendee in the call, or null. */
async function ownAttendee(db: Reader, videocallId: string, caller: Caller): Promise<AttendeeRow | null> {
  const own = (await presentAttendees(db, videocallId)).filter((attendee) => isCallersAttendee(attendee, caller));
  return own.at(-1) ?? null;
}

/** Where a call is joined: a room, a space (its room, made the first time) or a private chat. */
export interface CallPlaceChoice {
  kind: 'meetingroom' | 'project' | 'privat';
  id: string;
}

/**
 * joinVideocall's unit: the caller joins the place's running call as `attendeeId`, or starts one as `videocallId`
 * (drawn by the caller, used only when no call runs); answers the call's id.
 */
export async function joinCallIn(
  unit: UnitOfWork,
  caller: Caller,
  place: CallPlaceChoice,
  joining: { attendeeId: string; videocallId: string; maximum: number | null },
): Promise<string> {
  const db = unit.transaction;
  const room =
    place.kind === 'project'
      ? caller.kind === 'member'
        ? await ensureSpaceRoom(unit, place.id, caller.userId)
        : (() => {
            throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
          })()
      : place.kind === 'privat'
        ? await requirePrivatPlace(db, place.id, caller)
        : { ...(await requireCallRoom(db, place.id, caller)), privatId: null };
  // Whether a call runs and how many are in it, read under the place's lock (two first joiners start one call).
  await unit.lock(callPlaceStream(room.id));
  const active = await activeCall(db, room.id);
  const joiner = {
    attendeeId: joining.attendeeId,
    userId: caller.kind === 'member' ? caller.userId : null,
    invitedId: caller.kind === 'guest' ? caller.invitedId : null,
  };
  const decided = decideJoin(
    { ...roomStateOf(room), name: room.name },
    active ? { id: active.id, present: (await presentAttendees(db, active.id)).length } : null,
    joiner,
    joining.maximum,
    joining.videocallId,
  );
  await unit.append(videocallStream(decided.videocallId), decided.events, {
    teamId: room.teamId,
    ...(active ? {} : { expectedVersion: 0 }),
  });
  // Joining while rung answers the ring: it ends as accepted, not missed later.
  if (caller.kind === 'member')
    for (const ring of await ringsOf(db, decided.videocallId))
      if (ring.state === 'ringing' && ring.calleeId === caller.userId) await appendRingEnd(unit, ring, 'accepted');
  return decided.videocallId;
}

export const callMutations = {
  joinVideocall: async (_root, args: PlaceArguments, context) => {
    const caller = await callerOf(context);
    const place = placeOf(args);
    const attendeeId = newId();
    const maximum = placementOf(context.services.config).maximum;
    const videocallId = await context.services.store.run(
      { actorId: actorIdOf(caller), mutationId: context.mutationId, request: context.request },
      async (unit) => await joinCallIn(unit, caller, place, { attendeeId, videocallId: newId(), maximum }),
    );
    const services = context.services;
    callBoardOf(services).dropUnlessOpened(attendeeId, openFeedWithinMs, () =>
      recordLeave(services, actorIdOf(caller), videocallId, [attendeeId], 'dropped'),
    );
    const db = services.database.db;
    const attendee = (await presentAttendees(db, videocallId)).find((candidate) => candidate.id === attendeeId) ?? null;
    return callFor(context, db, (await findCall(db, videocallId))!, attendee, await joinTokenFor(context, db, attendee));
  },
  leaveVideocall: async (_root, args: { id: string; attendee?: string | null }, context) => {
    const caller = await callerOf(context);
    const db = context.services.database.db;
    const call = await findCall(db, args.id);
    if (!call || call.finishedAt !== null) return false;
    const own = await presentAttendeesOf(
      db,
      call.id,
      caller.kind === 'member' ? { userId: caller.userId } : { invitedId: caller.invitedId },
    );
    if (args.attendee && !own.some((attendee) => attendee.id === args.attendee)) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
    const leaving = args.attendee ? [args.attendee] : own.map((attendee) => attendee.id);
    if (leaving.length === 0) return false;
    await recordLeave(context.services, actorIdOf(caller), call.id, leaving, 'left');
    return true;
  },
  signalVideocall: async (_root, args: { videocall: string; from: string; to: string; signal: string }, context) => {
    // Refused before anything is read: the size is the cheapest check and the one a flood trips.
    checkSignal(args.signal);
    const caller = await callerOf(context);
    const db = context.services.database.db;
    const { call } = await requireActiveCall(db, args.videocall, caller);
    await requireOwnAttendee(db, call.id, args.from, caller);
    if (args.to === args.from || !(await presentAttendees(db, call.id)).some((attendee) => attendee.id === args.to))
      throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
    callBoardOf(context.services).publish({
      type: 'signal',
      videocallId: call.id,
      attendeeId: args.from,
      to: args.to,
      signal: args.signal,
    });
    return true;
  },
  setVideocallState: async (
    _root,
    args: {
      videocall: string;
      attendee: string;
      audio?: boolean | null;
      video?: boolean | null;
      screen?: boolean | null;
      hand?: boolean | null;
      reaction?: string | null;
    },
    context,
  ) => {
    const reaction = args.reaction === null || args.reaction === undefined ? null : reactionOf(args.reaction);
    const caller = await callerOf(context);
    const db = context.services.database.db;
    const { call } = await requireActiveCall(db, args.videocall, caller);
    await requireOwnAttendee(db, call.id, args.attendee, caller);
    const change = Object.fromEntries(
      (['audio', 'video', 'screen', 'hand'] as const).flatMap((key) => (typeof args[key] === 'boolean' ? [[key, args[key]]] : [])),
    );
    const board = callBoardOf(context.services);
    await board.setState(call.id, args.attendee, change);
    board.publish({ type: 'state', videocallId: call.id, attendeeId: args.attendee, reaction });
    return true;
  },
} satisfies MutationResolvers;

/** A reaction: one short emoji token, shown and never parsed (the chat's reaction rule). */
function reactionOf(raw: string): string {
  const emoji = raw.trim();
  if (emoji.length < emojiLength.minimum || emoji.length > emojiLength.maximum || /[\s<>"'`]/.test(emoji))
    throw codedError('REACTION_EMOJI_INVALID', { field: 'reaction' });
  return emoji;
}
