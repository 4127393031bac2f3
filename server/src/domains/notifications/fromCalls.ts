import type { Reaction } from '../../core/commands';
import type { NotificationType } from '#shared/notifications';
import { findPrivateChat } from '../../core/privateChats';
import { findMeetingroom, memberMayUseMeetingroom } from '../meetings';
import { fullNameOf, notify } from './notify';

interface RingEnd {
  meetingroomId: string;
  teamId: string;
  projectId: string | null;
  privatId?: string | null;
  callerId: string;
  calleeId: string;
  outcome: 'accepted' | 'declined' | 'cancelled' | 'missed';
}

/** The type a ring becomes, as the meetings area names it on the ring (ringRules.ringNotificationTypeOf). */
function typeOf(ring: RingEnd): NotificationType {
  if (ring.privatId) return 'INVITATION_PVIDEOCALL';
  return ring.projectId !== null ? 'INVITATION_TVIDEOCALL' : 'INVITATION_MEETINGROOM';
}

/**
 * A call you did not answer: INVITATION_PVIDEOCALL (a private chat's call), INVITATION_TVIDEOCALL (a space's
 * call) or INVITATION_MEETINGROOM (rung into an ad hoc room), told when the ring ends unanswered (it rang
 * out, or the caller hung up first). An accepted or declined ring was seen: the ringing screen told it.
 * The description is the room's name, the group chat's, or for a one-to-one call the caller's.
 */
export const missedCallNotifications: Reaction = {
  name: 'notifications: a missed call',
  on: ['videocall.ringEnded'],
  async react(unit, event) {
    const ring = event.payload as RingEnd;
    if (ring.outcome !== 'missed' && ring.outcome !== 'cancelled') return;
    const db = unit.transaction;
    const privat = ring.privatId ? await findPrivateChat(db, ring.privatId) : null;
    const place = ring.privatId ? privat?.name : (await findMeetingroom(db, ring.meetingroomId))?.name;
    await notify(
      unit,
      [ring.calleeId],
      {
        type: typeOf(ring),
        teamId: ring.teamId,
        authorId: ring.callerId,
        description: place ?? (await fullNameOf(db, ring.callerId)) ?? '',
        projectId: ring.projectId,
        privatId: ring.privatId ?? null,
        meetingroomId: ring.privatId ? null : ring.meetingroomId,
      },
      async (userId) =>
        await memberMayUseMeetingroom(db, { teamId: ring.teamId, projectId: ring.projectId, privatId: ring.privatId ?? null }, userId),
    );
  },
};
