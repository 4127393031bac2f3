import { isOneOf } from './guards';

/** SPEC §5 and §9: the preferred currencies, as lower-case ISO 4217 codes (the billing provider's form). */
export const currencies = ['usd', 'eur', 'gbp'] as const;
export type Currency = (typeof currencies)[number];

export const defaultCurrency: Currency = 'usd';

export function isCurrency(value: unknown): value is Currency {
  return isOneOf(currencies, value);
}

/**
 * The currency to use for a stored or requested value: usd unless it names a valid currency.
 * Input is trimmed and lower-cased first, because "EUR" clearly means eur and silently
 * switching that user to dollars would be the worse mistake. Anything else falls back to usd.
 */
export function normalizeCurrency(value: unknown): Currency {
  if (typeof value !== 'string') return defaultCurrency;
  const lowerCase = value.trim().toLowerCase();
  return isCurrency(lowerCase) ? lowerCase : defaultCurrency;
}
