import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
