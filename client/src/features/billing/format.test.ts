import { describe, expect, it } from 'vitest';
import { formatBillingDate, formatMoney } from './format';

describe('billing money and dates', () => {
  it('formats cents in each currency in the interface language, with cents only when there are any', () => {
    expect(formatMoney(800, 'usd', 'en')).toBe('$8');
    expect(formatMoney(799, 'usd', 'en')).toBe('$7.99');
    expect(formatMoney(12000, 'gbp', 'en')).toBe('£120');
    expect(formatMoney(750, 'eur', 'fr')).toBe('7,50\u00a0€');
    expect(formatMoney(100000, 'eur', 'de')).toBe('1.000\u00a0€');
  });

  it('shows an amount in a currency Intl cannot format with its code', () => {
    expect(formatMoney(150, '??', 'en')).toBe('1.50 ??');
  });

  it('formats a period end as a date, and nothing when there is none', () => {
    expect(formatBillingDate('2026-12-26T00:00:00.000Z', 'en')).toMatch(/Dec.*2026/);
    expect(formatBillingDate(null, 'en')).toBe('');
  });
});
