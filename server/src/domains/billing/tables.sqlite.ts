import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The billing area's tables in SQLite: billing's (subscriptions, credits, invoices, codes, sales requests) and Stripe's
 * (the webhook events applied). tables.pg.ts is their PostgreSQL twin; area code imports them from tables.ts.
 */

/**
 * Projection of `billing.*` events (stream `billing:<teamId>`): one row per team that billing has touched.
 * A team without a row is on the free plan, active, with nothing paid. `periodStart` and `paidAmount` are
 * what an upgrade's proration credits from.
 */
export const billingSubscriptions = sqliteTable('billing_subscriptions', {
  teamId: text('team_id').primaryKey(),
  plan: text('plan').notNull(),
  state: text('state').notNull(),
  period: text('period').notNull(),
  currency: text('currency').notNull(),
  seats: integer('seats').notNull(),
  periodStart: text('period_start'),
  currentPeriodEnd: text('current_period_end'),
  paidAmount: integer('paid_amount').notNull().default(0),
  trialEnd: text('trial_end'),
  trialUsed: integer('trial_used', { mode: 'boolean' }).notNull().default(false),
  lifetimes: integer('lifetimes').notNull().default(0),
  source: text('source').notNull(),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  updatedAt: text('updated_at').notNull(),
});

/** Projection: a team's credit per currency, in cents (promotion credits, codes, an upgrade's unused time). */
export const billingCredits = sqliteTable(
  'billing_credits',
  {
    teamId: text('team_id').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.currency] })],
);

/** Projection: invoices, one per paid period, with their receipt link (ticket). */
export const billingInvoices = sqliteTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    number: text('number').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    ticket: text('ticket'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('billing_invoices_team').on(table.teamId, table.createdAt)],
);

/** Projection: promotion codes an instance administrator made (stream `promotion-code:<code>`). */
export const promotionCodes = sqliteTable('promotion_codes', {
  code: text('code').primaryKey(),
  kind: text('kind').notNull(),
  amount: integer('amount'),
  currency: text('currency'),
  plan: text('plan'),
  days: integer('days'),
  expiresAt: text('expires_at'),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  createdAt: text('created_at').notNull(),
});

/** Projection: which team redeemed which code, and what it gave. */
export const promotionRedemptions = sqliteTable(
  'promotion_redemptions',
  {
    code: text('code').notNull(),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount'),
    currency: text('currency'),
    plan: text('plan'),
    redeemedAt: text('redeemed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.code, table.teamId] }), index('promotion_redemptions_team').on(table.teamId)],
);

/** Projection: the people whose sign-up PROMOTION credit was granted (once per person). */
export const promotionGrants = sqliteTable('promotion_grants', {
  userId: text('user_id').primaryKey(),
  teamId: text('team_id').notNull(),
  grantedAt: text('granted_at').notNull(),
});

/** Projection: contact-sales requests, kept whether or not the mail went out. */
export const salesRequests = sqliteTable('sales_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  teamId: text('team_id'),
  message: text('message').notNull(),
  name: text('name'),
  email: text('email'),
  company: text('company'),
  seats: integer('seats'),
  createdAt: text('created_at').notNull(),
});

/**
 * Projection of `stripe.webhook_applied` (stream `stripe:webhooks`): one row per Stripe webhook event the
 * server has applied. The event id is the key, so a replayed delivery is recognised; should a second unit of
 * work ever apply the same event (the webhook's lock of the stream prevents it), it fails on the key and rolls
 * back with everything it appended.
 */
export const stripeWebhookEvents = sqliteTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  teamId: text('team_id'),
  appliedAt: text('applied_at').notNull(),
});
