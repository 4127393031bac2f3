import ICAL from 'ical.js';
import { and, eq, inArray } from 'drizzle-orm';
import { parseCalendar, writeCalendar, type IcalEvent, type IcalEventInput } from '../../../calendar/ical';
import { users } from '../../accounts';
import { teamMembers } from '../../teams';
import type { EventPersonEntry } from '../events';
import type { OccurrenceException } from '../recurrence';
import type { RemoteEvent } from '../remote';
import type { EventRow, ExceptionRow } from '../state';
import type { Reader } from './state';

/**
 * Between a CalDAV object (one UID: the series' VEVENT and its RECURRENCE-ID overrides) and an event here.
 * All-day dates are kept as midnight UTC in the UTC zone; timed events keep the zone the remote wrote.
 */

/** An object too large or not iCalendar is skipped with this reason (the other objects keep syncing). */
export class UnreadableObject extends Error {
  override name = 'UnreadableObject';
}

const maxObjectBytes = 2 * 1024 * 1024;

const instantOfDate = (value: string) => (value.length === 10 ? `${value}T00:00:00.000Z` : new Date(value).toISOString());

export interface ParsedObject {
  uid: string;
  master: IcalEvent;
  overrides: IcalEvent[];
  /** The remote's last modification of any of its VEVENTs (LAST-MODIFIED, else DTSTAMP). */
  modifiedAt: string | null;
}

export function parseObject(data: string): ParsedObject {
  let events: IcalEvent[];
  try {
    events = parseCalendar(data, { maxBytes: maxObjectBytes }).events;
  } catch (error) {
    throw new UnreadableObject(error instanceof Error ? error.message : 'The object is not iCalendar.');
  }
  const first = events[0];
  if (!first) throw new UnreadableObject('The object holds no event.');
  const sameUid = events.filter((event) => event.uid === first.uid);
  const master = sameUid.find((event) => event.recurrenceId === null) ?? first;
  const overrides = sameUid.filter((event) => event !== master && event.recurrenceId !== null);
  const times = sameUid.map((event) => event.lastModified ?? event.dtstamp).filter((time): time is string => time !== null);
  const modifiedAt = times.length > 0 ? times.reduce((latest, time) => (Date.parse(time) > Date.parse(latest) ? time : latest)) : null;
  return { uid: first.uid, master, overrides, modifiedAt };
}

const responseOf = (partstat: string): EventPersonEntry['response'] =>
  partstat === 'ACCEPTED' ? 'accepted' : partstat === 'DECLINED' ? 'rejected' : 'invited';

/** ATTENDEEs as people: a member of the team when the address is theirs, else a guest (shown, never mailed for a remote change). */
export async function peopleOfAttendees(db: Reader, teamId: string, event: IcalEvent): Promise<EventPersonEntry[]> {
  const attendees = event.attendees.filter((attendee) => attendee.email.length > 0).slice(0, 200);
  if (attendees.length === 0) return [];
  const emails = [...new Set(attendees.map((attendee) => attendee.email.toLowerCase()))];
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, teamId)))
    .where(inArray(users.email, emails));
  const memberOf = new Map(members.map((member) => [member.email.toLowerCase(), member.id]));
  const seen = new Set<string>();
  const people: EventPersonEntry[] = [];
  for (const attendee of attendees) {
    const email = attendee.email.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    people.push({ userId: memberOf.get(email) ?? null, email, name: attendee.name, response: responseOf(attendee.partstat) });
  }
  return people;
}

/** The remote event as the calendar area applies it. */
export function remoteEventOf(
  parsed: ParsedObject,
  place: { calendarId: string; teamId: string; ownerId: string; eventId: string | null },
  people: EventPersonEntry[],
): RemoteEvent {
  const master = parsed.master;
  const timeZone = master.allDay ? 'UTC' : master.timeZone;
  const startAt = instantOfDate(master.start);
  const duration = Date.parse(instantOfDate(master.end)) - Date.parse(startAt);
  const exceptions: OccurrenceException[] = [];
  if (master.rrule) {
    for (const exdate of master.exdates) {
      exceptions.push({
        occurrenceStart: instantOfDate(exdate),
        cancelled: true,
        title: null,
        description: null,
        startAt: null,
        endAt: null,
      });
    }
    for (const override of parsed.overrides) {
      const occurrenceStart = instantOfDate(override.recurrenceId!);
      const cancelled = override.status === 'CANCELLED';
      exceptions.push({
        occurrenceStart,
        cancelled,
        title: cancelled || override.summary === master.summary ? null : override.summary,
        description: cancelled || override.description === master.description ? null : override.description,
        startAt: cancelled ? null : instantOfDate(override.start),
        endAt: cancelled ? null : instantOfDate(override.end),
      });
    }
  }
  return {
    calendarId: place.calendarId,
    teamId: place.teamId,
    ownerId: place.ownerId,
    uid: parsed.uid,
    eventId: place.eventId,
    title: master.summary,
    description: master.description,
    startAt,
    endAt: new Date(Date.parse(startAt) + Math.max(duration, 0)).toISOString(),
    timeZone,
    allDay: master.allDay,
    rrule: master.rrule,
    location: master.location,
    people,
    exceptions: dedupeExceptions(exceptions),
    sequence: master.sequence,
  };
}

function dedupeExceptions(exceptions: OccurrenceException[]): OccurrenceException[] {
  const byStart = new Map<string, OccurrenceException>();
  for (const exception of exceptions) byStart.set(exception.occurrenceStart, exception);
  return [...byStart.values()];
}

/** The calendar date of an instant in a zone (all-day events are written as DATE values). */
function dateIn(instant: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
  } catch {
    return instant.slice(0, 10);
  }
}

/**
 * The CalDAV object of an event here: the series (RRULE, EXDATEs for cancelled occurrences) and one VEVENT per
 * changed occurrence. LAST-MODIFIED is the event's updatedAt, the time the conflict rule compares. No ATTENDEE
 * or ORGANIZER is written (servers with implicit scheduling would mail the guests a second time); those of the
 * remote version are carried over by `keepForeignProperties`.
 */
export function objectOf(event: EventRow, exceptions: readonly ExceptionRow[], now: Date): string {
  const allDay = event.allDay;
  const time = (instant: string) => (allDay ? dateIn(instant, event.timeZone) : instant);
  const duration = Date.parse(event.endAt) - Date.parse(event.startAt);
  const base = {
    uid: event.uid,
    allDay,
    timeZone: event.timeZone,
    sequence: event.sequence,
    lastModified: event.updatedAt,
    created: event.createdAt,
    dtstamp: now.toISOString(),
  };
  const master: IcalEventInput = {
    ...base,
    summary: event.title,
    description: event.description,
    location: event.location,
    start: time(event.startAt),
    end: allDay ? dateIn(new Date(Date.parse(event.endAt) + (duration > 0 ? 0 : 86_400_000)).toISOString(), event.timeZone) : event.endAt,
    rrule: event.rrule,
    exdates: event.rrule ? exceptions.filter((exception) => exception.cancelled).map((exception) => time(exception.occurrenceStart)) : [],
  };
  const overrides: IcalEventInput[] = event.rrule
    ? exceptions
        .filter((exception) => !exception.cancelled)
        .map((exception) => {
          const start = exception.startAt ?? exception.occurrenceStart;
          const end = exception.endAt ?? new Date(Date.parse(start) + duration).toISOString();
          return {
            ...base,
            summary: exception.title ?? event.title,
            description: exception.description ?? event.description,
            location: event.location,
            start: time(start),
            end: time(end),
            recurrenceId: time(exception.occurrenceStart),
            lastModified: exception.updatedAt,
          };
        })
    : [];
  return writeCalendar([master, ...overrides], { now });
}

/** What the remote version has and we do not model: people, alarms, categories; kept when we write the object back. */
const foreignProperties = ['organizer', 'attendee', 'categories', 'class', 'transp', 'url', 'color', 'priority'];

export function keepForeignProperties(ours: string, theirs: string | null): string {
  if (!theirs) return ours;
  try {
    const remoteRoot = new ICAL.Component(ICAL.parse(theirs));
    const localRoot = new ICAL.Component(ICAL.parse(ours));
    const key = (component: ICAL.Component) => String(component.getFirstPropertyValue('recurrence-id') ?? '');
    const remoteEvents = new Map(remoteRoot.getAllSubcomponents('vevent').map((component) => [key(component), component]));
    for (const local of localRoot.getAllSubcomponents('vevent')) {
      const remote = remoteEvents.get(key(local));
      if (!remote) continue;
      for (const name of foreignProperties) {
        if (local.hasProperty(name)) continue;
        for (const property of remote.getAllProperties(name)) local.addProperty(ICAL.Property.fromString(property.toICALString()));
      }
      for (const alarm of remote.getAllSubcomponents('valarm')) local.addSubcomponent(new ICAL.Component(alarm.toJSON()));
    }
    return `${localRoot.toString()}\r\n`;
  } catch {
    return ours;
  }
}
