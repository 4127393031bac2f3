import type { DomainModule } from '../module';

/** Plans, subscriptions, seats, invoices, promotion codes and contact sales. */
export const billingModule: DomainModule = {
  name: 'billing',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
