import { describe, it, expect } from 'vitest';
import { formatRelativeTime, relativeTimeBucket } from './time';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (milliseconds: number) => now - milliseconds;

describe('SPEC §9 relative time buckets', () => {
  it.each([
    [0, 'now', 0],
    [19_999, 'now', 0],
    [20 * second, 'second', 20],
    [59_999, 'second', 59],
    [minute, 'minute', 1],
    [59 * minute + 59 * second, 'minute', 59],
    [hour, 'hour', 1],
    [day - 1, 'hour', 23],
    [day, 'day', 1],
    [29 * day + 23 * hour, 'day', 29],
    [30 * day, 'month', 1],
    [359 * day, 'month', 11],
    [360 * day, 'year', 1],
    [365 * day, 'year', 1],
    [730 * day, 'year', 2],
  ] as const)('%d ms ago is %s %d', (elapsed, unit, value) => {
    expect(relativeTimeBucket(ago(elapsed), now)).toEqual({ unit, value });
  });

  it('treats a time in the future (clock skew) as just now', () => {
    expect(relativeTimeBucket(now + 5 * minute, now)).toEqual({ unit: 'now', value: 0 });
  });
});

describe('SPEC §9 relative time formatting', () => {
  it('says "just now" in English under 20 s', () => {
    expect(formatRelativeTime(ago(5 * second), now, 'en')).toBe('just now');
  });

  it('uses the text the client passes for just now', () => {
    expect(formatRelativeTime(ago(5 * second), now, 'fr', "à l'instant")).toBe("à l'instant");
  });

  it('formats past buckets with Intl in the given language', () => {
    expect(formatRelativeTime(ago(30 * second), now, 'en')).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(3 * minute), now, 'en')).toBe('3 minutes ago');
    expect(formatRelativeTime(ago(day), now, 'en')).toBe('1 day ago');
    expect(formatRelativeTime(ago(2 * 365 * day), now, 'en')).toBe('2 years ago');
    expect(formatRelativeTime(ago(3 * minute), now, 'es')).toBe('hace 3 minutos');
    expect(formatRelativeTime(ago(2 * hour), now, 'de')).toBe('vor 2 Stunden');
  });
});
