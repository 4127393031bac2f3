import type { DomainModule } from '../module';

/** The AI provider, team limits and usage, and the writing tools. */
export const aiToolsModule: DomainModule = {
  name: 'aiTools',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
