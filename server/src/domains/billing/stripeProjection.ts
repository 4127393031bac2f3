import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import type { StripeEvent, StripeWebhookApplied } from './stripeEvents';
import { stripeWebhookEvents } from './tables';

/**
 * The webhook events applied. A plain insert on purpose: two deliveries at once are kept apart by the webhook's
 * lock of its stream (applyStripeEvent), and should a second unit of work still apply the same Stripe event, it
 * fails on the key and rolls back with the billing events it appended rather than apply them twice.
 */
export const stripeProjection: Projection = {
  name: 'stripe',
  tables: [stripeWebhookEvents],
  /** Answers a promise for its own events only (see `billingProjection`: the doc rooms' synchronous door). */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    const event = { type: stored.type, payload: stored.payload } as StripeEvent;
    if (event.type !== 'stripe.webhook_applied') return undefined;
    return recordApplied(transaction, event.payload, stored.createdAt);
  },
};

async function recordApplied(transaction: Transaction, applied: StripeWebhookApplied, appliedAt: string): Promise<void> {
  const { eventId, type, teamId } = applied;
  await transaction.insert(stripeWebhookEvents).values({ eventId, type, teamId, appliedAt });
}
