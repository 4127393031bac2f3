import { and, eq, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import type { StoredEvent } from '../../core/events';
import type { Services } from '../../graphql/context';
import { callBoardOf } from './board';
import { decideLeave, decideStopRecording, type RoomState } from './commands';
import { videocallStream, type LeaveReason, type MeetingsEvent, type RecordingStopped, type VideocallLeft } from './events';
import { activeRecording, findCall, findRoom, presentAttendees, type Reader, type RoomRow } from './state';
import { videocallAttendees, videocalls } from './tables';

export const roomStateOf = (room: RoomRow): RoomState => ({ id: room.id, teamId: room.teamId, projectId: room.projectId });

/** How long a joined attendee may take to open its call feed (subVideocall) before it is dropped. */
export const openFeedWithinMs = 30_000;

/**
 * Appends the leave (and the finish, for the last one) of attendees still in a call, inside a unit of work.
 * A running recording stops with the call, and a mesh recording with the browser that makes it.
 */
export function appendLeave(unit: UnitOfWork, videocallId: string, attendeeIds: readonly string[], reason: LeaveReason): StoredEvent[] {
  const db = unit.transaction;
  const call = findCall(db, videocallId);
  const room = call ? findRoom(db, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) return [];
  const present = presentAttendees(db, call.id).map((attendee) => attendee.id);
  const events = decideLeave(roomStateOf(room), { id: call.id, presentAttendeeIds: present }, attendeeIds, reason);
  if (events.length === 0) return [];
  const left = events.filter((event) => event.type === 'videocall.left');
  const finished = events.filter((event) => event.type === 'videocall.finished');
  return unit.append(
    videocallStream(call.id),
    [...left, ...recordingStops(db, room, call.id, finished.length > 0, attendeeIds), ...finished],
    {
      teamId: room.teamId,
    },
  );
}

function recordingStops(db: Reader, room: RoomRow, videocallId: string, finishing: boolean, leaving: readonly string[]): MeetingsEvent[] {
  const recording = activeRecording(db, videocallId);
  if (!recording) return [];
  if (finishing) return decideStopRecording(roomStateOf(room), recording, 'finished');
  if (recording.transport === 'mesh' && leaving.includes(recording.attendeeId))
    return decideStopRecording(roomStateOf(room), recording, 'left');
  return [];
}

/** Finishes a call: every attendee leaves; a call with nobody in it is finished directly. */
export function appendFinish(unit: UnitOfWork, videocallId: string, reason: LeaveReason): StoredEvent[] {
  const attendees = presentAttendees(unit.transaction, videocallId).map((attendee) => attendee.id);
  if (attendees.length > 0) return appendLeave(unit, videocallId, attendees, reason);
  const call = findCall(unit.transaction, videocallId);
  const room = call ? findRoom(unit.transaction, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) return [];
  return unit.append(
    videocallStream(call.id),
    [
      ...recordingStops(unit.transaction, room, call.id, true, []),
      {
        type: 'videocall.finished',
        payload: { meetingroomId: room.id, teamId: room.teamId, projectId: room.projectId, videocallId: call.id },
      },
    ],
    { teamId: room.teamId },
  );
}

/** Tells the call's live feeds who left, which recording stopped or was saved, and whether the call finished, once committed. */
export function announceLeave(services: Services, committed: readonly StoredEvent[]): void {
  const board = callBoardOf(services);
  // A finished call is announced first: a feed that heard its own leave would end without hearing that the call ended.
  const finishedFirst = [...committed].sort((a, b) => Number(b.type === 'videocall.finished') - Number(a.type === 'videocall.finished'));
  for (const event of finishedFirst) {
    if (event.type === 'videocall.left') {
      const { videocallId, attendeeId } = event.payload as VideocallLeft;
      board.forget(attendeeId);
      board.publish({ type: 'left', videocallId, attendeeId });
    } else if (event.type === 'videocall.recordingStopped' || event.type === 'videocall.recordingSaved') {
      const { videocallId, recordingId } = event.payload as RecordingStopped;
      board.publish({ type: 'recording', videocallId, recordingId });
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
    await services.store.run({ actorId: null }, (unit) => appendFinish(unit, call.id, 'restart'));
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
