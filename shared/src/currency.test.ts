import { describe, it, expect } from 'vitest';
import { currencies, defaultCurrency, isCurrency, normalizeCurrency } from './currency';

describe('SPEC §5 preferred currency', () => {
  it('offers usd, eur and gbp with usd as the default', () => {
    expect(currencies).toEqual(['usd', 'eur', 'gbp']);
    expect(defaultCurrency).toBe('usd');
  });

  it.each(['usd', 'eur', 'gbp'])('keeps a valid currency: %s', (currency) => {
    expect(normalizeCurrency(currency)).toBe(currency);
  });

  it('accepts upper case and surrounding spaces', () => {
    expect(normalizeCurrency('EUR')).toBe('eur');
    expect(normalizeCurrency(' Gbp ')).toBe('gbp');
  });

  it.each(['jpy', '', 'euro', null, undefined, 42])('falls back to usd for %j', (value) => {
    expect(normalizeCurrency(value)).toBe('usd');
  });

  it('isCurrency is exact: no case folding', () => {
    expect(isCurrency('gbp')).toBe(true);
    expect(isCurrency('GBP')).toBe(false);
  });
});
