import type { DomainModule } from '../module';
import { homeMutations, homeQueries } from './resolvers';
import { homeTypeDefs } from './schema';

export { awaySummary, awayAfterMs } from './away';

/**
 * Home's "while you were away" (issue 18): each person's visits to Home are remembered in the log (stream
 * home:<user>), and getAwaySummary reads the team's events since the last one. No read table: nothing to project.
 */
export const homeModule: DomainModule = {
  name: 'home',
  typeDefs: homeTypeDefs,
  resolvers: { Query: homeQueries, Mutation: homeMutations },
  projections: [],
  access: { getAwaySummary: 'teamMember', visitHome: 'signedIn' },
};
