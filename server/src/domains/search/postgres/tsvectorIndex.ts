import { and, eq, inArray, sql as sqlFragment, type SQL } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import type { Sql } from '../../../core/postgres/connect';
import { migratePostgres, projectionMigrations } from '../../../core/postgres/migrate';
import {
  rankedCandidates,
  type IndexChange,
  type IndexQuery,
  type ItemSelector,
  type MatchedItem,
  type SearchIndexPort,
  type SearchScope,
} from '../port';
import { searchDocTexts, searchItems } from '../tables.pg';
import { indexedText, matchEnd, matchStart } from '../text';
import { preparedQuery } from '../../../db/prepared';
import { itemColumnPlaceholders, itemColumnValues } from '../itemColumns';
import { tsqueryOf } from './tsquery';

/**
 * The PostgreSQL adapter of the search index: `search_items` keeps each item's title and text beside what a search
 * filters on, with a generated tsvector (titles A, text D, configuration `app_simple`: simple + unaccent) under a GIN
 * index; `search_doc_texts` the same for docs' texts. The tables are declared in ../tables.pg.ts and made by
 * migrations/postgres/0002_search_text.sql, with the configuration and functions their vectors need.
 */

/** Creates the index's tables and text search configuration where they are missing (with the other projections' tables). */
export async function migrateSearchIndex(sql: Sql): Promise<string[]> {
  return migratePostgres(sql, projectionMigrations);
}

/**
 * What the index's writes run on: a drizzle PostgreSQL database on postgres-js, or a transaction of one (a unit's, in
 * the command door: core/postgres/eventStore.ts), so they commit with the events that made them.
 */
export type SearchIndexWriter = PgDatabase<PostgresJsQueryResultHKT, Record<string, never>>;

/** A pool or a transaction of postgres.js: the searches' statements, written in SQL for the planner (see below). */
type Queryable = postgres.ISql;
type Fragment = postgres.PendingQuery<postgres.Row[]>;

/**
 * Text as this index keeps it: without the match markers (text.ts), NUL (PostgreSQL text cannot hold it) and the
 * control characters `search_parsed` puts in the place of punctuation, so a headline turns back exactly.
 */
function keptText(text: string): string {
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what the index must not keep
  return indexedText(text).replace(/[\u0000-\u0008\u000e\u000f]/g, '');
}

/** The ways a change names the items it touches (ItemSelector), each written by a statement of its own. */
const selectorForms = ['item', 'task', 'space', 'folder'] as const;
type SelectorForm = (typeof selectorForms)[number];

/** Which statement a selector takes, and its values under the placeholder names `selectedBy` gives them. */
function selectorOf(where: ItemSelector): { form: SelectorForm; values: Record<string, unknown> } {
  if ('itemId' in where) return { form: 'item', values: { selectorKind: where.kind, selectorItemId: where.itemId } };
  if ('taskId' in where) return { form: 'task', values: { selectorTaskId: where.taskId } };
  if ('spaceId' in where) return { form: 'space', values: { selectorSpaceId: where.spaceId } };
  return { form: 'folder', values: { selectorFolderId: where.folderId } };
}

function selectedBy(form: SelectorForm): SQL | undefined {
  const placeholder = sqlFragment.placeholder;
  switch (form) {
    case 'item':
      return and(eq(searchItems.kind, placeholder('selectorKind')), eq(searchItems.itemId, placeholder('selectorItemId')));
    case 'task':
      return eq(searchItems.taskId, placeholder('selectorTaskId'));
    case 'space':
      return eq(searchItems.spaceId, placeholder('selectorSpaceId'));
    case 'folder':
      return and(eq(searchItems.kind, 'file'), eq(searchItems.folderId, placeholder('selectorFolderId')));
  }
}

/** The place columns a `setPlace` change may set (PlaceChange). */
const placeColumns = ['spaceId', 'code', 'emoji', 'folderId'] as const;

/**
 * `column` set to its placeholder when the change gives it (`<column>Given` true), left as it is otherwise: one
 * statement per selector for every combination of place fields, instead of one per combination.
 */
function placeAssignment(column: (typeof placeColumns)[number]): SQL {
  const given = sqlFragment.placeholder(`${column}Given`);
  return sqlFragment`case when cast(${given} as boolean) then ${sqlFragment.placeholder(column)} else ${searchItems[column]} end`;
}

/** The text columns a `setText` change writes: the title, the text, or both. */
type TextForm = 'title' | 'body' | 'both';

/**
 * The index's writes, built once per database and bound to each unit's transaction (db/prepared.ts): on PostgreSQL
 * each is a statement prepared on the server, one round trip, where one built by drizzle for each change was
 * described before it ran (two, and nothing sent after it left before its answer). Every form is built up front
 * (seventeen statements), so the set a connection keeps is fixed.
 */
const indexWrites = preparedQuery((database: SearchIndexWriter) => {
  const placeholder = sqlFragment.placeholder;
  const byForm = <Form extends string, Query>(forms: readonly Form[], build: (form: Form) => Query) =>
    Object.fromEntries(forms.map((form) => [form, build(form)])) as Record<Form, Query>;
  const bySelector = <Query>(build: (form: SelectorForm) => Query) => byForm(selectorForms, build);
  const textSet = (form: TextForm) => ({
    ...(form === 'body' ? {} : { title: sqlFragment`${placeholder('title')}` }),
    ...(form === 'title' ? {} : { body: sqlFragment`${placeholder('body')}` }),
  });
  return {
    add: database
      .insert(searchItems)
      .values({ ...itemColumnPlaceholders(), title: placeholder('title'), body: placeholder('body') })
      .onConflictDoNothing({ target: [searchItems.kind, searchItems.itemId] })
      .prepare('search_add'),
    setText: byForm(['title', 'body', 'both'] as const, (form) =>
      database
        .update(searchItems)
        .set(textSet(form))
        .where(and(eq(searchItems.kind, placeholder('kind')), eq(searchItems.itemId, placeholder('itemId'))))
        .prepare(`search_set_${form}`),
    ),
    setPlace: bySelector((form) =>
      database
        .update(searchItems)
        .set(Object.fromEntries(placeColumns.map((column) => [column, placeAssignment(column)])))
        .where(selectedBy(form))
        .prepare(`search_place_${form}`),
    ),
    // A removed doc's text goes with it: only the join with its item made it unreachable.
    removeDocTexts: bySelector((form) =>
      database
        .delete(searchDocTexts)
        .where(
          inArray(
            searchDocTexts.docId,
            database
              .select({ docId: searchItems.itemId })
              .from(searchItems)
              .where(and(eq(searchItems.kind, 'doc'), selectedBy(form))),
          ),
        )
        .prepare(`search_remove_doc_texts_${form}`),
    ),
    remove: bySelector((form) => database.delete(searchItems).where(selectedBy(form)).prepare(`search_remove_${form}`)),
    setDocText: database
      .insert(searchDocTexts)
      .values({ docId: placeholder('docId'), plainText: placeholder('plainText'), updatedAt: placeholder('updatedAt') })
      .onConflictDoUpdate({
        target: searchDocTexts.docId,
        set: { plainText: sqlFragment`excluded.plain_text`, updatedAt: sqlFragment`excluded.updated_at` },
      })
      .prepare('search_set_doc_text'),
  };
});

/**
 * Applies index changes, in order, on the database or transaction given: the search projection's writes inside a
 * unit of the PostgreSQL door, or a batch of its own (postgresSearchIndex).
 */
export async function applyTsvectorChanges(database: SearchIndexWriter, changes: readonly IndexChange[]): Promise<void> {
  const writes = indexWrites(database);
  for (const change of changes) {
    switch (change.type) {
      case 'add': {
        const { item } = change;
        await writes.add.execute({ ...itemColumnValues(item), title: keptText(item.title), body: keptText(item.body) });
        break;
      }
      case 'setText': {
        const form: TextForm | null =
          change.title !== undefined ? (change.body !== undefined ? 'both' : 'title') : change.body !== undefined ? 'body' : null;
        if (form === null) break;
        await writes.setText[form].execute({
          kind: change.kind,
          itemId: change.itemId,
          title: change.title === undefined ? null : keptText(change.title),
          body: change.body === undefined ? null : keptText(change.body),
        });
        break;
      }
      case 'setPlace': {
        // A field the change leaves undefined stays as it is; one given as null is cleared.
        if (!placeColumns.some((column) => change.set[column] !== undefined)) break;
        const { form, values } = selectorOf(change.where);
        for (const column of placeColumns) {
          values[`${column}Given`] = change.set[column] !== undefined;
          values[column] = change.set[column] ?? null;
        }
        await writes.setPlace[form].execute(values);
        break;
      }
      case 'remove': {
        const { form, values } = selectorOf(change.where);
        await writes.removeDocTexts[form].execute(values);
        await writes.remove[form].execute(values);
        break;
      }
      case 'setDocText':
        await writes.setDocText.execute({ docId: change.docId, plainText: keptText(change.text), updatedAt: change.updatedAt });
        break;
    }
  }
}

/** ts_rank's weights for D, C, B, A: titles (A) weigh ten times the text (D), as bm25(search_text, 10, 1) on SQLite. */
const rankWeights = '{0.1, 0, 0, 1.0}';
/** ts_rank's normalization 1: divided by 1 + the logarithm of the item's length, so a long text does not win by length alone. */
const rankNormalization = 1;
/** ts_headline's options: a title marked whole; a text's snippet of up to 32 words, as FTS5's snippet(…, 32). */
const titleHeadline = `StartSel=${matchStart}, StopSel=${matchEnd}, HighlightAll=true`;
const snippetHeadline = `StartSel=${matchStart}, StopSel=${matchEnd}, MaxWords=32, MinWords=16, ShortWord=0`;

/** A page row as postgres.js reads it: a matched item whose bigint id arrives as text. */
type PageRow = Omit<MatchedItem, 'id'> & { id: string };

/**
 * The filters every step shares: the team, kind, dates, and the scope the caller may read (an event is in no space, chat
 * or room: only the scope's list of events finds it).
 */
function visibleItems(sql: Queryable, query: IndexQuery, scope: SearchScope): Fragment {
  return sql`
    i.team_id = ${scope.teamId}
    ${query.kind === null ? sql`` : sql`AND i.kind = ${query.kind}`}
    ${query.from === null ? sql`` : sql`AND i.created_at >= ${query.from}`}
    ${query.until === null ? sql`` : sql`AND i.created_at <= ${query.until}`}
    AND (
      (i.space_id IS NOT NULL AND i.space_id = any(${sql.array([...scope.spaceIds])}::text[]))
      OR (i.privat_id IS NOT NULL AND i.privat_id = any(${sql.array([...scope.privatIds])}::text[]))
      OR (i.meetingroom_id IS NOT NULL AND i.meetingroom_id = any(${sql.array([...scope.meetingroomIds])}::text[]))
      OR (i.kind = 'event' AND i.item_id = any(${sql.array([...scope.eventIds])}::text[]))
    )`;
}

/**
 * Searches the tsvector index. The same steps as the FTS5 adapter: items whose whole title is what was typed
 * (newest first), then up to `rankedCandidates` newest readable matches from each source (titles and texts, titles
 * alone through their own tsvector, docs' texts) ranked by ts_rank divided by 1 + age in years, the newest first among
 * equals; headlines for the page only, since ts_headline parses the text again. Runs its statements on what it is
 * given; the port runs them in one read-only snapshot with plans made for the words searched (postgresSearchIndex).
 */
export async function searchTsvector(sql: Queryable, query: IndexQuery, scope: SearchScope): Promise<MatchedItem[]> {
  const match = tsqueryOf(query.text);
  if (match === null) return [];
  const visible = () => visibleItems(sql, query, scope);
  const exact = await sql<{ id: string }[]>`
    SELECT i.id FROM search_items i
    WHERE lower(i.title) = lower(${keptText(query.text)}) AND ${visible()}
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${query.first}`;
  // The tsqueries are written out in each source (not a CTE), so the planner estimates each one's matches from the
  // column's statistics: the newest matches of a common word by walking ids backwards, a rare word's through the GIN index.
  const matching = (document: Fragment) => sql`${document} @@ to_tsquery('app_simple', ${match})`;
  const rank = (document: Fragment) =>
    sql`ts_rank(${rankWeights}::real[], ${document}, to_tsquery('app_simple', ${match}), ${rankNormalization}::integer)`;
  const docsSearched = query.kind === null || query.kind === 'doc';
  const ranked = await sql<{ id: string }[]>`
    WITH hits AS (
      (SELECT i.id, ${rank(sql`i.document`)} AS score FROM search_items i
       WHERE ${matching(sql`i.document`)} AND ${visible()}
       ORDER BY i.id DESC LIMIT ${rankedCandidates})
      UNION ALL
      (SELECT i.id, ${rank(sql`i.document`)} FROM search_items i
       WHERE ${matching(sql`i.title_document`)} AND ${visible()}
       ORDER BY i.id DESC LIMIT ${rankedCandidates})
      ${
        docsSearched
          ? sql`UNION ALL
      (SELECT i.id, ${rank(sql`d.document`)}
       FROM search_doc_texts d JOIN search_items i ON i.kind = 'doc' AND i.item_id = d.doc_id
       WHERE ${matching(sql`d.document`)} AND ${visible()}
       ORDER BY i.id DESC LIMIT ${rankedCandidates})`
          : sql``
      }
    )
    SELECT i.id FROM (SELECT id, max(score) AS score FROM hits GROUP BY id) h JOIN search_items i ON i.id = h.id
    ORDER BY h.score / (1 + greatest(0, extract(epoch FROM (${query.now.toISOString()}::timestamptz - i.created_at::timestamptz)) / 86400) / 365) DESC,
      i.created_at DESC, i.id DESC
    LIMIT ${query.first}`;
  const order = [...new Set([...exact, ...ranked].map((row) => row.id))].slice(0, query.first);
  if (order.length === 0) return [];
  // A snippet gets "…" where it does not reach the start or the end of its text, as FTS5's snippet() does.
  const rows = await sql<PageRow[]>`
    WITH q AS (SELECT to_tsquery('app_simple', ${match}) AS match),
    page AS (
      SELECT i.id, i.kind, i.item_id, i.space_id, i.privat_id, i.task_id, i.meetingroom_id, i.code, i.emoji, i.folder_id,
        i.created_at, i.title, i.body, d.plain_text AS doc_text, q.match,
        i.document @@ q.match AS text_matched, coalesce(d.document @@ q.match, false) AS doc_matched
      FROM search_items i CROSS JOIN q LEFT JOIN search_doc_texts d ON i.kind = 'doc' AND d.doc_id = i.item_id
      WHERE i.id = any(${sql.array(order)}::bigint[])
    ),
    marked AS (
      SELECT page.*,
        CASE WHEN text_matched THEN search_shown(ts_headline('app_simple', search_parsed(title), match, ${titleHeadline}))
          ELSE title END AS marked_title,
        CASE WHEN doc_matched THEN doc_text WHEN text_matched THEN body END AS snippet_source,
        CASE WHEN doc_matched THEN search_shown(ts_headline('app_simple', search_parsed(doc_text), match, ${snippetHeadline}))
          WHEN text_matched THEN search_shown(ts_headline('app_simple', search_parsed(body), match, ${snippetHeadline}))
        END AS headline
      FROM page
    ),
    shown AS (
      SELECT marked.*, replace(replace(coalesce(headline, ''), ${matchStart}, ''), ${matchEnd}, '') AS plain FROM marked
    )
    SELECT id, kind, item_id AS "itemId", space_id AS "spaceId", privat_id AS "privatId", task_id AS "taskId",
      meetingroom_id AS "meetingroomId", code, emoji, folder_id AS "folderId", created_at AS "createdAt",
      marked_title AS "markedTitle",
      CASE WHEN headline IS NULL OR plain = '' THEN coalesce(headline, '')
        ELSE (CASE WHEN starts_with(snippet_source, plain) THEN '' ELSE '…' END) || headline ||
          (CASE WHEN right(snippet_source, length(plain)) = plain THEN '' ELSE '…' END)
      END AS "markedSnippet"
    FROM shown`;
  const items = new Map(rows.map((row) => [row.id, { ...row, id: Number(row.id) }]));
  return order.flatMap((id) => items.get(id) ?? []);
}

/**
 * The port on a PostgreSQL pool: each batch of changes in a transaction of its own; each search in a read-only
 * snapshot, planned for its own words. A prepared statement's generic plan cannot see how common the words are, and
 * picks one plan for all: walking the newest ids is right for a common word and reads the whole table for a rare one
 * (about 40 times slower on the benchmark's index).
 */
export function postgresSearchIndex(sql: Sql): SearchIndexPort {
  const database = drizzle(sql);
  return {
    apply: async (changes) => {
      await database.transaction((transaction) => applyTsvectorChanges(transaction, changes));
    },
    search: async (query, scope) =>
      (await sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (transaction) => {
        await transaction`SET LOCAL plan_cache_mode = force_custom_plan`;
        return searchTsvector(transaction, query, scope);
      })) as MatchedItem[],
  };
}
