import type { DomainModule } from '../module';

/** Plans, subscriptions, checkout and promotion codes (issue 20). */
export const billingModule: DomainModule = {
  name: 'billing',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
