import type { DomainModule } from '../module';

/** AI assistant (issue 19). */
export const aiModule: DomainModule = {
  name: 'ai',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
