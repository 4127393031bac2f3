import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Projection: messages of every conversation (a space's channel, a private chat, a task's thread, a
 * meeting room). `conversation` is `<kind>:<id>`; `seq` is the log sequence of the message's creation,
 * so pages sort stably even when two messages share a timestamp. Deleted messages keep their row
 * (with the body cleared) so a reply quoting one can say it was deleted.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    conversation: text('conversation').notNull(),
    /** The space a project or task conversation belongs to, for moderation and clean-up; null otherwise. */
    spaceId: text('space_id'),
    seq: integer('seq').notNull(),
    authorId: text('author_id').notNull(),
    /** Markdown source, never rendered on the server. */
    body: text('body').notNull(),
    type: text('type').notNull(),
    fileId: text('file_id'),
    replyToId: text('reply_to_id'),
    clientId: text('client_id'),
    mentions: text('mentions', { mode: 'json' }).notNull().$type<string[]>(),
    createdAt: text('created_at').notNull(),
    editedAt: text('edited_at'),
    deletedAt: text('deleted_at'),
  },
  (table) => [
    index('messages_conversation_seq').on(table.conversation, table.seq),
    index('messages_space').on(table.spaceId),
    uniqueIndex('messages_author_client').on(table.authorId, table.clientId),
  ],
);

/** Projection: who reacted to a message with which emoji. */
export const messageReactions = sqliteTable(
  'message_reactions',
  {
    messageId: text('message_id').notNull(),
    userId: text('user_id').notNull(),
    emoji: text('emoji').notNull(),
    conversation: text('conversation').notNull(),
    seq: integer('seq').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId, table.emoji] }),
    index('message_reactions_conversation').on(table.conversation),
  ],
);

/**
 * Projection: private chats. A one-to-one chat has a `pairKey` (team and both user ids, sorted) so
 * starting it again finds the same chat; groups have none, and may have a name and a logo.
 */
export const privats = sqliteTable(
  'privats',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name'),
    logo: text('logo'),
    pairKey: text('pair_key').unique(),
    inactive: integer('inactive', { mode: 'boolean' }).notNull().default(false),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('privats_team').on(table.teamId)],
);

/** Projection: the members of a private chat. */
export const privatMembers = sqliteTable(
  'privat_members',
  {
    privatId: text('privat_id').notNull(),
    userId: text('user_id').notNull(),
    joinedAt: text('joined_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.privatId, table.userId] }), index('privat_members_user').on(table.userId)],
);

/** Projection: how far each user has read each conversation (the seq of the newest message they saw). */
export const chatReadMarkers = sqliteTable(
  'chat_read_markers',
  {
    userId: text('user_id').notNull(),
    conversation: text('conversation').notNull(),
    seq: integer('seq').notNull(),
    readAt: text('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversation] }), index('chat_read_markers_conversation').on(table.conversation)],
);
