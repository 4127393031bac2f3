import { isOneOf } from './guards';

/**
 * SPEC §9 report windows, each ending now. Lengths are whole 24-hour days; a month is 30
 * days, three months 90 and a year 365, so a window never depends on which month it starts in.
 */
export const reportWindows = [
  { key: 'lastDay', days: 1 },
  { key: 'lastWeek', days: 7 },
  { key: 'lastTwoWeeks', days: 14 },
  { key: 'lastMonth', days: 30 },
  { key: 'lastThreeMonths', days: 90 },
  { key: 'lastYear', days: 365 },
] as const;
export type ReportWindowKey = (typeof reportWindows)[number]['key'];

export const reportWindowKeys: readonly ReportWindowKey[] = reportWindows.map((window) => window.key);

export function isReportWindowKey(value: unknown): value is ReportWindowKey {
  return isOneOf(reportWindowKeys, value);
}

const millisecondsPerDay = 24 * 60 * 60 * 1000;

/** The start of a report window ending at `now`. */
export function reportWindowStart(key: ReportWindowKey, now: Date): Date {
  const window = reportWindows.find((entry) => entry.key === key)!;
  return new Date(now.getTime() - window.days * millisecondsPerDay);
}

/** What a standup line says a person did to a task (README "Standups"). */
export const standupActivityKinds = ['finished', 'moved', 'created', 'commented', 'edited'] as const;
export type StandupActivityKind = (typeof standupActivityKinds)[number];

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar date written YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = calendarDatePattern.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number(match[1]) >= 1000 && day.toISOString().slice(0, 10) === value;
}

/** The calendar date `days` days after (or before, when negative) `date`, both YYYY-MM-DD. */
export function addCalendarDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  return new Date(day.getTime() + days * millisecondsPerDay).toISOString().slice(0, 10);
}

/** True for a time zone name the platform knows (Europe/Madrid, UTC). */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Minutes `timeZone` is ahead of UTC at `instant` (Madrid in summer: 120). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** When a calendar day starts in `timeZone`, as a UTC instant (the offset read at that moment, so summer time counts). */
export function startOfDayInZone(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00.000Z`);
  const guess = midnightUtc - zoneOffsetMinutes(midnightUtc, timeZone) * 60_000;
  return new Date(midnightUtc - zoneOffsetMinutes(guess, timeZone) * 60_000);
}
