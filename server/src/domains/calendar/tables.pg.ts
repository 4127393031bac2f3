import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    authorId: text('author_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    recurring: text('recurring').notNull(),
    rrule: text('rrule'),
    timeZone: text('time_zone').notNull(),
    allDay: boolean('all_day').notNull(),
    startAt: text('start_at').notNull(),
    endAt: text('end_at').notNull(),
    seriesEndAt: text('series_end_at'),
    location: text('location'),
    meetingroomId: text('meetingroom_id'),
    calendarId: text('calendar_id'),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull(),
    splitFromId: text('split_from_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('calendar_events_team_start').on(table.teamId, table.startAt),
    index('calendar_events_team_series_end').on(table.teamId, table.seriesEndAt),
    // The events a person wrote (search's readable events start from the person, not from the team's events).
    index('calendar_events_team_author').on(table.teamId, table.authorId),
    index('calendar_events_calendar').on(table.calendarId),
    index('calendar_events_uid').on(table.uid),
    index('calendar_events_meetingroom').on(table.meetingroomId),
  ],
);

export const calendarEventExceptions = pgTable(
  'calendar_event_exceptions',
  {
    eventId: text('event_id').notNull(),
    occurrenceStart: text('occurrence_start').notNull(),
    cancelled: boolean('cancelled').notNull(),
    title: text('title'),
    description: text('description'),
    startAt: text('start_at'),
    endAt: text('end_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrenceStart] })],
);

export const calendarEventPeople = pgTable(
  'calendar_event_people',
  {
    eventId: text('event_id').notNull(),
    userId: text('user_id'),
    email: text('email').notNull(),
    name: text('name'),
    response: text('response').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.email] }), index('calendar_event_people_user').on(table.userId, table.eventId)],
);

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (table) => [uniqueIndex('calendar_feeds_token').on(table.tokenHash), index('calendar_feeds_user').on(table.userId, table.teamId)],
);

export const calendarAccounts = pgTable(
  'calendar_accounts',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    picture: text('picture'),
    feature: text('feature').notNull(),
    type: text('type').notNull(),
    active: boolean('active').notNull(),
    serverUrl: text('server_url').notNull(),
    username: text('username').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    lastSyncedAt: text('last_synced_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('calendar_accounts_user').on(table.userId, table.teamId)],
);

export const calendarAccountSecrets = pgTable('calendar_account_secrets', {
  accountId: text('account_id').primaryKey(),
  cipherText: text('cipher_text').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const calendars = pgTable(
  'calendars',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    providerCalendarId: text('provider_calendar_id').notNull(),
    summary: text('summary').notNull(),
    description: text('description'),
    backgroundColor: text('background_color'),
    selected: boolean('selected').notNull(),
    synced: boolean('synced').notNull(),
    syncToken: text('sync_token'),
    ctag: text('ctag'),
    lastSyncedAt: text('last_synced_at'),
  },
  (table) => [uniqueIndex('calendars_account_provider').on(table.accountId, table.providerCalendarId)],
);

export const calendarRemoteObjects = pgTable(
  'calendar_remote_objects',
  {
    calendarId: text('calendar_id').notNull(),
    href: text('href').notNull(),
    etag: text('etag'),
    uid: text('uid').notNull(),
    eventId: text('event_id').notNull(),
    remoteModifiedAt: text('remote_modified_at'),
  },
  (table) => [primaryKey({ columns: [table.calendarId, table.href] }), index('calendar_remote_objects_event').on(table.eventId)],
);
