import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const folders = pgTable(
  'folders',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    upfolderId: text('upfolder_id'),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('folders_project_type_upfolder').on(table.projectId, table.type, table.upfolderId),
    index('folders_upfolder').on(table.upfolderId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id'),
    taskId: text('task_id'),
    privatId: text('privat_id'),
    folderId: text('folder_id'),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    kind: text('kind').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    location: text('location').notNull(),
    thumbnail: text('thumbnail'),
    preview: text('preview'),
    width: integer('width'),
    height: integer('height'),
    duration: doublePrecision('duration'),
    text: text('text'),
    shared: boolean('shared').notNull().default(false),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    story: boolean('story').notNull().default(false),
  },
  (table) => [
    index('files_team').on(table.teamId),
    index('files_project_created').on(table.projectId, table.createdAt),
    index('files_project_story_created').on(table.projectId, table.story, table.createdAt),
    index('files_task').on(table.taskId),
    index('files_privat').on(table.privatId),
    index('files_folder').on(table.folderId),
  ],
);

export const fileUploads = pgTable(
  'file_uploads',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    recordBy: text('record_by').notNull(),
  },
  (table) => [index('file_uploads_user').on(table.userId), index('file_uploads_record_by').on(table.recordBy)],
);
