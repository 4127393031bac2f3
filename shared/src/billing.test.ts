import { describe, expect, it } from 'vitest';
import {
  isValidSeatCount,
  normalizePromotionCode,
  periodEnd,
  periodOfFrequency,
  planAction,
  prorationCredit,
  seatCounts,
  seatPrice,
  seatPrices,
  upgradeCharge,
} from './billing';
import { currencies } from './currency';
import { paidPlanNames } from './plans';

describe('seat prices', () => {
  it('prices every paid plan, period and currency in whole cents, a year cheaper than twelve months', () => {
    for (const plan of paidPlanNames)
      for (const currency of currencies) {
        const { monthly, yearly, lifetime } = {
          monthly: seatPrices[plan].monthly[currency],
          yearly: seatPrices[plan].yearly[currency],
          lifetime: seatPrices[plan].lifetime[currency],
        };
        for (const price of [monthly, yearly, lifetime]) expect(Number.isInteger(price) && price > 0).toBe(true);
        expect(yearly).toBeLessThan(12 * monthly);
        expect(lifetime).toBeGreaterThan(yearly);
      }
  });

  it('charges nothing for free and trial, and prices an unknown currency in usd', () => {
    expect(seatPrice('free', 'monthly', 'eur')).toBe(0);
    expect(seatPrice('trial', 'yearly', 'gbp')).toBe(0);
    expect(seatPrice('basic', 'monthly', 'JPY')).toBe(seatPrices.basic.monthly.usd);
    expect(seatPrice('basic', 'monthly', ' EUR ')).toBe(seatPrices.basic.monthly.eur);
  });

  it('reads the plans page frequencies', () => {
    expect(periodOfFrequency('year')).toBe('yearly');
    expect(periodOfFrequency('yearly')).toBe('yearly');
    expect(periodOfFrequency('lifetime')).toBe('lifetime');
    expect(periodOfFrequency('month')).toBe('monthly');
    expect(periodOfFrequency(undefined)).toBe('monthly');
  });
});

describe('proration', () => {
  const periodStart = '2026-03-01T00:00:00.000Z';
  const end = '2026-03-31T00:00:00.000Z';

  it.each(currencies)('credits the unused share of a period to the cent (%s)', (currency) => {
    const paidAmount = 3 * seatPrices.unlimited.monthly[currency];
    // Ten of thirty days used: two thirds unused, rounded down to the cent.
    const credit = prorationCredit({ paidAmount, periodStart, periodEnd: end, changedAt: '2026-03-11T00:00:00.000Z' });
    expect(credit).toBe(Math.floor((paidAmount * 2) / 3));
  });

  it('rounds down, never crediting a fraction of a cent more than paid', () => {
    // 1000 cents over 3 ms, 1 ms used: 666.67 → 666.
    expect(prorationCredit({ paidAmount: 1000, periodStart: new Date(0), periodEnd: new Date(3), changedAt: new Date(1) })).toBe(666);
    expect(prorationCredit({ paidAmount: 1, periodStart: new Date(0), periodEnd: new Date(3), changedAt: new Date(1) })).toBe(0);
  });

  it('credits everything before the period, nothing after it or for nothing paid', () => {
    expect(prorationCredit({ paidAmount: 5000, periodStart, periodEnd: end, changedAt: '2026-02-01T00:00:00.000Z' })).toBe(5000);
    expect(prorationCredit({ paidAmount: 5000, periodStart, periodEnd: end, changedAt: end })).toBe(0);
    expect(prorationCredit({ paidAmount: 0, periodStart, periodEnd: end, changedAt: '2026-03-11T00:00:00.000Z' })).toBe(0);
    expect(prorationCredit({ paidAmount: 5000, periodStart: 'not a date', periodEnd: end, changedAt: end })).toBe(0);
  });

  it('stays exact for large amounts (cents × milliseconds past 2^53)', () => {
    const paidAmount = 10_000 * seatPrices.business.yearly.gbp;
    const credit = prorationCredit({
      paidAmount,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2027-01-01T00:00:00.000Z',
      changedAt: '2026-07-02T12:00:00.000Z',
    });
    const total = BigInt(Date.parse('2027-01-01T00:00:00.000Z') - Date.parse('2026-01-01T00:00:00.000Z'));
    const remaining = BigInt(Date.parse('2027-01-01T00:00:00.000Z') - Date.parse('2026-07-02T12:00:00.000Z'));
    expect(credit).toBe(Number((BigInt(paidAmount) * remaining) / total));
  });

  it('takes the credit off the upgrade, keeping what is not spent', () => {
    expect(upgradeCharge({ price: 1200, seats: 3, credit: 1000 })).toEqual({ amount: 3600, charge: 2600, creditUsed: 1000, creditLeft: 0 });
    expect(upgradeCharge({ price: 600, seats: 1, credit: 1000 })).toEqual({ amount: 600, charge: 0, creditUsed: 600, creditLeft: 400 });
    expect(upgradeCharge({ price: 600, seats: 2, credit: -5 })).toEqual({ amount: 1200, charge: 1200, creditUsed: 0, creditLeft: 0 });
  });
});

describe('periods', () => {
  it('ends a month later on the same day, or the month’s last day', () => {
    expect(periodEnd(new Date('2026-01-15T10:00:00Z'), 'monthly')?.toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'monthly')?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-12-31T00:00:00Z'), 'monthly')?.toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(periodEnd(new Date('2026-03-01T00:00:00Z'), 'yearly')?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(periodEnd(new Date('2026-03-01T00:00:00Z'), 'lifetime')).toBeNull();
  });
});

describe('seats', () => {
  it('takes 1 to 10,000 whole seats', () => {
    expect([1, 10000].every(isValidSeatCount)).toBe(true);
    expect([0, -1, 10001, 2.5, Number.NaN, '3'].some(isValidSeatCount)).toBe(false);
  });

  it('counts members into the seats bought, never below zero available', () => {
    expect(seatCounts('business', 5, 3)).toEqual({ seats: 5, assigned: 3, available: 2 });
    expect(seatCounts('basic', 2, 4)).toEqual({ seats: 2, assigned: 2, available: 0 });
    expect(seatCounts('free', 1, 4)).toEqual({ seats: 10, assigned: 4, available: 6 });
    expect(seatCounts('trial', 1, 4)).toEqual({ seats: 4, assigned: 4, available: 0 });
  });
});

describe('plan actions and codes', () => {
  it('says what each plan’s button does from the team’s plan', () => {
    expect(planAction('basic', 'free', false)).toBe('upgrade');
    expect(planAction('basic', 'unlimited', false)).toBe('downgrade');
    expect(planAction('unlimited', 'unlimited', false)).toBe('current');
    expect(planAction('business', 'free', false)).toBe('contact');
    expect(planAction('trial', 'free', false)).toBe('trial');
    expect(planAction('trial', 'free', true)).toBe('downgrade');
  });

  it('reads a code whatever its case and surrounding spaces', () => {
    expect(normalizePromotionCode('  spring-24 ')).toBe('SPRING-24');
  });
});
