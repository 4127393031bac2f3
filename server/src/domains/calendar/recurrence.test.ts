import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import {
  namedSeriesOf,
  occurrencesBetween,
  recurringOf,
  ruleEnd,
  ruleOf,
  seriesEndOf,
  withRuleEnd,
  zonedOf,
  type ExpandableSeries,
} from './recurrence';

const series = (overrides: Partial<ExpandableSeries>): ExpandableSeries => ({
  title: 'Stand-up',
  description: '',
  rrule: 'FREQ=WEEKLY',
  timeZone: 'Europe/Berlin',
  startAt: '2026-03-02T08:00:00.000Z',
  endAt: '2026-03-02T08:30:00.000Z',
  ...overrides,
});

const localTimes = (found: { start: string }[], timeZone: string) =>
  found.map((occurrence) => zonedOf(occurrence.start, timeZone).toPlainDateTime().toString().slice(0, 16));

const codeOf = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
  return null;
};

describe('expansion in the event’s time zone', () => {
  it('keeps a weekly 9:00 meeting at 9:00 in Berlin across the change to summer time', () => {
    const found = occurrencesBetween(series({}), [], '2026-03-16T00:00:00Z', '2026-04-07T00:00:00Z');
    expect(localTimes(found, 'Europe/Berlin')).toEqual(['2026-03-16T09:00', '2026-03-23T09:00', '2026-03-30T09:00', '2026-04-06T09:00']);
    expect(found.map((occurrence) => occurrence.start)).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
    // The half hour stays half an hour.
    expect(found.every((occurrence) => Date.parse(occurrence.end) - Date.parse(occurrence.start) === 30 * 60 * 1000)).toBe(true);
  });

  it('keeps 9:00 in New York across both changes', () => {
    const newYork = series({
      rrule: 'FREQ=DAILY',
      timeZone: 'America/New_York',
      startAt: '2026-03-06T14:00:00.000Z',
      endAt: '2026-03-06T15:00:00.000Z',
    });
    const spring = occurrencesBetween(newYork, [], '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    expect(localTimes(spring, 'America/New_York')).toEqual(['2026-03-07T09:00', '2026-03-08T09:00', '2026-03-09T09:00']);
    expect(spring.map((occurrence) => occurrence.start.slice(11, 16))).toEqual(['14:00', '13:00', '13:00']);
    const autumn = occurrencesBetween(newYork, [], '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z');
    expect(localTimes(autumn, 'America/New_York')).toEqual(['2026-10-31T09:00', '2026-11-01T09:00', '2026-11-02T09:00']);
  });

  it('repeats on weekdays only', () => {
    const weekdays = series({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });
    const found = occurrencesBetween(weekdays, [], '2026-03-05T00:00:00Z', '2026-03-12T00:00:00Z');
    expect(found.map((occurrence) => occurrence.start.slice(0, 10))).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
  });

  it('repeats monthly on the 31st only in months that have one', () => {
    const monthly = series({ rrule: 'FREQ=MONTHLY', startAt: '2026-01-31T09:00:00.000Z', endAt: '2026-01-31T10:00:00.000Z' });
    const found = occurrencesBetween(monthly, [], '2026-01-01T00:00:00Z', '2026-09-01T00:00:00Z');
    expect(found.map((occurrence) => occurrence.start.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('applies exceptions: a cancelled occurrence is left out, a changed one keeps its id, a moved one appears at its new time', () => {
    const found = occurrencesBetween(
      series({ rrule: 'FREQ=DAILY' }),
      [
        { occurrenceStart: '2026-03-03T08:00:00.000Z', cancelled: true, title: null, description: null, startAt: null, endAt: null },
        { occurrenceStart: '2026-03-04T08:00:00.000Z', cancelled: false, title: 'Special', description: null, startAt: null, endAt: null },
        // Moved from before the range into it.
        {
          occurrenceStart: '2026-03-02T08:00:00.000Z',
          cancelled: false,
          title: null,
          description: null,
          startAt: '2026-03-05T12:00:00.000Z',
          endAt: '2026-03-05T13:00:00.000Z',
        },
      ],
      '2026-03-03T00:00:00Z',
      '2026-03-06T00:00:00Z',
    );
    expect(found.map((occurrence) => [occurrence.occurrence, occurrence.start, occurrence.title])).toEqual([
      ['2026-03-04T08:00:00.000Z', '2026-03-04T08:00:00.000Z', 'Special'],
      ['2026-03-05T08:00:00.000Z', '2026-03-05T08:00:00.000Z', 'Stand-up'],
      ['2026-03-02T08:00:00.000Z', '2026-03-05T12:00:00.000Z', 'Stand-up'],
    ]);
  });

  it('expands only the asked range of a 10,000-occurrence series and of an endless one', () => {
    const long = series({ rrule: 'FREQ=DAILY;COUNT=10000' });
    const end = seriesEndOf(long);
    expect(end).toBe('2053-07-17T07:30:00Z');
    const started = performance.now();
    const far = occurrencesBetween({ ...long, seriesEndAt: end }, [], '2053-07-10T00:00:00Z', '2053-08-10T00:00:00Z');
    expect(far).toHaveLength(8);
    expect(far.at(-1)!.start).toBe('2053-07-17T07:00:00.000Z');
    const endless = occurrencesBetween(series({ rrule: 'FREQ=DAILY' }), [], '2200-01-01T00:00:00Z', '2200-01-08T00:00:00Z');
    expect(endless).toHaveLength(7);
    expect(seriesEndOf(series({ rrule: 'FREQ=DAILY' }))).toBeNull();
    // Both within what a request may take: the range is expanded, not the series.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('works out the end of a series from its UNTIL', () => {
    expect(seriesEndOf(series({ rrule: 'FREQ=WEEKLY;UNTIL=20260320T000000Z' }))).toBe('2026-03-16T08:30:00Z');
    expect(ruleEnd('FREQ=WEEKLY;UNTIL=20260320T000000Z')).toEqual({ until: '2026-03-20T00:00:00.000Z', count: null });
    expect(withRuleEnd('FREQ=WEEKLY;COUNT=3', { until: '2026-04-01T00:00:00Z' })).toBe('FREQ=WEEKLY;UNTIL=20260401T000000Z');
  });
});

describe('rules', () => {
  it('names the five recurrences and calls anything else custom', () => {
    const monday = zonedOf('2026-03-02T08:00:00Z', 'Europe/Berlin');
    expect(recurringOf(null, monday)).toBe('none');
    expect(recurringOf('FREQ=DAILY;COUNT=3', monday)).toBe('daily');
    expect(recurringOf('FREQ=WEEKLY;BYDAY=MO', monday)).toBe('weekly');
    expect(recurringOf('FREQ=WEEKLY;BYDAY=FR,MO,TU,WE,TH', monday)).toBe('weekdays');
    expect(recurringOf('FREQ=MONTHLY;BYMONTHDAY=2', monday)).toBe('monthly');
    expect(recurringOf('FREQ=WEEKLY;INTERVAL=2', monday)).toBe('custom');
    expect(recurringOf('FREQ=YEARLY', monday)).toBe('custom');
  });

  it('refuses an invalid RRULE with EVENT_INVALID_RECURRENCE', () => {
    for (const rule of [
      'FREQ=BOGUS',
      'FREQ=HOURLY',
      'BYDAY=MO',
      'FREQ=DAILY;COUNT=zero',
      'FREQ=DAILY;UNTIL=yesterday',
      'FREQ=WEEKLY;BYDAY=XX',
    ])
      expect(
        codeOf(() => ruleOf(rule, '2026-03-02T08:00:00Z', 'Europe/Berlin')),
        rule,
      ).toBe('EVENT_INVALID_RECURRENCE');
  });
});

describe('the arithmetic for the five named rules', () => {
  it('gives exactly what the rule engine gives, across zones, daylight saving, ends and ranges', () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=MONTHLY',
      'FREQ=DAILY;COUNT=45',
      'FREQ=WEEKLY;UNTIL=20261115T000000Z',
      'FREQ=MONTHLY;COUNT=14',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=30',
    ];
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    // 2:30 falls in the spring-forward gap on one day a year in Berlin and New York.
    const starts = [
      '2026-01-31T01:30:00Z',
      '2026-03-07T07:30:00Z',
      '2026-10-24T23:15:00Z',
      '2026-03-08T02:30:00-05:00',
      '2026-03-28T02:30:00+01:00',
      // 2:30 in Berlin and 1:30 in New York happen twice on the autumn change.
      '2026-10-20T00:30:00Z',
      '2026-10-28T05:30:00Z',
    ];
    const ranges: [string, string][] = [
      ['2026-01-01T00:00:00Z', '2026-05-01T00:00:00Z'],
      ['2026-10-20T00:00:00Z', '2026-11-20T00:00:00Z'],
      ['2027-02-20T00:00:00Z', '2027-04-10T00:00:00Z'],
      // No transition in the window for most zones: the one-offset path.
      ['2026-06-01T00:00:00Z', '2026-07-15T00:00:00Z'],
      ['2026-12-01T00:00:00Z', '2027-01-10T00:00:00Z'],
    ];
    let compared = 0;
    for (const rrule of rules)
      for (const timeZone of zones)
        for (const startAt of starts) {
          const start = new Date(startAt).toISOString();
          const base = {
            title: 't',
            description: '',
            rrule,
            timeZone,
            startAt: start,
            endAt: new Date(Date.parse(start) + 90 * 60_000).toISOString(),
          };
          const withEnd = { ...base, seriesEndAt: seriesEndOf(base) };
          expect(namedSeriesOf(withEnd), rrule).not.toBeNull();
          for (const [from, to] of ranges) {
            const byArithmetic = occurrencesBetween(withEnd, [], from, to).map((occurrence) => occurrence.start);
            const lengthMs = 90 * 60_000;
            const byEngine = ruleOf(rrule, start, timeZone)
              .between(new Date(Date.parse(from) - lengthMs - 1), new Date(to), true)
              .map((zoned) => new Date(zoned.epochMilliseconds).toISOString())
              .filter((at) => at < new Date(to).toISOString() && Date.parse(at) + lengthMs > Date.parse(from));
            expect(byArithmetic, `${rrule} ${timeZone} ${startAt} ${from}`).toEqual(byEngine);
            compared += byEngine.length;
          }
        }
    expect(compared).toBeGreaterThan(5000);
  });
});
