import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Projection: calendar events (SPEC §3 Event), from `calendarEvent.*` events. A recurring event is one row
 * with its RRULE; occurrences are expanded on read over the asked range only, never stored expanded.
 * Times are UTC ISO strings; timeZone is the IANA zone the event's wall-clock times belong to, so a weekly
 * 9:00 meeting is expanded at 9:00 local on both sides of a daylight-saving change.
 */
export const calendarEvents = sqliteTable(
  'calendar_events',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    authorId: text('author_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** event | meeting */
    type: text('type').notNull(),
    /** none | daily | weekly | monthly | weekdays, or custom for an imported RRULE none of them names. */
    recurring: text('recurring').notNull(),
    /** The RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO), null when recurring is none. */
    rrule: text('rrule'),
    timeZone: text('time_zone').notNull(),
    allDay: integer('all_day', { mode: 'boolean' }).notNull(),
    /** The first occurrence. */
    startAt: text('start_at').notNull(),
    endAt: text('end_at').notNull(),
    /** When the last occurrence ends (UNTIL or COUNT resolved); null for a series without end. */
    seriesEndAt: text('series_end_at'),
    location: text('location'),
    /** A meeting event's room: its invitation link opens it. */
    meetingroomId: text('meetingroom_id'),
    /** The synced calendar an imported event came from; null for an event made here. */
    calendarId: text('calendar_id'),
    /** The iCalendar UID: made here for our events, the remote one for imported events. */
    uid: text('uid').notNull(),
    /** The iCalendar SEQUENCE, raised by each change attendees' calendar clients must take. */
    sequence: integer('sequence').notNull(),
    /** "This and following": the series this event continues from its split. */
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

/** Projection: one occurrence of a recurring event changed or cancelled ("this event"; RECURRENCE-ID). */
export const calendarEventExceptions = sqliteTable(
  'calendar_event_exceptions',
  {
    eventId: text('event_id').notNull(),
    /** The occurrence's original start (UTC ISO): its RECURRENCE-ID. */
    occurrenceStart: text('occurrence_start').notNull(),
    cancelled: integer('cancelled', { mode: 'boolean' }).notNull(),
    /** Overrides; null keeps the series' value. */
    title: text('title'),
    description: text('description'),
    startAt: text('start_at'),
    endAt: text('end_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrenceStart] })],
);

/**
 * Projection: who an event invites and how they answered (SPEC §4 event responses): team members (userId
 * set) and guests by e-mail (userId null). response: invited | accepted | rejected.
 */
export const calendarEventPeople = sqliteTable(
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

/** Projection: a member's private ICS feed of one team; only the token's hash is kept. Revoked feeds stay, refused. */
export const calendarFeeds = sqliteTable(
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

/** Projection: a member's connected external calendar account (SPEC §3 Calendar account). */
export const calendarAccounts = sqliteTable(
  'calendar_accounts',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    picture: text('picture'),
    /** What the account is used for: calendar (two-way sync of events). */
    feature: text('feature').notNull(),
    /** caldav | google */
    type: text('type').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull(),
    serverUrl: text('server_url').notNull(),
    username: text('username').notNull(),
    /** ok | error; error carries the last failure's message for the sync page. */
    status: text('status').notNull(),
    error: text('error'),
    lastSyncedAt: text('last_synced_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('calendar_accounts_user').on(table.userId, table.teamId)],
);

/**
 * An account's password or token, encrypted with a key derived from the server secret. Kept outside the
 * event log on purpose: the log is append-only and a removed account's credential must be erasable.
 */
export const calendarAccountSecrets = sqliteTable('calendar_account_secrets', {
  accountId: text('account_id').primaryKey(),
  cipherText: text('cipher_text').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** Projection: the calendars of a connected account (SPEC §3 Calendar). */
export const calendars = sqliteTable(
  'calendars',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    /** The provider's calendar id: the collection's URL on the CalDAV server. */
    providerCalendarId: text('provider_calendar_id').notNull(),
    summary: text('summary').notNull(),
    description: text('description'),
    backgroundColor: text('background_color'),
    selected: integer('selected', { mode: 'boolean' }).notNull(),
    /** True once a first pull completed. */
    synced: integer('synced', { mode: 'boolean' }).notNull(),
    syncToken: text('sync_token'),
    ctag: text('ctag'),
    lastSyncedAt: text('last_synced_at'),
  },
  (table) => [uniqueIndex('calendars_account_provider').on(table.accountId, table.providerCalendarId)],
);

/** Projection: which remote object (href, ETag) holds which event, per synced calendar. */
export const calendarRemoteObjects = sqliteTable(
  'calendar_remote_objects',
  {
    calendarId: text('calendar_id').notNull(),
    href: text('href').notNull(),
    etag: text('etag'),
    uid: text('uid').notNull(),
    eventId: text('event_id').notNull(),
    /** The remote object's last modification (LAST-MODIFIED or DTSTAMP), for the conflict rule. */
    remoteModifiedAt: text('remote_modified_at'),
  },
  (table) => [primaryKey({ columns: [table.calendarId, table.href] }), index('calendar_remote_objects_event').on(table.eventId)],
);
