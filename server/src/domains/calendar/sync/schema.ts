/** CalDAV sync (issue 17, SPEC §3 Calendar account): the contract shared with the client. The Calendar type is the calendar module's. */
export const syncTypeDefs = /* GraphQL */ `
  "A connected external calendar account (SPEC §3 Calendar account). Its password or token is never sent back."
  type CalendarAccount {
    id: ID!
    email: String!
    picture: String
    "What the account is used for: calendar."
    feature: String!
    "caldav | google"
    type: String!
    "False when paused: the periodic sync skips it."
    active: Boolean!
    serverUrl: String!
    username: String!
    "ok | error | syncing"
    status: String!
    "Why the last sync failed, in the server's words."
    error: String
    lastSyncedAt: String
    calendars: [Calendar!]!
  }

  input CalendarSyncInput {
    "Set to change an existing account (new password, server URL); absent to connect a new one."
    account: ID
    "caldav | google (Google's CalDAV endpoint with the Google sign-in configuration)"
    type: String
    serverUrl: String
    username: String
    "The password or app password (caldav), or the OAuth refresh token (google). Stored encrypted, never sent back."
    password: String
    email: String
  }

  extend type Query {
    "The caller's calendars of their connected accounts in the current team."
    getCalendars: [Calendar!]!
    "The caller's connected calendar accounts in the current team."
    getCalendarAccounts: [CalendarAccount!]!
  }

  extend type Mutation {
    "Connects an account (sync without account) or changes one; feature calendar; active false pauses it."
    syncFeatureCalendar(sync: CalendarSyncInput!, feature: String!, active: Boolean!): CalendarAccount!
    "Chooses whether a calendar (its provider id or its id) syncs; deselecting removes its imported events here."
    selectCalendar(calendar: String!, selected: Boolean!): Calendar!
    "Stops syncing and removes the account's imported events here, never the remote ones."
    removeCalendarAccount(account: ID!): Boolean!
    "Sync one account now (the sync page's button); the answer is the account after the sync."
    syncCalendarAccount(account: ID!): CalendarAccount!
  }
`;
