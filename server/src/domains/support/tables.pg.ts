import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const supportFeedback = pgTable(
  'support_feedback',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    screenshot: text('screenshot'),
    page: text('page'),
    createdAt: text('created_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('support_feedback_seq').on(table.seq)],
);

export const supportThreads = pgTable(
  'support_threads',
  {
    personId: text('person_id').primaryKey(),
    createdAt: text('created_at').notNull(),
    lastMessageAt: text('last_message_at').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    personReadSeq: bigint('person_read_seq', { mode: 'number' }).notNull().default(0),
    supportReadSeq: bigint('support_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('support_threads_last_seq').on(table.lastSeq)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    personId: text('person_id').notNull(),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: text('created_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('support_messages_thread_seq').on(table.personId, table.seq)],
);
