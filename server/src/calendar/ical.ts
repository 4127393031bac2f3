import ICAL from 'ical.js';
import { isTimeZone, vtimezoneOf, wallTimeOf } from './timeZones';

export { IcalError, parseCalendar, type ParseOptions, type ParsedCalendar } from './icalParse';

/** An attendee's answer (RFC 5545 PARTSTAT). */
export type PartStat = 'NEEDS-ACTION' | 'ACCEPTED' | 'DECLINED' | 'TENTATIVE' | 'DELEGATED';

/** iTIP methods we write or read: a feed publishes; invitations request and cancel; a guest's client replies. */
export type IcalMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL' | 'REPLY';

export interface IcalPerson {
  email: string;
  name: string | null;
}

export interface IcalAttendee extends IcalPerson {
  partstat: PartStat;
}

/**
 * One VEVENT as the app reads and writes it. Times: a timed event's start, end, EXDATEs and RECURRENCE-ID
 * are UTC ISO instants, written as wall-clock times with TZID in `timeZone` (UTC written with Z); an all-day
 * event's are dates (YYYY-MM-DD, end exclusive as in iCalendar).
 */
export interface IcalEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  allDay: boolean;
  start: string;
  end: string;
  timeZone: string;
  /** The RRULE value (FREQ=WEEKLY;BYDAY=MO), null for a single event. */
  rrule: string | null;
  /** Cancelled occurrences: their original starts. */
  exdates: string[];
  /** Set on an overridden occurrence: the original start of the occurrence it replaces. */
  recurrenceId: string | null;
  sequence: number;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED' | null;
  organizer: IcalPerson | null;
  attendees: IcalAttendee[];
  url: string | null;
  /** UTC ISO instants. */
  lastModified: string | null;
  created: string | null;
  dtstamp: string | null;
}

/** What a writer needs; the rest defaults to empty. */
export type IcalEventInput = Pick<IcalEvent, 'uid' | 'summary' | 'start' | 'end' | 'allDay' | 'timeZone'> & Partial<IcalEvent>;

export interface WriteOptions {
  method?: IcalMethod;
  /** The calendar's name (X-WR-CALNAME), shown by clients that subscribe to a feed. */
  name?: string;
  /** How often a subscribing client should fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  /** DTSTAMP and the year whose daylight-saving rules the VTIMEZONEs describe. */
  now?: Date;
}

export const productId = '-//Workspace//Calendar//EN';

// Values put into iCalendar must never carry a line break of their own: ical.js escapes "\n" in TEXT values
// but writes a bare CR as is, and writes parameters and addresses (mailto:) unescaped. A title with
// "\r\nATTENDEE:..." would otherwise add a property.
// eslint-disable-next-line no-control-regex -- control characters are exactly what a value must not carry
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- as above, line breaks included
const allControlCharacters = /[\u0000-\u001f\u007f]/g;

/** A TEXT value: line breaks kept as "\n" (ical.js writes them escaped), other control characters dropped. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(controlCharacters, '');
}

/** A value written raw (UID, address, URL, RRULE): no control characters at all. */
export function cleanRaw(value: string): string {
  return value.replace(allControlCharacters, '').trim();
}

/** A parameter value (CN): no control characters and no double quotes, which would end the quoted value. */
function cleanParameter(value: string): string {
  return value.replace(allControlCharacters, ' ').replace(/"/g, "'").trim();
}

function isUtc(timeZone: string): boolean {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'GMT' || !isTimeZone(timeZone);
}

/** A time value of the event: a DATE, a UTC date-time, or a wall-clock date-time with TZID. */
function timeOf(value: string, event: IcalEventInput): { time: ICAL.Time; tzid: string | null } {
  if (event.allDay) return { time: ICAL.Time.fromDateString(value.slice(0, 10)), tzid: null };
  if (isUtc(event.timeZone)) return { time: ICAL.Time.fromJSDate(new Date(value), true), tzid: null };
  return { time: wallTimeOf(value, event.timeZone), tzid: event.timeZone };
}

function addTime(component: ICAL.Component, name: string, value: string, event: IcalEventInput): void {
  const { time, tzid } = timeOf(value, event);
  const property = new ICAL.Property(name, component);
  if (event.allDay) property.resetType('date');
  property.setValue(time);
  if (tzid) property.setParameter('tzid', tzid);
  component.addProperty(property);
}

function addPerson(component: ICAL.Component, name: 'organizer' | 'attendee', person: IcalPerson, partstat?: PartStat): void {
  const property = new ICAL.Property(name, component);
  property.setValue(`mailto:${cleanRaw(person.email)}`);
  if (person.name) property.setParameter('cn', cleanParameter(person.name));
  if (partstat) {
    property.setParameter('cutype', 'INDIVIDUAL');
    property.setParameter('role', 'REQ-PARTICIPANT');
    property.setParameter('partstat', partstat);
    if (partstat === 'NEEDS-ACTION') property.setParameter('rsvp', 'TRUE');
  }
  component.addProperty(property);
}

function utcTime(iso: string): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

/** A VEVENT; an invalid RRULE throws (ical.js) rather than being written. */
export function eventComponent(event: IcalEventInput, now: Date): ICAL.Component {
  const component = new ICAL.Component('vevent');
  component.addPropertyWithValue('uid', cleanRaw(event.uid));
  component.addPropertyWithValue('dtstamp', utcTime(event.dtstamp ?? now.toISOString()));
  if (event.created) component.addPropertyWithValue('created', utcTime(event.created));
  if (event.lastModified) component.addPropertyWithValue('last-modified', utcTime(event.lastModified));
  addTime(component, 'dtstart', event.start, event);
  addTime(component, 'dtend', event.end, event);
  if (event.recurrenceId) addTime(component, 'recurrence-id', event.recurrenceId, event);
  if (event.rrule && !event.recurrenceId) component.addPropertyWithValue('rrule', ICAL.Recur.fromString(cleanRaw(event.rrule)));
  for (const exdate of event.exdates ?? []) if (!event.recurrenceId) addTime(component, 'exdate', exdate, event);
  component.addPropertyWithValue('summary', cleanText(event.summary));
  if (event.description) component.addPropertyWithValue('description', cleanText(event.description));
  if (event.location) component.addPropertyWithValue('location', cleanText(event.location));
  if (event.url) component.addPropertyWithValue('url', cleanRaw(event.url));
  component.addPropertyWithValue('sequence', event.sequence ?? 0);
  if (event.status) component.addPropertyWithValue('status', event.status);
  if (event.allDay) component.addPropertyWithValue('transp', 'TRANSPARENT');
  if (event.organizer) addPerson(component, 'organizer', event.organizer);
  for (const attendee of event.attendees ?? []) addPerson(component, 'attendee', attendee, attendee.partstat);
  return component;
}

/**
 * A VCALENDAR of events (a feed, an invitation, a CalDAV object), with a VTIMEZONE for each zone its timed
 * events use. Lines are folded at 75 octets and end with CRLF.
 */
export function writeCalendar(events: readonly IcalEventInput[], options: WriteOptions = {}): string {
  const now = options.now ?? new Date();
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', productId);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (options.method) calendar.addPropertyWithValue('method', options.method);
  if (options.name) calendar.addPropertyWithValue('x-wr-calname', cleanText(options.name));
  if (options.refreshMinutes) {
    const refresh = new ICAL.Property('refresh-interval', calendar);
    refresh.resetType('duration');
    refresh.setValue(ICAL.Duration.fromSeconds(options.refreshMinutes * 60));
    calendar.addProperty(refresh);
    calendar.addPropertyWithValue('x-published-ttl', ICAL.Duration.fromSeconds(options.refreshMinutes * 60).toString());
  }
  const zones = new Set(events.filter((event) => !event.allDay && !isUtc(event.timeZone)).map((event) => event.timeZone));
  for (const zone of [...zones].sort()) calendar.addSubcomponent(vtimezoneOf(zone, now.getUTCFullYear()));
  for (const event of events) calendar.addSubcomponent(eventComponent(event, now));
  return `${calendar.toString()}\r\n`;
}
