import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Reader } from '../tasks';
import { supportFeedback, supportMessages, supportThreads } from './tables';

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type FeedbackRow = typeof supportFeedback.$inferSelect;

/** Which side of a conversation a reader is on: its person, or the support team. */
export type ThreadSide = 'person' | 'support';

/** Most messages one answer carries: the newest ones of the conversation. */
export const threadMessageLimit = 200;
/** Most conversations the inbox lists, the most recently active first. */
export const inboxLimit = 200;
/** Most feedback the administrators' list shows, newest first. */
export const feedbackListLimit = 100;

export function findThread(db: Reader, personId: string): SupportThreadRow | undefined {
  return db.select().from(supportThreads).where(eq(supportThreads.personId, personId)).all()[0];
}

export function findSupportMessage(db: Reader, messageId: string): SupportMessageRow | undefined {
  return db.select().from(supportMessages).where(eq(supportMessages.id, messageId)).all()[0];
}

/** The newest messages of a person's conversation, oldest first, and whether older ones exist. */
export function threadMessages(db: Reader, personId: string): { rows: SupportMessageRow[]; hasMore: boolean } {
  const newest = db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.personId, personId))
    .orderBy(desc(supportMessages.seq))
    .limit(threadMessageLimit + 1)
    .all();
  return { rows: newest.slice(0, threadMessageLimit).reverse(), hasMore: newest.length > threadMessageLimit };
}

/** Messages of the other side written after this side's read position. */
export function unreadOf(db: Reader, thread: SupportThreadRow, side: ThreadSide): number {
  const fromOtherSide = side === 'person' ? ne(supportMessages.authorId, thread.personId) : eq(supportMessages.authorId, thread.personId);
  const readSeq = side === 'person' ? thread.personReadSeq : thread.supportReadSeq;
  const [row] = db
    .select({ count: sql<number>`count(*)` })
    .from(supportMessages)
    .where(and(eq(supportMessages.personId, thread.personId), gt(supportMessages.seq, readSeq), fromOtherSide))
    .all();
  return row?.count ?? 0;
}

/** The support team's inbox: the most recently active conversations first. */
export function inboxThreads(db: Reader): SupportThreadRow[] {
  return db.select().from(supportThreads).orderBy(desc(supportThreads.lastSeq)).limit(inboxLimit).all();
}

/** Messages people wrote that no administrator has read yet, over every conversation. */
export function supportUnreadTotal(db: Reader): number {
  const [row] = db
    .select({ count: sql<number>`count(*)` })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.personId, supportMessages.personId))
    .where(and(eq(supportMessages.authorId, supportMessages.personId), gt(supportMessages.seq, supportThreads.supportReadSeq)))
    .all();
  return row?.count ?? 0;
}

/** The last message of each conversation named, by person (one query). */
export function lastMessages(db: Reader, threads: readonly SupportThreadRow[]): Map<string, SupportMessageRow> {
  if (threads.length === 0) return new Map();
  const rows = db
    .select({ message: supportMessages })
    .from(supportMessages)
    .innerJoin(supportThreads, and(eq(supportThreads.personId, supportMessages.personId), eq(supportThreads.lastSeq, supportMessages.seq)))
    .where(
      inArray(
        supportThreads.personId,
        threads.map((thread) => thread.personId),
      ),
    )
    .all();
  return new Map(rows.map(({ message }) => [message.personId, message]));
}

const feedbackListFields = {
  id: supportFeedback.id,
  authorId: supportFeedback.authorId,
  kind: supportFeedback.kind,
  message: supportFeedback.message,
  page: supportFeedback.page,
  createdAt: supportFeedback.createdAt,
  seq: supportFeedback.seq,
  hasScreenshot: sql<number>`${isNotNull(supportFeedback.screenshot)}`,
};

export type FeedbackListRow = Omit<FeedbackRow, 'screenshot'> & { hasScreenshot: boolean };

/** The newest feedback, without the screenshots' bytes (one is read with findFeedback). */
export function feedbackList(db: Reader): FeedbackListRow[] {
  return db
    .select(feedbackListFields)
    .from(supportFeedback)
    .orderBy(desc(supportFeedback.seq))
    .limit(feedbackListLimit)
    .all()
    .map((row) => ({ ...row, hasScreenshot: Boolean(row.hasScreenshot) }));
}

export function findFeedback(db: Reader, feedbackId: string): FeedbackRow | undefined {
  return db.select().from(supportFeedback).where(eq(supportFeedback.id, feedbackId)).orderBy(asc(supportFeedback.seq)).all()[0];
}
