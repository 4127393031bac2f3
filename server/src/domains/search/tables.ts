import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Projection: one row per searchable item (a task, a message, a doc, a file, a calendar event), whose `id` is the rowid of
 * its text in the FTS5 table `search_text` (ftsTable.ts, made by hand in the migration). The row holds
 * what a search filters on and the text does not: the kind, the team, where the item lives (space,
 * private chat, task, meeting room; an event is in none of them) and its creation time. The text lives only in `search_text`.
 */
export const searchItems = sqliteTable(
  'search_items',
  {
    id: integer('id').primaryKey(),
    /** task | message | doc | file | event */
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    teamId: text('team_id').notNull(),
    /** The space it belongs to; for a message, the space of its channel or task; null for private chats and meeting rooms. */
    spaceId: text('space_id'),
    privatId: text('privat_id'),
    /** A task thread's message or a task's file: the task, so a move or a deletion of the task follows. */
    taskId: text('task_id'),
    /** A meeting room's message: the room, whose space (or team, for an ad hoc room) is judged when searching. */
    meetingroomId: text('meetingroom_id'),
    /** What the result shows besides its text: a task's idCode (T-12), a doc's emoji, a file's folder. */
    code: text('code'),
    emoji: text('emoji'),
    folderId: text('folder_id'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('search_items_item').on(table.kind, table.itemId),
    index('search_items_space').on(table.spaceId),
    index('search_items_task').on(table.taskId),
  ],
);
