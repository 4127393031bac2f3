import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    teamId: text('team_id').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    read: boolean('read').notNull().default(false),
    marked: boolean('marked').notNull().default(false),
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
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('notifications_user_seq').on(table.userId, table.teamId, table.seq),
    index('notifications_user_unread').on(table.userId, table.read, table.seq),
  ],
);

export const notificationDigests = pgTable('notification_digests', {
  userId: text('user_id').primaryKey(),
  lastSentAt: text('last_sent_at').notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
