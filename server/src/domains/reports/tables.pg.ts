import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const standupChannels = pgTable('standup_channels', {
  projectId: text('project_id').primaryKey(),
  teamId: text('team_id').notNull(),
  enabled: boolean('enabled').notNull(),
  time: text('time').notNull(),
  timeZone: text('time_zone').notNull(),
  weekdays: jsonb('weekdays').notNull().$type<number[]>(),
  language: text('language').notNull(),
  setBy: text('set_by').notNull(),
  setAt: text('set_at').notNull(),
  lastDate: text('last_date'),
  lastUntil: text('last_until'),
  lastMessageId: text('last_message_id'),
});
