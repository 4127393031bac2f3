import type { MercuriusContext } from 'mercurius';
import { emojiLength } from '#shared/chatRules';
import { videocallStream } from '../../core/streams';
import { codedError, refusal } from '../../errors';
import { newId } from '../../core/ids';
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

function callFor(context: MercuriusContext, db: Reader, call: CallRow, attendee: AttendeeRow | null, joinToken: string | null = null) {
  const board = callBoardOf(context.services);
  return presentCall(
    context.services.config,
    call,
    presentParticipants(db, presentAttendees(db, call.id), (id) => board.stateOf(id)),
    attendee,
    {
      joinToken,
      recording: activeRecordingFor(context.services, db, call.id),
      privat: findCallPlace(db, call.meetingroomId)?.privatId ?? null,
    },
  );
}

/** With LiveKit, the new attendee's token for the call's LiveKit room (named by the call id); null in mesh mode. */
async function joinTokenFor(context: MercuriusContext, db: Reader, attendee: AttendeeRow | null): Promise<string | null> {
  const media = mediaServerOf(context.services);
  if (!media || !attendee) return null;
  const board = callBoardOf(context.services);
  const [participant] = presentParticipants(db, [attendee], (id) => board.stateOf(id));
  return media.joinToken({
    roomName: attendee.videocallId,
    identity: attendee.id,
    name: participant?.name ?? '',
    guest: attendee.invitedId !== null,
    metadata: { user: attendee.userId, invited: attendee.invitedId },
  });
}

/** The caller's attendee in the call, present now; any other id answers as someone not in the call. */
export function requireOwnAttendee(db: Reader, videocallId: string, attendeeId: string, caller: Caller): AttendeeRow {
  const attendee = presentAttendees(db, videocallId).find((candidate) => candidate.id === attendeeId);
  if (!attendee || !isCallersAttendee(attendee, caller)) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
  return attendee;
}

function placeOf(args: PlaceArguments): { kind: 'meetingroom' | 'project' | 'privat'; id: string } {
  const given = (['meetingroom', 'project', 'privat'] as const).filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (given.length !== 1) throw codedError('MEETING_PLACE_REQUIRED');
  return { kind: given[0]!, id: args[given[0]!]! };
}

export const callQueries = {
  getVideocalls: (_root, args: PlaceArguments, context) => {
    const caller = callerOf(context);
    const db = context.services.database.db;
    const active = (roomId: string) => {
      const call = activeCall(db, roomId);
      return call ? [callFor(context, db, call, ownAttendee(db, call.id, caller))] : [];
    };
    if (args.meetingroom) return active(requireCallRoom(db, args.meetingroom, caller).id);
    if (args.project) {
      if (caller.kind === 'guest') throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
      const room = findSpaceRoom(db, args.project);
      return room && memberMayUse(db, room, caller.userId) ? active(room.id) : [];
    }
    // A private chat's call: its members only; anyone else hears of no call.
    if (args.privat) {
      if (caller.kind === 'guest') return [];
      const place = findCallPlace(db, args.privat);
      return place?.privatId && memberMayUse(db, place, caller.userId) ? active(place.id) : [];
    }
    if (caller.kind === 'guest') {
      const room = findRoom(db, caller.meetingroomId);
      return room && requireCallRoomQuietly(db, room.id, caller) ? active(room.id) : [];
    }
    const { userId } = caller;
    const { team } = requireCurrentTeam(db, userId);
    return db
      .select()
      .from(meetingrooms)
      .where(eq(meetingrooms.teamId, team.id))
      .all()
      .filter((room) => memberMayUse(db, room, userId))
      .flatMap((room) => active(room.id));
  },
} satisfies QueryResolvers;

/** A private chat's call place, for one of its members; anyone else (a guest too) hears of no call. */
function requirePrivatPlace(db: Reader, privatId: string, caller: Caller): PlaceRow {
  const place = findCallPlace(db, privatId);
  if (!place?.privatId || caller.kind !== 'member' || !memberMayUse(db, place, caller.userId))
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  return place;
}

function requireCallRoomQuietly(db: Reader, meetingroomId: string, caller: Caller): boolean {
  try {
    requireCallRoom(db, meetingroomId, caller);
    return true;
  } catch {
    return false;
  }
}

/** The caller's newest attendee in the call, or null. */
function ownAttendee(db: Reader, videocallId: string, caller: Caller): AttendeeRow | null {
  const own = presentAttendees(db, videocallId).filter((attendee) => isCallersAttendee(attendee, caller));
  return own.at(-1) ?? null;
}

export const callMutations = {
  joinVideocall: async (_root, args: PlaceArguments, context) => {
    const caller = callerOf(context);
    const place = placeOf(args);
    const attendeeId = newId();
    const maximum = placementOf(context.services.config).maximum;
    const videocallId = await context.services.store.run(
      { actorId: actorIdOf(caller), mutationId: context.mutationId, request: context.request },
      async (unit) => {
        const db = unit.transaction;
        const room =
          place.kind === 'project'
            ? caller.kind === 'member'
              ? await ensureSpaceRoom(unit, place.id, caller.userId)
              : (() => {
                  throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
                })()
            : place.kind === 'privat'
              ? requirePrivatPlace(db, place.id, caller)
              : { ...requireCallRoom(db, place.id, caller), privatId: null };
        const active = activeCall(db, room.id);
        const joiner = {
          attendeeId,
          userId: caller.kind === 'member' ? caller.userId : null,
          invitedId: caller.kind === 'guest' ? caller.invitedId : null,
        };
        const decided = decideJoin(
          { ...roomStateOf(room), name: room.name },
          active ? { id: active.id, present: presentAttendees(db, active.id).length } : null,
          joiner,
          maximum,
          newId(),
        );
        await unit.append(videocallStream(decided.videocallId), decided.events, {
          teamId: room.teamId,
          ...(active ? {} : { expectedVersion: 0 }),
        });
        // Joining while rung answers the ring: it ends as accepted, not missed later.
        if (caller.kind === 'member')
          for (const ring of ringsOf(db, decided.videocallId))
            if (ring.state === 'ringing' && ring.calleeId === caller.userId) await appendRingEnd(unit, ring, 'accepted');
        return decided.videocallId;
      },
    );
    const services = context.services;
    callBoardOf(services).dropUnlessOpened(attendeeId, openFeedWithinMs, () =>
      recordLeave(services, actorIdOf(caller), videocallId, [attendeeId], 'dropped'),
    );
    const db = services.database.db;
    const attendee = presentAttendees(db, videocallId).find((candidate) => candidate.id === attendeeId) ?? null;
    return callFor(context, db, findCall(db, videocallId)!, attendee, await joinTokenFor(context, db, attendee));
  },
  leaveVideocall: async (_root, args: { id: string; attendee?: string | null }, context) => {
    const caller = callerOf(context);
    const db = context.services.database.db;
    const call = findCall(db, args.id);
    if (!call || call.finishedAt !== null) return false;
    const own = presentAttendeesOf(db, call.id, caller.kind === 'member' ? { userId: caller.userId } : { invitedId: caller.invitedId });
    if (args.attendee && !own.some((attendee) => attendee.id === args.attendee)) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
    const leaving = args.attendee ? [args.attendee] : own.map((attendee) => attendee.id);
    if (leaving.length === 0) return false;
    await recordLeave(context.services, actorIdOf(caller), call.id, leaving, 'left');
    return true;
  },
  signalVideocall: (_root, args: { videocall: string; from: string; to: string; signal: string }, context) => {
    // Refused before anything is read: the size is the cheapest check and the one a flood trips.
    checkSignal(args.signal);
    const caller = callerOf(context);
    const db = context.services.database.db;
    const { call } = requireActiveCall(db, args.videocall, caller);
    requireOwnAttendee(db, call.id, args.from, caller);
    if (args.to === args.from || !presentAttendees(db, call.id).some((attendee) => attendee.id === args.to))
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
  setVideocallState: (
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
    const caller = callerOf(context);
    const db = context.services.database.db;
    const { call } = requireActiveCall(db, args.videocall, caller);
    requireOwnAttendee(db, call.id, args.attendee, caller);
    const change = Object.fromEntries(
      (['audio', 'video', 'screen', 'hand'] as const).flatMap((key) => (typeof args[key] === 'boolean' ? [[key, args[key]]] : [])),
    );
    const board = callBoardOf(context.services);
    board.setState(args.attendee, change);
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
