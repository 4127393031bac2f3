import { normalizeCurrency, type Currency } from './currency';
import { isOneOf } from './guards';
import { isPaidPlan, memberLimit, planNames, type BillingPeriod, type PaidPlanName, type PlanName } from './plans';

/**
 * Prices per seat (payment `user`), in integer cents of each currency, per plan and period: the one table
 * the plans page, the administrator's plan setting and the README read. A year costs ten months (two free);
 * a lifetime deal about three years of the monthly price. Free and trial cost nothing.
 */
export const seatPrices: Readonly<Record<PaidPlanName, Readonly<Record<BillingPeriod, Readonly<Record<Currency, number>>>>>> = {
  basic: {
    monthly: { usd: 600, eur: 600, gbp: 500 },
    yearly: { usd: 6000, eur: 6000, gbp: 5000 },
    lifetime: { usd: 19900, eur: 19900, gbp: 16900 },
  },
  unlimited: {
    monthly: { usd: 1200, eur: 1100, gbp: 1000 },
    yearly: { usd: 12000, eur: 11000, gbp: 10000 },
    lifetime: { usd: 39900, eur: 36900, gbp: 32900 },
  },
  business: {
    monthly: { usd: 2000, eur: 1900, gbp: 1700 },
    yearly: { usd: 20000, eur: 19000, gbp: 17000 },
    lifetime: { usd: 59900, eur: 55900, gbp: 49900 },
  },
};

/** The price of one seat for a period, in cents; free and trial are 0. An unknown currency is priced in usd (SPEC §5). */
export function seatPrice(plan: PlanName, period: BillingPeriod, currency: string): number {
  return isPaidPlan(plan) ? seatPrices[plan][period][normalizeCurrency(currency)] : 0;
}

/** The GraphQL `interval` of a period. */
export const periodIntervals: Readonly<Record<BillingPeriod, 'month' | 'year' | 'lifetime'>> = {
  monthly: 'month',
  yearly: 'year',
  lifetime: 'lifetime',
};

/** A frequency as getTeamSubscriptions takes it (month, year, lifetime, or the period's own name); anything else is monthly. */
export function periodOfFrequency(frequency: string | null | undefined): BillingPeriod {
  switch (frequency?.trim().toLowerCase()) {
    case 'year':
    case 'yearly':
      return 'yearly';
    case 'lifetime':
      return 'lifetime';
    default:
      return 'monthly';
  }
}

/** The order plans are shown in, cheapest first; also what makes a change an upgrade or a downgrade. */
export const planOrder: Readonly<Record<PlanName, number>> = { free: 0, trial: 1, basic: 2, unlimited: 3, business: 4 };

/** Feature keys per plan, in the order the plans page lists them; their labels are the locales' `billing.features.<key>`. */
export const planFeatureKeys: Readonly<Record<PlanName, readonly string[]>> = {
  free: ['spaces5', 'members10', 'storage100MB', 'uploads100MB', 'history90Days'],
  trial: ['trial15Days', 'unlimitedSpaces', 'storage100GB', 'uploads1GB', 'unlimitedHistory'],
  basic: ['spaces20', 'perSeatMembers', 'storage100GB', 'uploads1GB', 'history1Year'],
  unlimited: ['unlimitedSpaces', 'perSeatMembers', 'unlimitedStorage', 'uploads1GB', 'unlimitedHistory', 'prioritySupport'],
  business: ['unlimitedSpaces', 'perSeatMembers', 'storage2TB', 'uploads1GB', 'unlimitedHistory', 'projectAnalytics', 'dedicatedSupport'],
};

/** What the plans page's button does for `plan` when the team is on `current`. */
export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'trial' | 'contact';

export function planAction(plan: PlanName, current: PlanName, trialUsed: boolean): PlanAction {
  if (plan === current) return 'current';
  if (plan === 'trial') return trialUsed || current !== 'free' ? 'downgrade' : 'trial';
  if (plan === 'business') return 'contact';
  return planOrder[plan] > planOrder[current] ? 'upgrade' : 'downgrade';
}

/** Seats bought: at least 1, at most 10,000 (larger teams talk to sales). */
export const minimumSeats = 1;
export const maximumSeats = 10000;

export function isValidSeatCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= minimumSeats && value <= maximumSeats;
}

/**
 * A team's seats: `seats` bought (or the plan's own limit, or every member when there is none), how many its
 * members (never guests) hold, and how many are free. Members beyond the seats get basic access (SPEC §6).
 */
export function seatCounts(
  plan: PlanName,
  seatsBought: number | null,
  members: number,
): { seats: number; assigned: number; available: number } {
  const seats = isPaidPlan(plan) && seatsBought !== null ? seatsBought : (memberLimit(plan) ?? Math.max(members, 1));
  const assigned = Math.min(members, seats);
  return { seats, assigned, available: Math.max(seats - assigned, 0) };
}

const millisecondsPerDay = 24 * 60 * 60 * 1000;

/** The end of a period that starts at `start`: a month or a year later (calendar arithmetic, in UTC); a lifetime has none. */
export function periodEnd(start: Date, period: BillingPeriod): Date | null {
  if (period === 'lifetime') return null;
  const end = new Date(start.getTime());
  if (period === 'monthly') {
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + 1);
    // 31 January plus a month is the last day of February, not 3 March.
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
  } else {
    end.setUTCFullYear(end.getUTCFullYear() + 1);
  }
  return end;
}

/** The end of a trial started at `start`. */
export function trialEndOf(start: Date, days: number): Date {
  return new Date(start.getTime() + days * millisecondsPerDay);
}

export interface ProrationInput {
  /** What was paid for the period, in cents. */
  paidAmount: number;
  periodStart: string | Date;
  periodEnd: string | Date;
  changedAt: string | Date;
}

const timeOf = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The credit for the unused part of a paid period when the plan changes at `changedAt`: the amount paid times
 * the share of the period still to come, rounded down to the cent (a customer is never credited a fraction of
 * a cent more than they paid for). Nothing before the period, everything paid when it had not started, 0 after.
 */
export function prorationCredit({ paidAmount, periodStart, periodEnd: end, changedAt }: ProrationInput): number {
  const start = timeOf(periodStart);
  const finish = timeOf(end);
  const at = timeOf(changedAt);
  if (!Number.isFinite(start) || !Number.isFinite(finish) || !Number.isFinite(at) || finish <= start || paidAmount <= 0) return 0;
  if (at <= start) return paidAmount;
  if (at >= finish) return 0;
  // Integer arithmetic in BigInt: cents × milliseconds can pass 2^53 for a large lifetime-sized amount.
  const remaining = BigInt(finish - at);
  const total = BigInt(finish - start);
  return Number((BigInt(paidAmount) * remaining) / total);
}

/**
 * What an upgrade charges: the new period's amount (price × seats) less the credit held, never below zero;
 * the credit not spent stays the team's.
 */
export function upgradeCharge({ price, seats, credit }: { price: number; seats: number; credit: number }): {
  amount: number;
  charge: number;
  creditUsed: number;
  creditLeft: number;
} {
  const amount = price * seats;
  const creditUsed = Math.min(Math.max(credit, 0), amount);
  return { amount, charge: amount - creditUsed, creditUsed, creditLeft: Math.max(credit, 0) - creditUsed };
}

/** Kinds of promotion code: a credit (cents in a currency), a plan for some days, or a lifetime deal. */
export const promotionCodeKinds = ['credit', 'plan', 'lifetime'] as const;
export type PromotionCodeKind = (typeof promotionCodeKinds)[number];

export function isPromotionCodeKind(value: unknown): value is PromotionCodeKind {
  return isOneOf(promotionCodeKinds, value);
}

/** A promotion code as typed: trimmed, upper-case, so "spring-24 " and "SPRING-24" are one code. */
export function normalizePromotionCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Subscription states (Billing.state). */
export const subscriptionStates = ['active', 'trialing', 'cancelled', 'stopped', 'past_due'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

export { planNames };
