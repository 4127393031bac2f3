import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

/** Whether a name is an IANA time zone this runtime knows (aliases included). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a zone, as a floating ical.js time (written with a TZID parameter). */
export function wallTimeOf(instant: string, timeZone: string): ICAL.Time {
  const local = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone);
  return ICAL.Time.fromData({
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
    second: local.second,
  });
}

/** The instant of a wall-clock time in an IANA zone; a time skipped by a daylight-saving change moves forward, as RFC 5545 says. */
export function instantOfWallTime(time: ICAL.Time, timeZone: string): string {
  const local = Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  });
  return local.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).toInstant().toString({ smallestUnit: 'millisecond' });
}

function offsetSeconds(zoned: Temporal.ZonedDateTime): number {
  return Math.round(zoned.offsetNanoseconds / 1e9);
}

const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** Which weekday of its month a date is: 1 to 4 from the start, or -1 for the last one (the usual form of DST rules). */
function weekOfMonth(date: Temporal.PlainDate): number {
  return date.day > date.daysInMonth - 7 ? -1 : Math.ceil(date.day / 7);
}

/** The date in a year that falls on the same rule (nth weekday of a month). */
function sameRuleIn(year: number, month: number, dayOfWeek: number, week: number): Temporal.PlainDate {
  const first = Temporal.PlainDate.from({ year, month, day: 1 });
  if (week > 0) return first.add({ days: ((dayOfWeek - first.dayOfWeek + 7) % 7) + (week - 1) * 7 });
  const last = Temporal.PlainDate.from({ year, month, day: first.daysInMonth });
  return last.subtract({ days: (last.dayOfWeek - dayOfWeek + 7) % 7 });
}

/**
 * A VTIMEZONE for an IANA zone, as RFC 5545 asks for every TZID (Outlook needs it; Google and Apple read the
 * TZID name itself). The zone's rules of the given year are written as yearly rules starting in 1970: two
 * changes a year become a DAYLIGHT and a STANDARD observance with BYMONTH/BYDAY, a zone without changes one
 * STANDARD observance. A zone whose rules changed over the years is described by the year's rules only.
 */
export function vtimezoneOf(timeZone: string, year: number): ICAL.Component {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', timeZone);
  const startOfYear = Temporal.ZonedDateTime.from({ timeZone, year, month: 1, day: 1 });
  const endOfYear = startOfYear.add({ years: 1 });
  const transitions: Temporal.ZonedDateTime[] = [];
  let cursor: Temporal.ZonedDateTime | null = startOfYear;
  while (transitions.length < 4) {
    cursor = cursor.getTimeZoneTransition('next');
    if (!cursor || Temporal.ZonedDateTime.compare(cursor, endOfYear) >= 0) break;
    transitions.push(cursor);
  }
  if (transitions.length === 0) {
    const observance = new ICAL.Component('standard');
    const offset = ICAL.UtcOffset.fromSeconds(offsetSeconds(startOfYear));
    observance.addPropertyWithValue('dtstart', ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }));
    observance.addPropertyWithValue('tzoffsetfrom', offset);
    observance.addPropertyWithValue('tzoffsetto', offset);
    component.addSubcomponent(observance);
    return component;
  }
  const yearly = transitions.length === 2;
  for (const transition of transitions) {
    const before = offsetSeconds(transition.subtract({ nanoseconds: 1 }));
    const after = offsetSeconds(transition);
    const observance = new ICAL.Component(after > before ? 'daylight' : 'standard');
    // An observance starts at the local time of the offset it ends (02:00 before clocks go forward to 03:00).
    const local = transition.toInstant().toZonedDateTimeISO('UTC').add({ seconds: before });
    const localDate = Temporal.PlainDate.from({ year: local.year, month: local.month, day: local.day });
    const week = weekOfMonth(localDate);
    const start = yearly ? sameRuleIn(1970, localDate.month, localDate.dayOfWeek, week) : localDate;
    observance.addPropertyWithValue(
      'dtstart',
      ICAL.Time.fromData({
        year: start.year,
        month: start.month,
        day: start.day,
        hour: local.hour,
        minute: local.minute,
        second: local.second,
      }),
    );
    if (yearly)
      observance.addPropertyWithValue(
        'rrule',
        ICAL.Recur.fromString(`FREQ=YEARLY;BYMONTH=${localDate.month};BYDAY=${week}${weekdayCodes[localDate.dayOfWeek - 1]}`),
      );
    observance.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(before));
    observance.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(after));
    component.addSubcomponent(observance);
  }
  return component;
}
