import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the
 * same tables, columns, keys and indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are
 * `boolean`, json is `jsonb`, and integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row
 * ids) are `bigint`.
 */

export const aiUsage = pgTable(
  'ai_usage',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').notNull(),
    startedAt: text('started_at').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    outcome: text('outcome'),
  },
  (table) => [index('ai_usage_team_started').on(table.teamId, table.startedAt)],
);

export const aiLimits = pgTable('ai_limits', {
  teamId: text('team_id').primaryKey(),
  requestsPerMinute: integer('requests_per_minute').notNull(),
  tokensPerDay: integer('tokens_per_day').notNull(),
});

export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('ai_conversations_owner').on(table.userId, table.teamId, table.updatedAt)],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull(),
    error: text('error'),
    errorCode: text('error_code'),
    persona: text('persona'),
    tone: text('tone'),
    mode: text('mode').notNull(),
    citations: text('citations').notNull().default('[]'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('ai_messages_conversation').on(table.conversationId, table.seq), index('ai_messages_state').on(table.state)],
);
