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

export async function findThread(db: Reader, personId: string): Promise<SupportThreadRow | undefined> {
  return (await db.select().from(supportThreads).where(eq(supportThreads.personId, personId)).all())[0];
}

export async function findSupportMessage(db: Reader, messageId: string): Promise<SupportMessageRow | undefined> {
  return (await db.select().from(supportMessages).where(eq(supportMessages.id, messageId)).all())[0];
}

/** The newest messages of a person's conversation, oldest first, and whether older ones exist. */
export async function threadMessages(db: Reader, personId: string): Promise<{ rows: SupportMessageRow[]; hasMore: boolean }> {
  const newest = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.personId, personId))
    .orderBy(desc(supportMessages.seq))
    .limit(threadMessageLimit + 1)
    .all();
  return { rows: newest.slice(0, threadMessageLimit).reverse(), hasMore: newest.length > threadMessageLimit };
}

/** Messages of the other side written after this side's read position. */
export async function unreadOf(db: Reader, thread: SupportThreadRow, side: ThreadSide): Promise<number> {
  const fromOtherSide = side === 'person' ? ne(supportMessages.authorId, thread.personId) : eq(supportMessages.authorId, thread.personId);
  const readSeq = side === 'person' ? thread.personReadSeq : thread.supportReadSeq;
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(supportMessages)
    .where(and(eq(supportMessages.personId, thread.personId), gt(supportMessages.seq, readSeq), fromOtherSide))
    .all();
  return row?.count ?? 0;
}

/** The support team's inbox: the most recently active conversations first. */
export async function inboxThreads(db: Reader): Promise<SupportThreadRow[]> {
  return await db.select().from(supportThreads).orderBy(desc(supportThreads.lastSeq)).limit(inboxLimit).all();
}

/** Messages people wrote that no administrator has read yet, over every conversation. */
export async function supportUnreadTotal(db: Reader): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.personId, supportMessages.personId))
    .where(and(eq(supportMessages.authorId, supportMessages.personId), gt(supportMessages.seq, supportThreads.supportReadSeq)))
    .all();
  return row?.count ?? 0;
}

/** The last message of each conversation named, by person (one query). */
export async function lastMessages(db: Reader, threads: readonly SupportThreadRow[]): Promise<Map<string, SupportMessageRow>> {
  if (threads.length === 0) return new Map();
  const rows = await db
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
export async function feedbackList(db: Reader): Promise<FeedbackListRow[]> {
  return (await db.select(feedbackListFields).from(supportFeedback).orderBy(desc(supportFeedback.seq)).limit(feedbackListLimit).all()).map(
    (row) => ({ ...row, hasScreenshot: Boolean(row.hasScreenshot) }),
  );
}

export async function findFeedback(db: Reader, feedbackId: string): Promise<FeedbackRow | undefined> {
  return (await db.select().from(supportFeedback).where(eq(supportFeedback.id, feedbackId)).orderBy(asc(supportFeedback.seq)).all())[0];
}
