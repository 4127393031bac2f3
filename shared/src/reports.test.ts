import { describe, it, expect } from 'vitest';
import { isReportWindowKey, reportWindowStart, reportWindows } from './reports';

describe('SPEC §9 report windows', () => {
  it('offers last day, week, 2 weeks, month, 3 months and year', () => {
    expect(reportWindows.map((window) => [window.key, window.days])).toEqual([
      ['lastDay', 1],
      ['lastWeek', 7],
      ['lastTwoWeeks', 14],
      ['lastMonth', 30],
      ['lastThreeMonths', 90],
      ['lastYear', 365],
    ]);
  });

  it('starts each window that many days before now', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    expect(reportWindowStart('lastDay', now).toISOString()).toBe('2025-06-14T12:00:00.000Z');
    expect(reportWindowStart('lastTwoWeeks', now).toISOString()).toBe('2025-06-01T12:00:00.000Z');
    expect(reportWindowStart('lastMonth', now).toISOString()).toBe('2025-05-16T12:00:00.000Z');
    expect(reportWindowStart('lastYear', now).toISOString()).toBe('2024-06-15T12:00:00.000Z');
  });

  it('does not change the given date', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    reportWindowStart('lastWeek', now);
    expect(now.toISOString()).toBe('2025-06-15T12:00:00.000Z');
  });

  it('recognises only the window keys', () => {
    expect(isReportWindowKey('lastThreeMonths')).toBe(true);
    expect(isReportWindowKey('lastDecade')).toBe(false);
  });
});
