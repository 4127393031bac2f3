import { and, eq } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import { aiConversations, aiMessages } from './tables';
import type { AiCitationRecord, AiConversationEvent } from './conversationEvents';

/** How long a conversation's name taken from its first question may be, in characters. */
export const conversationNameLength = 60;

/** The start of a question as a conversation's name: one line, cut at a word boundary. */
export function nameFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  if (characters.length <= conversationNameLength) return line;
  const cut = characters.slice(0, conversationNameLength).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > conversationNameLength / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The citations as the row keeps them, each with its fields in one order: a payload read back from PostgreSQL's jsonb
 * has its keys in jsonb's order, not the order they were appended in, so a replay would write other text.
 */
function citationsText(citations: readonly AiCitationRecord[]): string {
  return JSON.stringify(citations.map(({ kind, id, title, link, project }) => ({ kind, id, title, link, project })));
}

async function touch(transaction: Transaction, conversationId: string, at: string): Promise<void> {
  await transaction.update(aiConversations).set({ updatedAt: at }).where(eq(aiConversations.id, conversationId));
}

/** The events this projection writes rows for (every type of AiConversationEvent: the compiler checks none is missing). */
const conversationEventTypes: ReadonlySet<string> = new Set(
  Object.keys({
    'ai.conversation.created': true,
    'ai.conversation.renamed': true,
    'ai.conversation.deleted': true,
    'ai.question.asked': true,
    'ai.answer.finished': true,
    'ai.message.deleted': true,
  } satisfies Record<AiConversationEvent['type'], true>),
);

/** How AI conversation events become rows. */
export const aiConversationsProjection: Projection = {
  name: 'aiConversations',
  tables: [aiConversations, aiMessages],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!conversationEventTypes.has(stored.type)) return undefined;
    return projectConversationEvent(transaction, stored);
  },
};

async function projectConversationEvent(transaction: Transaction, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, payload: stored.payload } as AiConversationEvent;
  const at = stored.createdAt;
  switch (event.type) {
    case 'ai.conversation.created': {
      const { conversationId, teamId, userId, type } = event.payload;
      await transaction
        .insert(aiConversations)
        .values({ id: conversationId, teamId, userId, name: '', type, createdAt: at, updatedAt: at });
      return;
    }
    case 'ai.conversation.renamed':
      await transaction
        .update(aiConversations)
        .set({ name: event.payload.name, updatedAt: at })
        .where(eq(aiConversations.id, event.payload.conversationId));
      return;
    case 'ai.conversation.deleted':
      await transaction.delete(aiMessages).where(eq(aiMessages.conversationId, event.payload.conversationId));
      await transaction.delete(aiConversations).where(eq(aiConversations.id, event.payload.conversationId));
      return;
    case 'ai.question.asked': {
      const { conversationId, questionId, answerId, body, mode, persona, tone } = event.payload;
      const common = { conversationId, mode, persona, tone, seq: stored.seq, createdAt: at };
      await transaction.insert(aiMessages).values([
        { ...common, id: questionId, type: 'question', body, state: 'done' },
        { ...common, id: answerId, type: 'answer', body: '', state: 'streaming' },
      ]);
      // The first question names a conversation nobody has named.
      await transaction
        .update(aiConversations)
        .set({ name: nameFromQuestion(body) })
        .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.name, '')));
      await touch(transaction, conversationId, at);
      return;
    }
    case 'ai.answer.finished': {
      const { answerId, conversationId, body, state, error, errorCode, citations, promptTokens, completionTokens } = event.payload;
      await transaction
        .update(aiMessages)
        .set({ body, state, error, errorCode, citations: citationsText(citations), promptTokens, completionTokens })
        .where(eq(aiMessages.id, answerId));
      await touch(transaction, conversationId, at);
      return;
    }
    case 'ai.message.deleted':
      await transaction.delete(aiMessages).where(eq(aiMessages.id, event.payload.messageId));
      return;
  }
}
