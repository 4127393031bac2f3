import type { DomainModule } from '../module';
import { searchProjection } from './projection';
import { searchQueries } from './resolvers';
import { searchTypeDefs } from './schema';

export { searchesEverywhere, searchIndex, type MatchedItem, type SearchViewer } from './query';
export { presentResults } from './present';
export { type SearchInput } from './input';

/**
 * Search (issue 18): an FTS5 index of tasks, messages, docs, files and calendar events kept by a projection of their
 * events (each area says what its events do to the index: its searchSource.ts), and getSearch, which matches it
 * against what the caller may read when they ask.
 */
export const searchModule: DomainModule = {
  name: 'search',
  typeDefs: searchTypeDefs,
  resolvers: { Query: searchQueries },
  projections: [searchProjection],
  access: { getSearch: 'teamMember' },
};
