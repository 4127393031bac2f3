import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The search index's tables on PostgreSQL (issue 21), the pg-core twin of tables.ts plus what FTS5 keeps apart on
 * SQLite: each item's title and text, and generated tsvectors under GIN indexes in the place of the FTS5 tables.
 * The text search configuration `app_simple` and the functions the vectors are generated with (`search_parsed`) are
 * hand-written at the top of the migration that creates these tables (migrations/postgres/0002_search_text.sql):
 * drizzle-kit cannot declare them. schemaParity.test.ts lists what these tables have that their SQLite twin has not.
 * Every team's items are parsed with that one configuration, without stemming, as FTS5 parses them on SQLite: the
 * schema has no team language to choose english, french… by (only people have one), and a stemmer would find on
 * PostgreSQL what SQLite does not (docs/postgres-plan.md §4.4, option b).
 */

/** PostgreSQL's tsvector: only generated here and read in SQL, never read or written by the ORM. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/**
 * One row per searchable item: what a search filters on (as on SQLite), the item's title and text, and their words.
 * The vectors are generated from the text (titles weigh A, texts D), so no trigger keeps an index in step, and a
 * write of the text is a plain update of the row on any connection or transaction.
 */
export const searchItems = pgTable(
  'search_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    teamId: text('team_id').notNull(),
    spaceId: text('space_id'),
    privatId: text('privat_id'),
    taskId: text('task_id'),
    meetingroomId: text('meetingroom_id'),
    code: text('code'),
    emoji: text('emoji'),
    folderId: text('folder_id'),
    // ISO instants compared as strings (date range, order): byte order, as the database's C collation sorts (core/postgres/connect.ts).
    createdAt: text('created_at').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    document: tsvector('document').generatedAlwaysAs(
      sql`setweight(to_tsvector('app_simple'::regconfig, search_parsed(title)), 'A') || setweight(to_tsvector('app_simple'::regconfig, search_parsed(body)), 'D')`,
    ),
    // The titles' words apart, for the titles' own candidates: a query restricted to weight A would be estimated as
    // if it matched texts too, and planned as for a common word.
    titleDocument: tsvector('title_document').generatedAlwaysAs(sql`to_tsvector('app_simple'::regconfig, search_parsed(title))`),
  },
  (table) => [
    uniqueIndex('search_items_item').on(table.kind, table.itemId),
    index('search_items_space').on(table.spaceId),
    index('search_items_task').on(table.taskId),
    index('search_items_document').using('gin', table.document),
    index('search_items_title_document').using('gin', table.titleDocument),
    // Exact titles: `lower(title) = lower(typed)` within the team.
    index('search_items_title_exact').on(table.teamId, sql`lower(title)`),
  ],
);

/**
 * A doc's text as its room last stored it (not in the log: the docs rooms write it), searched with the doc's item.
 * On SQLite the FTS5 table doc_text_search indexes docs' doc_texts directly; here the index keeps its own copy, written
 * by the index's `setDocText` change.
 */
export const searchDocTexts = pgTable(
  'search_doc_texts',
  {
    docId: text('doc_id').primaryKey(),
    plainText: text('plain_text').notNull(),
    updatedAt: text('updated_at').notNull(),
    document: tsvector('document').generatedAlwaysAs(sql`to_tsvector('app_simple'::regconfig, search_parsed(plain_text))`),
  },
  (table) => [index('search_doc_texts_document').using('gin', table.document)],
);
