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
