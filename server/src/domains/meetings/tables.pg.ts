import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const meetingrooms = pgTable(
  'meetingrooms',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
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

export const meetingGuests = pgTable(
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

export const videocalls = pgTable(
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

export const videocallAttendees = pgTable(
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

export const videocallRecordings = pgTable(
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
    location: text('location'),
    filename: text('filename'),
    size: bigint('size', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    error: text('error'),
  },
  (table) => [index('videocall_recordings_call').on(table.videocallId, table.stoppedAt)],
);

export const videocallRings = pgTable(
  'videocall_rings',
  {
    id: text('id').primaryKey(),
    videocallId: text('videocall_id').notNull(),
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

export const meetingGuestCredentials = pgTable('meeting_guest_credentials', {
  hash: text('hash').primaryKey(),
  invitedId: text('invited_id').notNull(),
  meetingroomId: text('meetingroom_id').notNull(),
  createdAt: text('created_at').notNull(),
});
