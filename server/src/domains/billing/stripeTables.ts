import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Projection of `stripe.webhook_applied` (stream `stripe:webhooks`): one row per Stripe webhook event the
 * server has applied. The event id is the key, so a replayed delivery is recognised, and a second unit of
 * work applying the same event fails on the key and rolls back with everything it appended.
 */
export const stripeWebhookEvents = sqliteTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  teamId: text('team_id'),
  appliedAt: text('applied_at').notNull(),
});
