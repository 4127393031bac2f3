import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    conversation: text('conversation').notNull(),
    spaceId: text('space_id'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    type: text('type').notNull(),
    fileId: text('file_id'),
    replyToId: text('reply_to_id'),
    clientId: text('client_id'),
    mentions: jsonb('mentions').notNull().$type<string[]>(),
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

export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: text('message_id').notNull(),
    userId: text('user_id').notNull(),
    emoji: text('emoji').notNull(),
    conversation: text('conversation').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId, table.emoji] }),
    index('message_reactions_conversation').on(table.conversation),
  ],
);

export const privats = pgTable(
  'privats',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name'),
    logo: text('logo'),
    pairKey: text('pair_key').unique(),
    inactive: boolean('inactive').notNull().default(false),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('privats_team').on(table.teamId)],
);

export const privatMembers = pgTable(
  'privat_members',
  {
    privatId: text('privat_id').notNull(),
    userId: text('user_id').notNull(),
    joinedAt: text('joined_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.privatId, table.userId] }), index('privat_members_user').on(table.userId)],
);

export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    userId: text('user_id').notNull(),
    conversation: text('conversation').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    readAt: text('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversation] }), index('chat_read_markers_conversation').on(table.conversation)],
);
