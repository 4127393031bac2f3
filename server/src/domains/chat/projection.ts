import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { preparedQuery, rowPlaceholders, rowValues } from '../../db/prepared';
import type { Projection, StoredEvent } from '../../core/events';
import type { TaskDeleted, TaskMoved } from '../tasks';
import type { ProjectDeleted } from '../teams';
import type { MessageEvent, PrivatEvent, ReadEvent } from './events';
import { chatReadMarkers, messageReactions, messages, privatMembers, privats } from './tables';

// Every message written goes through this insert: built once per connection (db/prepared.ts).
const insertMessage = preparedQuery((transaction: Transaction) => transaction.insert(messages).values(rowPlaceholders(messages)).prepare());

async function forgetConversations(transaction: Transaction, conversations: readonly string[]): Promise<void> {
  if (conversations.length === 0) return;
  await transaction.delete(messageReactions).where(inArray(messageReactions.conversation, conversations));
  await transaction.delete(chatReadMarkers).where(inArray(chatReadMarkers.conversation, conversations));
  await transaction.delete(messages).where(inArray(messages.conversation, conversations));
}

async function applyMessageEvent(transaction: Transaction, event: MessageEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'message.created': {
      const { messageId, conversation, spaceId, body, type, fileId, replyToId, clientId, mentions, privatId, guest } = event.payload;
      await insertMessage(transaction).execute(
        rowValues(messages, {
          id: messageId,
          teamId: stored.teamId!,
          conversation,
          spaceId,
          seq: stored.seq,
          // A guest's message has no actor: its author is the guest (their name stays the meetings area's).
          authorId: guest ? guest.invitedId : stored.actorId!,
          body,
          type,
          fileId,
          replyToId,
          clientId,
          mentions,
          createdAt: at,
        }),
      );
      if (privatId) await transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, privatId));
      return;
    }
    case 'message.edited':
      await transaction
        .update(messages)
        .set({ body: event.payload.body, mentions: event.payload.mentions, editedAt: at })
        .where(eq(messages.id, event.payload.messageId));
      return;
    case 'message.deleted':
      // The row stays so replies can show the quote was deleted; its words do not.
      await transaction.update(messages).set({ body: '', mentions: [], deletedAt: at }).where(eq(messages.id, event.payload.messageId));
      await transaction.delete(messageReactions).where(eq(messageReactions.messageId, event.payload.messageId));
      return;
    case 'message.reacted': {
      const { messageId, userId, emoji, added, conversation } = event.payload;
      if (added)
        await transaction
          .insert(messageReactions)
          .values({ messageId, userId, emoji, conversation, seq: stored.seq })
          .onConflictDoNothing();
      else
        await transaction
          .delete(messageReactions)
          .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)));
      return;
    }
  }
}

async function applyPrivatEvent(transaction: Transaction, event: PrivatEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'privat.created': {
      const { privatId, teamId, name, logo, pairKey, memberIds } = event.payload;
      await transaction
        .insert(privats)
        .values({ id: privatId, teamId, name, logo, pairKey, inactive: false, authorId: stored.actorId!, createdAt: at, updatedAt: at });
      for (const userId of memberIds) await transaction.insert(privatMembers).values({ privatId, userId, joinedAt: at });
      return;
    }
    case 'privat.updated':
      await transaction
        .update(privats)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(privats.id, event.payload.privatId));
      return;
    case 'privat.members_added':
      for (const userId of event.payload.userIds)
        await transaction.insert(privatMembers).values({ privatId: event.payload.privatId, userId, joinedAt: at }).onConflictDoNothing();
      await transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, event.payload.privatId));
      return;
    case 'privat.left':
      await transaction
        .delete(privatMembers)
        .where(and(eq(privatMembers.privatId, event.payload.privatId), eq(privatMembers.userId, event.payload.userId)));
      await transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, event.payload.privatId));
      return;
  }
}

async function applyRead(transaction: Transaction, event: ReadEvent, stored: StoredEvent): Promise<void> {
  const { userId, conversation, seq } = event.payload;
  await transaction
    .insert(chatReadMarkers)
    .values({ userId, conversation, seq, readAt: stored.createdAt })
    .onConflictDoUpdate({
      target: [chatReadMarkers.userId, chatReadMarkers.conversation],
      // Forward only, in both dialects' words (SQLite's two-argument max() is not PostgreSQL's greatest()).
      set: { seq: sql`case when ${chatReadMarkers.seq} > ${seq} then ${chatReadMarkers.seq} else ${seq} end`, readAt: stored.createdAt },
    });
}

/** How chat events (and the deletion or move of the spaces and tasks chats belong to) become rows. */
export const chatProjection: Projection = {
  name: 'chat',
  tables: [messages, messageReactions, privats, privatMembers, chatReadMarkers],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    const event = { type: stored.type, payload: stored.payload } as MessageEvent | PrivatEvent | ReadEvent;
    if (stored.type.startsWith('message.')) return applyMessageEvent(transaction, event as MessageEvent, stored);
    if (stored.type.startsWith('privat.')) return applyPrivatEvent(transaction, event as PrivatEvent, stored);
    if (stored.type === 'chat.read') return applyRead(transaction, event as ReadEvent, stored);
    if (stored.type === 'task.deleted') return forgetConversations(transaction, [`task:${(stored.payload as TaskDeleted).taskId}`]);
    if (stored.type === 'task.moved') return moveTaskConversation(transaction, stored.payload as TaskMoved);
    if (stored.type === 'project.deleted') return forgetSpaceConversations(transaction, stored.payload as ProjectDeleted);
    return undefined;
  },
};

async function moveTaskConversation(transaction: Transaction, moved: TaskMoved): Promise<void> {
  await transaction
    .update(messages)
    .set({ spaceId: moved.toProjectId })
    .where(eq(messages.conversation, `task:${moved.taskId}`));
}

async function forgetSpaceConversations(transaction: Transaction, { projectId }: ProjectDeleted): Promise<void> {
  const conversations = (
    await transaction.selectDistinct({ conversation: messages.conversation }).from(messages).where(eq(messages.spaceId, projectId))
  ).map((row) => row.conversation);
  await forgetConversations(transaction, [...new Set([...conversations, `project:${projectId}`])]);
}
