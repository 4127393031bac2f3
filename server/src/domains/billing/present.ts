import { normalizeCurrency, type Currency } from '#shared/currency';
import { planNames, type BillingPeriod, type PlanName } from '#shared/plans';
import { periodIntervals, planAction, planFeatureKeys, planOrder, seatCounts, seatPrice } from '#shared/billing';
import type { Services } from '../../graphql/context';
import { isInstanceAdministrator } from '../accounts';
import { billingSource, creditsOf, invoicesOf, loadSubscription, memberCount, redemptionsOf, type Reader } from './state';

const planTitles: Readonly<Record<PlanName, { name: string; description: string }>> = {
  free: { name: 'Free', description: 'For small teams getting started.' },
  trial: { name: 'Trial', description: 'Every paid feature for 15 days, no card needed.' },
  basic: { name: 'Basic', description: 'For growing teams that need more room.' },
  unlimited: { name: 'Unlimited', description: 'No limits on spaces, storage or history.' },
  business: { name: 'Business', description: 'Analytics, 2 TB and dedicated support for larger organisations.' },
};

/** The price id of a plan: Stripe's when configured, otherwise a readable key. */
function priceId(services: Pick<Services, 'config'>, plan: PlanName, period: BillingPeriod, currency: Currency): string {
  return services.config.billing.stripe?.prices[plan]?.[period]?.[currency] ?? `${plan}-${period}-${currency}`;
}

/** Every plan priced for the team in `currency` and `period`, with what its button does relative to the team's plan. */
export async function presentPlans(
  db: Reader,
  services: Pick<Services, 'config'>,
  teamId: string,
  request: { currency: unknown; period: BillingPeriod; payment: string },
) {
  const currency = normalizeCurrency(request.currency);
  const subscription = await loadSubscription(db, teamId, billingSource(services));
  const running = subscription.plan !== 'free' && subscription.state !== 'stopped';
  return planNames.map((plan) => {
    const unitAmount = seatPrice(plan, request.period, currency);
    return {
      id: plan,
      productId: `workspace-${plan}`,
      name: planTitles[plan].name,
      description: planTitles[plan].description,
      hasActiveSubscription: running && subscription.plan === plan,
      payment: request.payment,
      price: {
        id: priceId(services, plan, request.period, currency),
        nickname: `${planTitles[plan].name} ${request.period}`,
        currency,
        unitAmount,
        interval: periodIntervals[request.period],
        isUnlimited: plan === 'unlimited',
      },
      action: planAction(plan, subscription.plan, subscription.trialUsed),
      order: planOrder[plan],
      features: [...planFeatureKeys[plan]],
      isCurrent: subscription.plan === plan,
      url: null,
    };
  });
}

/** A team's billing as its member `viewerId` sees it. */
export async function presentBilling(db: Reader, services: Pick<Services, 'config' | 'database'>, teamId: string, viewerId: string) {
  const subscription = await loadSubscription(db, teamId, billingSource(services));
  const members = await memberCount(db, teamId);
  const seats = seatCounts(subscription.plan, subscription.seats, members);
  const price = seatPrice(subscription.plan, subscription.period, subscription.currency);
  const credits = await creditsOf(db, teamId);
  // The credit in the plan's currency when there is one; otherwise whichever the team holds (gbp for the PROMOTION credit).
  const [creditCurrency, credit] = credits.has(subscription.currency)
    ? [subscription.currency, credits.get(subscription.currency)!]
    : ([...credits.entries()][0] ?? [subscription.currency, 0]);
  return {
    team: teamId,
    type: subscription.plan,
    state: subscription.state,
    period: subscription.period,
    currency: subscription.currency,
    price,
    total: price * seats.seats,
    seats: seats.seats,
    seatsAssigned: seats.assigned,
    seatsAvailable: seats.available,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEnd: subscription.trialEnd,
    trialUsed: subscription.trialUsed,
    credit,
    creditCurrency,
    lifetimes: subscription.lifetimes,
    invoices: (await invoicesOf(db, teamId)).map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      amount: invoice.amount,
      currency: invoice.currency,
      state: invoice.state,
      createdAt: invoice.createdAt,
      ticket: invoice.ticket,
    })),
    codes: (await redemptionsOf(db, teamId)).map((redemption) => ({
      code: redemption.code,
      kind: redemption.kind,
      amount: redemption.amount,
      currency: redemption.currency,
      plan: redemption.plan,
      redeemedAt: redemption.redeemedAt,
    })),
    managedBy: billingSource(services),
    instanceAdministrator: await isInstanceAdministrator(services, viewerId),
  };
}
