import { and, count, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
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
  return (await db.select().from(supportThreads).where(eq(supportThreads.personId, personId)).limit(1))[0];
}

export async function findSupportMessage(db: Reader, messageId: string): Promise<SupportMessageRow | undefined> {
  return (await db.select().from(supportMessages).where(eq(supportMessages.id, messageId)).limit(1))[0];
}

/** The newest messages of a person's conversation, oldest first, and whether older ones exist. */
export async function threadMessages(db: Reader, personId: string): Promise<{ rows: SupportMessageRow[]; hasMore: boolean }> {
  const newest = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.personId, personId))
    .orderBy(desc(supportMessages.seq))
    .limit(threadMessageLimit + 1);
  return { rows: newest.slice(0, threadMessageLimit).reverse(), hasMore: newest.length > threadMessageLimit };
}

/** Messages of the other side written after this side's read position. */
export async function unreadOf(db: Reader, thread: SupportThreadRow, side: ThreadSide): Promise<number> {
  return (await unreadCounts(db, [thread], () => side)).get(thread.personId) ?? 0;
}

/**
 * Each conversation's unread messages for the side its reader is on, by person: one grouped query per side rather
 * than a count per conversation (an inbox lists up to 200, each a round trip on PostgreSQL).
 */
export async function unreadCounts(
  db: Reader,
  threads: readonly SupportThreadRow[],
  sideOf: (thread: SupportThreadRow) => ThreadSide,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const side of ['person', 'support'] as const) {
    const personIds = threads.filter((thread) => sideOf(thread) === side).map((thread) => thread.personId);
    if (personIds.length === 0) continue;
    // The other side's messages after this side's read position: a person reads the support team's, and back.
    const unread =
      side === 'person'
        ? and(ne(supportMessages.authorId, supportMessages.personId), gt(supportMessages.seq, supportThreads.personReadSeq))
        : and(eq(supportMessages.authorId, supportMessages.personId), gt(supportMessages.seq, supportThreads.supportReadSeq));
    // drizzle's count() reads the number back as one: PostgreSQL's count(*) is a bigint, which arrives as text.
    const rows = await db
      .select({ personId: supportMessages.personId, count: count() })
      .from(supportMessages)
      .innerJoin(supportThreads, eq(supportThreads.personId, supportMessages.personId))
      .where(and(inArray(supportMessages.personId, personIds), unread))
      .groupBy(supportMessages.personId);
    for (const row of rows) counts.set(row.personId, row.count);
  }
  return counts;
}

/** The support team's inbox: the most recently active conversations first. */
export async function inboxThreads(db: Reader): Promise<SupportThreadRow[]> {
  return await db.select().from(supportThreads).orderBy(desc(supportThreads.lastSeq)).limit(inboxLimit);
}

/** Messages people wrote that no administrator has read yet, over every conversation. */
export async function supportUnreadTotal(db: Reader): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.personId, supportMessages.personId))
    .where(and(eq(supportMessages.authorId, supportMessages.personId), gt(supportMessages.seq, supportThreads.supportReadSeq)));
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
    );
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
  // A condition reads back as 0 or 1 on SQLite and as a boolean on PostgreSQL: both map to a boolean.
  hasScreenshot: sql`${isNotNull(supportFeedback.screenshot)}`.mapWith(Boolean),
};

export type FeedbackListRow = Omit<FeedbackRow, 'screenshot'> & { hasScreenshot: boolean };

/** The newest feedback, without the screenshots' bytes (one is read with findFeedback). */
export async function feedbackList(db: Reader): Promise<FeedbackListRow[]> {
  return await db.select(feedbackListFields).from(supportFeedback).orderBy(desc(supportFeedback.seq)).limit(feedbackListLimit);
}

export async function findFeedback(db: Reader, feedbackId: string): Promise<FeedbackRow | undefined> {
  return (await db.select().from(supportFeedback).where(eq(supportFeedback.id, feedbackId)).limit(1))[0];
}
