import { and, eq, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import type { StoredEvent } from '../../core/events';
import { callPlaceStream, videocallStream } from '../../core/streams';
import type { Services } from '../../graphql/context';
import { callBoardOf } from './board';
import { decideLeave, decideStopRecording, type RoomState } from './commands';
import type { LeaveReason, MeetingsEvent, RecordingStopped, VideocallLeft, VideocallRung } from './events';
import { appendCallerGoneRings, outcomeOf, ringClockOf } from './ringing';
import {
  activeRecording,
  findCall,
  findCallPlace,
  presentAttendees,
  type CallRow,
  type PlaceRow,
  type Reader,
  type RoomRow,
} from './state';
import { videocallAttendees, videocalls } from './tables';

export const roomStateOf = (room: PlaceRow | RoomRow): RoomState => ({
  id: room.id,
  teamId: room.teamId,
  projectId: room.projectId,
  ...('privatId' in room && room.privatId ? { privatId: room.privatId } : {}),
});

/** How long a joined attendee may take to open its call feed (subVideocall) before it is dropped. */
export const openFeedWithinMs = 30_000;

/**
 * Appends the leave (and the finish, for the last one) of attendees still in a call, inside a unit of work.
 * A running recording stops with the call, and a mesh recording with the browser that makes it; rings stop
 * when their caller is gone (cancelled). The finish says how the call ended, for its chat entry.
 */
export async function appendLeave(
  unit: UnitOfWork,
  videocallId: string,
  attendeeIds: readonly string[],
  reason: LeaveReason,
): Promise<StoredEvent[]> {
  return await leaveCall(unit, await lockedCall(unit, videocallId), attendeeIds, reason);
}

/** appendLeave on the call as read under its locks (appendFinish reads it once for both). */
async function leaveCall(
  unit: UnitOfWork,
  call: CallRow | undefined,
  attendeeIds: readonly string[],
  reason: LeaveReason,
): Promise<StoredEvent[]> {
  const db = unit.transaction;
  const room = call ? await findCallPlace(db, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) return [];
  const present = (await presentAttendees(db, call.id)).map((attendee) => attendee.id);
  const events = decideLeave(roomStateOf(room), { id: call.id, presentAttendeeIds: present }, attendeeIds, reason);
  if (events.length === 0) return [];
  const left = events.filter((event) => event.type === 'videocall.left');
  const finishing = events.some((event) => event.type === 'videocall.finished');
  const committed = await unit.append(
    videocallStream(call.id),
    [...left, ...(await recordingStops(db, room, call.id, finishing, attendeeIds))],
    {
      teamId: room.teamId,
    },
  );
  return [
    ...committed,
    ...(await appendCallerGoneRings(unit, call.id, finishing)),
    ...(finishing ? await appendFinished(unit, room, call.id) : []),
  ];
}

/**
 * The call, read again once its place's and its own locks are held (a leave decides whether the call ends, which a
 * join at the same time must see): units run at once on PostgreSQL. A call never changes place.
 */
async function lockedCall(unit: UnitOfWork, videocallId: string) {
  const call = await findCall(unit.transaction, videocallId);
  if (!call) return undefined;
  await unit.lock(callPlaceStream(call.meetingroomId), videocallStream(call.id));
  return await findCall(unit.transaction, videocallId);
}

async function appendFinished(unit: UnitOfWork, room: PlaceRow, videocallId: string): Promise<StoredEvent[]> {
  return await unit.append(
    videocallStream(videocallId),
    [
      {
        type: 'videocall.finished',
        payload: { ...inPlace(room), videocallId, ...(await outcomeOf(unit.transaction, videocallId, unit.now)) },
      },
    ],
    { teamId: room.teamId },
  );
}

const inPlace = (room: PlaceRow) => ({
  meetingroomId: room.id,
  teamId: room.teamId,
  projectId: room.projectId,
  ...(room.privatId ? { privatId: room.privatId } : {}),
});

async function recordingStops(
  db: Reader,
  room: PlaceRow,
  videocallId: string,
  finishing: boolean,
  leaving: readonly string[],
): Promise<MeetingsEvent[]> {
  const recording = await activeRecording(db, videocallId);
  if (!recording) return [];
  if (finishing) return decideStopRecording(roomStateOf(room), recording, 'finished');
  if (recording.transport === 'mesh' && leaving.includes(recording.attendeeId))
    return decideStopRecording(roomStateOf(room), recording, 'left');
  return [];
}

/** Finishes a call: every attendee leaves; a call with nobody in it is finished directly. */
export async function appendFinish(unit: UnitOfWork, videocallId: string, reason: LeaveReason): Promise<StoredEvent[]> {
  const call = await lockedCall(unit, videocallId);
  const attendees = (await presentAttendees(unit.transaction, videocallId)).map((attendee) => attendee.id);
  if (attendees.length > 0) return await leaveCall(unit, call, attendees, reason);
  const room = call ? await findCallPlace(unit.transaction, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) return [];
  const stops = await recordingStops(unit.transaction, room, call.id, true, []);
  return [
    ...(stops.length > 0 ? await unit.append(videocallStream(call.id), stops, { teamId: room.teamId }) : []),
    ...(await appendCallerGoneRings(unit, call.id, true)),
    ...(await appendFinished(unit, room, call.id)),
  ];
}

/** Tells the call's live feeds who left, which recording stopped or was saved, and whether the call finished, once committed. */
export function announceLeave(services: Services, committed: readonly StoredEvent[]): void {
  const board = callBoardOf(services);
  // A finished call is announced first: a feed that heard its own leave would end without hearing that the call ended.
  const finishedFirst = [...committed].sort((a, b) => Number(b.type === 'videocall.finished') - Number(a.type === 'videocall.finished'));
  for (const event of finishedFirst) {
    if (event.type === 'videocall.left') {
      const { videocallId, attendeeId } = event.payload as VideocallLeft;
      board.forget(videocallId, attendeeId);
      board.publish({ type: 'left', videocallId, attendeeId });
    } else if (event.type === 'videocall.recordingStopped' || event.type === 'videocall.recordingSaved') {
      const { videocallId, recordingId } = event.payload as RecordingStopped;
      board.publish({ type: 'recording', videocallId, recordingId });
    } else if (event.type === 'videocall.rung') {
      ringClockOf(services).schedule((event.payload as VideocallRung).ringId, event.createdAt);
    } else if (event.type === 'videocall.ringEnded') {
      ringClockOf(services).ended((event.payload as VideocallRung).ringId);
    } else if (event.type === 'videocall.finished') {
      const { videocallId } = event.payload as { videocallId: string };
      board.finished(videocallId);
      board.publish({ type: 'finished', videocallId });
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
  const committed = await services.store.run({ actorId }, async (unit) => await appendLeave(unit, videocallId, attendeeIds, reason));
  announceLeave(services, committed);
}

/**
 * At start, nothing is in any call of this process: calls a crash left open are finished, every attendee
 * recorded as left ('restart'), so rooms do not show ghosts and the log says when they ended (at the restart:
 * the true end is unknown).
 */
export async function finishOpenCalls(services: Services): Promise<void> {
  const open = async (db: Reader) => await db.select({ id: videocalls.id }).from(videocalls).where(isNull(videocalls.finishedAt));
  for (const call of await open(services.database.db)) {
    await services.store.run({ actorId: null }, async (unit) => await appendFinish(unit, call.id, 'restart'));
  }
}

/** The caller's attendees still in a call. */
export async function presentAttendeesOf(db: Reader, videocallId: string, match: { userId?: string; invitedId?: string }) {
  return await db
    .select()
    .from(videocallAttendees)
    .where(
      and(
        eq(videocallAttendees.videocallId, videocallId),
        isNull(videocallAttendees.leftAt),
        match.userId !== undefined ? eq(videocallAttendees.userId, match.userId) : eq(videocallAttendees.invitedId, match.invitedId ?? ''),
      ),
    );
}
