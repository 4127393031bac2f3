import type { DomainModule } from '../module';
import { stripeMutations } from './stripeCheckout';
import { stripeProjection } from './stripeProjection';
import { stripeTypeDefs } from './stripeSchema';

export { registerStripeWebhookRoute, stripeWebhookPath } from './stripeWebhook';

/**
 * Stripe checkout, customer portal and webhooks, when configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 * What Stripe reports is recorded through billing's decisions (commands.ts), so the plan, seats and invoices stay
 * billing's events; this module keeps only which webhook events it applied.
 */
export const stripeModule: DomainModule = {
  name: 'stripe',
  typeDefs: stripeTypeDefs,
  resolvers: { Mutation: stripeMutations },
  projections: [stripeProjection],
  access: { setCheckout: 'teamAdmin', manageSubscriptions: 'teamAdmin' },
};
