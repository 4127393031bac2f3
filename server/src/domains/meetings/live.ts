import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, tellListening, topics, type Verdict } from '../../core/live';
import { invitedStream } from '../../core/streams';
import { refusal } from '../../errors';
import { requireActor, type Actor } from '../../graphql/context';
import { callBoardOf, callTopic, type CallNotice } from './board';
import { recordLeave } from './calls';
import { requireOwnAttendee } from './callResolvers';
import type { InvitedCreated, InvitedStateChanged } from './events';
import { presentGuest, presentParticipants } from './present';
import { recordingFor } from './recordings';
import { roomsSubscription } from './roomsFeed';
import {
  callerOf,
  findAttendee,
  findRecording,
  findGuest,
  findRoom,
  mayStayInCall,
  memberMayUse,
  requireActiveCall,
  requireMemberRoom,
  type Caller,
  type PlaceRow,
  type RoomRow,
} from './state';

/** Events after which a member's sight of a room is judged again (the ways it changes). */
const mayChangeAccess = (type: string) => type.startsWith('team.') || type.startsWith('project.');

/**
 * subInvited's feed: the room's guest events while the subscriber may use the room (resumable, from the
 * team's topic); losing the room ends it.
 */
function guestFeed(context: MercuriusContext, room: RoomRow) {
  const actor = requireActor(context);
  const db = context.services.database.db;
  return feed(context, actor, topics.team(room.teamId), async (event): Promise<Verdict> => {
    if (event.type.startsWith('invited.')) return (event.payload as InvitedCreated).meetingroomId === room.id ? 'deliver' : 'skip';
    if (!mayChangeAccess(event.type)) return 'skip';
    const current = await findRoom(db, room.id);
    return current && (await memberMayUse(db, current, actor.userId)) ? 'skip' : 'end';
  });
}

/**
 * subInvitedBasic's feed: one guest's state changes, for that guest (or a member of its room, whose
 * credential is checked as on every member's feed). Resumable from the guest's stream like the team's
 * feeds, so a change made while the guest's socket was away or while the feed started is not missed. It
 * ends after telling the guest it was removed: nothing more can happen to it.
 */
async function* ownGuestFeed(context: MercuriusContext, invitedId: string, member: Actor | null): AsyncGenerator<StoredEvent> {
  const changes = feed(context, member, topics.stream(invitedStream(invitedId)), (event) =>
    event.type === 'invited.stateChanged' ? 'deliver' : 'skip',
  );
  for await (const event of changes) {
    yield event;
    if ((event.payload as InvitedStateChanged).state === 'removed') return;
  }
}

async function presentGuestChange(context: MercuriusContext, event: StoredEvent) {
  const guest = await findGuest(context.services.database.db, (event.payload as InvitedCreated).invitedId);
  if (!guest) return null;
  return { type: event.type === 'invited.created' ? 'invited.created' : 'invited.state', seq: event.seq, invited: presentGuest(guest) };
}

/**
 * subVideocall's feed for one attendee. Opening it makes the attendee present (the others hear 'joined'
 * and offer it a connection); its end, however it comes (closed, socket gone, removed), makes it leave.
 * The subscriber hears the others' joins, leaves and states, signals addressed to it, and the call's end;
 * its right to be in the call is judged again before every delivery.
 */
async function* callFeed(context: MercuriusContext, caller: Caller, room: PlaceRow, videocallId: string, attendeeId: string) {
  const services = context.services;
  const db = services.database.db;
  const board = callBoardOf(services);
  const queue = (await context.pubsub.subscribe(callTopic(videocallId))) as AsyncIterable<CallNotice>;
  await tellListening(context);
  if (board.opened(attendeeId)) board.publish({ type: 'joined', videocallId, attendeeId });
  try {
    for await (const notice of queue) {
      if (notice.type === 'finished') {
        yield notice;
        return;
      }
      if (notice.type === 'recording') {
        if (!(await mayStayInCall(db, room, caller))) return;
        yield notice;
        continue;
      }
      // Its own leave (removed, or left from another request) ends the feed.
      if (notice.attendeeId === attendeeId) {
        if (notice.type === 'left') return;
        continue;
      }
      if (notice.type === 'signal' && notice.to !== attendeeId) continue;
      if (!(await mayStayInCall(db, room, caller))) return;
      yield notice;
    }
  } finally {
    if (board.closed(attendeeId))
      await recordLeave(services, caller.kind === 'member' ? caller.userId : null, videocallId, [attendeeId], 'left');
  }
}

export const meetingSubscriptions = {
  ...roomsSubscription,
  subInvited: {
    subscribe: async (_root: unknown, args: { meetingroom: string }, context: MercuriusContext) => {
      const actor = requireActor(context);
      return guestFeed(context, await requireMemberRoom(context.services.database.db, args.meetingroom, actor.userId));
    },
    resolve: async (event: StoredEvent, _args: unknown, context: MercuriusContext) => await presentGuestChange(context, event),
  },
  subInvitedBasic: {
    subscribe: async (_root: unknown, args: { id: string }, context: MercuriusContext) => {
      const caller = await callerOf(context);
      const db = context.services.database.db;
      const guest = await findGuest(db, args.id);
      const mine =
        caller.kind === 'guest'
          ? guest?.id === caller.invitedId
          : guest !== undefined && (await memberMayUse(db, (await findRoom(db, guest.meetingroomId))!, caller.userId));
      if (!guest || !mine) throw refusal('NOT_FOUND', 'INVITED_NOT_FOUND');
      return ownGuestFeed(context, guest.id, caller.kind === 'member' ? requireActor(context) : null);
    },
    resolve: async (event: StoredEvent, _args: unknown, context: MercuriusContext) => await presentGuestChange(context, event),
  },
  subVideocall: {
    subscribe: async (_root: unknown, args: { videocall: string; attendee: string }, context: MercuriusContext) => {
      const caller = await callerOf(context);
      const db = context.services.database.db;
      const { call, room } = await requireActiveCall(db, args.videocall, caller);
      await requireOwnAttendee(db, call.id, args.attendee, caller);
      return callFeed(context, caller, room, call.id, args.attendee);
    },
    resolve: async (notice: CallNotice, _args: unknown, context: MercuriusContext) => {
      const quiet = { participant: null, reaction: null, from: null, signal: null, recording: null };
      if (notice.type === 'finished') return { ...quiet, type: 'finished', videocall: notice.videocallId };
      if (notice.type === 'recording') {
        const db = context.services.database.db;
        const recording = await findRecording(db, notice.recordingId);
        return {
          ...quiet,
          type: 'recording',
          videocall: notice.videocallId,
          recording: recording ? await recordingFor(context.services, db, recording) : null,
        };
      }
      if (notice.type === 'signal')
        return {
          type: 'signal',
          videocall: notice.videocallId,
          participant: null,
          reaction: null,
          from: notice.attendeeId,
          signal: notice.signal,
          recording: null,
        };
      const db = context.services.database.db;
      const board = callBoardOf(context.services);
      // The row stays after a leave, so a 'left' still says who.
      const attendee = await findAttendee(db, notice.attendeeId);
      const participant = attendee ? (await presentParticipants(db, [attendee], await board.statesOf(notice.videocallId)))[0] : null;
      return {
        type: notice.type,
        videocall: notice.videocallId,
        participant,
        reaction: notice.type === 'state' ? (notice.reaction ?? null) : null,
        from: null,
        signal: null,
        recording: null,
      };
    },
  },
};
