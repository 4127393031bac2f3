import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The FTS5 virtual table of the search index (migrations/0016_search.sql makes it: drizzle-kit knows no
 * virtual tables, so this declaration is kept out of db/schema.ts). Declared here so the replay empties it
 * with the projection's other table and the replay test compares it; its rowid is `search_items.id`.
 */
export const searchText = sqliteTable('search_text', {
  title: text('title'),
  body: text('body'),
});
