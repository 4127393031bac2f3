import { and, eq } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import { aiConversations, aiMessages } from './tables';
import type { AiConversationEvent } from './conversationEvents';

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

async function touch(transaction: Transaction, conversationId: string, at: string) {
  await transaction.update(aiConversations).set({ updatedAt: at }).where(eq(aiConversations.id, conversationId)).run();
}

/** How AI conversation events become rows. */
export const aiConversationsProjection: Projection = {
  name: 'aiConversations',
  tables: [aiConversations, aiMessages],
  async apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as AiConversationEvent;
    const at = stored.createdAt;
    switch (event.type) {
      case 'ai.conversation.created': {
        const { conversationId, teamId, userId, type } = event.payload;
        await transaction
          .insert(aiConversations)
          .values({ id: conversationId, teamId, userId, name: '', type, createdAt: at, updatedAt: at })
          .run();
        return;
      }
      case 'ai.conversation.renamed':
        await transaction
          .update(aiConversations)
          .set({ name: event.payload.name, updatedAt: at })
          .where(eq(aiConversations.id, event.payload.conversationId))
          .run();
        return;
      case 'ai.conversation.deleted':
        await transaction.delete(aiMessages).where(eq(aiMessages.conversationId, event.payload.conversationId)).run();
        await transaction.delete(aiConversations).where(eq(aiConversations.id, event.payload.conversationId)).run();
        return;
      case 'ai.question.asked': {
        const { conversationId, questionId, answerId, body, mode, persona, tone } = event.payload;
        const common = { conversationId, mode, persona, tone, seq: stored.seq, createdAt: at };
        await transaction
          .insert(aiMessages)
          .values([
            { ...common, id: questionId, type: 'question', body, state: 'done' },
            { ...common, id: answerId, type: 'answer', body: '', state: 'streaming' },
          ])
          .run();
        // The first question names a conversation nobody has named.
        await transaction
          .update(aiConversations)
          .set({ name: nameFromQuestion(body) })
          .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.name, '')))
          .run();
        await touch(transaction, conversationId, at);
        return;
      }
      case 'ai.answer.finished': {
        const { answerId, conversationId, body, state, error, errorCode, citations, promptTokens, completionTokens } = event.payload;
        await transaction
          .update(aiMessages)
          .set({ body, state, error, errorCode, citations: JSON.stringify(citations), promptTokens, completionTokens })
          .where(eq(aiMessages.id, answerId))
          .run();
        await touch(transaction, conversationId, at);
        return;
      }
      case 'ai.message.deleted':
        await transaction.delete(aiMessages).where(eq(aiMessages.id, event.payload.messageId)).run();
        return;
    }
  },
};
