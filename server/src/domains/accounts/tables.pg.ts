import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  language: text('language').notNull(),
  profileImg: text('profile_img'),
  role: text('role'),
  description: text('description'),
  currency: text('currency').notNull().default('usd'),
  rate: integer('rate'),
  resume: text('resume'),
  emailVerified: boolean('email_verified').notNull().default(false),
  defaultTeamId: text('default_team_id'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const userCredentials = pgTable('user_credentials', {
  userId: text('user_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    generation: integer('generation').notNull().default(0),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    browserId: text('browser_id'),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose', { enum: ['verifyEmail', 'resetPassword', 'setUp'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (table) => [index('account_tokens_user_purpose').on(table.userId, table.purpose)],
);
