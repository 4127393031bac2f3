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

function forgetConversations(transaction: Transaction, conversations: readonly string[]): void {
  if (conversations.length === 0) return;
  transaction.delete(messageReactions).where(inArray(messageReactions.conversation, conversations)).run();
  transaction.delete(chatReadMarkers).where(inArray(chatReadMarkers.conversation, conversations)).run();
  transaction.delete(messages).where(inArray(messages.conversation, conversations)).run();
}

function applyMessageEvent(transaction: Transaction, event: MessageEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'message.created': {
      const { messageId, conversation, spaceId, body, type, fileId, replyToId, clientId, mentions, privatId, guest } = event.payload;
      insertMessage(transaction).run(
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
      if (privatId) transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, privatId)).run();
      return;
    }
    case 'message.edited':
      transaction
        .update(messages)
        .set({ body: event.payload.body, mentions: event.payload.mentions, editedAt: at })
        .where(eq(messages.id, event.payload.messageId))
        .run();
      return;
    case 'message.deleted':
      // The row stays so replies can show the quote was deleted; its words do not.
      transaction.update(messages).set({ body: '', mentions: [], deletedAt: at }).where(eq(messages.id, event.payload.messageId)).run();
      transaction.delete(messageReactions).where(eq(messageReactions.messageId, event.payload.messageId)).run();
      return;
    case 'message.reacted': {
      const { messageId, userId, emoji, added, conversation } = event.payload;
      if (added)
        transaction
          .insert(messageReactions)
          .values({ messageId, userId, emoji, conversation, seq: stored.seq })
          .onConflictDoNothing()
          .run();
      else
        transaction
          .delete(messageReactions)
          .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)))
          .run();
      return;
    }
  }
}

function applyPrivatEvent(transaction: Transaction, event: PrivatEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'privat.created': {
      const { privatId, teamId, name, logo, pairKey, memberIds } = event.payload;
      transaction
        .insert(privats)
        .values({ id: privatId, teamId, name, logo, pairKey, inactive: false, authorId: stored.actorId!, createdAt: at, updatedAt: at })
        .run();
      for (const userId of memberIds) transaction.insert(privatMembers).values({ privatId, userId, joinedAt: at }).run();
      return;
    }
    case 'privat.updated':
      transaction
        .update(privats)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(privats.id, event.payload.privatId))
        .run();
      return;
    case 'privat.members_added':
      for (const userId of event.payload.userIds)
        transaction.insert(privatMembers).values({ privatId: event.payload.privatId, userId, joinedAt: at }).onConflictDoNothing().run();
      transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, event.payload.privatId)).run();
      return;
    case 'privat.left':
      transaction
        .delete(privatMembers)
        .where(and(eq(privatMembers.privatId, event.payload.privatId), eq(privatMembers.userId, event.payload.userId)))
        .run();
      transaction.update(privats).set({ updatedAt: at }).where(eq(privats.id, event.payload.privatId)).run();
      return;
  }
}

function applyRead(transaction: Transaction, event: ReadEvent, stored: StoredEvent): void {
  const { userId, conversation, seq } = event.payload;
  transaction
    .insert(chatReadMarkers)
    .values({ userId, conversation, seq, readAt: stored.createdAt })
    .onConflictDoUpdate({
      target: [chatReadMarkers.userId, chatReadMarkers.conversation],
      set: { seq: sql`max(${chatReadMarkers.seq}, ${seq})`, readAt: stored.createdAt },
    })
    .run();
}

/** How chat events (and the deletion or move of the spaces and tasks chats belong to) become rows. */
export const chatProjection: Projection = {
  name: 'chat',
  tables: [messages, messageReactions, privats, privatMembers, chatReadMarkers],
  apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as MessageEvent | PrivatEvent | ReadEvent;
    if (stored.type.startsWith('message.')) applyMessageEvent(transaction, event as MessageEvent, stored);
    else if (stored.type.startsWith('privat.')) applyPrivatEvent(transaction, event as PrivatEvent, stored);
    else if (stored.type === 'chat.read') applyRead(transaction, event as ReadEvent, stored);
    else if (stored.type === 'task.deleted') forgetConversations(transaction, [`task:${(stored.payload as TaskDeleted).taskId}`]);
    else if (stored.type === 'task.moved') {
      const moved = stored.payload as TaskMoved;
      transaction
        .update(messages)
        .set({ spaceId: moved.toProjectId })
        .where(eq(messages.conversation, `task:${moved.taskId}`))
        .run();
    } else if (stored.type === 'project.deleted') {
      const { projectId } = stored.payload as ProjectDeleted;
      const conversations = transaction
        .selectDistinct({ conversation: messages.conversation })
        .from(messages)
        .where(eq(messages.spaceId, projectId))
        .all()
        .map((row) => row.conversation);
      forgetConversations(transaction, [...new Set([...conversations, `project:${projectId}`])]);
    }
  },
};
