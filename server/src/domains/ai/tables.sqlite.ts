import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * The AI area's SQLite tables, which say what each table and column means: the tools' (limits and usage) and the
 * assistant's (conversations and messages). tables.pg.ts is their PostgreSQL twin; tables.ts picks this process's.
 */
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

/**
 * Projection of `aiConversation.*` events (stream `aiconversation:<id>`): one row per AI conversation of a
 * person in a team. A deleted conversation's row and its messages' rows are removed.
 */
export const aiConversations = sqliteTable(
  'ai_conversations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    /** Empty until the first question names it (its start) or the person renames it. */
    name: text('name').notNull(),
    /** chat | search: the default mode of its questions. */
    type: text('type').notNull(),
    createdAt: text('created_at').notNull(),
    /** The latest activity: created, renamed, a question asked or an answer finished. */
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('ai_conversations_owner').on(table.userId, table.teamId, table.updatedAt)],
);

/**
 * The questions and answers of AI conversations. An answer is recorded in state streaming when asked and
 * once more when it ends (done, stopped or failed), with its whole body; what streams in between is live only.
 */
export const aiMessages = sqliteTable(
  'ai_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    /** question | answer */
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** done | streaming | stopped | failed (a question is done). */
    state: text('state').notNull(),
    error: text('error'),
    errorCode: text('error_code'),
    persona: text('persona'),
    tone: text('tone'),
    /** chat | search */
    mode: text('mode').notNull(),
    /** The sources an AI search answer used, as JSON (AiCitation[]). */
    citations: text('citations').notNull().default('[]'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    /** Log position of the event that recorded it: the conversation's order. */
    seq: integer('seq').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('ai_messages_conversation').on(table.conversationId, table.seq), index('ai_messages_state').on(table.state)],
);
