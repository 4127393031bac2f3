import type { Currency } from '#shared/currency';
import { isPaidPlan, trialDays, type PlanName } from '#shared/plans';
import { periodEnd, prorationCredit, seatPrice, trialEndOf, upgradeCharge, type SubscriptionState } from '#shared/billing';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { billingStream, teamStream } from '../../core/streams';
import type { Services } from '../../graphql/context';
import { findTeam, type TeamPlanChanged } from '../teams';
import type { CreditChanged, InvoiceRecorded, SubscriptionChangeReason } from './events';
import { billingSource, creditsOf, invoiceCount, loadSubscription, stripeCustomerIdOf, type Subscription } from './state';

/** A subscription as Stripe (or an instance administrator) sets it: what billing records, as an event. */
export interface SubscriptionChange {
  teamId: string;
  plan: PlanName;
  period: 'monthly' | 'yearly' | 'lifetime';
  currency: 'usd' | 'eur' | 'gbp';
  seats: number;
  state: 'active' | 'trialing' | 'cancelled' | 'stopped' | 'past_due';
  currentPeriodEnd: string | null;
  source: 'stripe' | 'administrator';
  stripe?: { customerId: string; subscriptionId: string };
  /** What caused it outside the app, e.g. the Stripe event id. */
  cause?: string;
}

/** An invoice as recorded: Stripe's (ticket: its hosted invoice page) or the app's own. */
export interface InvoiceInput {
  teamId: string;
  id: string;
  number: string;
  amount: number;
  currency: string;
  state: string;
  createdAt: string;
  ticket: string | null;
}

/**
 * Locks what a decision on a team's billing reads, before it reads it (see `UnitOfWork.lock`): the team's billing stream
 * (its subscription, credit, invoices and codes redeemed) and the team's stream (the plan the team holds, which
 * `writeSubscription` compares with), plus any `others` the decision reads too. One call, so the locks are taken in
 * one sorted order. On SQLite units run one at a time and this does nothing.
 */
export async function lockTeamBilling(unit: UnitOfWork, teamId: string, ...others: string[]): Promise<void> {
  await unit.lock(billingStream(teamId), teamStream(teamId), ...others);
}

/**
 * Appends the subscription's new state and, when what the rest of the product reads changed (plan, its state,
 * seats, lifetime deals), the team's `team.plan_changed`, which the teams area applies and its live path
 * (subTeam) delivers. Writes nothing when nothing changed, so a repeated decision is harmless. The caller has locked
 * the team's billing (`lockTeamBilling`) before reading what it decided from.
 */
export async function writeSubscription(
  unit: UnitOfWork,
  next: Subscription,
  reason: SubscriptionChangeReason,
  cause: string | null = null,
): Promise<boolean> {
  const current = await loadSubscription(unit.transaction, next.teamId, next.source);
  const same = (Object.keys(next) as (keyof Subscription)[]).every((key) => JSON.stringify(current[key]) === JSON.stringify(next[key]));
  if (same) return false;
  await unit.append(billingStream(next.teamId), [{ type: 'billing.subscription_changed', payload: { ...next, reason, cause } }], {
    teamId: next.teamId,
  });
  const team = await findTeam(unit.transaction, next.teamId);
  const seats = isPaidPlan(next.plan) ? next.seats : null;
  if (team && (team.plan !== next.plan || team.planState !== next.state || team.seats !== seats || team.lifetimes !== next.lifetimes)) {
    const changed: TeamPlanChanged = { teamId: next.teamId, plan: next.plan, planState: next.state, seats, lifetimes: next.lifetimes };
    await unit.append(teamStream(next.teamId), [{ type: 'team.plan_changed', payload: changed }], { teamId: next.teamId });
  }
  return true;
}

export async function changeCredit(unit: UnitOfWork, credit: CreditChanged): Promise<void> {
  if (credit.amount === 0) return;
  await unit.append(billingStream(credit.teamId), [{ type: 'billing.credit_changed', payload: credit }], { teamId: credit.teamId });
}

export async function writeInvoice(unit: UnitOfWork, invoice: InvoiceRecorded): Promise<void> {
  await unit.append(billingStream(invoice.teamId), [{ type: 'billing.invoice_recorded', payload: invoice }], { teamId: invoice.teamId });
}

/**
 * Whether the subscription is a paid period (monthly or yearly, not a lifetime deal) still running at `now`:
 * active, cancelled or past due before its end. Its unused part is then worth a credit, and a promotion code must
 * not replace it. `activePastEnd`: an active period past its end counts too, since the job has yet to renew it
 * (a code must not take its renewal away in between); its unused part is worth nothing by then.
 */
export function runningPaidPeriod(subscription: Subscription, now: Date, { activePastEnd = false } = {}): boolean {
  if (
    !isPaidPlan(subscription.plan) ||
    subscription.period === 'lifetime' ||
    subscription.paidAmount <= 0 ||
    subscription.periodStart === null ||
    subscription.currentPeriodEnd === null ||
    !['active', 'cancelled', 'past_due'].includes(subscription.state)
  )
    return false;
  return Date.parse(subscription.currentPeriodEnd) > now.getTime() || (activePastEnd && subscription.state === 'active');
}

/**
 * Whether Stripe bills the team's subscription: a Stripe subscription (trial included) it has not ended. Its next
 * webhook sets the plan as Stripe has it, so whatever the app changes locally meanwhile is undone. A plan a code
 * gave after Stripe's subscription ended is the app's own (nothing paid, so not Stripe's) and Stripe does not
 * touch it; nor a lifetime deal bought through Stripe, which is paid once.
 */
export function stripeBillsSubscription(subscription: Subscription): boolean {
  return (
    subscription.source === 'stripe' &&
    subscription.period !== 'lifetime' &&
    subscription.paidAmount > 0 &&
    subscription.state !== 'stopped'
  );
}

/**
 * Credits the unused part of the paid period a change replaces now, prorated to the cent (the shared rule), in
 * the period's currency; nothing when no paid period is running. `code`: the promotion code that replaced it.
 */
export async function creditUnusedPeriod(unit: UnitOfWork, current: Subscription, code: string | null = null): Promise<void> {
  if (!runningPaidPeriod(current, unit.now)) return;
  const credit = prorationCredit({
    paidAmount: current.paidAmount,
    periodStart: current.periodStart!,
    periodEnd: current.currentPeriodEnd!,
    changedAt: unit.now,
  });
  await changeCredit(unit, {
    teamId: current.teamId,
    currency: current.currency,
    amount: credit,
    reason: 'proration',
    userId: unit.actorId,
    code,
    invoiceId: null,
  });
}

/** The app's own receipt page of an invoice (administrator-set plans; Stripe's invoices link to Stripe's page). */
export function receiptUrl(services: Pick<Services, 'config'>, invoiceId: string): string {
  return `${services.config.publicUrl}/billing/receipts/${invoiceId}`;
}

/**
 * An instance administrator's plan (no Stripe): a new paid period starts now. The unused part of the period
 * being replaced is credited (prorated to the cent), the new period's invoice is issued with the credit held
 * in its currency taken off, and the plan, seats and lifetime deals follow, as events.
 */
export async function decideAdministratorPlan(
  unit: UnitOfWork,
  services: Pick<Services, 'config'>,
  input: { teamId: string; plan: PlanName; period: 'monthly' | 'yearly' | 'lifetime'; seats: number; currency: Currency },
  reason: SubscriptionChangeReason = 'administrator',
): Promise<void> {
  const { teamId, plan, period, seats, currency } = input;
  const now = unit.now;
  await lockTeamBilling(unit, teamId);
  const current = await loadSubscription(unit.transaction, teamId, 'administrator');
  const unchanged =
    current.plan === plan &&
    current.period === period &&
    current.seats === seats &&
    current.currency === currency &&
    current.state === 'active';
  if (unchanged) return;
  if (plan === 'free') {
    await writeSubscription(
      unit,
      {
        ...current,
        plan,
        state: 'active',
        period: 'monthly',
        periodStart: null,
        currentPeriodEnd: null,
        paidAmount: 0,
        source: 'administrator',
      },
      reason,
    );
    return;
  }
  if (plan === 'trial') {
    const trialEnd = trialEndOf(now, trialDays).toISOString();
    const trial = {
      ...current,
      plan,
      state: 'trialing' as const,
      period: 'monthly' as const,
      seats,
      currency,
      periodStart: now.toISOString(),
    };
    await writeSubscription(
      unit,
      { ...trial, currentPeriodEnd: trialEnd, paidAmount: 0, trialEnd, trialUsed: true, source: 'administrator' },
      reason,
    );
    return;
  }
  await creditUnusedPeriod(unit, current);
  const price = seatPrice(plan, period, currency);
  const charge = upgradeCharge({ price, seats, credit: (await creditsOf(unit.transaction, teamId)).get(currency) ?? 0 });
  const invoiceId = newId();
  await changeCredit(unit, {
    teamId,
    currency,
    amount: -charge.creditUsed,
    reason: 'invoice',
    userId: unit.actorId,
    code: null,
    invoiceId,
  });
  await writeInvoice(unit, {
    teamId,
    invoiceId,
    number: `${now.getUTCFullYear()}-${String((await invoiceCount(unit.transaction, teamId)) + 1).padStart(4, '0')}`,
    amount: charge.charge,
    currency,
    state: 'issued',
    ticket: receiptUrl(services, invoiceId),
    createdAt: now.toISOString(),
  });
  const end = periodEnd(now, period);
  await writeSubscription(
    unit,
    {
      ...current,
      plan,
      state: 'active',
      period,
      currency,
      seats,
      periodStart: now.toISOString(),
      currentPeriodEnd: end?.toISOString() ?? null,
      paidAmount: charge.amount,
      lifetimes: current.lifetimes + (period === 'lifetime' ? 1 : 0),
      source: 'administrator',
    },
    reason,
  );
}

/**
 * Ends or renews a team's subscription whose period is over, decided from the projection inside the unit, so
 * any number of processes may run the job: the second finds nothing due. Trials, cancelled plans, a promotion's
 * plan for some days and Stripe subscriptions Stripe did not renew go back to free (state stopped); an
 * administrator's paid plan renews for another period with its invoice.
 */
export async function decidePeriodEnd(unit: UnitOfWork, services: Pick<Services, 'config'>, teamId: string): Promise<void> {
  await lockTeamBilling(unit, teamId);
  const current = await loadSubscription(unit.transaction, teamId, billingSource(services));
  const now = unit.now;
  if (current.plan === 'free' || current.currentPeriodEnd === null || Date.parse(current.currentPeriodEnd) > now.getTime()) return;
  const renews = current.source === 'administrator' && current.state === 'active' && isPaidPlan(current.plan) && current.paidAmount > 0;
  if (renews) {
    const start = new Date(current.currentPeriodEnd);
    const invoiceId = newId();
    const charge = upgradeCharge({
      price: seatPrice(current.plan, current.period, current.currency),
      seats: current.seats,
      credit: (await creditsOf(unit.transaction, teamId)).get(current.currency) ?? 0,
    });
    await changeCredit(unit, {
      teamId,
      currency: current.currency,
      amount: -charge.creditUsed,
      reason: 'invoice',
      userId: null,
      code: null,
      invoiceId,
    });
    await writeInvoice(unit, {
      teamId,
      invoiceId,
      number: `${start.getUTCFullYear()}-${String((await invoiceCount(unit.transaction, teamId)) + 1).padStart(4, '0')}`,
      amount: charge.charge,
      currency: current.currency,
      state: 'issued',
      ticket: receiptUrl(services, invoiceId),
      createdAt: now.toISOString(),
    });
    await writeSubscription(
      unit,
      {
        ...current,
        periodStart: start.toISOString(),
        currentPeriodEnd: periodEnd(start, current.period)?.toISOString() ?? null,
        paidAmount: charge.amount,
      },
      'renewed',
    );
    return;
  }
  if (current.source === 'stripe' && current.state === 'active') return;
  const ended: Subscription = {
    ...current,
    plan: 'free',
    state: 'stopped',
    period: 'monthly',
    periodStart: null,
    currentPeriodEnd: null,
    paidAmount: 0,
  };
  await writeSubscription(unit, ended, 'ended');
}

/** The lifetime deals a change brings: one more when it starts a lifetime plan the team did not hold. */
function lifetimesAfter(current: Subscription, change: SubscriptionChange): number {
  const newDeal =
    change.period === 'lifetime' &&
    change.state === 'active' &&
    !(current.period === 'lifetime' && current.plan === change.plan && current.state === 'active');
  return current.lifetimes + (newDeal ? 1 : 0);
}

/** Stripe's (or a script's) subscription as an event: a new period starts when the plan, period or seats change. */
export async function decideSubscriptionChange(unit: UnitOfWork, change: SubscriptionChange): Promise<void> {
  await lockTeamBilling(unit, change.teamId);
  const current = await loadSubscription(unit.transaction, change.teamId, change.source);
  const newPeriod =
    current.plan !== change.plan || current.period !== change.period || current.seats !== change.seats || current.periodStart === null;
  const state: SubscriptionState = change.state;
  const ended = state === 'stopped';
  await writeSubscription(
    unit,
    {
      ...current,
      plan: ended ? 'free' : change.plan,
      state,
      period: change.period,
      currency: change.currency,
      seats: change.seats,
      periodStart: ended ? null : newPeriod ? unit.now.toISOString() : current.periodStart,
      currentPeriodEnd: ended ? null : change.currentPeriodEnd,
      paidAmount: ended ? 0 : seatPrice(change.plan, change.period, change.currency) * change.seats,
      trialEnd: state === 'trialing' ? change.currentPeriodEnd : current.trialEnd,
      trialUsed: current.trialUsed || state === 'trialing',
      lifetimes: lifetimesAfter(current, change),
      source: change.source,
      stripe: change.stripe ?? current.stripe,
    },
    change.source === 'stripe' ? 'stripe' : 'administrator',
    change.cause ?? null,
  );
}

/** Records a subscription as Stripe's webhooks (or an administrator) set it, as events in one unit of work. */
export async function recordSubscription(services: Services, actorId: string | null, change: SubscriptionChange): Promise<void> {
  await services.store.run({ actorId }, async (unit) => await decideSubscriptionChange(unit, change));
}

/** Records an invoice (a paid period, or its new state): the same id again updates it. */
export async function recordInvoice(services: Services, invoice: InvoiceInput): Promise<void> {
  await services.store.run({ actorId: null }, async (unit) => {
    const { id, ...rest } = invoice;
    await writeInvoice(unit, { ...rest, invoiceId: id });
  });
}

/** The Stripe customer of a team, once a checkout made one. */
export async function stripeCustomerOf(services: Services, teamId: string): Promise<string | null> {
  return await stripeCustomerIdOf(services.database.db, teamId);
}
