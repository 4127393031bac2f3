/**
 * The one search interface (issue 21): what every search index keeps and answers, whichever database holds it.
 * Two adapters: FTS5 on SQLite (sqlite/ftsIndex.ts, the app's index today) and PostgreSQL full-text search
 * (postgres/tsvectorIndex.ts). Both keep the same items, match the same words (whole words, or the words they begin
 * for a typed word of three or more letters; accents and case ignored; every typed word required; nothing typed is
 * an operator), filter by the same scope and dates, and mark matches with the same private-use characters
 * (text.ts). `searchIndexPort.conformance.ts` holds them to it.
 */

export type IndexedKind = 'task' | 'message' | 'doc' | 'file';

/** Where an item lives and what a result shows besides its text: what the scope filter and the page read. */
export interface ItemPlace {
  teamId: string;
  /** The space it belongs to; for a message, the space of its channel or task; null for private chats and meeting rooms. */
  spaceId: string | null;
  privatId: string | null;
  /** A task thread's message or a task's file: the task, so a move or a deletion of the task follows. */
  taskId: string | null;
  /** A meeting room's message: the room, readable when the scope lists it. */
  meetingroomId: string | null;
  /** A task's idCode (T-12), a doc's emoji, a file's folder. */
  code: string | null;
  emoji: string | null;
  folderId: string | null;
}

/** One searchable item: a task (name, description), a message (text), a doc (title) or a file (name, a PDF's text). */
export interface IndexedItem extends ItemPlace {
  kind: IndexedKind;
  itemId: string;
  /** ISO instant: the date range filters on it and the ranking favours newer items. */
  createdAt: string;
  title: string;
  body: string;
}

/** Which items a change concerns: one item, everything of a task (its thread, its files), of a space, or of a folder's files. */
export type ItemSelector =
  { kind: IndexedKind; itemId: string } | { taskId: string } | { spaceId: string } | { kind: 'file'; folderId: string };

/** Place fields a change may set (the text has its own change). */
export type PlaceChange = Partial<Pick<ItemPlace, 'spaceId' | 'code' | 'emoji' | 'folderId'>>;

/**
 * What happens to the index: the projection turns each event into these (changes.ts), and each adapter applies them.
 * `add` of an item already there changes nothing (a replayed creation); changes of an item not there change nothing.
 */
export type IndexChange =
  | { type: 'add'; item: IndexedItem }
  | { type: 'setText'; kind: IndexedKind; itemId: string; title?: string; body?: string }
  | { type: 'setPlace'; where: ItemSelector; set: PlaceChange }
  | { type: 'remove'; where: ItemSelector }
  /** A doc's text as its room last stored it: indexed beside the doc's item, searched with it. */
  | { type: 'setDocText'; docId: string; text: string; updatedAt: string };

/**
 * What the caller may read at this moment, already judged by the policies: items of these spaces, private chats and
 * meeting rooms of this team, and nothing else. The index applies it, it never judges it.
 */
export interface SearchScope {
  teamId: string;
  spaceIds: readonly string[];
  privatIds: readonly string[];
  meetingroomIds: readonly string[];
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
export interface MatchedItem {
  /** The index's own number for the item: stable while the item is indexed. */
  id: number;
  kind: IndexedKind;
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
