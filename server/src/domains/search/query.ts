import type Database from 'better-sqlite3';
import { searchHistoryStart } from '#shared/plans';
import { spacePolicy, spaceTypeOf, type TeamSeat } from '../../core/access';
import { refusal } from '../../errors';
import { meetingsPolicy } from '../meetings';
import type { SearchInput } from './input';
import { ftsPhrase, ftsQuery, matchEnd, matchStart } from './text';

/** One matched row of the index, with its marked title and snippet, before it is presented. */
export interface MatchedItem {
  id: number;
  kind: 'task' | 'message' | 'doc' | 'file';
  itemId: string;
  spaceId: string | null;
  privatId: string | null;
  taskId: string | null;
  meetingroomId: string | null;
  code: string | null;
  emoji: string | null;
  folderId: string | null;
  createdAt: string;
  markedTitle: string;
  markedSnippet: string;
}

interface SpaceRow {
  id: string;
  isPersonal: number;
  type: string | null;
  ownerId: string;
  permission: 'admin' | 'basic' | null;
}

/**
 * The spaces of the team the caller may read now, judged by the space policy from their current seat and
 * memberships (a member removed from a space no longer has it; a team admin reads every shared space).
 */
export function readableSpaceIds(sqlite: Database.Database, teamId: string, seat: TeamSeat): string[] {
  const rows = sqlite
    .prepare<[string, string], SpaceRow>(
      `SELECT p.id, p.is_personal AS isPersonal, p.type, p.owner_id AS ownerId, m.permission
       FROM projects p LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = ?
       WHERE p.team_id = ?`,
    )
    .all(seat.userId, teamId);
  return rows
    .filter((row) =>
      spacePolicy.read(
        seat,
        { teamId, isPersonal: row.isPersonal === 1, type: spaceTypeOf(row.type), ownerId: row.ownerId },
        { permission: row.permission, requested: false },
      ),
    )
    .map((row) => row.id);
}

/** The filters every step shares: the team, kind, dates, and what the caller may read now. */
const visibleItems = `
    i.team_id = :teamId
    AND (:kind IS NULL OR i.kind = :kind)
    AND (:from IS NULL OR i.created_at >= :from)
    AND (:until IS NULL OR i.created_at <= :until)
    AND (
      (i.space_id IS NOT NULL AND i.space_id IN (SELECT value FROM json_each(:spaces)))
      OR (i.privat_id IS NOT NULL AND :privats = 1
        AND i.privat_id IN (SELECT privat_id FROM privat_members WHERE user_id = :userId))
      OR (i.meetingroom_id IS NOT NULL AND i.meetingroom_id IN (
        SELECT id FROM meetingrooms WHERE team_id = :teamId
          AND (project_id IN (SELECT value FROM json_each(:spaces)) OR (project_id IS NULL AND :adHocRooms = 1))))
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
 * How many matches of each source are ranked at most: the newest this many the caller may read. The sources: titles
 * and texts; titles alone (they weigh ten times, so an older title match still competes when a common word fills
 * the newest texts); docs' texts. A word in fewer items ranks them all, as before; a common word ("update" in one
 * item of five) no longer scores and sorts tens of thousands of rows, only the newest, which the order favours anyway.
 */
export const rankedCandidates = 1_000;

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

/**
 * Who searches: their current team, their seat in it, and the team's plan (its search history: older items are
 * hidden, never dropped from the index, so a paid plan finds them again at once).
 */
export interface SearchViewer {
  teamId: string;
  seat: TeamSeat;
  plan: string;
}

/**
 * What the caller may find, matched in SQL against their current seat, spaces, private chats and rooms:
 * the team's readable spaces (or only the one asked for, NOT_FOUND when they may not read it), the private
 * chats they are in, and ad hoc meeting rooms when they may use them; only items created within the team plan's
 * search history.
 */
export function searchIndex(sqlite: Database.Database, viewer: SearchViewer, input: SearchInput, now: Date): MatchedItem[] {
  const readable = readableSpaceIds(sqlite, viewer.teamId, viewer.seat);
  if (input.space !== null && !readable.includes(input.space)) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND', { field: 'space' });
  const match = ftsQuery(input.text);
  const titlePhrase = ftsPhrase(input.text);
  if (match === null || titlePhrase === null) return [];
  const onlySpace = input.space !== null;
  const historyStart = searchHistoryStart(viewer.plan, now)?.toISOString() ?? null;
  const filters = {
    teamId: viewer.teamId,
    userId: viewer.seat.userId,
    kind: input.filter === 'all' ? null : input.filter,
    // Both are ISO instants in UTC, so the later one is the greater string.
    from: input.from === null || (historyStart !== null && historyStart > input.from) ? historyStart : input.from,
    until: input.until,
    spaces: JSON.stringify(onlySpace ? [input.space] : readable),
    privats: onlySpace ? 0 : 1,
    adHocRooms: !onlySpace && meetingsPolicy.useAdHocRoom(viewer.seat) ? 1 : 0,
    first: input.first,
  };
  const ids = (statement: string, parameters: Record<string, unknown>) =>
    sqlite
      .prepare<[Record<string, unknown>], { id: number }>(statement)
      .all({ ...filters, ...parameters })
      .map((row) => row.id);
  // Exact title matches first, then the ranked ones; each item once.
  const order = [
    ...new Set([
      ...ids(exactTitleSql, { titleMatch: `title : ^ ${titlePhrase}`, typed: input.text }),
      ...ids(rankedSql, { match, titleMatch: `title : (${match})`, now: now.toISOString(), candidates: rankedCandidates }),
    ]),
  ].slice(0, input.first);
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
