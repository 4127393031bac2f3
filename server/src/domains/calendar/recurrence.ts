import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { codedError } from '../../errors';
import { namedStartsBetween, type NamedSeries } from './namedExpansion';

/** SPEC §4's recurrences; `custom` names an imported RRULE none of them is. */
export const recurrenceNames = ['none', 'daily', 'weekly', 'monthly', 'weekdays'] as const;
export type RecurrenceName = (typeof recurrenceNames)[number];

export const recurrenceLimits = {
  /** A series of more occurrences is refused (COUNT); an endless one is fine: it is expanded over the asked range only. */
  maximumCount: 10_000,
  /** UNTIL at most this many years after the start. */
  maximumUntilYears: 100,
} as const;

const weekdaysRule = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';

/** The stored rule of a named recurrence (before its UNTIL or COUNT); null for none. */
export function baseRuleOf(recurring: RecurrenceName): string | null {
  switch (recurring) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return 'FREQ=WEEKLY';
    case 'monthly':
      return 'FREQ=MONTHLY';
    case 'weekdays':
      return weekdaysRule;
  }
}

/** An RRULE value's parts, keys upper-cased ("RRULE:" prefix allowed). */
export function ruleParts(rrule: string): Map<string, string> {
  const value = rrule.trim().replace(/^RRULE:/i, '');
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    if (part === '') continue;
    const [key, ...rest] = part.split('=');
    parts.set(key!.toUpperCase(), rest.join('=').toUpperCase());
  }
  return parts;
}

function joinParts(parts: Map<string, string>): string {
  return [...parts].map(([key, value]) => `${key}=${value}`).join(';');
}

/**
 * Which of the five names a rule is, given its first occurrence: a weekly rule on the start's own weekday
 * is weekly, a monthly one on the start's day of month is monthly; anything else (intervals, other days,
 * yearly) is custom and kept as it was.
 */
export function recurringOf(rrule: string | null, start: Temporal.ZonedDateTime): RecurrenceName | 'custom' {
  if (!rrule) return 'none';
  const parts = ruleParts(rrule);
  for (const key of ['UNTIL', 'COUNT', 'WKST']) parts.delete(key);
  if (parts.get('INTERVAL') === '1') parts.delete('INTERVAL');
  const frequency = parts.get('FREQ');
  parts.delete('FREQ');
  const byDay = parts.get('BYDAY');
  const onlyByDay = parts.size === 0 || (parts.size === 1 && byDay !== undefined);
  const startDay = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][start.dayOfWeek - 1];
  if (frequency === 'DAILY' && parts.size === 0) return 'daily';
  if (frequency === 'WEEKLY' && onlyByDay) {
    if (byDay === undefined || byDay === startDay) return 'weekly';
    if (byDay.split(',').sort().join(',') === 'FR,MO,TH,TU,WE') return 'weekdays';
  }
  if (frequency === 'MONTHLY' && (parts.size === 0 || (parts.size === 1 && parts.get('BYMONTHDAY') === String(start.day))))
    return 'monthly';
  return 'custom';
}

/** UNTIL as RFC 5545 writes a UTC time: 20260401T000000Z. */
export function untilValue(untilIso: string): string {
  return new Date(untilIso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The UNTIL (UTC ISO) and COUNT a rule carries. A date-only UNTIL means the end of that day in UTC. */
export function ruleEnd(rrule: string | null): { until: string | null; count: number | null } {
  if (!rrule) return { until: null, count: null };
  const parts = ruleParts(rrule);
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  return { until: until ? untilIso(until) : null, count: count ? Number(count) : null };
}

function untilIso(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '23', minute = '59', second = '59'] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`).toISOString();
}

/** The rule with its end replaced: UNTIL, COUNT, or neither (endless). */
export function withRuleEnd(rrule: string, end: { until?: string | null; count?: number | null }): string {
  const parts = ruleParts(rrule);
  parts.delete('UNTIL');
  parts.delete('COUNT');
  if (end.until) parts.set('UNTIL', untilValue(end.until));
  else if (end.count) parts.set('COUNT', String(end.count));
  return joinParts(parts);
}

/** A start instant as a wall-clock time of the event's zone. */
export function zonedOf(instantIso: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(Date.parse(instantIso)).toZonedDateTimeISO(timeZone);
}

/** Whether the IANA zone exists (Temporal knows the same zones as Intl). */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The rule engine for a series, expanding in the event's zone; an invalid rule is EVENT_INVALID_RECURRENCE. */
export function ruleOf(rrule: string, startAt: string, timeZone: string): RRuleTemporal {
  try {
    const parts = ruleParts(rrule);
    const frequency = parts.get('FREQ');
    // Sub-daily rules would make thousands of occurrences a day: not a calendar event's recurrence.
    if (!frequency || !['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(frequency)) throw new Error('frequency');
    const count = parts.get('COUNT');
    if (count !== undefined && !(Number.isInteger(Number(count)) && Number(count) >= 1)) throw new Error('count');
    if (parts.has('UNTIL') && untilIso(parts.get('UNTIL')!) === null) throw new Error('until');
    const rule = new RRuleTemporal({
      rruleString: joinParts(parts),
      dtstart: zonedOf(startAt, timeZone),
      includeDtstart: true,
      cache: false,
      temporal: Temporal,
    });
    rule.next(new Date(startAt), true);
    return rule;
  } catch {
    throw codedError('EVENT_INVALID_RECURRENCE', { field: 'recurring' });
  }
}

/** A series' span in its own zone: whole days and the time of day left, so an occurrence keeps its wall-clock length. */
function spanOf(startAt: string, endAt: string, timeZone: string): Temporal.Duration {
  // Shorter than any calendar day (23 hours at the least): no whole day in it, the span is exact time.
  const lengthMs = Date.parse(endAt) - Date.parse(startAt);
  if (lengthMs < 23 * 60 * 60 * 1000) return Temporal.Duration.from({ milliseconds: lengthMs });
  return zonedOf(startAt, timeZone).until(zonedOf(endAt, timeZone), { largestUnit: 'days' });
}

/** The date `steps` occurrences after the start's (gaps aside) of a named rule, or null for one not covered. */
function stepDate(name: RecurrenceName | 'custom', start: Temporal.ZonedDateTime, steps: number): Temporal.PlainDate | null {
  const date = start.toPlainDate();
  switch (name) {
    case 'daily':
      return date.add({ days: steps });
    case 'weekly':
      return date.add({ weeks: steps });
    case 'monthly': {
      // Months without the start's day (the 31st, February's 29th) have no occurrence.
      let month = Temporal.PlainYearMonth.from({ year: date.year, month: date.month });
      for (let found = 0; found < steps;) {
        month = month.add({ months: 1 });
        if (month.daysInMonth >= date.day) found += 1;
      }
      return month.toPlainDate({ day: date.day });
    }
    case 'weekdays': {
      if (date.dayOfWeek > 5) return null;
      let day = date.add({ weeks: Math.floor(steps / 5) });
      for (let left = steps % 5; left > 0;) {
        day = day.add({ days: 1 });
        if (day.dayOfWeek <= 5) left -= 1;
      }
      return day;
    }
    default:
      return null;
  }
}

/** Whether a named rule has an occurrence on `date` (on or after its start's date). */
function fallsOn(name: RecurrenceName | 'custom', startDate: Temporal.PlainDate, date: Temporal.PlainDate): boolean {
  if (Temporal.PlainDate.compare(date, startDate) < 0) return false;
  if (name === 'daily') return true;
  if (name === 'weekly') return date.dayOfWeek === startDate.dayOfWeek;
  if (name === 'weekdays') return date.dayOfWeek <= 5;
  return date.day === startDate.day;
}

/**
 * Occurrences of a named rule from its start up to `until` that RFC 5545 leaves out and does not count: those
 * whose wall-clock time falls in a spring-forward gap (found from the zone's transitions, a few a year).
 */
function skippedInGaps(name: RecurrenceName | 'custom', start: Temporal.ZonedDateTime, until: Temporal.ZonedDateTime): number {
  const time = start.toPlainTime();
  const startDate = start.toPlainDate();
  let skipped = 0;
  for (let cursor = start.getTimeZoneTransition('next'); cursor && cursor.epochMilliseconds <= until.epochMilliseconds + 2 * dayMs;) {
    const before = cursor.subtract({ nanoseconds: 1 });
    if (cursor.offsetNanoseconds > before.offsetNanoseconds) {
      const date = cursor.toPlainDate();
      const wall = date.toPlainDateTime(time);
      if (fallsOn(name, startDate, date) && !wall.toZonedDateTime(start.timeZoneId).toPlainDateTime().equals(wall)) skipped += 1;
    }
    cursor = cursor.getTimeZoneTransition('next');
  }
  return skipped;
}

const dayMs = 86_400_000;

/**
 * The nth occurrence's start (counting the first as 1) of the five named rules, by arithmetic on the zone's
 * calendar: scanning 10,000 occurrences through the rule engine takes seconds. Occurrences in a spring-forward
 * gap are not counted (RFC 5545), so the count reaches that much further. Null for a rule this does not cover.
 */
function nthStartOfNamed(rrule: string, start: Temporal.ZonedDateTime, count: number): Temporal.ZonedDateTime | null {
  const name = recurringOf(rrule, start);
  const parts = ruleParts(rrule);
  if (parts.has('INTERVAL') && parts.get('INTERVAL') !== '1') return null;
  const at = (steps: number) => {
    const date = stepDate(name, start, steps);
    return date ? date.toPlainDateTime(start.toPlainTime()).toZonedDateTime(start.timeZoneId) : null;
  };
  let skipped = 0;
  let candidate = at(count - 1);
  for (let round = 0; candidate && round < 50; round += 1) {
    const now = skippedInGaps(name, start, candidate);
    if (now === skipped) return candidate;
    skipped = now;
    candidate = at(count - 1 + skipped);
  }
  return null;
}

/** Past this many occurrences a rule the arithmetic does not cover is not scanned: its series counts as endless. */
const scanLimit = 2_000;

/**
 * When the series' last occurrence ends: from its COUNT or UNTIL, or null when endless (or too long to work
 * out, which reading treats the same way: only the asked range is ever expanded).
 */
export function seriesEndOf(series: { rrule: string | null; startAt: string; endAt: string; timeZone: string }): string | null {
  if (!series.rrule) return series.endAt;
  const { until, count } = ruleEnd(series.rrule);
  if (until === null && count === null) return null;
  const start = zonedOf(series.startAt, series.timeZone);
  const span = spanOf(series.startAt, series.endAt, series.timeZone);
  const named = count !== null && !ruleParts(series.rrule).has('UNTIL') ? nthStartOfNamed(series.rrule, start, count) : null;
  if (named) return named.add(span).toInstant().toString();
  const rule = ruleOf(series.rrule, series.startAt, series.timeZone);
  if (until !== null && count === null) {
    const last = rule.previous(new Date(Date.parse(until) + 1), true);
    return (last ?? start).add(span).toInstant().toString();
  }
  let last: Temporal.ZonedDateTime | null = null;
  let scanned = 0;
  rule.all((date) => {
    last = date;
    scanned += 1;
    return scanned < scanLimit;
  });
  if (scanned >= scanLimit) return null;
  const lastStart: Temporal.ZonedDateTime = last ?? start;
  return lastStart.add(span).toInstant().toString();
}

const namedFrequencies = { daily: 'DAILY', weekly: 'WEEKLY', weekdays: 'WEEKDAYS', monthly: 'MONTHLY' } as const;

/** The series as one of the five named rules the arithmetic expands, or null for the engine (see namedExpansion.ts). */
export function namedSeriesOf(series: ExpandableSeries): NamedSeries | null {
  if (!series.rrule) return null;
  const parts = ruleParts(series.rrule);
  if (parts.has('INTERVAL') && parts.get('INTERVAL') !== '1') return null;
  const start = zonedOf(series.startAt, series.timeZone);
  const name = recurringOf(series.rrule, start);
  if (name === 'none' || name === 'custom') return null;
  const { until, count } = ruleEnd(series.rrule);
  let lastStartMs: number | null = null;
  if (until !== null) lastStartMs = Date.parse(until);
  else if (count !== null) {
    if (!series.seriesEndAt) return null;
    lastStartMs =
      zonedOf(series.seriesEndAt, series.timeZone).subtract(spanOf(series.startAt, series.endAt, series.timeZone)).epochMilliseconds + 1000;
  }
  return { frequency: namedFrequencies[name], start, lastStartMs };
}

/**
 * The rule to expand: a COUNT rule whose end is known is expanded as the same rule ending at its last start
 * (UNTIL), the same occurrences, so a range far into a long series is reached without counting from its start.
 */
function expansionRuleOf(series: ExpandableSeries): RRuleTemporal {
  const { count } = ruleEnd(series.rrule);
  if (count !== null && series.seriesEndAt) {
    const lastStart = zonedOf(series.seriesEndAt, series.timeZone).subtract(spanOf(series.startAt, series.endAt, series.timeZone));
    const until = new Date(lastStart.epochMilliseconds + 1000).toISOString();
    return ruleOf(withRuleEnd(series.rrule!, { until }), series.startAt, series.timeZone);
  }
  return ruleOf(series.rrule!, series.startAt, series.timeZone);
}

/** An occurrence's own change ("this event"), keyed by its original start. */
export interface OccurrenceException {
  occurrenceStart: string;
  cancelled: boolean;
  title: string | null;
  description: string | null;
  startAt: string | null;
  endAt: string | null;
}

export interface Occurrence {
  /** The original start (UTC ISO): the RECURRENCE-ID; null for a single event. */
  occurrence: string | null;
  start: string;
  end: string;
  title: string;
  description: string;
}

export interface ExpandableSeries {
  title: string;
  description: string;
  rrule: string | null;
  timeZone: string;
  startAt: string;
  endAt: string;
  /** When its last occurrence ends (null: endless or unknown); lets a COUNT series be expanded from the range on. */
  seriesEndAt?: string | null;
}

const iso = (value: string) => new Date(value).toISOString();

/**
 * The occurrences of a series that overlap [from, to), with its exceptions applied: a cancelled occurrence
 * is left out, a moved one appears at its new times (also when only the new times fall in the range).
 * Only the range is expanded, so a series of 10,000 occurrences or without end costs what the range holds.
 */
export function occurrencesBetween(
  series: ExpandableSeries,
  exceptions: readonly OccurrenceException[],
  from: string,
  to: string,
): Occurrence[] {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const overlaps = (start: string, end: string) => Date.parse(start) < toMs && Date.parse(end) > fromMs;
  if (!series.rrule) {
    const single = {
      occurrence: null,
      start: iso(series.startAt),
      end: iso(series.endAt),
      title: series.title,
      description: series.description,
    };
    return overlaps(single.start, single.end) ? [single] : [];
  }
  const span = spanOf(series.startAt, series.endAt, series.timeZone);
  // An occurrence that started before the range may still run into it: look back by the series' length.
  const lengthMs = Date.parse(series.endAt) - Date.parse(series.startAt);
  const named = namedSeriesOf(series);
  const starts = named
    ? namedStartsBetween(named, fromMs - lengthMs - 1, toMs)
    : expansionRuleOf(series)
        .between(new Date(fromMs - lengthMs - 1), new Date(toMs), true)
        .map((start) => start.epochMilliseconds);
  const byStart = new Map(exceptions.map((exception) => [iso(exception.occurrenceStart), exception]));
  const found: Occurrence[] = [];
  const seen = new Set<string>();
  // Under a day long, the span is exact time (Temporal counts only whole days on the calendar): plain arithmetic.
  const exactMs = span.days === 0 ? lengthMs : null;
  const endOf = (startMs: number) =>
    exactMs === null
      ? Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(series.timeZone).add(span).epochMilliseconds
      : startMs + exactMs;
  for (const startMs of starts) {
    const key = new Date(startMs).toISOString();
    seen.add(key);
    const occurrence = applyException(
      {
        occurrence: key,
        start: key,
        end: new Date(endOf(startMs)).toISOString(),
        title: series.title,
        description: series.description,
      },
      byStart.get(key),
    );
    if (occurrence && overlaps(occurrence.start, occurrence.end)) found.push(occurrence);
  }
  // Occurrences moved into the range from outside it.
  for (const exception of exceptions) {
    const key = iso(exception.occurrenceStart);
    if (seen.has(key) || exception.cancelled || !exception.startAt) continue;
    if (!isOccurrenceOf(series, key)) continue;
    const occurrence = applyException(
      { occurrence: key, start: key, end: key, title: series.title, description: series.description },
      exception,
    );
    if (occurrence && overlaps(occurrence.start, occurrence.end)) found.push(occurrence);
  }
  return found
    .map((occurrence) => ({ ...occurrence, start: iso(occurrence.start), end: iso(occurrence.end) }))
    .sort((first, second) => first.start.localeCompare(second.start));
}

function applyException(occurrence: Occurrence, exception: OccurrenceException | undefined): Occurrence | null {
  if (!exception) return occurrence;
  if (exception.cancelled) return null;
  return {
    occurrence: occurrence.occurrence,
    start: exception.startAt ?? occurrence.start,
    end: exception.endAt ?? occurrence.end,
    title: exception.title ?? occurrence.title,
    description: exception.description ?? occurrence.description,
  };
}

/** Whether `occurrence` (UTC ISO) is an original start of the series. */
export function isOccurrenceOf(series: { rrule: string | null; startAt: string; timeZone: string }, occurrence: string): boolean {
  if (!series.rrule) return false;
  return ruleOf(series.rrule, series.startAt, series.timeZone).matches(new Date(occurrence));
}

/** The last original start strictly before `occurrence`, or null when it is the first. */
export function occurrenceBefore(series: { rrule: string | null; startAt: string; timeZone: string }, occurrence: string): string | null {
  if (!series.rrule) return null;
  const previous = ruleOf(series.rrule, series.startAt, series.timeZone).previous(new Date(occurrence), false);
  return previous ? iso(previous.toInstant().toString()) : null;
}
