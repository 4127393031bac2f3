import { describe, expect, it } from 'vitest';
import type { StripeCheckoutSession, StripeSettings, StripeSubscription } from '../../billing';
import { creditUsedBy, lifetimeChangeOf, priceMeanings, stateOf, subscriptionChangeOf } from './stripeChanges';

const settings: StripeSettings = {
  secretKey: 'sk_test',
  webhookSecret: 'whsec_test',
  apiUrl: null,
  prices: {
    basic: { monthly: { usd: 'price_b_m_usd' } },
    unlimited: { yearly: { eur: 'price_u_y_eur' } },
    nonsense: { monthly: { usd: 'price_x' } },
  },
};

function subscription(overrides: Partial<Record<string, unknown>> = {}, item: Partial<Record<string, unknown>> = {}): StripeSubscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    currency: 'usd',
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          quantity: 4,
          current_period_end: 1_900_000_000,
          price: { id: 'price_b_m_usd', recurring: { interval: 'month' } },
          ...item,
        },
      ],
    },
    ...overrides,
  } as unknown as StripeSubscription;
}

describe('Stripe objects as billing inputs', () => {
  it('reads STRIPE_PRICES backwards, skipping plans and periods that do not exist', () => {
    expect([...priceMeanings(settings.prices)]).toEqual([
      ['price_b_m_usd', { plan: 'basic', period: 'monthly', currency: 'usd' }],
      ['price_u_y_eur', { plan: 'unlimited', period: 'yearly', currency: 'eur' }],
    ]);
  });

  it('maps Stripe statuses to billing states: cancellation at the period end keeps the plan as cancelled', () => {
    const state = (status: string, cancel_at_period_end = false, cancel_at: number | null = null) =>
      stateOf({ status, cancel_at_period_end, cancel_at } as Pick<StripeSubscription, 'status' | 'cancel_at_period_end' | 'cancel_at'>);
    expect(state('active')).toBe('active');
    expect(state('active', true)).toBe('cancelled');
    expect(state('active', false, 1_900_000_000)).toBe('cancelled');
    expect(state('trialing')).toBe('trialing');
    expect(state('past_due')).toBe('past_due');
    expect(state('unpaid')).toBe('past_due');
    expect(state('canceled')).toBe('stopped');
    expect(state('incomplete_expired')).toBe('stopped');
    expect(state('incomplete')).toBeNull();
  });

  it('takes plan, period and currency from the price id, seats from the quantity and the end from the item', () => {
    expect(subscriptionChangeOf(settings, subscription(), 'team1', 'evt_1')).toEqual({
      teamId: 'team1',
      plan: 'basic',
      period: 'monthly',
      currency: 'usd',
      seats: 4,
      state: 'active',
      currentPeriodEnd: new Date(1_900_000_000 * 1000).toISOString(),
      source: 'stripe',
      stripe: { customerId: 'cus_1', subscriptionId: 'sub_1' },
      cause: 'evt_1',
    });
  });

  it('falls back to the metadata for a price not configured, bounds seats, and ignores what is not one of the app’s plans', () => {
    const unknownPrice = subscription(
      { metadata: { plan: 'business', period: 'yearly' } },
      { price: { id: 'price_other' }, quantity: 20_000 },
    );
    expect(subscriptionChangeOf(settings, unknownPrice, 'team1', 'evt_2')).toMatchObject({
      plan: 'business',
      period: 'yearly',
      seats: 10_000,
    });
    const notOurs = subscription({}, { price: { id: 'price_other', recurring: { interval: 'month' } } });
    expect(subscriptionChangeOf(settings, notOurs, 'team1', 'evt_3')).toBeNull();
    expect(subscriptionChangeOf(settings, subscription({ status: 'incomplete' }), 'team1', 'evt_4')).toBeNull();
    expect(subscriptionChangeOf(settings, subscription({ status: 'canceled' }), 'team1', 'evt_5', true)).toMatchObject({
      state: 'stopped',
    });
  });

  it('reads a paid lifetime checkout and the credit it used from its metadata', () => {
    const session = {
      id: 'cs_1',
      mode: 'payment',
      payment_status: 'paid',
      customer: 'cus_9',
      payment_intent: 'pi_9',
      currency: 'eur',
      metadata: { plan: 'unlimited', seats: '3', credit: '250', credit_currency: 'eur' },
    } as unknown as StripeCheckoutSession;
    expect(lifetimeChangeOf(session, 'team1', 'evt_6')).toMatchObject({
      plan: 'unlimited',
      period: 'lifetime',
      currency: 'eur',
      seats: 3,
      state: 'active',
      currentPeriodEnd: null,
      stripe: { customerId: 'cus_9', subscriptionId: 'pi_9' },
    });
    expect(creditUsedBy(session)).toEqual({ amount: 250, currency: 'eur' });
    expect(lifetimeChangeOf({ ...session, payment_status: 'unpaid' } as StripeCheckoutSession, 'team1', 'evt_7')).toBeNull();
    expect(creditUsedBy({ ...session, metadata: {} } as StripeCheckoutSession)).toBeNull();
  });
});
