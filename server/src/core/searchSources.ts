import type { SearchKind } from '#shared/search';
import type { StoredEvent } from './events';

/**
 * The search sources port: what an area tells the search index about its own events, without importing the search
 * area (search comes last in the areas' order and composes every source; an area never imports it). Each area that
 * has searchable items declares one `SearchSource` in its own folder (`domains/<area>/searchSource.ts`, exported by
 * its index.ts): the event types it reads and the index changes each one makes. The search area's projection applies
 * them, so a replay rebuilds the index from the same sources.
 */

export type IndexedKind = SearchKind;

/** Where an item lives and what a result shows besides its text: what the scope filter and the page read. */
export interface ItemPlace {
  teamId: string;
  /** The space it belongs to; for a message, the space of its channel or task; null for private chats, meeting rooms and events. */
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

/**
 * One searchable item: a task (name, description), a message (text), a doc (title), a file (name, a PDF's text) or a
 * calendar event (title, description; a recurring series is one item, and a series split by "this and following"
 * two: the part that ended and the one that goes on).
 */
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
 * What happens to the index: each source turns its events into these, and each index adapter applies them.
 * `add` of an item already there changes nothing (a replayed creation); changes of an item not there change nothing.
 */
export type IndexChange =
  | { type: 'add'; item: IndexedItem }
  | { type: 'setText'; kind: IndexedKind; itemId: string; title?: string; body?: string }
  | { type: 'setPlace'; where: ItemSelector; set: PlaceChange }
  | { type: 'remove'; where: ItemSelector }
  /** A doc's text as its room last stored it: indexed beside the doc's item, searched with it. */
  | { type: 'setDocText'; docId: string; text: string; updatedAt: string };

/** What one stored event does to the index (nothing: an empty list). Pure: the same event gives the same changes on a replay. */
export type IndexChangesOfEvent = (stored: StoredEvent) => IndexChange[];

/**
 * One area's part of the search index: for each event type it reads, what such an event does to the index. The
 * search area calls a handler only for its own type, and the types a source reads are the keys of `changes`, so a
 * handler cannot be written without the type being read. `EventType` is the area's own event types (its DomainEvent
 * union's `type`), so a key that names no event of the area does not compile.
 */
export interface SearchSource<EventType extends string = string> {
  /** The area, for messages and tests. */
  area: string;
  changes: { readonly [Type in EventType]?: IndexChangesOfEvent };
}

/** A place with nothing but the team and space, for an item's own fields to fill in. */
export const placedNowhere = { privatId: null, taskId: null, meetingroomId: null, code: null, emoji: null, folderId: null } as const;

/** The change that adds an item, created when its event was stored. */
export function addedItem(
  kind: IndexedKind,
  itemId: string,
  place: ItemPlace,
  stored: StoredEvent,
  title: string,
  body: string,
): IndexChange {
  return { type: 'add', item: { kind, itemId, ...place, createdAt: stored.createdAt, title, body } };
}
