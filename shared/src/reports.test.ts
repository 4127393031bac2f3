import { describe, it, expect } from 'vitest';
import {
  addCalendarDays,
  isCalendarDate,
  isKnownTimeZone,
  isReportWindowKey,
  reportWindowStart,
  reportWindows,
  startOfDayInZone,
} from './reports';

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

describe('standup days', () => {
  it('accepts only calendar dates that exist', () => {
    expect(isCalendarDate('2026-03-02')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-3-2')).toBe(false);
    expect(isCalendarDate('0099-01-01')).toBe(false);
    expect(isCalendarDate(20260302)).toBe(false);
  });

  it('steps across months and years', () => {
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('starts a day at local midnight, summer time included', () => {
    expect(startOfDayInZone('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(startOfDayInZone('2026-07-15', 'Europe/Madrid').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(startOfDayInZone('2026-01-15', 'Europe/Madrid').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfDayInZone('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
  });

  it('knows time zone names', () => {
    expect(isKnownTimeZone('Europe/Madrid')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
