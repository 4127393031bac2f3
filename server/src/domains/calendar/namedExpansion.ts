import { Temporal } from 'temporal-polyfill';

/**
 * Occurrence starts of the five named rules (daily, weekly, weekdays, monthly; interval 1) in a range, worked
 * out on the zone's calendar dates: the rule engine builds and walks a general rule for each series, about
 * 2 ms each, and a month view holds hundreds of series. Anything else (custom rules, intervals, COUNT without
 * a known end) is left to the engine: this answers null. RFC 5545 leaves out an occurrence whose wall-clock
 * time does not exist that day (inside a spring-forward gap), as the engine does.
 */
export interface NamedSeries {
  frequency: 'DAILY' | 'WEEKLY' | 'WEEKDAYS' | 'MONTHLY';
  start: Temporal.ZonedDateTime;
  /** The last possible start (UNTIL, or the last occurrence of a COUNT series), epoch ms; null: endless. */
  lastStartMs: number | null;
}

const dayMs = 86_400_000;

/** Starts (epoch ms ascending) of the series in [fromMs, toMs]. */
export function namedStartsBetween(series: NamedSeries, fromMs: number, toMs: number): number[] {
  const { start } = series;
  const upper = Math.min(toMs, series.lastStartMs ?? Number.POSITIVE_INFINITY);
  if (upper < start.epochMilliseconds || upper < fromMs) return [];
  const zone = start.timeZoneId;
  const windowStart = Temporal.Instant.fromEpochMilliseconds(Math.max(fromMs, start.epochMilliseconds) - dayMs).toZonedDateTimeISO(zone);
  const transition = windowStart.getTimeZoneTransition('next');
  if (!transition || transition.epochMilliseconds > upper + dayMs)
    return startsAtOneOffset(series, windowStart.offsetNanoseconds / 1e6, windowStart.epochMilliseconds, upper);
  const time = start.toPlainTime();
  // Calendar dates that may hold a start in the range: a day either side covers any offset of the zone.
  const firstDate = Temporal.Instant.fromEpochMilliseconds(Math.max(fromMs, start.epochMilliseconds) - dayMs)
    .toZonedDateTimeISO(zone)
    .toPlainDate();
  const lastDate = Temporal.Instant.fromEpochMilliseconds(upper + dayMs)
    .toZonedDateTimeISO(zone)
    .toPlainDate();
  const startDate = start.toPlainDate();
  const from = Temporal.PlainDate.compare(firstDate, startDate) < 0 ? startDate : firstDate;
  const dates: Temporal.PlainDate[] = [];
  switch (series.frequency) {
    case 'DAILY':
    case 'WEEKDAYS':
      for (let date = from; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 }))
        if (series.frequency === 'DAILY' || date.dayOfWeek <= 5 || date.equals(startDate)) dates.push(date);
      break;
    case 'WEEKLY': {
      const behind = (from.dayOfWeek - startDate.dayOfWeek + 7) % 7;
      let date = behind === 0 ? from : from.add({ days: 7 - behind });
      for (; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ weeks: 1 })) dates.push(date);
      break;
    }
    case 'MONTHLY': {
      let month = Temporal.PlainYearMonth.from({ year: from.year, month: from.month });
      const lastMonth = Temporal.PlainYearMonth.from({ year: lastDate.year, month: lastDate.month });
      for (; Temporal.PlainYearMonth.compare(month, lastMonth) <= 0; month = month.add({ months: 1 }))
        if (month.daysInMonth >= startDate.day) dates.push(month.toPlainDate({ day: startDate.day }));
      break;
    }
  }
  const starts: number[] = [];
  for (const date of dates) {
    const wall = date.toPlainDateTime(time);
    const zoned = wall.toZonedDateTime(zone, { disambiguation: 'compatible' });
    // Inside a spring-forward gap the wall-clock time does not exist: RFC 5545 leaves that occurrence out.
    if (!zoned.toPlainDateTime().equals(wall) && !date.equals(startDate)) continue;
    const at = zoned.epochMilliseconds;
    if (at < start.epochMilliseconds || at < fromMs || at > upper) continue;
    starts.push(at);
  }
  return starts;
}

/** Days since 1970-01-01 of a calendar date. */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / dayMs;

/**
 * The same starts when the zone keeps one offset over the whole window (no transition in it: most months of
 * most zones), in plain numbers: no Temporal object per occurrence.
 */
function startsAtOneOffset(series: NamedSeries, offsetMs: number, fromMs: number, upper: number): number[] {
  const { start } = series;
  const startDay = dayNumber(start.year, start.month, start.day);
  const timeMs = ((start.hour * 60 + start.minute) * 60 + start.second) * 1000 + start.millisecond;
  const firstDay = Math.max(startDay, Math.floor((fromMs + offsetMs) / dayMs));
  const lastDay = Math.floor((upper + offsetMs) / dayMs);
  const days: number[] = [];
  switch (series.frequency) {
    case 'DAILY':
    case 'WEEKDAYS':
      for (let day = firstDay; day <= lastDay; day += 1) {
        // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
        if (series.frequency === 'DAILY' || (day + 3) % 7 < 5 || day === startDay) days.push(day);
      }
      break;
    case 'WEEKLY':
      for (let day = firstDay + ((((startDay - firstDay) % 7) + 7) % 7); day <= lastDay; day += 7) days.push(day);
      break;
    case 'MONTHLY': {
      const first = new Date(firstDay * dayMs);
      for (let year = first.getUTCFullYear(), month = first.getUTCMonth() + 1; dayNumber(year, month, 1) <= lastDay;) {
        if (new Date(Date.UTC(year, month, 0)).getUTCDate() >= start.day) days.push(dayNumber(year, month, start.day));
        month += 1;
        if (month > 12) {
          month = 1;
          year += 1;
        }
      }
      break;
    }
  }
  const starts: number[] = [];
  for (const day of days) {
    const at = day * dayMs + timeMs - offsetMs;
    if (at >= start.epochMilliseconds && at >= fromMs && at <= upper) starts.push(at);
  }
  return starts;
}
