import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection of the `standup:<projectId>` stream (standupChannelEvents.ts): a space's standup schedule as its
 * admin last set it, and the last day the standup job posted (or passed over) for it. No row: never set.
 */
export const standupChannels = sqliteTable('standup_channels', {
  projectId: text('project_id').primaryKey(),
  teamId: text('team_id').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  /** Local time of day, HH:MM. */
  time: text('time').notNull(),
  /** IANA time zone the time is read in. */
  timeZone: text('time_zone').notNull(),
  /** ISO weekdays (1 Monday to 7 Sunday). */
  weekdays: text('weekdays', { mode: 'json' }).notNull().$type<number[]>(),
  /** The language the entries are written in: the setter's at the time. */
  language: text('language').notNull(),
  setBy: text('set_by').notNull(),
  setAt: text('set_at').notNull(),
  /** The local date of the last run that posted or found nothing to say; null before the first. */
  lastDate: text('last_date'),
  /** The end of the activity the last run covered: the next entry starts there. */
  lastUntil: text('last_until'),
  /** The entry that run posted; null when it had nothing to say. */
  lastMessageId: text('last_message_id'),
});
