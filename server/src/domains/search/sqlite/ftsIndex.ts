import type Database from 'better-sqlite3';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { DatabaseHandle, Transaction } from '../../../db/connection';
import { itemColumnPlaceholders, itemColumnValues } from '../itemColumns';
import { preparedQuery } from '../../../db/prepared';
import {
  rankedCandidates,
  type IndexChange,
  type IndexedItem,
  type IndexedKind,
  type IndexQuery,
  type ItemSelector,
  type MatchedItem,
  type SearchIndexPort,
  type SearchScope,
} from '../port';
import { searchItems } from '../tables';
import { ftsPhrase, ftsQuery, indexedText, matchEnd, matchStart } from '../text';

/**
 * The SQLite adapter of the search index: FTS5. `search_items` holds what a search filters on (its `id` is the rowid
 * of the item's text in the FTS5 table `search_text`, `unicode61 remove_diacritics 2`); a doc's text is in
 * `doc_texts`, indexed by the external-content FTS5 table `doc_text_search` through triggers
 * (migrations/0016_search.sql). Writes run inside the caller's transaction, synchronously, as projections do.
 */

/** search_text's rows with their rowid (search_items.id), for the writes below; ftsTable.ts declares what is compared. */
const searchTextRows = sqliteTable('search_text', { rowid: integer('rowid'), title: text('title'), body: text('body') });

const placeholder = sql.placeholder;

/** The writes every indexed task, message, doc and file makes: built once per connection (db/prepared.ts). */
const searchWrites = preparedQuery((transaction: Transaction) => ({
  rowidOf: transaction
    .select({ id: searchItems.id })
    .from(searchItems)
    .where(and(eq(searchItems.kind, placeholder('kind')), eq(searchItems.itemId, placeholder('itemId'))))
    .prepare(),
  insertItem: transaction
    .insert(searchItems)
    .values(itemColumnPlaceholders())
    .onConflictDoNothing()
    .returning({ id: searchItems.id })
    .prepare(),
  insertText: transaction
    .insert(searchTextRows)
    .values({ rowid: placeholder('rowid'), title: placeholder('title'), body: placeholder('body') })
    .prepare(),
  setTitle: transaction
    .update(searchTextRows)
    .set({ title: sql`${placeholder('title')}` })
    .where(eq(searchTextRows.rowid, placeholder('rowid')))
    .prepare(),
  setBody: transaction
    .update(searchTextRows)
    .set({ body: sql`${placeholder('body')}` })
    .where(eq(searchTextRows.rowid, placeholder('rowid')))
    .prepare(),
}));

function addItem(transaction: Transaction, item: IndexedItem): void {
  const writes = searchWrites(transaction);
  const row = writes.insertItem.get(itemColumnValues(item));
  if (!row) return;
  writes.insertText.run({ rowid: row.id, title: indexedText(item.title), body: indexedText(item.body) });
}

function setText(transaction: Transaction, kind: IndexedKind, itemId: string, text: { title?: string; body?: string }): void {
  const writes = searchWrites(transaction);
  const rowid = writes.rowidOf.get({ kind, itemId })?.id;
  if (rowid === undefined) return;
  if (text.title !== undefined) writes.setTitle.run({ rowid, title: indexedText(text.title) });
  if (text.body !== undefined) writes.setBody.run({ rowid, body: indexedText(text.body) });
}

function condition(where: ItemSelector): SQL {
  if ('itemId' in where) return sql`kind = ${where.kind} AND item_id = ${where.itemId}`;
  if ('taskId' in where) return sql`task_id = ${where.taskId}`;
  if ('spaceId' in where) return sql`space_id = ${where.spaceId}`;
  return sql`kind = 'file' AND folder_id = ${where.folderId}`;
}

const placeColumns = { spaceId: 'space_id', code: 'code', emoji: 'emoji', folderId: 'folder_id' } as const;

/** Applies index changes inside a transaction of the SQLite store (the search projection's, or one of its own). */
export function applyFtsChanges(transaction: Transaction, changes: readonly IndexChange[]): void {
  for (const change of changes) {
    switch (change.type) {
      case 'add':
        addItem(transaction, change.item);
        break;
      case 'setText':
        setText(transaction, change.kind, change.itemId, change);
        break;
      case 'setPlace': {
        // An undefined value leaves its column as it is (the port's type allows one), as on PostgreSQL.
        const assignments = Object.entries(change.set)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => sql`${sql.identifier(placeColumns[key as keyof typeof placeColumns])} = ${value}`);
        if (assignments.length > 0)
          transaction.run(sql`UPDATE search_items SET ${sql.join(assignments, sql`, `)} WHERE ${condition(change.where)}`);
        break;
      }
      case 'remove':
        transaction.run(sql`DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_items WHERE ${condition(change.where)})`);
        transaction.run(sql`DELETE FROM search_items WHERE ${condition(change.where)}`);
        break;
      case 'setDocText':
        // As the docs rooms store it (collab/persistence.ts); doc_text_search follows through its triggers.
        transaction.run(
          sql`INSERT INTO doc_texts (doc_id, plain_text, updated_at) VALUES (${change.docId}, ${change.text}, ${change.updatedAt})
              ON CONFLICT (doc_id) DO UPDATE SET plain_text = excluded.plain_text, updated_at = excluded.updated_at`,
        );
        break;
    }
  }
}

/**
 * The filters every step shares: the team, kind, dates, and the scope the caller may read (an event is in no space, chat
 * or room: only the scope's list of events finds it).
 */
const visibleItems = `
    i.team_id = :teamId
    AND (:kind IS NULL OR i.kind = :kind)
    AND (:from IS NULL OR i.created_at >= :from)
    AND (:until IS NULL OR i.created_at <= :until)
    AND (
      (i.space_id IS NOT NULL AND i.space_id IN (SELECT value FROM json_each(:spaces)))
      OR (i.privat_id IS NOT NULL AND i.privat_id IN (SELECT value FROM json_each(:privats)))
      OR (i.meetingroom_id IS NOT NULL AND i.meetingroom_id IN (SELECT value FROM json_each(:rooms)))
      OR (i.kind = 'event' AND i.item_id IN (SELECT value FROM json_each(:events)))
    )`;

/**
 * Items whose whole title is what was typed. The index finds titles that begin with the typed words (`^`), so only
 * those few titles are read and compared, never every title holding a common word.
 */
const exactTitleSql = `
  SELECT i.id FROM search_text JOIN search_items i ON i.id = search_text.rowid
  WHERE search_text MATCH :titleMatch AND lower(search_text.title) = lower(:typed) AND ${visibleItems}
  ORDER BY i.created_at DESC LIMIT :first`;

/**
 * The ranking reads no text: bm25 with titles weighing ten times the text, scaled down for older items (a
 * year-old item counts half as much as a new one), then the newest first. An item matches when its title and
 * text hold every word, or, for a doc, when its text (doc_text_search, beside the log) does; a doc found both
 * ways keeps its better score. Each source gives its newest `rankedCandidates` matches the caller may read (the
 * index walks its matches newest first, by rowid, and stops there; bm25 is computed for those only). Snippets are
 * made afterwards for the page only: an ORDER BY computes every selected column of every matching row before it sorts.
 */
const rankedSql = `
  WITH hits (id, score) AS (
    SELECT * FROM (
      SELECT i.id, bm25(search_text, 10.0, 1.0) FROM search_text CROSS JOIN search_items i ON i.id = search_text.rowid
      WHERE search_text MATCH :match AND ${visibleItems}
      ORDER BY search_text.rowid DESC LIMIT :candidates)
    UNION ALL
    SELECT * FROM (
      SELECT i.id, bm25(search_text, 10.0, 1.0) FROM search_text CROSS JOIN search_items i ON i.id = search_text.rowid
      WHERE search_text MATCH :titleMatch AND ${visibleItems}
      ORDER BY search_text.rowid DESC LIMIT :candidates)
    UNION ALL
    SELECT * FROM (
      SELECT i.id, bm25(doc_text_search) FROM doc_text_search
        CROSS JOIN doc_texts d ON d.rowid = doc_text_search.rowid
        CROSS JOIN search_items i ON i.kind = 'doc' AND i.item_id = d.doc_id
      WHERE doc_text_search MATCH :match AND (:kind IS NULL OR :kind = 'doc') AND ${visibleItems}
      ORDER BY doc_text_search.rowid DESC LIMIT :candidates)
  )
  SELECT i.id FROM (SELECT id, min(score) AS score FROM hits GROUP BY id) h JOIN search_items i ON i.id = h.id
  ORDER BY h.score / (1.0 + max(0.0, julianday(:now) - julianday(i.created_at)) / 365.0), i.created_at DESC
  LIMIT :first`;

const pageItemsSql = `
  SELECT i.id, i.kind, i.item_id AS itemId, i.space_id AS spaceId, i.privat_id AS privatId, i.task_id AS taskId,
    i.meetingroom_id AS meetingroomId, i.code, i.emoji, i.folder_id AS folderId, i.created_at AS createdAt,
    t.title AS markedTitle, '' AS markedSnippet
  FROM search_items i JOIN search_text t ON t.rowid = i.id
  WHERE i.id IN (SELECT value FROM json_each(:ids))`;

/*
 * The page's marks ask the index for a range of rowids and keep the page's ids out of the index's reach (`+rowid`):
 * given a list of rowids, FTS5 would run the whole match once per id (expanding each prefix word anew), five times
 * slower for a common word than running it once over the range.
 */
const pageMarksSql = `
  SELECT rowid AS id, highlight(search_text, 0, :open, :close) AS markedTitle,
    snippet(search_text, 1, :open, :close, '…', 32) AS markedSnippet
  FROM search_text WHERE search_text MATCH :match AND rowid BETWEEN :lowest AND :highest
    AND +rowid IN (SELECT value FROM json_each(:ids))`;

/** The page's docs with the rowid of their text in doc_text_search. */
const pageDocTextsSql = `
  SELECT i.id, d.rowid AS textRow FROM search_items i JOIN doc_texts d ON d.doc_id = i.item_id
  WHERE i.kind = 'doc' AND i.id IN (SELECT value FROM json_each(:ids))`;

const pageDocSnippetsSql = `
  SELECT rowid AS textRow, snippet(doc_text_search, 0, :open, :close, '…', 32) AS markedSnippet
  FROM doc_text_search WHERE doc_text_search MATCH :match AND rowid BETWEEN :lowest AND :highest
    AND +rowid IN (SELECT value FROM json_each(:ids))`;

/** Searches the FTS5 index (the port's search, synchronously: the app's request path on SQLite). */
export function searchFts(sqlite: Database.Database, query: IndexQuery, scope: SearchScope): MatchedItem[] {
  const match = ftsQuery(query.text);
  const titlePhrase = ftsPhrase(query.text);
  if (match === null || titlePhrase === null) return [];
  const filters = {
    teamId: scope.teamId,
    kind: query.kind,
    from: query.from,
    until: query.until,
    spaces: JSON.stringify(scope.spaceIds),
    privats: JSON.stringify(scope.privatIds),
    rooms: JSON.stringify(scope.meetingroomIds),
    events: JSON.stringify(scope.eventIds),
    first: query.first,
  };
  const ids = (statement: string, parameters: Record<string, unknown>) =>
    sqlite
      .prepare<[Record<string, unknown>], { id: number }>(statement)
      .all({ ...filters, ...parameters })
      .map((row) => row.id);
  // Exact title matches first, then the ranked ones; each item once.
  const order = [
    ...new Set([
      ...ids(exactTitleSql, { titleMatch: `title : ^ ${titlePhrase}`, typed: query.text }),
      ...ids(rankedSql, { match, titleMatch: `title : (${match})`, now: query.now.toISOString(), candidates: rankedCandidates }),
    ]),
  ].slice(0, query.first);
  if (order.length === 0) return [];
  const marked = (ids: number[]) => ({
    open: matchStart,
    close: matchEnd,
    match,
    ids: JSON.stringify(ids),
    lowest: Math.min(...ids),
    highest: Math.max(...ids),
  });
  const items = new Map(
    sqlite
      .prepare<[Record<string, unknown>], MatchedItem>(pageItemsSql)
      .all({ ids: JSON.stringify(order) })
      .map((row) => [row.id, row]),
  );
  // Titles and snippets marked where the title or text matched; a doc's snippet from its text where that matched.
  const marks = sqlite
    .prepare<[Record<string, unknown>], { id: number; markedTitle: string; markedSnippet: string }>(pageMarksSql)
    .all(marked(order));
  for (const mark of marks) Object.assign(items.get(mark.id) ?? {}, mark);
  const docTexts = new Map(
    sqlite
      .prepare<[Record<string, unknown>], { id: number; textRow: number }>(pageDocTextsSql)
      .all({ ids: JSON.stringify(order) })
      .map((row) => [row.textRow, row.id]),
  );
  if (docTexts.size > 0) {
    const docSnippets = sqlite
      .prepare<[Record<string, unknown>], { textRow: number; markedSnippet: string }>(pageDocSnippetsSql)
      .all(marked([...docTexts.keys()]));
    for (const snippet of docSnippets)
      Object.assign(items.get(docTexts.get(snippet.textRow)!) ?? {}, { markedSnippet: snippet.markedSnippet });
  }
  return order.flatMap((id) => items.get(id) ?? []);
}

/**
 * The port on a SQLite store: changes in a transaction of their own, searches as the app runs them. The app's
 * projection and request path call `applyFtsChanges` and `searchFts` directly, synchronously, until the store's door
 * is asynchronous (issue 21).
 */
export function sqliteSearchIndex(database: DatabaseHandle): SearchIndexPort {
  return {
    apply: async (changes) => database.db.transaction((transaction) => applyFtsChanges(transaction, changes)),
    search: async (query, scope) => searchFts(database.sqlite, query, scope),
  };
}
