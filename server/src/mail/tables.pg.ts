import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('outbox_created').on(table.createdAt)],
);
