import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Projection: per-user settings such as notification preferences, one row per setting name. */
export const userSettings = sqliteTable(
  'user_settings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    active: integer('active', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('user_settings_user_name').on(table.userId, table.name)],
);

/** Projection: a team's defaults (admin "notifications and e-mails"), one row per setting name; a member's own setting wins. */
export const teamSettings = sqliteTable(
  'team_settings',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    active: integer('active', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('team_settings_team_name').on(table.teamId, table.name)],
);

/**
 * Not a projection: personal API tokens. Only a SHA-256 hash of the token is kept, like the other
 * secrets, out of the event log; the log records that a token was created or revoked.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, so its owner can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (table) => [index('api_tokens_user').on(table.userId)],
);
