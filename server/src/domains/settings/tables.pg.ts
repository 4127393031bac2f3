import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const userSettings = pgTable(
  'user_settings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    active: boolean('active').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('user_settings_user_name').on(table.userId, table.name)],
);

export const teamSettings = pgTable(
  'team_settings',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    active: boolean('active').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('team_settings_team_name').on(table.teamId, table.name)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (table) => [index('api_tokens_user').on(table.userId)],
);
