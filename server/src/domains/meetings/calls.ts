import { and, eq, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import type { StoredEvent } from '../../core/events';
import type { Services } from '../../graphql/context';
import { callBoardOf } from './board';
import { decideLeave, type RoomState } from './commands';
import { videocallStream, type LeaveReason, type VideocallLeft } from './events';
import { findCall, findRoom, presentAttendees, type Reader, type RoomRow } from './state';
import { videocallAttendees, videocalls } from './tables';

export const roomStateOf = (room: RoomRow): RoomState => ({ id: room.id, teamId: room.teamId, projectId: room.projectId });

/** How long a joined attendee may take to open its call feed (subVideocall) before it is dropped. */
export const openFeedWithinMs = 30_000;

/** Appends the leave (and the finish, for the last one) of attendees still in a call, inside a unit of work. */
export function appendLeave(unit: UnitOfWork, videocallId: string, attendeeIds: readonly string[], reason: LeaveReason): StoredEvent[] {
  const db = unit.transaction;
  const call = findCall(db, videocallId);
  const room = call ? findRoom(db, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) return [];
  const present = presentAttendees(db, call.id).map((attendee) => attendee.id);
  const events = decideLeave(roomStateOf(room), { id: call.id, presentAttendeeIds: present }, attendeeIds, reason);
  return events.length === 0 ? [] : unit.append(videocallStream(call.id), events, { teamId: room.teamId });
}

/** Tells the call's live feeds who left and whether it finished, once the leave is committed. */
export function announceLeave(services: Services, committed: readonly StoredEvent[]): void {
  const board = callBoardOf(services);
  for (const event of committed) {
    if (event.type === 'videocall.left') {
      const { videocallId, attendeeId } = event.payload as VideocallLeft;
      board.forget(attendeeId);
      board.publish({ type: 'left', videocallId, attendeeId });
    } else if (event.type === 'videocall.finished') {
      board.publish({ type: 'finished', videocallId: (event.payload as { videocallId: string }).videocallId });
    }
  }
}

/** Records that attendees left (their feed ended, they never opened it, or they asked) and tells the others. */
export async function recordLeave(
  services: Services,
  actorId: string | null,
  videocallId: string,
  attendeeIds: readonly string[],
  reason: LeaveReason,
): Promise<void> {
  const committed = await services.store.run({ actorId }, (unit) => appendLeave(unit, videocallId, attendeeIds, reason));
  announceLeave(services, committed);
}

/**
 * At start, nothing is in any call of this process: calls a crash left open are finished, every attendee
 * recorded as left ('restart'), so rooms do not show ghosts and the log says when they ended (at the restart:
 * the true end is unknown).
 */
export async function finishOpenCalls(services: Services): Promise<void> {
  const open = (db: Reader) => db.select({ id: videocalls.id }).from(videocalls).where(isNull(videocalls.finishedAt)).all();
  for (const call of open(services.database.db)) {
    await services.store.run({ actorId: null }, (unit) => {
      const attendees = presentAttendees(unit.transaction, call.id).map((attendee) => attendee.id);
      if (attendees.length > 0) return appendLeave(unit, call.id, attendees, 'restart');
      // A call with nobody in it cannot be left: it is finished directly.
      const row = findCall(unit.transaction, call.id);
      const room = row ? findRoom(unit.transaction, row.meetingroomId) : undefined;
      if (!row || !room || row.finishedAt !== null) return [];
      return unit.append(
        videocallStream(call.id),
        [
          {
            type: 'videocall.finished',
            payload: { meetingroomId: room.id, teamId: room.teamId, projectId: room.projectId, videocallId: call.id },
          },
        ],
        {
          teamId: room.teamId,
        },
      );
    });
  }
}

/** The caller's attendees still in a call. */
export function presentAttendeesOf(db: Reader, videocallId: string, match: { userId?: string; invitedId?: string }) {
  return db
    .select()
    .from(videocallAttendees)
    .where(
      and(
        eq(videocallAttendees.videocallId, videocallId),
        isNull(videocallAttendees.leftAt),
        match.userId !== undefined ? eq(videocallAttendees.userId, match.userId) : eq(videocallAttendees.invitedId, match.invitedId ?? ''),
      ),
    )
    .all();
}
