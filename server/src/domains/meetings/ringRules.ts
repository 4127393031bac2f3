import { codedError, refusal } from '../../errors';
import type { CallOutcome, MeetingsEvent, RingNotificationType, RingOutcome } from './events';
import type { RoomState } from './commands';

/** The call's place as the ring rules see it. */
export interface RingPlace extends RoomState {
  /** Set for a private chat: its members now (the default callees). */
  privatMemberIds: readonly string[] | null;
}

const inPlace = (place: RoomState) => ({
  meetingroomId: place.id,
  teamId: place.teamId,
  projectId: place.projectId,
  ...(place.privatId ? { privatId: place.privatId } : {}),
});

/** The notification a ring becomes: a private chat's call, a space's call (its room), or an invitation into an ad hoc room. */
export function ringNotificationTypeOf(place: Pick<RoomState, 'privatId' | 'projectId'>): RingNotificationType {
  if (place.privatId) return 'INVITATION_PVIDEOCALL';
  return place.projectId !== null ? 'INVITATION_TVIDEOCALL' : 'INVITATION_MEETINGROOM';
}

/**
 * Whom a ring reaches: in a private chat the listed members (default: every other member); in a room the
 * listed users, each of whom must be able to use the room (`mayUse`). The caller never rings themselves;
 * anyone not allowed answers as missing, so ids cannot be probed.
 */
export function calleesOf(
  place: RingPlace,
  callerId: string,
  requested: readonly string[] | null | undefined,
  mayUse: (userId: string) => boolean,
): string[] {
  const listed = requested === null || requested === undefined ? null : [...new Set(requested)].filter((userId) => userId !== callerId);
  if (place.privatMemberIds !== null) {
    const others = place.privatMemberIds.filter((userId) => userId !== callerId);
    if (listed === null) return others.filter(mayUse);
    if (listed.some((userId) => !others.includes(userId) || !mayUse(userId))) throw refusal('NOT_FOUND', 'CALLEE_NOT_FOUND');
    return listed;
  }
  if (listed === null || listed.length === 0) throw codedError('RING_USERS_REQUIRED', { field: 'users' });
  if (listed.some((userId) => !mayUse(userId))) throw refusal('NOT_FOUND', 'CALLEE_NOT_FOUND');
  return listed;
}

/** One ring per callee not already being rung into this call. */
export function decideRing(
  place: RoomState,
  call: { id: string; ringingCalleeIds: readonly string[] },
  callerId: string,
  callees: readonly string[],
  notificationType: RingNotificationType,
  newRingId: () => string,
): { ringId: string; event: MeetingsEvent }[] {
  return callees
    .filter((calleeId) => !call.ringingCalleeIds.includes(calleeId))
    .map((calleeId) => {
      const ringId = newRingId();
      return {
        ringId,
        event: {
          type: 'videocall.rung',
          payload: { ...inPlace(place), videocallId: call.id, ringId, callerId, calleeId, notificationType },
        },
      };
    });
}

/** A ring ends once: a ring that already ended changes nothing. */
export function decideRingEnd(
  place: RoomState,
  ring: { id: string; videocallId: string; callerId: string; calleeId: string; state: string },
  outcome: RingOutcome,
): MeetingsEvent[] {
  if (ring.state !== 'ringing') return [];
  return [
    {
      type: 'videocall.ringEnded',
      payload: {
        ...inPlace(place),
        videocallId: ring.videocallId,
        ringId: ring.id,
        callerId: ring.callerId,
        calleeId: ring.calleeId,
        outcome,
      },
    },
  ];
}

/** Who was in a call: a member's user id or a guest's id; `joinedAt` ISO time. */
export interface AttendanceFacts {
  userId: string | null;
  invitedId: string | null;
  joinedAt: string;
}

/**
 * How a finished call ended. made: two people or more were in it (the duration runs from when the second one
 * joined to the end); otherwise missed when someone was rung and declined or did not answer, and cancelled
 * when nobody was rung or the caller hung up while it was ringing. Rings still ringing at the end count as
 * cancelled (the caller hung up first).
 */
export function callOutcome(
  attendances: readonly AttendanceFacts[],
  ringOutcomes: readonly (RingOutcome | 'ringing')[],
  finishedAt: Date,
): { outcome: CallOutcome; durationMs: number } {
  const firstJoin = new Map<string, number>();
  for (const attendance of attendances) {
    const person = attendance.userId ?? `invited:${attendance.invitedId}`;
    const at = Date.parse(attendance.joinedAt);
    if (!firstJoin.has(person) || at < firstJoin.get(person)!) firstJoin.set(person, at);
  }
  const joins = [...firstJoin.values()].sort((a, b) => a - b);
  if (joins.length >= 2) return { outcome: 'made', durationMs: Math.max(0, finishedAt.getTime() - joins[1]!) };
  const unanswered = ringOutcomes.some((outcome) => outcome === 'declined' || outcome === 'missed');
  return { outcome: unanswered ? 'missed' : 'cancelled', durationMs: 0 };
}

/** The body of a call's chat entry (message type "call"): JSON the client reads, never Markdown. */
export interface CallEntryBody {
  videocall: string;
  outcome: CallOutcome;
  durationMs: number;
  /** Who started the call. */
  startedBy: string | null;
  /** The room's notes doc and its space, when the room has notes (a space's room only); absent otherwise. */
  notes?: { doc: string; project: string };
}
