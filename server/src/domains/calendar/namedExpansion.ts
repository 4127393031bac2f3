import { Temporal } from 'temporal-polyfill';

/**
 * Occurrence starts of the five named rules (daily, weekly, weekdays, monthly; interval 1) in a range, worked
 * out in plain numbers on the zone's calendar days: the rule engine builds and walks a general rule for each
 * series, about 2 ms each, and a month view holds hundreds of series. Anything else (custom rules, intervals,
 * COUNT without a known end) is left to the engine. RFC 5545 leaves out an occurrence whose wall-clock time
 * does not exist that day (inside a spring-forward gap), as the engine does; a time that exists twice (the
 * hour repeated in autumn) is the earlier one.
 */
export interface NamedSeries {
  frequency: 'DAILY' | 'WEEKLY' | 'WEEKDAYS' | 'MONTHLY';
  start: Temporal.ZonedDateTime;
  /** The last possible start (UNTIL, or the last occurrence of a COUNT series), epoch ms; null: endless. */
  lastStartMs: number | null;
}

const dayMs = 86_400_000;

/** Days since 1970-01-01 of a calendar date. */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / dayMs;

/** The zone's offsets over a window: from each transition on, its offset (a few a year at most). */
interface OffsetSegment {
  fromMs: number;
  offsetMs: number;
}

function offsetSegments(zone: string, fromMs: number, toMs: number): OffsetSegment[] {
  const first = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(zone);
  const segments: OffsetSegment[] = [{ fromMs: Number.NEGATIVE_INFINITY, offsetMs: first.offsetNanoseconds / 1e6 }];
  for (let next = first.getTimeZoneTransition('next'); next && next.epochMilliseconds <= toMs; next = next.getTimeZoneTransition('next'))
    segments.push({ fromMs: next.epochMilliseconds, offsetMs: next.offsetNanoseconds / 1e6 });
  return segments;
}

/** The instant of a wall-clock time (as epoch ms read as UTC): the earliest that exists, or null inside a gap. */
function instantOfWall(segments: readonly OffsetSegment[], wallMs: number): number | null {
  for (let index = 0; index < segments.length; index += 1) {
    const at = wallMs - segments[index]!.offsetMs;
    const until = segments[index + 1]?.fromMs ?? Number.POSITIVE_INFINITY;
    if (at >= segments[index]!.fromMs && at < until) return at;
  }
  return null;
}

/** Calendar days (days since 1970-01-01) of the rule's occurrences from firstDay to lastDay. */
function occurrenceDays(series: NamedSeries, startDay: number, firstDay: number, lastDay: number): number[] {
  const days: number[] = [];
  switch (series.frequency) {
    case 'DAILY':
    case 'WEEKDAYS':
      for (let day = firstDay; day <= lastDay; day += 1) {
        // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays; the first occurrence is the start whatever its day.
        if (series.frequency === 'DAILY' || (day + 3) % 7 < 5 || day === startDay) days.push(day);
      }
      break;
    case 'WEEKLY':
      for (let day = firstDay + ((((startDay - firstDay) % 7) + 7) % 7); day <= lastDay; day += 7) days.push(day);
      break;
    case 'MONTHLY': {
      // Months without the start's day (the 31st, February's 29th) have no occurrence.
      const first = new Date(firstDay * dayMs);
      const dayOfMonth = series.start.day;
      for (let year = first.getUTCFullYear(), month = first.getUTCMonth() + 1; dayNumber(year, month, 1) <= lastDay;) {
        const day = dayNumber(year, month, dayOfMonth);
        if (new Date(Date.UTC(year, month, 0)).getUTCDate() >= dayOfMonth && day >= firstDay && day <= lastDay) days.push(day);
        month += 1;
        if (month > 12) {
          month = 1;
          year += 1;
        }
      }
      break;
    }
  }
  return days;
}

/** Starts (epoch ms ascending) of the series in [fromMs, toMs]. */
export function namedStartsBetween(series: NamedSeries, fromMs: number, toMs: number): number[] {
  const { start } = series;
  const startMs = start.epochMilliseconds;
  const upper = Math.min(toMs, series.lastStartMs ?? Number.POSITIVE_INFINITY);
  const lower = Math.max(fromMs, startMs);
  if (upper < lower) return [];
  const segments = offsetSegments(start.timeZoneId, lower - 2 * dayMs, upper + 2 * dayMs);
  const startDay = dayNumber(start.year, start.month, start.day);
  const timeMs = ((start.hour * 60 + start.minute) * 60 + start.second) * 1000 + start.millisecond;
  // A day either side covers any offset of the zone.
  const firstDay = Math.max(startDay, Math.floor(lower / dayMs) - 1);
  const lastDay = Math.floor(upper / dayMs) + 1;
  const starts: number[] = [];
  for (const day of occurrenceDays(series, startDay, firstDay, lastDay)) {
    const at = day === startDay ? startMs : instantOfWall(segments, day * dayMs + timeMs);
    if (at !== null && at >= lower && at <= upper) starts.push(at);
  }
  return starts;
}
