import type { DomainModule } from '../module';

/** Feedback, live support and the outer pages' settings (issue 20). */
export const supportModule: DomainModule = {
  name: 'support',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
