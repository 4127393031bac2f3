import type { DomainEvent } from '../../core/events';

/** Every Stripe webhook event the server applied, in one stream: the record that makes a replayed delivery a no-op. */
export const stripeWebhookStream = 'stripe:webhooks';

/**
 * A Stripe webhook event applied (Stripe's event id and type, and the team it was about, if any). Appended in
 * the same unit of work as the billing events it caused, so either both are in the log or neither is.
 */
export interface StripeWebhookApplied {
  eventId: string;
  type: string;
  teamId: string | null;
}

/** Stripe's events in the log; `type` strings are stored forever, never renamed. */
export type StripeEvent = DomainEvent<'stripe.webhook_applied', StripeWebhookApplied>;
