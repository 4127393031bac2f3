import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Not a projection: every mail sent without SMTP, so a person trying the product can open it. */
export const outbox = sqliteTable(
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
