import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import { indexChangesOf } from './changes';
import { searchText } from './ftsTable';
import { applyFtsChanges } from './sqlite/ftsIndex';
import { searchItems } from './tables';

/**
 * The search index: tasks (name, description), messages (text), docs (title), files (name, a PDF's text) and
 * calendar events (title, description), written in the same transaction as the events that create, change and delete
 * them, and rebuilt by replay. What each event does is told by its area's search source (changes.ts composes them);
 * the SQLite store applies the changes to its FTS5 index.
 * A doc's text is content, not in the log: its index is doc_text_search (see migrations/0016_search.sql).
 */
export const searchProjection: Projection = {
  name: 'search',
  // search_text is emptied before search_items on a rebuild (reverse order): both are plain DELETEs.
  tables: [searchItems, searchText],
  apply(transaction: Transaction, stored: StoredEvent) {
    const changes = indexChangesOf(stored);
    if (changes.length > 0) applyFtsChanges(transaction, changes);
  },
};
