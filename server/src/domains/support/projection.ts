import { and, eq, lt } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import type { SupportEvent } from './events';
import { supportFeedback, supportMessages, supportThreads } from './tables';

/**
 * How support events become rows: a feedback row per feedback sent; a message row per message, its thread made
 * by the first one and moved to the top by each; the read positions only ever move forward.
 */
export const supportProjection: Projection = {
  name: 'support',
  tables: [supportFeedback, supportThreads, supportMessages],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!stored.type.startsWith('support.')) return undefined;
    return projectSupportEvent(transaction, { type: stored.type, payload: stored.payload } as SupportEvent, stored);
  },
};

async function projectSupportEvent(transaction: Transaction, event: SupportEvent, stored: StoredEvent): Promise<void> {
  switch (event.type) {
    case 'support.feedbackSent': {
      const { feedbackId, authorId, kind, message, screenshot, page } = event.payload;
      await transaction
        .insert(supportFeedback)
        .values({ id: feedbackId, authorId, kind, message, screenshot, page, createdAt: stored.createdAt, seq: stored.seq })
        .onConflictDoNothing();
      return;
    }
    case 'support.messagePosted': {
      const { messageId, personId, authorId, body } = event.payload;
      await transaction
        .insert(supportMessages)
        .values({ id: messageId, personId, authorId, body, createdAt: stored.createdAt, seq: stored.seq })
        .onConflictDoNothing();
      // A writer has read their own conversation up to what they wrote.
      const ownRead = authorId === personId ? { personReadSeq: stored.seq } : { supportReadSeq: stored.seq };
      await transaction
        .insert(supportThreads)
        .values({ personId, createdAt: stored.createdAt, lastMessageAt: stored.createdAt, lastSeq: stored.seq, ...ownRead })
        .onConflictDoUpdate({
          target: supportThreads.personId,
          set: { lastMessageAt: stored.createdAt, lastSeq: stored.seq, ...ownRead },
        });
      return;
    }
    case 'support.threadRead': {
      const { personId, side, seq } = event.payload;
      const column = side === 'person' ? supportThreads.personReadSeq : supportThreads.supportReadSeq;
      const key = side === 'person' ? 'personReadSeq' : 'supportReadSeq';
      // Only forward: a row read further already keeps its position (a condition rather than SQLite's
      // two-argument max(), which PostgreSQL has no form of).
      await transaction
        .update(supportThreads)
        .set({ [key]: seq })
        .where(and(eq(supportThreads.personId, personId), lt(column, seq)));
      return;
    }
  }
}
