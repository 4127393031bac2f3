import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection: folders of a space (SPEC §3). `type` keeps the files, docs and media areas' trees apart;
 * a null upfolder is the top level.
 */
export const folders = sqliteTable(
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

/**
 * Projection: recorded files (SPEC §3). A file belongs to a space, to a task (project_id is then the
 * task's space) or to a private chat. `size` counts against the team's quota; `location` is the storage
 * key of the bytes, `thumbnail` that of the preview image beside them.
 */
export const files = sqliteTable(
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
    size: integer('size').notNull(),
    location: text('location').notNull(),
    thumbnail: text('thumbnail'),
    /** A tiny blurred preview as a data URL, shown while the thumbnail loads. */
    preview: text('preview'),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, for videos and audio. */
    duration: real('duration'),
    /** A PDF's text, for search; null until extracted or when extraction failed. */
    text: text('text'),
    shared: integer('shared', { mode: 'boolean' }).notNull().default(false),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** A story (a screen recording made in the stories area): a video of a space, listed there too. */
    story: integer('story', { mode: 'boolean' }).notNull().default(false),
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

/**
 * Not a projection: uploads signed and not recorded yet. setFile consumes a row; the sweep deletes rows
 * (and any bytes) left past `record_by`. Like the outbox, it is operational state, never replayed.
 */
export const fileUploads = sqliteTable(
  'file_uploads',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: text('created_at').notNull(),
    /** After this the signed URL no longer accepts bytes. */
    expiresAt: text('expires_at').notNull(),
    /** After this the upload can no longer be recorded, and the sweep removes it. */
    recordBy: text('record_by').notNull(),
  },
  (table) => [index('file_uploads_user').on(table.userId), index('file_uploads_record_by').on(table.recordBy)],
);
