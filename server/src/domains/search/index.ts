import type { Projection } from '../../core/events';
import { tableDialect } from '../../db/pickTable';
import type { DomainModule } from '../module';
import { postgresSearchProjection } from './postgres/projection';
import { searchProjection } from './projection';
import { searchQueries } from './resolvers';
import { searchTypeDefs } from './schema';

export { searchesEverywhere, searchIndex, type MatchedItem, type SearchViewer } from './query';
export { searchFor } from './resolvers';
export { presentResults } from './present';
export { type SearchInput } from './input';

/**
 * The index's projection for this process's database (db/pickTable.ts): FTS5 on SQLite, the tsvector index on
 * PostgreSQL, where the door runs areas' projections on its own transaction (asPostgresProjections).
 */
const searchProjectionOfDialect: Projection =
  tableDialect === 'postgresql' ? (postgresSearchProjection as unknown as Projection) : searchProjection;

/**
 * Search (issue 18): an FTS5 index of tasks, messages, docs, files and calendar events kept by a projection of their
 * events (each area says what its events do to the index: its searchSource.ts), and getSearch, which matches it
 * against what the caller may read when they ask.
 */
export const searchModule: DomainModule = {
  name: 'search',
  typeDefs: searchTypeDefs,
  resolvers: { Query: searchQueries },
  projections: [searchProjectionOfDialect],
  access: { getSearch: 'teamMember' },
};
