import ICAL from 'ical.js';
import type { IcalAttendee, IcalEvent, IcalMethod, IcalPerson, PartStat } from './ical';
import { instantOfWallTime, isTimeZone } from './timeZones';

/** Why iCalendar data was refused as a whole; `message` is meant for the person or server that sent it. */
export class IcalError extends Error {
  constructor(
    readonly code: 'ICS_TOO_LARGE' | 'ICS_INVALID',
    message: string,
  ) {
    super(message);
    this.name = 'IcalError';
  }
}

export interface ParseOptions {
  /** Larger data is refused before it is read (ICS_TOO_LARGE). */
  maxBytes?: number;
  /** Longer text values are cut to this many characters, with a warning. */
  maxTextLength?: number;
  /** The zone of floating times (no TZID, no Z). */
  defaultTimeZone?: string;
}

export interface ParsedCalendar {
  method: IcalMethod | null;
  name: string | null;
  events: IcalEvent[];
  /** What was skipped or cut, one sentence each (a VEVENT without DTSTART, a truncated description). */
  warnings: string[];
}

export const defaultMaxBytes = 1_048_576;
export const defaultMaxTextLength = 20_000;
const maxSummaryLength = 1_000;
const maxEvents = 5_000;
const methods: readonly string[] = ['PUBLISH', 'REQUEST', 'CANCEL', 'REPLY'];
const partstats: readonly string[] = ['NEEDS-ACTION', 'ACCEPTED', 'DECLINED', 'TENTATIVE', 'DELEGATED'];
const statuses = ['CONFIRMED', 'TENTATIVE', 'CANCELLED'] as const;

interface Reader {
  zones: Map<string, ICAL.Timezone>;
  defaultTimeZone: string;
  maxTextLength: number;
  warnings: string[];
}

/** A time as the app keeps it: a date for DATE values, else the UTC ISO instant, and the zone it was written in. */
function readTime(property: ICAL.Property, value: ICAL.Time, reader: Reader): { value: string; timeZone: string | null } {
  if (value.isDate) return { value: value.toString().slice(0, 10), timeZone: null };
  const tzid = property.getParameter('tzid');
  const zoneName = typeof tzid === 'string' ? tzid : null;
  if (value.zone === ICAL.Timezone.utcTimezone || (zoneName === null && value.toString().endsWith('Z')))
    return { value: new Date(value.toUnixTime() * 1000).toISOString(), timeZone: zoneName === null ? 'UTC' : null };
  if (zoneName && isTimeZone(zoneName)) return { value: instantOfWallTime(value, zoneName), timeZone: zoneName };
  const described = zoneName ? reader.zones.get(zoneName) : undefined;
  if (described) {
    // A zone named otherwise (Outlook's "W. Europe Standard Time") is read through its VTIMEZONE.
    const local = value.clone();
    local.zone = described;
    return { value: new Date(local.toUnixTime() * 1000).toISOString(), timeZone: null };
  }
  return { value: instantOfWallTime(value, reader.defaultTimeZone), timeZone: zoneName ? null : reader.defaultTimeZone };
}

function firstTime(component: ICAL.Component, name: string, reader: Reader): { value: string; timeZone: string | null } | null {
  const property = component.getFirstProperty(name);
  const value = property?.getFirstValue();
  return property && value instanceof ICAL.Time ? readTime(property, value, reader) : null;
}

function text(component: ICAL.Component, name: string, limit: number, reader: Reader): string | null {
  const value = component.getFirstPropertyValue(name);
  if (value === null || value === undefined) return null;
  const string = String(value);
  if (string.length <= limit) return string;
  reader.warnings.push(`The ${name.toUpperCase()} of an event was longer than ${limit} characters and was cut.`);
  return string.slice(0, limit);
}

function utc(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? new Date(value.toUnixTime() * 1000).toISOString() : null;
}

function personOf(property: ICAL.Property): IcalPerson | null {
  const value = String(property.getFirstValue() ?? '');
  const email = value
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
  if (!email.includes('@') || email.length > 320) return null;
  const name = property.getParameter('cn');
  return { email, name: typeof name === 'string' && name.length > 0 ? name.slice(0, 200) : null };
}

function attendeesOf(component: ICAL.Component): IcalAttendee[] {
  return component.getAllProperties('attendee').flatMap((property) => {
    const person = personOf(property);
    if (!person) return [];
    const partstat = String(property.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase();
    return [{ ...person, partstat: (partstats.includes(partstat) ? partstat : 'NEEDS-ACTION') as PartStat }];
  });
}

function readEvent(component: ICAL.Component, reader: Reader): IcalEvent | null {
  const uid = component.getFirstPropertyValue('uid');
  const start = firstTime(component, 'dtstart', reader);
  if (typeof uid !== 'string' || uid.length === 0 || uid.length > 500 || !start) {
    reader.warnings.push('An event without a UID or a start was skipped.');
    return null;
  }
  const allDay = start.value.length === 10;
  const end = firstTime(component, 'dtend', reader) ?? firstTime(component, 'due', reader);
  const duration = component.getFirstPropertyValue('duration');
  let endValue = end?.value ?? null;
  if (endValue === null && duration instanceof ICAL.Duration) {
    endValue = allDay
      ? new Date(Date.parse(`${start.value}T00:00:00Z`) + duration.toSeconds() * 1000).toISOString().slice(0, 10)
      : new Date(Date.parse(start.value) + duration.toSeconds() * 1000).toISOString();
  }
  // RFC 5545: without an end, an all-day event lasts the day and a timed one ends when it starts.
  endValue ??= allDay ? new Date(Date.parse(`${start.value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : start.value;
  const rrule = component.getFirstPropertyValue('rrule');
  const exdates = component
    .getAllProperties('exdate')
    .flatMap((property) =>
      property.getValues().flatMap((value) => (value instanceof ICAL.Time ? [readTime(property, value, reader).value] : [])),
    );
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const organizer = component.getFirstProperty('organizer');
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  return {
    uid,
    summary: text(component, 'summary', maxSummaryLength, reader) ?? '',
    description: text(component, 'description', reader.maxTextLength, reader) ?? '',
    location: text(component, 'location', maxSummaryLength, reader),
    allDay,
    start: start.value,
    end: endValue,
    timeZone: start.timeZone ?? 'UTC',
    rrule: rrule instanceof ICAL.Recur ? rrule.toString() : null,
    exdates,
    recurrenceId: firstTime(component, 'recurrence-id', reader)?.value ?? null,
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 0,
    status: statuses.find((known) => known === status) ?? null,
    organizer: organizer ? personOf(organizer) : null,
    attendees: attendeesOf(component),
    url: text(component, 'url', 2_000, reader),
    lastModified: utc(component, 'last-modified'),
    created: utc(component, 'created'),
    dtstamp: utc(component, 'dtstamp'),
  };
}

function parseComponent(data: string): ICAL.Component {
  const parsed: unknown = ICAL.parse(data);
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('empty');
  return new ICAL.Component((Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[]);
}

function invalid(error: unknown): IcalError {
  return new IcalError(
    'ICS_INVALID',
    `The data is not valid iCalendar: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}.`,
  );
}

const eventBlocks = /^BEGIN:VEVENT\r?$[\s\S]*?^END:VEVENT\r?$/gim;

/**
 * The VCALENDAR. ical.js refuses a whole document for one bad value (an RRULE with FREQ=SOMETIMES), so when
 * the whole fails, its VEVENTs are read one by one and the unreadable ones left out (the caller is told).
 */
function readRoot(data: string): ICAL.Component {
  try {
    return parseComponent(data);
  } catch (error) {
    if (!/^BEGIN:VCALENDAR/im.test(data)) throw invalid(error);
    let root: ICAL.Component;
    try {
      root = parseComponent(data.replace(eventBlocks, ''));
    } catch {
      throw invalid(error);
    }
    for (const block of data.match(eventBlocks) ?? []) {
      try {
        const event = parseComponent(`BEGIN:VCALENDAR\r\n${block}\r\nEND:VCALENDAR`).getFirstSubcomponent('vevent');
        if (event) root.addSubcomponent(event);
      } catch {
        root.addPropertyWithValue('x-workspace-unreadable', 'event');
      }
    }
    return root;
  }
}

/**
 * Reads iCalendar data from anywhere (a CalDAV server, a guest's calendar client): data larger than
 * maxBytes and data that is not iCalendar are refused with an IcalError; inside, an event that cannot be
 * read is skipped and long texts are cut, each with a warning, so one bad event never loses the others.
 * Folded lines are unfolded and escapes read by ical.js; VTIMEZONEs are used for this data only.
 */
export function parseCalendar(data: string, options: ParseOptions = {}): ParsedCalendar {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  // Length in UTF-16 units first: counting the bytes of a huge string would cost as much as reading it.
  if (data.length > maxBytes || Buffer.byteLength(data, 'utf8') > maxBytes)
    throw new IcalError('ICS_TOO_LARGE', `The calendar data is larger than ${Math.floor(maxBytes / 1024)} KB and was not read.`);
  const root = readRoot(data);
  if (root.name !== 'vcalendar') throw new IcalError('ICS_INVALID', 'The data is not valid iCalendar: it has no VCALENDAR.');
  const reader: Reader = {
    zones: new Map(),
    defaultTimeZone: options.defaultTimeZone && isTimeZone(options.defaultTimeZone) ? options.defaultTimeZone : 'UTC',
    maxTextLength: options.maxTextLength ?? defaultMaxTextLength,
    warnings: [],
  };
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      const timezone = new ICAL.Timezone(zone);
      if (timezone.tzid) reader.zones.set(timezone.tzid, timezone);
    } catch {
      reader.warnings.push('A time zone description could not be read.');
    }
  }
  for (const _unreadable of root.getAllProperties('x-workspace-unreadable'))
    reader.warnings.push('An event that could not be read was skipped.');
  const components = root.getAllSubcomponents('vevent');
  if (components.length > maxEvents) throw new IcalError('ICS_TOO_LARGE', `The calendar data has more than ${maxEvents} events.`);
  const events: IcalEvent[] = [];
  for (const component of components) {
    try {
      const event = readEvent(component, reader);
      if (event) events.push(event);
    } catch (error) {
      reader.warnings.push(
        `An event that could not be read was skipped: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}.`,
      );
    }
  }
  const method = String(root.getFirstPropertyValue('method') ?? '').toUpperCase();
  const name = root.getFirstPropertyValue('x-wr-calname');
  return {
    method: methods.includes(method) ? (method as IcalMethod) : null,
    name: typeof name === 'string' ? name.slice(0, maxSummaryLength) : null,
    events,
    warnings: reader.warnings,
  };
}
