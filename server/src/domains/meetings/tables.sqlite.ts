import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Projection: meeting rooms, from `meetingroom.*` events. A space has at most one room (the unique index). */
export const meetingrooms = sqliteTable(
  'meetingrooms',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    /** The space whose permanent room this is; null for an ad hoc room. */
    projectId: text('project_id'),
    name: text('name').notNull(),
    authorId: text('author_id').notNull(),
    linkSecret: text('link_secret').notNull(),
    linkExpiresAt: text('link_expires_at').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('meetingrooms_team').on(table.teamId), uniqueIndex('meetingrooms_project').on(table.projectId)],
);

/** Projection: guests who asked to enter a room with its link (SPEC "Invited guest"). */
export const meetingGuests = sqliteTable(
  'meeting_guests',
  {
    id: text('id').primaryKey(),
    meetingroomId: text('meetingroom_id').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('meeting_guests_room').on(table.meetingroomId, table.createdAt)],
);

/** Projection: calls; a room has at most one whose finishedAt is null. */
export const videocalls = sqliteTable(
  'videocalls',
  {
    id: text('id').primaryKey(),
    meetingroomId: text('meetingroom_id').notNull(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id'),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    finishedAt: text('finished_at'),
  },
  (table) => [index('videocalls_room').on(table.meetingroomId, table.finishedAt)],
);

/** Projection: one row per join (an attendee); leftAt is null while it is in the call. */
export const videocallAttendees = sqliteTable(
  'videocall_attendees',
  {
    id: text('id').primaryKey(),
    videocallId: text('videocall_id').notNull(),
    userId: text('user_id'),
    invitedId: text('invited_id'),
    joinedAt: text('joined_at').notNull(),
    leftAt: text('left_at'),
  },
  (table) => [
    index('videocall_attendees_call').on(table.videocallId, table.leftAt),
    index('videocall_attendees_invited').on(table.invitedId),
  ],
);

/**
 * Projection: recordings of calls. status: recording → stopped (mesh: the recorder's browser uploads the file
 * to files itself; LiveKit: egress is finishing) → saved or failed (LiveKit's egress_ended, with where the file is).
 */
export const videocallRecordings = sqliteTable(
  'videocall_recordings',
  {
    id: text('id').primaryKey(),
    videocallId: text('videocall_id').notNull(),
    meetingroomId: text('meetingroom_id').notNull(),
    userId: text('user_id').notNull(),
    attendeeId: text('attendee_id').notNull(),
    transport: text('transport').notNull(),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    stoppedAt: text('stopped_at'),
    /** Where LiveKit egress wrote the file (an S3 key or URL, or a path on the egress host); null in mesh mode. */
    location: text('location'),
    filename: text('filename'),
    size: integer('size'),
    durationMs: integer('duration_ms'),
    error: text('error'),
  },
  (table) => [index('videocall_recordings_call').on(table.videocallId, table.stoppedAt)],
);

/**
 * Projection: rings (a member calling another into a call, in the app). state: ringing → accepted | declined |
 * cancelled | missed; endedAt is set with the end.
 */
export const videocallRings = sqliteTable(
  'videocall_rings',
  {
    id: text('id').primaryKey(),
    videocallId: text('videocall_id').notNull(),
    /** The call's place: a room, or a private chat's id. */
    meetingroomId: text('meetingroom_id').notNull(),
    privatId: text('privat_id'),
    projectId: text('project_id'),
    teamId: text('team_id').notNull(),
    callerId: text('caller_id').notNull(),
    calleeId: text('callee_id').notNull(),
    notificationType: text('notification_type').notNull(),
    state: text('state').notNull(),
    createdAt: text('created_at').notNull(),
    endedAt: text('ended_at'),
  },
  (table) => [
    index('videocall_rings_call').on(table.videocallId, table.state),
    index('videocall_rings_callee').on(table.calleeId, table.state),
  ],
);

/**
 * Not a projection: a guest's credential, as the SHA-256 of the secret its browser holds, kept out of the
 * permanent log like API tokens. A rebuild keeps it; a guest the log no longer has simply finds nothing.
 */
export const meetingGuestCredentials = sqliteTable('meeting_guest_credentials', {
  hash: text('hash').primaryKey(),
  invitedId: text('invited_id').notNull(),
  meetingroomId: text('meetingroom_id').notNull(),
  createdAt: text('created_at').notNull(),
});
