const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

export type RelativeTimeUnit = 'now' | 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** How long ago something happened, in whole units (`value` is 0 for 'now', otherwise at least 1). */
export interface RelativeTimeBucket {
  unit: RelativeTimeUnit;
  value: number;
}

/** English text of the 'now' bucket; the client passes its translation to `formatRelativeTime`. */
export const justNowText = 'just now';

/**
 * SPEC §9 relative time buckets: under 20 s is "just now", then seconds under a minute,
 * minutes, hours, days under 30 days, months (30-day blocks) and years (365-day blocks).
 * Times in the future count as now: they come from clock skew between server and browser,
 * and "in 3 seconds" on a message just sent would look broken.
 */
export function relativeTimeBucket(fromMs: number, nowMs: number): RelativeTimeBucket {
  const elapsed = Math.max(0, nowMs - fromMs);
  if (elapsed < 20 * second) return { unit: 'now', value: 0 };
  if (elapsed < minute) return { unit: 'second', value: Math.floor(elapsed / second) };
  if (elapsed < hour) return { unit: 'minute', value: Math.floor(elapsed / minute) };
  if (elapsed < day) return { unit: 'hour', value: Math.floor(elapsed / hour) };
  const days = Math.floor(elapsed / day);
  if (days < 30) return { unit: 'day', value: days };
  const months = Math.floor(days / 30);
  // 360-364 days would read "12 months ago"; from 12 months on it is a year.
  if (months < 12) return { unit: 'month', value: months };
  return { unit: 'year', value: Math.max(1, Math.floor(days / 365)) };
}

// Building an Intl formatter is costly and lists format many timestamps at once.
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeTimeFormatter(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "3 minutes ago" in `locale`, through Intl.RelativeTimeFormat. Intl has no "just now", so the
 * 'now' bucket returns `justNow`: English by default, the client passes its translated text.
 */
export function formatRelativeTime(fromMs: number, nowMs: number, locale: string, justNow: string = justNowText): string {
  const bucket = relativeTimeBucket(fromMs, nowMs);
  if (bucket.unit === 'now') return justNow;
  return relativeTimeFormatter(locale).format(-bucket.value, bucket.unit);
}
