import type { DomainModule } from '../module';
import { aiToolsProjection } from './toolsProjection';
import { aiToolsTypeDefs } from './toolsSchema';
import { aiToolsMutations, aiToolsQueries } from './usage';
import { aiWritingSubscriptions } from './writingStream';

/** The AI provider, team limits and usage, and the writing tools. */
export const aiToolsModule: DomainModule = {
  name: 'aiTools',
  typeDefs: aiToolsTypeDefs,
  resolvers: { Query: aiToolsQueries, Mutation: aiToolsMutations, Subscription: aiWritingSubscriptions },
  projections: [aiToolsProjection],
  access: {
    getAiStatus: 'signedIn',
    getAiUsage: 'teamAdmin',
    setAiLimits: 'teamAdmin',
    aiWriting: 'signedIn',
  },
};
