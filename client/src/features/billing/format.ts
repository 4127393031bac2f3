/** Money and dates of the billing screens, in the interface language. */

/** Cents in a currency, e.g. 800 usd → "$8" in English, "8 €" in French; cents shown only when there are any. */
export function formatMoney(cents: number, currency: string, language: string): string {
  const whole = cents % 100 === 0;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    // A currency code Intl does not know: the amount with the code, rather than nothing.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A date of the billing (a period's end, an invoice), e.g. "26 Nov 2026". */
export function formatBillingDate(value: string | null, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
