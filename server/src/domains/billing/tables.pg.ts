import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same
 * tables, columns, keys and indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are
 * `boolean`, json is `jsonb`, and integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row
 * ids) are `bigint`.
 */

export const billingSubscriptions = pgTable('billing_subscriptions', {
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
  trialUsed: boolean('trial_used').notNull().default(false),
  lifetimes: integer('lifetimes').notNull().default(0),
  source: text('source').notNull(),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  updatedAt: text('updated_at').notNull(),
});

export const billingCredits = pgTable(
  'billing_credits',
  {
    teamId: text('team_id').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.currency] })],
);

export const billingInvoices = pgTable(
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

export const promotionCodes = pgTable('promotion_codes', {
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

export const promotionRedemptions = pgTable(
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

export const promotionGrants = pgTable('promotion_grants', {
  userId: text('user_id').primaryKey(),
  teamId: text('team_id').notNull(),
  grantedAt: text('granted_at').notNull(),
});

export const salesRequests = pgTable('sales_requests', {
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

export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  teamId: text('team_id'),
  appliedAt: text('applied_at').notNull(),
});
