import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Projection: one row per user account. */
export const users = sqliteTable('users', {
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
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  defaultTeamId: text('default_team_id'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/**
 * Not a projection: password hashes are kept out of the event log, so a secret never becomes
 * permanent history. Written by the sign-up and password commands in the same transaction.
 */
export const userCredentials = sqliteTable('user_credentials', {
  userId: text('user_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/**
 * Not a projection: sign-in sessions. A session is one refresh-token family; each refresh replaces
 * the token hash, and presenting an older token of the family revokes the session (reuse detection).
 */
export const sessions = sqliteTable(
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

/**
 * Not a projection: single-use links for e-mail verification and password reset, and the set-up link
 * of an instance without accounts (user_id empty, see setUp.ts). Only a hash of the secret is stored;
 * a link is spent by setting `usedAt`, and a newer link replaces older ones.
 */
export const accountTokens = sqliteTable(
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
