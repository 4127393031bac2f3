/**
 * The one search interface (issue 21): what every search index keeps and answers, whichever database holds it.
 * Two adapters: FTS5 on SQLite (sqlite/ftsIndex.ts, the app's index today) and PostgreSQL full-text search
 * (postgres/tsvectorIndex.ts). Both keep the same items, match the same words (whole words, or the words they begin
 * for a typed word of three or more letters; accents and case ignored; every typed word required; nothing typed is
 * an operator), filter by the same scope and dates, and mark matches with the same private-use characters
 * (text.ts). `searchIndexPort.conformance.ts` holds them to it.
 */

import type { IndexChange, IndexedKind, ItemPlace } from '../../core/searchSources';

/**
 * The items and the changes the index applies are the core's search sources port (core/searchSources.ts): each area
 * turns its own events into them in its own folder (domains/<area>/searchSource.ts), and changes.ts composes them.
 */
export type { IndexChange, IndexedItem, IndexedKind, ItemPlace, ItemSelector, PlaceChange } from '../../core/searchSources';

/**
 * What the caller may read at this moment, already judged by the policies: items of these spaces, private chats and
 * meeting rooms of this team, these calendar events (in no space: each has its own readers), and nothing else. The
 * index applies it, it never judges it.
 */
export interface SearchScope {
  teamId: string;
  spaceIds: readonly string[];
  privatIds: readonly string[];
  meetingroomIds: readonly string[];
  /** Events of kind `event` the caller may read: an event item is found through this list only. */
  eventIds: readonly string[];
}

/** What is searched: the text as typed, an optional kind, inclusive ISO date bounds, and how many results at most. */
export interface IndexQuery {
  text: string;
  kind: IndexedKind | null;
  from: string | null;
  until: string | null;
  first: number;
  /** The instant ages are counted from for the ranking. */
  now: Date;
}

/** One matched item, with its title and snippet marked where they matched (matchStart … matchEnd), before it is presented. */
export interface MatchedItem extends Omit<ItemPlace, 'teamId'> {
  /** The index's own number for the item: stable while the item is indexed. */
  id: number;
  kind: IndexedKind;
  itemId: string;
  createdAt: string;
  markedTitle: string;
  markedSnippet: string;
}

/**
 * How many matches of each source are ranked at most: the newest this many the caller may read. The sources: titles
 * and texts; titles alone (they weigh ten times, so an older title match still competes when a common word fills
 * the newest texts); docs' texts. A word in fewer items ranks them all; a common word ("update" in one item of five)
 * scores and sorts only the newest, which the order favours anyway.
 */
export const rankedCandidates = 1_000;

/**
 * A search index. Results: items whose whole title is what was typed first (newest first), then the others ranked
 * (titles weigh ten times the text, older items count less, the newest first among equals); each item once, at most
 * `first` of them, all inside the scope and the date range.
 */
export interface SearchIndexPort {
  apply(changes: readonly IndexChange[]): Promise<void>;
  search(query: IndexQuery, scope: SearchScope): Promise<MatchedItem[]>;
}
