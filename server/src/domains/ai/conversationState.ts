import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import { aiConversationStream } from '../../core/streams';
import type { Transaction } from '../../db/connection';
import { DomainError } from '../../errors';
import type { AiConversation, AiMessage } from '../../graphql/schemaTypes';
import { aiConversations, aiMessages } from './tables';
import type { AiCitationRecord } from './conversationEvents';
import { aiConversationPolicy } from './conversationPolicies';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select'>;
export type AiConversationRow = typeof aiConversations.$inferSelect;
export type AiMessageRow = typeof aiMessages.$inferSelect;

/** Who asks: a person in their current team. */
export interface Owner {
  userId: string;
  teamId: string;
}

/** Questions before their answers: both are recorded by one event, at one log position. */
const conversationOrder = [asc(aiMessages.seq), sql`CASE ${aiMessages.type} WHEN 'question' THEN 0 ELSE 1 END`, asc(aiMessages.id)];

/** The caller's conversation in their current team; another person's, another team's or a deleted one is NOT_FOUND. */
export async function requireOwnConversation(db: Reader, owner: Owner, conversationId: string): Promise<AiConversationRow> {
  const row = await findConversation(db, conversationId);
  if (!row || !aiConversationPolicy.own(row, owner)) throw new DomainError('NOT_FOUND');
  return row;
}

/** One of the caller's messages (in a conversation of theirs in their current team), or NOT_FOUND. */
export async function requireOwnMessage(
  db: Reader,
  owner: Owner,
  messageId: string,
): Promise<{ message: AiMessageRow; conversation: AiConversationRow }> {
  const [found] = await db
    .select({ message: aiMessages, conversation: aiConversations })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(eq(aiMessages.id, messageId))
    .limit(1);
  if (!found || !aiConversationPolicy.own(found.conversation, owner)) throw new DomainError('NOT_FOUND');
  return found;
}

/**
 * The caller's conversation, read after its stream is locked (see `UnitOfWork.lock`): a conversation's messages and
 * its being there are what its commands decide on, and every change of them is appended to its stream, so no other
 * unit changes them before this one ends.
 */
export async function lockOwnConversation(unit: UnitOfWork, owner: Owner, conversationId: string): Promise<AiConversationRow> {
  await unit.lock(aiConversationStream(conversationId));
  return await requireOwnConversation(unit.transaction, owner, conversationId);
}

/**
 * One of the caller's messages, read after its conversation's stream is locked (as `lockOwnConversation`). The message
 * names its conversation, which it never leaves: read once to know which stream to lock, then again under the lock.
 */
export async function lockOwnMessage(
  unit: UnitOfWork,
  owner: Owner,
  messageId: string,
): Promise<{ message: AiMessageRow; conversation: AiConversationRow }> {
  const [located] = await unit.transaction
    .select({ conversationId: aiMessages.conversationId })
    .from(aiMessages)
    .where(eq(aiMessages.id, messageId))
    .limit(1);
  if (located) await unit.lock(aiConversationStream(located.conversationId));
  return await requireOwnMessage(unit.transaction, owner, messageId);
}

export async function findConversation(db: Reader, conversationId: string): Promise<AiConversationRow | undefined> {
  const [row] = await db.select().from(aiConversations).where(eq(aiConversations.id, conversationId)).limit(1);
  return row;
}

export async function findMessage(db: Reader, messageId: string): Promise<AiMessageRow | undefined> {
  const [row] = await db.select().from(aiMessages).where(eq(aiMessages.id, messageId)).limit(1);
  return row;
}

export async function conversationMessages(db: Reader, conversationId: string): Promise<AiMessageRow[]> {
  return await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(...conversationOrder);
}

/** The latest `count` messages of a conversation, oldest first (the turns a prompt carries). */
export async function recentMessages(db: Reader, conversationId: string, count: number): Promise<AiMessageRow[]> {
  return (
    await db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId))
      .orderBy(desc(aiMessages.seq), sql`CASE ${aiMessages.type} WHEN 'question' THEN 1 ELSE 0 END`, desc(aiMessages.id))
      .limit(count)
  ).reverse();
}

export async function ownConversations(db: Reader, owner: Owner): Promise<AiConversationRow[]> {
  return await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.userId, owner.userId), eq(aiConversations.teamId, owner.teamId)))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id));
}

/** Answers still being written, oldest first (what a restart finds interrupted). */
export async function streamingAnswers(db: Reader): Promise<{ id: string; conversationId: string; createdAt: string }[]> {
  return await db
    .select({ id: aiMessages.id, conversationId: aiMessages.conversationId, createdAt: aiMessages.createdAt })
    .from(aiMessages)
    .where(and(eq(aiMessages.type, 'answer'), eq(aiMessages.state, 'streaming')))
    .orderBy(asc(aiMessages.seq));
}

export function presentMessage(row: AiMessageRow, body: string = row.body): AiMessage {
  return {
    id: row.id,
    aiconversation: row.conversationId,
    body,
    type: row.type,
    state: row.state,
    error: row.error,
    errorCode: row.errorCode,
    persona: row.persona,
    tone: row.tone,
    mode: row.mode,
    citations: (JSON.parse(row.citations) as AiCitationRecord[]).map((citation) => ({ ...citation })),
    createdAt: row.createdAt,
  };
}

export async function presentConversation(db: Reader, row: AiConversationRow): Promise<AiConversation> {
  const [last] = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, row.id))
    .orderBy(desc(aiMessages.seq), sql`CASE ${aiMessages.type} WHEN 'question' THEN 1 ELSE 0 END`, desc(aiMessages.id))
    .limit(1);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastMessage: last ? presentMessage(last) : null,
  };
}
