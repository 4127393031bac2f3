import type { DomainModule } from '../module';

/** AI conversations, their answers streamed live, and AI search. */
export const aiAssistantModule: DomainModule = {
  name: 'ai',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
