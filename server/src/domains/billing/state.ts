import { and, asc, count, desc, eq, inArray, lte, ne, or } from 'drizzle-orm';
import type { Currency } from '#shared/currency';
import type { BillingPeriod, PlanName } from '#shared/plans';
import type { SubscriptionState } from '#shared/billing';
import type { Transaction } from '../../db/connection';
import type { Services } from '../../graphql/context';
import { teamMembers } from '../teams';
import { billingCredits, billingInvoices, billingSubscriptions, promotionCodes, promotionGrants, promotionRedemptions } from './tables';
import type { SubscriptionChanged } from './events';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select'>;

/** A team's subscription as billing decides from it: the latest `billing.subscription_changed`, less why. */
export type Subscription = Omit<SubscriptionChanged, 'reason' | 'cause'>;

/** Who changes plans on this server: Stripe when it is configured, otherwise an instance administrator. */
export function billingSource(services: Pick<Services, 'config'>): 'stripe' | 'administrator' {
  return services.config.billing.stripe ? 'stripe' : 'administrator';
}

/** A team billing never touched: free, active, nothing paid, the trial still to use. */
export function freeSubscription(teamId: string, source: 'stripe' | 'administrator'): Subscription {
  return {
    teamId,
    plan: 'free',
    state: 'active',
    period: 'monthly',
    currency: 'usd',
    seats: 1,
    periodStart: null,
    currentPeriodEnd: null,
    paidAmount: 0,
    trialEnd: null,
    trialUsed: false,
    lifetimes: 0,
    source,
    stripe: null,
  };
}

export async function loadSubscription(db: Reader, teamId: string, source: 'stripe' | 'administrator'): Promise<Subscription> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.teamId, teamId)).limit(1);
  if (!row) return freeSubscription(teamId, source);
  return {
    teamId,
    plan: row.plan as PlanName,
    state: row.state as SubscriptionState,
    period: row.period as BillingPeriod,
    currency: row.currency as Currency,
    seats: row.seats,
    periodStart: row.periodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    paidAmount: row.paidAmount,
    trialEnd: row.trialEnd,
    trialUsed: row.trialUsed,
    lifetimes: row.lifetimes,
    source: row.source === 'stripe' ? 'stripe' : 'administrator',
    stripe:
      row.stripeCustomerId && row.stripeSubscriptionId
        ? { customerId: row.stripeCustomerId, subscriptionId: row.stripeSubscriptionId }
        : null,
  };
}

export async function stripeCustomerIdOf(db: Reader, teamId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingSubscriptions.stripeCustomerId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.teamId, teamId))
    .limit(1);
  return row?.customerId ?? null;
}

/** The team's credit per currency (only those above zero). */
export async function creditsOf(db: Reader, teamId: string): Promise<Map<Currency, number>> {
  const rows = await db.select().from(billingCredits).where(eq(billingCredits.teamId, teamId)).orderBy(asc(billingCredits.currency));
  return new Map(rows.filter((row) => row.amount > 0).map((row) => [row.currency as Currency, row.amount]));
}

export async function invoicesOf(db: Reader, teamId: string) {
  return await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.teamId, teamId))
    .orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.id));
}

/** How many invoices the team has (the next invoice's number follows it). */
export async function invoiceCount(db: Reader, teamId: string): Promise<number> {
  // drizzle's count() reads the number back as one: PostgreSQL's count(*) is a bigint, which arrives as text.
  const [row] = await db.select({ count: count() }).from(billingInvoices).where(eq(billingInvoices.teamId, teamId));
  return row?.count ?? 0;
}

export async function redemptionsOf(db: Reader, teamId: string) {
  return await db
    .select()
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.teamId, teamId))
    .orderBy(desc(promotionRedemptions.redeemedAt));
}

export async function findPromotionCode(db: Reader, code: string) {
  const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.code, code)).limit(1);
  return row;
}

export async function hasRedeemed(db: Reader, code: string, teamId: string): Promise<boolean> {
  const found = await db
    .select({ code: promotionRedemptions.code })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.code, code), eq(promotionRedemptions.teamId, teamId)))
    .limit(1);
  return found.length > 0;
}

export async function promotionGranted(db: Reader, userId: string): Promise<boolean> {
  const found = await db
    .select({ userId: promotionGrants.userId })
    .from(promotionGrants)
    .where(eq(promotionGrants.userId, userId))
    .limit(1);
  return found.length > 0;
}

/** Members (not guests) of the team: those who hold seats. */
export async function memberCount(db: Reader, teamId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.role, 'guest')));
  return row?.count ?? 0;
}

/**
 * Teams whose period is over at `now`: trials and cancelled plans to end, administrator plans to renew or
 * (a promotion's plan for some days) to end. Stripe renews its own; its cancellations end here too.
 */
export async function teamsDue(db: Reader, now: Date): Promise<string[]> {
  const rows = await db
    .select({ teamId: billingSubscriptions.teamId })
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.state, ['trialing', 'cancelled', 'active', 'past_due']),
        ne(billingSubscriptions.plan, 'free'),
        lte(billingSubscriptions.currentPeriodEnd, now.toISOString()),
        // Stripe renews its active subscriptions itself and says so by webhook.
        or(ne(billingSubscriptions.source, 'stripe'), ne(billingSubscriptions.state, 'active')),
      ),
    );
  return rows.map((row) => row.teamId);
}
