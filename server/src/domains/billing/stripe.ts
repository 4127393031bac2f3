import type { DomainModule } from '../module';

/** Stripe checkout, customer portal and webhooks, when configured. */
export const stripeModule: DomainModule = {
  name: 'stripe',
  typeDefs: '',
  resolvers: {},
  projections: [],
  access: {},
};
