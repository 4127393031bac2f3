import { inArray } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { findPrivateChat } from '../../core/privateChats';
import { feed, topics, type Verdict } from '../../core/live';
import { newId } from '../../core/ids';
import { ringStream, videocallStream } from '../../core/streams';
import { refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { users } from '../accounts';
import { requireCurrentTeam } from '../teams';
import { announceLeave, presentAttendeesOf, roomStateOf } from './calls';
import type { VideocallRingEnded, VideocallRung } from './events';
import { endRing } from './ringing';
import { calleesOf, decideRing, ringNotificationTypeOf } from './ringRules';
import {
  findRing,
  memberMayUse,
  presentAttendees,
  requireActiveCall,
  ringingByCaller,
  ringingFor,
  ringsOf,
  type Reader,
  type RingRow,
} from './state';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** A ring as its caller and callee see it. */
export async function presentRing(db: Reader, ring: RingRow) {
  const [caller] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, [ring.callerId]));
  return {
    id: ring.id,
    videocall: ring.videocallId,
    caller: ring.callerId,
    callerName: caller ? `${caller.firstname} ${caller.lastname}`.trim() : '',
    callerProfileImg: caller?.profileImg ?? null,
    callee: ring.calleeId,
    notificationType: ring.notificationType,
    state: ring.state,
    meetingroom: ring.privatId ? null : ring.meetingroomId,
    project: ring.projectId,
    privat: ring.privatId,
    createdAt: ring.createdAt,
    endedAt: ring.endedAt,
  };
}

export const ringQueries = {
  /** Rings ringing now that concern the caller: incoming (as callee) then outgoing (as caller), oldest first. */
  getRings: async (_root, _args, context) => {
    const { userId } = requireActor(context);
    const db = context.services.database.db;
    const presented = [];
    for (const ring of [...(await ringingFor(db, userId)), ...(await ringingByCaller(db, userId))])
      presented.push(await presentRing(db, ring));
    return presented;
  },
} satisfies QueryResolvers;

export const ringMutations = {
  /**
   * A member in the call rings people into it: in a private chat its other members (or those listed), in a
   * room the listed users who may use it. Someone already in the call or already being rung is skipped.
   */
  ringVideocall: async (_root, args: { videocall: string; users?: string[] | null }, context) => {
    const { userId } = requireActor(context);
    const services = context.services;
    const committed = await services.store.run(
      { actorId: userId, mutationId: context.mutationId, request: context.request },
      async (unit) => {
        const db = unit.transaction;
        // Who is in the call and who is being rung are read under the call's lock.
        await unit.lock(videocallStream(args.videocall));
        const { call, room } = await requireActiveCall(db, args.videocall, { kind: 'member', userId });
        if ((await presentAttendeesOf(db, call.id, { userId })).length === 0) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
        const privat = room.privatId ? await findPrivateChat(db, room.privatId) : null;
        const inCall = new Set((await presentAttendees(db, call.id)).flatMap((attendee) => (attendee.userId ? [attendee.userId] : [])));
        // Judged before deciding, for everyone the ring could reach, so calleesOf stays synchronous.
        const mayUse = new Set<string>();
        for (const calleeId of new Set([...(privat?.memberIds ?? []), ...(args.users ?? [])]))
          if (await memberMayUse(db, room, calleeId)) mayUse.add(calleeId);
        const callees = calleesOf({ ...roomStateOf(room), privatMemberIds: privat?.memberIds ?? null }, userId, args.users, (calleeId) =>
          mayUse.has(calleeId),
        ).filter((calleeId) => !inCall.has(calleeId));
        const ringing = (await ringsOf(db, call.id)).flatMap((ring) => (ring.state === 'ringing' ? [ring.calleeId] : []));
        const rings = decideRing(
          roomStateOf(room),
          { id: call.id, ringingCalleeIds: ringing },
          userId,
          callees,
          ringNotificationTypeOf(room),
          () => newId(unit.now.getTime()),
        );
        const rung: StoredEvent[] = [];
        for (const { ringId, event } of rings) {
          rung.push(...(await unit.append(ringStream(ringId), [event], { teamId: room.teamId, expectedVersion: 0 })));
        }
        return rung;
      },
    );
    announceLeave(services, committed);
    const db = services.database.db;
    const presented = [];
    for (const event of committed) {
      const ring = event.type === 'videocall.rung' ? await findRing(db, (event.payload as VideocallRung).ringId) : undefined;
      if (ring) presented.push(await presentRing(db, ring));
    }
    return presented;
  },
  /** The callee answers the call's ring: accept (then joins with joinVideocall) or decline. */
  answerVideocall: async (_root, args: { videocall: string; accept: boolean }, context) => {
    const { userId } = requireActor(context);
    const services = context.services;
    const db = services.database.db;
    const rings = (await ringingFor(db, userId)).filter((ring) => ring.videocallId === args.videocall);
    if (rings.length === 0) throw refusal('NOT_FOUND', 'RING_NOT_FOUND');
    const outcome = args.accept ? 'accepted' : 'declined';
    for (const ring of rings) announceLeave(services, await endRing(services, ring.id, outcome, userId));
    return true;
  },
} satisfies MutationResolvers;

/**
 * Whether an event of the team is one of the user's rings for subCalls: a ring to them, or the end of a ring
 * they made or received. Judged from the event alone, so the rest of the team's traffic never wakes the feed.
 */
export function concernsRingsOf(userId: string): (event: StoredEvent) => boolean {
  return (event) => {
    const ring = event.payload as Pick<VideocallRung | VideocallRingEnded, 'callerId' | 'calleeId'>;
    if (event.type === 'videocall.rung') return ring.calleeId === userId;
    return event.type === 'videocall.ringEnded' && (ring.callerId === userId || ring.calleeId === userId);
  };
}

export const ringSubscriptions = {
  /**
   * The subscriber's rings in their current team: incoming ones (rung) and the end of every ring they make
   * or receive (ended, with its outcome). Resumable like the team's other feeds.
   */
  subCalls: {
    subscribe: async (_root: unknown, _args: unknown, context: MercuriusContext) => {
      const actor = requireActor(context);
      const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
      const concerns = concernsRingsOf(actor.userId);
      return feed(context, actor, topics.team(team.id), (event): Verdict => (concerns(event) ? 'deliver' : 'skip'), concerns);
    },
    resolve: async (event: StoredEvent, _args: unknown, context: MercuriusContext) => {
      const db = context.services.database.db;
      const ring = await findRing(db, (event.payload as VideocallRung).ringId);
      if (!ring) return null;
      return { type: event.type === 'videocall.rung' ? 'rung' : 'ended', seq: event.seq, ring: await presentRing(db, ring) };
    },
  },
};
