import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Projection: docs (SPEC §3 "Wall"). Built from `doc.*` events only, so a rebuild gives it back;
 * the content lives in the tables below, which the collab rooms write and no rebuild touches.
 */
export const docs = sqliteTable(
  'docs',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id').notNull(),
    /** A folder of type doc (the files area's); null at the space's top level. */
    folderId: text('folder_id'),
    title: text('title').notNull(),
    emoji: text('emoji'),
    cover: text('cover'),
    description: text('description'),
    shared: integer('shared', { mode: 'boolean' }).notNull().default(false),
    /** The secret of the public link while shared; a new one each time sharing is turned on. */
    shareToken: text('share_token'),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    /** Metadata changes and (debounced) content edits. */
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('docs_project_updated').on(table.projectId, table.updatedAt),
    index('docs_folder').on(table.folderId),
    uniqueIndex('docs_share_token').on(table.shareToken),
  ],
);

/**
 * Content: every Yjs update a room accepted, appended before it is applied, broadcast or
 * acknowledged. Rows up to a snapshot's `throughId` are merged into it and deleted.
 */
export const docUpdates = sqliteTable(
  'doc_updates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    docId: text('doc_id').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
    /** Who sent it; null for updates the server itself wrote. */
    userId: text('user_id'),
    /** Epoch milliseconds. */
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('doc_updates_doc').on(table.docId, table.id)],
);

/** Content: a doc's merged state (Y.encodeStateAsUpdate) covering every update up to `throughId`. */
export const docSnapshots = sqliteTable('doc_snapshots', {
  docId: text('doc_id').primaryKey(),
  data: blob('data', { mode: 'buffer' }).notNull(),
  throughId: integer('through_id').notNull(),
  /** Epoch milliseconds of the newest update merged in: the doc's "last saved" once its rows are gone. */
  savedAt: integer('saved_at').notNull(),
});

/**
 * Content: the doc's plain text for search, refreshed when its activity is recorded (debounced).
 * Kept apart from `docs` because it comes from the Yjs content, not from events.
 */
export const docTexts = sqliteTable('doc_texts', {
  docId: text('doc_id').primaryKey(),
  plainText: text('plain_text').notNull(),
  updatedAt: text('updated_at').notNull(),
});
