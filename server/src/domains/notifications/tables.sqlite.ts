import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection of `notification.*` events (stream `notifications:<userId>`): one row per notification a
 * person received. `seq` is the log position of the event that created it, the list's order and cursor.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    teamId: text('team_id').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    marked: integer('marked', { mode: 'boolean' }).notNull().default(false),
    authorId: text('author_id'),
    projectId: text('project_id'),
    taskId: text('task_id'),
    meetingroomId: text('meetingroom_id'),
    fileId: text('file_id'),
    docId: text('doc_id'),
    eventId: text('event_id'),
    messageId: text('message_id'),
    privatId: text('privat_id'),
    createdAt: text('created_at').notNull(),
    seq: integer('seq').notNull(),
  },
  (table) => [
    index('notifications_user_seq').on(table.userId, table.teamId, table.seq),
    index('notifications_user_unread').on(table.userId, table.read, table.seq),
  ],
);

/** Not a projection: when each person's last e-mail digest went out, and the newest notification it covered. */
export const notificationDigests = sqliteTable('notification_digests', {
  userId: text('user_id').primaryKey(),
  lastSentAt: text('last_sent_at').notNull(),
  lastSeq: integer('last_seq').notNull(),
});
