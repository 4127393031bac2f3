/** Test data of the billing area: plans and a billing as the server answers them. */
import type { Billing, SubscriptionPlan } from './operations';

const ordered = ['free', 'trial', 'basic', 'unlimited', 'business'] as const;

/** The plans of a team on `current`, priced in `currency` for `interval` (cents per seat: basic 600, unlimited 1200, business 2000 a month). */
export function plansFor(current: string, currency = 'usd', interval = 'year', trialUsed = false): SubscriptionPlan[] {
  const monthly: Record<string, number> = { free: 0, trial: 0, basic: 600, unlimited: 1200, business: 2000 };
  const factor = interval === 'year' ? 10 : interval === 'lifetime' ? 30 : 1;
  const currencyFactor = currency === 'gbp' ? 0.8 : currency === 'eur' ? 0.9 : 1;
  return ordered.map((id, order) => {
    const action =
      id === current
        ? 'current'
        : id === 'business'
          ? 'contact'
          : id === 'trial'
            ? trialUsed
              ? 'downgrade'
              : 'trial'
            : order > ordered.indexOf(current as 'free')
              ? 'upgrade'
              : 'downgrade';
    return {
      id,
      productId: `product-${id}`,
      name: id,
      description: `The ${id} plan`,
      payment: 'user',
      price: {
        id: `price-${id}-${currency}-${interval}`,
        nickname: id,
        currency,
        unitAmount: Math.round((monthly[id] ?? 0) * factor * currencyFactor),
        interval,
        isUnlimited: false,
      },
      action,
      order,
      features: id === 'business' ? ['projectAnalytics', 'storage2TB'] : ['spaces5'],
      isCurrent: id === current,
      hasActiveSubscription: id === current && id !== 'free',
    };
  });
}

export function billingOf(changes: Partial<Billing> = {}): Billing {
  return {
    team: 't1',
    type: 'free',
    state: 'active',
    period: 'monthly',
    currency: 'usd',
    price: 0,
    total: 0,
    seats: 10,
    seatsAssigned: 2,
    seatsAvailable: 8,
    currentPeriodEnd: null,
    trialEnd: null,
    trialUsed: false,
    credit: 0,
    creditCurrency: 'gbp',
    lifetimes: 0,
    invoices: [],
    codes: [],
    managedBy: 'stripe',
    instanceAdministrator: false,
    ...changes,
  };
}

/** The current team's detail as getTeam answers it. */
export function teamDetail(role: 'admin' | 'basic', subscription = 'free') {
  return {
    id: 't1',
    name: 'Engines',
    logo: null,
    url: null,
    isDefault: true,
    role,
    subscription,
    memberLimit: 10,
    users: ['u1', 'u2'],
    invited: [],
  };
}
