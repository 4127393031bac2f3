import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection of `ai.request.*` events (stream `aiRequest:<requestId>`): one row per provider request, inserted
 * when it starts (so requests still streaming count towards the team's requests per minute) and given its
 * tokens when it ends. The team limits are counted from these rows, never from process memory.
 */
export const aiUsage = sqliteTable(
  'ai_usage',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    /** assistant | writing */
    purpose: text('purpose').notNull(),
    /** ISO time the request started; its UTC day is what "today" counts. */
    startedAt: text('started_at').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** ok | failed | aborted; null while it runs. */
    outcome: text('outcome'),
  },
  (table) => [index('ai_usage_team_started').on(table.teamId, table.startedAt)],
);

/** Projection of `ai.limits.set` (stream `aiLimits:<teamId>`): a team's own limits; no row: the instance defaults. */
export const aiLimits = sqliteTable('ai_limits', {
  teamId: text('team_id').primaryKey(),
  requestsPerMinute: integer('requests_per_minute').notNull(),
  tokensPerDay: integer('tokens_per_day').notNull(),
});
