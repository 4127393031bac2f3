import { describe, expect, it } from 'vitest';
import { runningPaidPeriod } from './commands';
import { planCodeRefusal } from './promotion';
import { freeSubscription, type Subscription } from './state';

const now = new Date('2026-03-10T12:00:00.000Z');
const before = '2026-03-01T12:00:00.000Z';
const after = '2026-04-01T12:00:00.000Z';

function subscription(overrides: Partial<Subscription>): Subscription {
  return { ...freeSubscription('team-1', 'administrator'), ...overrides };
}

const paidMonth = subscription({ plan: 'unlimited', paidAmount: 2400, periodStart: before, currentPeriodEnd: after });
const codeDays = subscription({ plan: 'unlimited', paidAmount: 0, periodStart: before, currentPeriodEnd: after });
const lifetime = subscription({ plan: 'unlimited', period: 'lifetime', periodStart: before, lifetimes: 1 });
const stripeTrial = subscription({ ...paidMonth, state: 'trialing', source: 'stripe' });

const days = (plan: 'basic' | 'unlimited' | 'business') => ({ kind: 'plan' as const, plan });
const forGood = (plan: 'basic' | 'unlimited' | 'business') => ({ kind: 'lifetime' as const, plan });

describe('planCodeRefusal: which codes may replace what the team holds', () => {
  it.each([
    ['free: every code', subscription({}), [days('basic'), forGood('basic')], null],
    ['a local trial: every code', subscription({ plan: 'trial', state: 'trialing', currentPeriodEnd: after }), [days('basic')], null],
    ['any plan: a credit code', stripeTrial, [{ kind: 'credit' as const, plan: null }], null],
    ['a Stripe trial', stripeTrial, [days('business'), forGood('business')], 'PROMOTION_CODE_STRIPE_PLAN'],
    ['a cancelled Stripe period', { ...stripeTrial, state: 'cancelled' as const }, [forGood('business')], 'PROMOTION_CODE_STRIPE_PLAN'],
    [
      'a stopped Stripe subscription',
      { ...stripeTrial, plan: 'free' as const, state: 'stopped' as const, paidAmount: 0 },
      [days('basic')],
      null,
    ],
    ['code days given after Stripe ended', { ...codeDays, source: 'stripe' as const }, [days('business')], null],
    ['a paid month: days of any plan', paidMonth, [days('basic'), days('business')], 'PROMOTION_CODE_PAID_PLAN'],
    [
      'a paid month past its end, not renewed yet',
      { ...paidMonth, currentPeriodEnd: before },
      [days('business')],
      'PROMOTION_CODE_PAID_PLAN',
    ],
    ['a paid month: a lifetime deal of any plan', paidMonth, [forGood('basic'), forGood('business')], null],
    ['a cancelled month past its end', { ...paidMonth, state: 'cancelled' as const, currentPeriodEnd: before }, [days('basic')], null],
    ['a lifetime deal: days of any plan', lifetime, [days('business')], 'PROMOTION_CODE_PAID_PLAN'],
    ['a lifetime deal: a lower one', lifetime, [forGood('basic')], 'PROMOTION_CODE_LOWER_PLAN'],
    ['a lifetime deal: the same or a higher one', lifetime, [forGood('unlimited'), forGood('business')], null],
    ['code days: a lower plan’s days', codeDays, [days('basic')], 'PROMOTION_CODE_LOWER_PLAN'],
    [
      'code days: the same or a higher plan’s days, any lifetime deal',
      codeDays,
      [days('unlimited'), days('business'), forGood('basic')],
      null,
    ],
    ['code days that ended: a lower plan’s days', { ...codeDays, currentPeriodEnd: before }, [days('basic')], null],
  ])('%s', (_case, current, codes, refusal) => {
    for (const code of codes) expect(planCodeRefusal(current, code, now)).toBe(refusal);
  });
});

describe('runningPaidPeriod: a paid period whose unused part is worth a credit', () => {
  it('counts an active, cancelled or past-due period before its end, and an active one after it only when asked', () => {
    for (const state of ['active', 'cancelled', 'past_due'] as const) expect(runningPaidPeriod({ ...paidMonth, state }, now)).toBe(true);
    const overdue = { ...paidMonth, currentPeriodEnd: before };
    expect(runningPaidPeriod(overdue, now)).toBe(false);
    expect(runningPaidPeriod(overdue, now, { activePastEnd: true })).toBe(true);
    expect(runningPaidPeriod({ ...overdue, state: 'cancelled' }, now, { activePastEnd: true })).toBe(false);
  });

  it('leaves out lifetime deals, code days (nothing paid) and trials', () => {
    expect(runningPaidPeriod({ ...lifetime, paidAmount: 19900 }, now)).toBe(false);
    expect(runningPaidPeriod(codeDays, now)).toBe(false);
    expect(runningPaidPeriod({ ...paidMonth, state: 'trialing' }, now)).toBe(false);
  });
});
