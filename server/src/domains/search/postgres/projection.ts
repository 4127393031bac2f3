import type { PostgresProjection } from '../../../core/postgres/eventStore';
import { indexChangesOf } from '../changes';
import { searchItems } from '../tables.pg';
import { applyTsvectorChanges } from './tsvectorIndex';

/**
 * The search projection on PostgreSQL: the same index changes as on SQLite (changes.ts composes every area's search
 * source), written into `search_items` in the unit that appends the events, through the unit's own transaction.
 * A rebuild empties `search_items` alone: `search_doc_texts` holds what the docs rooms stored, which is not in the log
 * (as `doc_texts` on SQLite).
 */
export const postgresSearchProjection: PostgresProjection = {
  name: 'search',
  tables: [searchItems],
  async apply(transaction, stored) {
    const changes = indexChangesOf(stored);
    if (changes.length > 0) await applyTsvectorChanges(transaction, changes);
  },
};
