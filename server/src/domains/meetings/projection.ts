import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { ProjectDeleted } from '../teams';
import type { MeetingsEvent } from './events';
import { meetingGuests, meetingrooms, videocallAttendees, videocallRecordings, videocalls } from './tables';

async function touchRoom(transaction: Transaction, meetingroomId: string, at: string): Promise<void> {
  await transaction.update(meetingrooms).set({ updatedAt: at }).where(eq(meetingrooms.id, meetingroomId));
}

async function applyMeetingsEvent(transaction: Transaction, event: MeetingsEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'meetingroom.created': {
      const { meetingroomId, teamId, projectId, name, linkSecret, linkExpiresAt } = event.payload;
      await transaction.insert(meetingrooms).values({
        id: meetingroomId,
        teamId,
        projectId,
        name,
        authorId: stored.actorId ?? '',
        linkSecret,
        linkExpiresAt,
        createdAt: at,
        updatedAt: at,
      });
      return;
    }
    case 'meetingroom.linkReset':
      await transaction
        .update(meetingrooms)
        .set({ linkSecret: event.payload.linkSecret, linkExpiresAt: event.payload.linkExpiresAt, updatedAt: at })
        .where(eq(meetingrooms.id, event.payload.meetingroomId));
      return;
    case 'meetingroom.notesCreated':
      await touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'invited.created':
      await transaction.insert(meetingGuests).values({
        id: event.payload.invitedId,
        meetingroomId: event.payload.meetingroomId,
        name: event.payload.name,
        state: 'waiting',
        createdAt: at,
        updatedAt: at,
      });
      await touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'invited.stateChanged':
      await transaction
        .update(meetingGuests)
        .set({ state: event.payload.state, updatedAt: at })
        .where(eq(meetingGuests.id, event.payload.invitedId));
      await touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.started':
      await transaction.insert(videocalls).values({
        id: event.payload.videocallId,
        meetingroomId: event.payload.meetingroomId,
        teamId: event.payload.teamId,
        projectId: event.payload.projectId,
        name: event.payload.name,
        createdAt: at,
        updatedAt: at,
        finishedAt: null,
      });
      await touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.joined':
      await transaction.insert(videocallAttendees).values({
        id: event.payload.attendeeId,
        videocallId: event.payload.videocallId,
        userId: event.payload.userId,
        invitedId: event.payload.invitedId,
        joinedAt: at,
        leftAt: null,
      });
      await transaction.update(videocalls).set({ updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId));
      return;
    case 'videocall.left':
      await transaction
        .update(videocallAttendees)
        .set({ leftAt: at })
        .where(and(eq(videocallAttendees.id, event.payload.attendeeId), isNull(videocallAttendees.leftAt)));
      await transaction.update(videocalls).set({ updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId));
      return;
    case 'videocall.finished':
      await transaction.update(videocalls).set({ finishedAt: at, updatedAt: at }).where(eq(videocalls.id, event.payload.videocallId));
      await touchRoom(transaction, event.payload.meetingroomId, at);
      return;
    case 'videocall.recordingStarted':
      await transaction.insert(videocallRecordings).values({
        id: event.payload.recordingId,
        videocallId: event.payload.videocallId,
        meetingroomId: event.payload.meetingroomId,
        userId: event.payload.userId,
        attendeeId: event.payload.attendeeId,
        transport: event.payload.transport,
        status: 'recording',
        createdAt: at,
      });
      return;
    case 'videocall.recordingStopped':
      await transaction
        .update(videocallRecordings)
        .set({ status: 'stopped', stoppedAt: at })
        .where(and(eq(videocallRecordings.id, event.payload.recordingId), eq(videocallRecordings.status, 'recording')));
      return;
    case 'videocall.recordingSaved': {
      const { recordingId, status, location, filename, size, durationMs, error } = event.payload;
      const [row] = await transaction.select().from(videocallRecordings).where(eq(videocallRecordings.id, recordingId)).limit(1);
      await transaction
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
        .where(eq(videocallRecordings.id, recordingId));
      return;
    }
  }
}

/** A deleted space takes its room, the room's guests and calls with it (their credentials stop matching a guest). */
async function deleteSpaceRoom(transaction: Transaction, projectId: string): Promise<void> {
  const [room] = await transaction.select({ id: meetingrooms.id }).from(meetingrooms).where(eq(meetingrooms.projectId, projectId)).limit(1);
  if (!room) return;
  const callIds = (await transaction.select({ id: videocalls.id }).from(videocalls).where(eq(videocalls.meetingroomId, room.id))).map(
    (row) => row.id,
  );
  if (callIds.length > 0) await transaction.delete(videocallAttendees).where(inArray(videocallAttendees.videocallId, callIds));
  await transaction.delete(videocallRecordings).where(eq(videocallRecordings.meetingroomId, room.id));
  await transaction.delete(videocalls).where(eq(videocalls.meetingroomId, room.id));
  await transaction.delete(meetingGuests).where(eq(meetingGuests.meetingroomId, room.id));
  await transaction.delete(meetingrooms).where(eq(meetingrooms.id, room.id));
}

const ownTypes = ['meetingroom.', 'invited.', 'videocall.'];

/** How meetings events become rows. */
export const meetingsProjection: Projection = {
  name: 'meetings',
  tables: [meetingrooms, meetingGuests, videocalls, videocallAttendees, videocallRecordings],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type === 'project.deleted') return deleteSpaceRoom(transaction, (stored.payload as ProjectDeleted).projectId);
    if (ownTypes.some((prefix) => stored.type.startsWith(prefix)))
      return applyMeetingsEvent(transaction, { type: stored.type, payload: stored.payload } as MeetingsEvent, stored);
    return undefined;
  },
};
