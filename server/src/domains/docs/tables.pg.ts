import { bigint, boolean, customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

/** pg-core 0.45 has no bytea builder; postgres.js reads and writes bytea as a Buffer, as better-sqlite3 does blobs. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const docs = pgTable(
  'docs',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id').notNull(),
    folderId: text('folder_id'),
    title: text('title').notNull(),
    emoji: text('emoji'),
    cover: text('cover'),
    description: text('description'),
    shared: boolean('shared').notNull().default(false),
    shareToken: text('share_token'),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('docs_project_updated').on(table.projectId, table.updatedAt),
    index('docs_folder').on(table.folderId),
    uniqueIndex('docs_share_token').on(table.shareToken),
  ],
);

export const docUpdates = pgTable(
  'doc_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    docId: text('doc_id').notNull(),
    data: bytea('data').notNull(),
    userId: text('user_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('doc_updates_doc').on(table.docId, table.id)],
);

export const docSnapshots = pgTable('doc_snapshots', {
  docId: text('doc_id').primaryKey(),
  data: bytea('data').notNull(),
  throughId: bigint('through_id', { mode: 'number' }).notNull(),
  savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
});

export const docTexts = pgTable('doc_texts', {
  docId: text('doc_id').primaryKey(),
  plainText: text('plain_text').notNull(),
  updatedAt: text('updated_at').notNull(),
});
