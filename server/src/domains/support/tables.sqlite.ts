import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection of `support.feedbackSent` (stream `feedback:<id>`): what people sent the instance administrators
 * from the feedback page. `screenshot` is a size-capped image data URL, or null; `seq` orders the list.
 */
export const supportFeedback = sqliteTable(
  'support_feedback',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    screenshot: text('screenshot'),
    /** The address the person was on when they wrote (path only), to reproduce a problem. */
    page: text('page'),
    createdAt: text('created_at').notNull(),
    seq: integer('seq').notNull(),
  },
  (table) => [index('support_feedback_seq').on(table.seq)],
);

/**
 * Projection of `support.*` thread events (stream `support:<personId>`): one conversation per person with the
 * instance's support team. The two read positions are log positions: the person's, and the support team's
 * (shared by every instance administrator, as a team inbox).
 */
export const supportThreads = sqliteTable(
  'support_threads',
  {
    personId: text('person_id').primaryKey(),
    createdAt: text('created_at').notNull(),
    lastMessageAt: text('last_message_at').notNull(),
    lastSeq: integer('last_seq').notNull(),
    personReadSeq: integer('person_read_seq').notNull().default(0),
    supportReadSeq: integer('support_read_seq').notNull().default(0),
  },
  (table) => [index('support_threads_last_seq').on(table.lastSeq)],
);

/** Projection: the messages of the support threads; `body` is Markdown source, rendered only by the client. */
export const supportMessages = sqliteTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    personId: text('person_id').notNull(),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: text('created_at').notNull(),
    seq: integer('seq').notNull(),
  },
  (table) => [index('support_messages_thread_seq').on(table.personId, table.seq)],
);
