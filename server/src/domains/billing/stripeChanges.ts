import { eq } from 'drizzle-orm';
import { maximumSeats, minimumSeats } from '#shared/billing';
import { normalizeCurrency } from '#shared/currency';
import { isBillingPeriod, isPaidPlan, type BillingPeriod, type PaidPlanName } from '#shared/plans';
import type { StripeCheckoutSession, StripeInvoice, StripeSettings, StripeSubscription } from '../../billing';
import { billingSubscriptions } from './tables';
import type { InvoiceInput, SubscriptionChange } from './commands';
import type { Reader } from './state';

/**
 * Stripe's objects as billing's inputs: which team, plan, period, currency, seats and state a subscription or a
 * checkout means. Pure functions over what Stripe sent, apart from finding a team by its Stripe customer.
 */

interface PriceMeaning {
  plan: PaidPlanName;
  period: BillingPeriod;
  currency: string;
}

/** STRIPE_PRICES read backwards: what each configured price id stands for. */
export function priceMeanings(prices: StripeSettings['prices']): Map<string, PriceMeaning> {
  const meanings = new Map<string, PriceMeaning>();
  for (const [plan, periods] of Object.entries(prices)) {
    if (!isPaidPlan(plan) || !periods) continue;
    for (const [period, byCurrency] of Object.entries(periods)) {
      if (!isBillingPeriod(period) || !byCurrency) continue;
      for (const [currency, priceId] of Object.entries(byCurrency)) if (priceId) meanings.set(priceId, { plan, period, currency });
    }
  }
  return meanings;
}

/** An expandable field's id, whether Stripe sent the id or the object. */
export function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value?.id ?? null;
}

export function isoFromSeconds(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;
}

function seatsFrom(quantity: unknown): number {
  const seats = typeof quantity === 'number' ? quantity : Number(quantity);
  return Number.isInteger(seats) ? Math.min(Math.max(seats, minimumSeats), maximumSeats) : minimumSeats;
}

/** The team an object is about: its metadata's team, else the team whose Stripe customer it is. */
export async function teamOf(
  db: Reader,
  metadata: Record<string, string> | null | undefined,
  customerId: string | null,
): Promise<string | null> {
  if (metadata?.team) return metadata.team;
  if (!customerId) return null;
  const [row] = await db
    .select({ teamId: billingSubscriptions.teamId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.stripeCustomerId, customerId))
    .limit(1);
  return row?.teamId ?? null;
}

/**
 * Stripe's subscription status as billing's state: cancelled keeps the plan until the period ends, an unpaid
 * renewal is past_due, an ended subscription stopped. null: nothing to record yet (the first payment is still
 * being made).
 */
export function stateOf(
  subscription: Pick<StripeSubscription, 'status' | 'cancel_at_period_end' | 'cancel_at'>,
): SubscriptionChange['state'] | null {
  const endsAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  switch (subscription.status) {
    case 'active':
      return endsAtPeriodEnd ? 'cancelled' : 'active';
    case 'trialing':
      return endsAtPeriodEnd ? 'cancelled' : 'trialing';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'stopped';
    default:
      return null;
  }
}

/**
 * A subscription as billing records it: the plan and period from the price id (STRIPE_PRICES), else from the
 * metadata the checkout set; seats from the quantity; the period's end from the subscription's item. null when it
 * is not one of the app's plans or there is nothing to record yet.
 */
export function subscriptionChangeOf(
  settings: StripeSettings,
  subscription: StripeSubscription,
  teamId: string,
  cause: string,
  ended = false,
): SubscriptionChange | null {
  const item = subscription.items.data[0];
  if (!item) return null;
  const meaning = priceMeanings(settings.prices).get(item.price.id);
  const plan = meaning?.plan ?? subscription.metadata.plan;
  const period = meaning?.period ?? subscription.metadata.period ?? (item.price.recurring?.interval === 'year' ? 'yearly' : 'monthly');
  const state = ended ? 'stopped' : stateOf(subscription);
  if (!isPaidPlan(plan) || !isBillingPeriod(period) || state === null) return null;
  const customerId = idOf(subscription.customer);
  return {
    teamId,
    plan,
    period,
    currency: normalizeCurrency(meaning?.currency ?? subscription.currency),
    seats: seatsFrom(item.quantity),
    state,
    currentPeriodEnd: isoFromSeconds(item.current_period_end),
    source: 'stripe',
    ...(customerId ? { stripe: { customerId, subscriptionId: subscription.id } } : {}),
    cause,
  };
}

/**
 * A paid one-time checkout (a lifetime deal) as billing records it: the plan and seats from the metadata the
 * checkout set, active with no end. The payment stands where a subscription id would.
 */
export function lifetimeChangeOf(session: StripeCheckoutSession, teamId: string, cause: string): SubscriptionChange | null {
  const metadata = session.metadata ?? {};
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (!paid || !isPaidPlan(metadata.plan)) return null;
  const customerId = idOf(session.customer);
  return {
    teamId,
    plan: metadata.plan,
    period: 'lifetime',
    currency: normalizeCurrency(session.currency),
    seats: seatsFrom(metadata.seats),
    state: 'active',
    currentPeriodEnd: null,
    source: 'stripe',
    ...(customerId ? { stripe: { customerId, subscriptionId: idOf(session.payment_intent) ?? session.id } } : {}),
    cause,
  };
}

/** The credit a checkout took off (its metadata says how much, in which currency), to spend from the team's credit. */
export function creditUsedBy(session: StripeCheckoutSession): { amount: number; currency: string } | null {
  const amount = Number(session.metadata?.credit);
  const currency = session.metadata?.credit_currency;
  return Number.isInteger(amount) && amount > 0 && currency ? { amount, currency } : null;
}

/** Stripe's invoice as billing's, with Stripe's hosted invoice page as its ticket. */
export function invoiceOf(invoice: StripeInvoice, teamId: string, state: 'paid' | 'failed'): InvoiceInput | null {
  if (!invoice.id) return null;
  return {
    teamId,
    id: invoice.id,
    number: invoice.number ?? invoice.id,
    amount: state === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    state,
    createdAt: isoFromSeconds(invoice.created) ?? new Date().toISOString(),
    ticket: invoice.hosted_invoice_url ?? null,
  };
}

/** The metadata of the subscription an invoice bills (the team the checkout named). */
export function invoiceMetadata(invoice: StripeInvoice): Record<string, string> | null {
  return invoice.parent?.subscription_details?.metadata ?? null;
}
