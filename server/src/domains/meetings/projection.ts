import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { ProjectDeleted } from '../teams';
import type { MeetingsEvent } from './events';
import { meetingGuests, meetingrooms, videocallAttendees, videocallRecordings, videocalls } from './tables';

function touchRoom(transaction: Transaction, meetingroomId: string, at: string): void {
  transaction.update(meetingrooms).set({ updatedAt: at }).where(eq(meetingrooms.id, meetingroomId)).run();
}

function applyMeetingsEvent(transaction: Transaction, event: MeetingsEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'meetingroom.created': {
      const { meetingroomId, teamId, projectId, name, linkSecret, linkExpiresAt } = event.payload;
      transaction
        .insert(meetingrooms)
        .values({
          id: meetingroomId,
          teamId,
          projectId,
          name,
          authorId: stored.actorId ?? '',
          linkSecret,
          linkExpiresAt,
          createdAt: at,
          updatedAt: at,
        })
        .run();
      return;
    }
    case 'meetingroom.linkReset':
      transaction
        .update(meetingrooms)
        .set({ linkSecret: event.payload.linkSecret, linkExpiresAt: event.payload.linkExpiresAt, updatedAt: at })
        .where(eq(meetingrooms.id, event.payload.meetingroomId))
        .run();
      return;
    case 'meetingroom.notesCreated':
      touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'invited.created':
      transaction
        .insert(meetingGuests)
        .values({
          id: event.payload.invitedId,
          meetingroomId: event.payload.meetingroomId,
          name: event.payload.name,
          state: 'waiting',
          createdAt: at,
          updatedAt: at,
        })
        .run();
      touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'invited.stateChanged':
      transaction
        .update(meetingGuests)
        .set({ state: event.payload.state, updatedAt: at })
        .where(eq(meetingGuests.id, event.payload.invitedId))
        .run();
      touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.started':
      transaction
        .insert(videocalls)
        .values({
          id: event.payload.videocallId,
          meetingroomId: event.payload.meetingroomId,
          teamId: event.payload.teamId,
          projectId: event.payload.projectId,
          name: event.payload.name,
          createdAt: at,
          updatedAt: at,
          finishedAt: null,
        })
        .run();
      touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.joined':
      transaction
        .insert(videocallAttendees)
        .values({
          id: event.payload.attendeeId,
          videocallId: event.payload.videocallId,
          userId: event.payload.userId,
          invitedId: event.payload.invitedId,
          joinedAt: at,
          leftAt: null,
        })
        .run();
      transaction.update(videocalls).set({ updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId)).run();
      return;
    case 'videocall.left':
      transaction
        .update(videocallAttendees)
        .set({ leftAt: at })
        .where(and(eq(videocallAttendees.id, event.payload.attendeeId), isNull(videocallAttendees.leftAt)))
        .run();
      transaction.update(videocalls).set({ updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId)).run();
      return;
    case 'videocall.finished':
      transaction.update(videocalls).set({ finishedAt: at, updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId)).run();
      touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.recordingStarted':
      transaction
        .insert(videocallRecordings)
        .values({
          id: event.payload.recordingId,
          videocallId: event.payload.videocallId,
          meetingroomId: event.payload.meetingroomId,
          userId: event.payload.userId,
          attendeeId: event.payload.attendeeId,
          transport: event.payload.transport,
          status: 'recording',
          createdAt: at,
        })
        .run();
      return;
    case 'videocall.recordingStopped':
      transaction
        .update(videocallRecordings)
        .set({ status: 'stopped', stoppedAt: at })
        .where(and(eq(videocallRecordings.id, event.payload.recordingId), eq(videocallRecordings.status, 'recording')))
        .run();
      return;
    case 'videocall.recordingSaved': {
      const { recordingId, status, location, filename, size, durationMs, error } = event.payload;
      const row = transaction.select().from(videocallRecordings).where(eq(videocallRecordings.id, recordingId)).get();
      transaction
        .update(videocallRecordings)
        .set({
          status: status === 'complete' ? 'saved' : 'failed',
          stoppedAt: row?.stoppedAt ?? at,
          location,
          filename,
          size,
          durationMs,
          error,
        })
        .where(eq(videocallRecordings.id, recordingId))
        .run();
      return;
    }
  }
}

/** A deleted space takes its room, the room's guests and calls with it (their credentials stop matching a guest). */
function deleteSpaceRoom(transaction: Transaction, projectId: string): void {
  const room = transaction.select({ id: meetingrooms.id }).from(meetingrooms).where(eq(meetingrooms.projectId, projectId)).get();
  if (!room) return;
  const callIds = transaction
    .select({ id: videocalls.id })
    .from(videocalls)
    .where(eq(videocalls.meetingroomId, room.id))
    .all()
    .map((row) => row.id);
  if (callIds.length > 0) transaction.delete(videocallAttendees).where(inArray(videocallAttendees.videocallId, callIds)).run();
  transaction.delete(videocallRecordings).where(eq(videocallRecordings.meetingroomId, room.id)).run();
  transaction.delete(videocalls).where(eq(videocalls.meetingroomId, room.id)).run();
  transaction.delete(meetingGuests).where(eq(meetingGuests.meetingroomId, room.id)).run();
  transaction.delete(meetingrooms).where(eq(meetingrooms.id, room.id)).run();
}

const ownTypes = ['meetingroom.', 'invited.', 'videocall.'];

/** How meetings events become rows. */
export const meetingsProjection: Projection = {
  name: 'meetings',
  tables: [meetingrooms, meetingGuests, videocalls, videocallAttendees, videocallRecordings],
  apply(transaction: Transaction, stored: StoredEvent) {
    if (stored.type === 'project.deleted') return deleteSpaceRoom(transaction, (stored.payload as ProjectDeleted).projectId);
    if (ownTypes.some((prefix) => stored.type.startsWith(prefix)))
      applyMeetingsEvent(transaction, { type: stored.type, payload: stored.payload } as MeetingsEvent, stored);
  },
};
