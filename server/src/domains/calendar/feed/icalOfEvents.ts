import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { IcalAttendee, IcalEventInput, IcalPerson, PartStat } from '../../../calendar/ical';
import { users } from '../../accounts';
import { calendarDeadlines, type Reader as TasksReader } from '../../tasks';
import type { EventFields } from '../events';
import type { EventRow, ExceptionRow, PersonRow, Reader } from '../state';
import { fieldsOfRow } from '../writes';

const partstatOf: Record<string, PartStat> = { invited: 'NEEDS-ACTION', accepted: 'ACCEPTED', rejected: 'DECLINED' };

/** The calendar date an all-day event's instant falls on in its zone (the client sends local midnight). */
function dateIn(instant: string, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.from(new Date(instant).toISOString()).toZonedDateTimeISO(timeZone).toPlainDate();
}

/** An all-day event's dates: its first day and the day after its last (iCalendar's end is exclusive). */
function allDayDates(startAt: string, endAt: string, timeZone: string): { start: string; end: string } {
  const start = dateIn(startAt, timeZone);
  const endLocal = Temporal.Instant.from(new Date(endAt).toISOString()).toZonedDateTimeISO(timeZone);
  let end = endLocal.toPlainDate();
  // An end inside a day (23:59) means that day is the last one.
  if (endLocal.hour !== 0 || endLocal.minute !== 0) end = end.add({ days: 1 });
  if (Temporal.PlainDate.compare(end, start) <= 0) end = start.add({ days: 1 });
  return { start: start.toString(), end: end.toString() };
}

export interface Author extends IcalPerson {
  language: string;
}

export async function authorOf(db: Reader, userId: string): Promise<Author | null> {
  const row = (
    await db
      .select({ email: users.email, firstname: users.firstname, lastname: users.lastname, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
  )[0];
  return row ? { email: row.email, name: `${row.firstname} ${row.lastname}`.trim() || null, language: row.language } : null;
}

export interface EventSource {
  id: string;
  uid: string;
  sequence: number;
  fields: EventFields;
  createdAt: string | null;
  updatedAt: string | null;
}

export const sourceOfRow = (row: EventRow): EventSource => ({
  id: row.id,
  uid: row.uid,
  sequence: row.sequence,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  fields: fieldsOfRow(row),
});

export interface IcalContext {
  publicUrl: string;
  /** A meeting event's link: the members' room link in a feed, the guest link in a guest's invitation. */
  meetingLink?: string | null;
  organizer: IcalPerson | null;
  people: readonly Pick<PersonRow, 'email' | 'name' | 'response'>[];
  exceptions: readonly ExceptionRow[];
}

/**
 * An event as VEVENTs: the series (or single event) with its RRULE and the cancelled occurrences as EXDATEs,
 * then one VEVENT per changed occurrence with its RECURRENCE-ID. A meeting event carries its room's link.
 */
export function icalOfEvent(source: EventSource, context: IcalContext): IcalEventInput[] {
  const { fields } = source;
  const times = (startAt: string, endAt: string) =>
    fields.allDay ? allDayDates(startAt, endAt, fields.timeZone) : { start: startAt, end: endAt };
  const key = (instant: string) => (fields.allDay ? dateIn(instant, fields.timeZone).toString() : new Date(instant).toISOString());
  const attendees: IcalAttendee[] = context.people.map((person) => ({
    email: person.email,
    name: person.name,
    partstat: partstatOf[person.response] ?? 'NEEDS-ACTION',
  }));
  const url = context.meetingLink ?? (fields.meetingroomId ? `${context.publicUrl}/meetingroom/${fields.meetingroomId}` : null);
  const common = {
    uid: source.uid,
    allDay: fields.allDay,
    timeZone: fields.timeZone,
    location: fields.location ?? url,
    url,
    sequence: source.sequence,
    organizer: context.organizer,
    attendees,
    created: source.createdAt,
    lastModified: source.updatedAt,
  };
  const series: IcalEventInput = {
    ...common,
    summary: fields.title,
    description: fields.description,
    ...times(fields.startAt, fields.endAt),
    rrule: fields.rrule,
    exdates: fields.rrule
      ? context.exceptions.filter((exception) => exception.cancelled).map((exception) => key(exception.occurrenceStart))
      : [],
  };
  if (!fields.rrule) return [series];
  const length = Date.parse(fields.endAt) - Date.parse(fields.startAt);
  const overrides = context.exceptions
    .filter((exception) => !exception.cancelled)
    .map((exception): IcalEventInput => {
      const startAt = exception.startAt ?? exception.occurrenceStart;
      const endAt = exception.endAt ?? new Date(Date.parse(startAt) + length).toISOString();
      return {
        ...common,
        summary: exception.title ?? fields.title,
        description: exception.description ?? fields.description,
        ...times(startAt, endAt),
        recurrenceId: key(exception.occurrenceStart),
        lastModified: exception.updatedAt,
      };
    });
  return [series, ...overrides];
}

/** How far ahead deadlines reach in the feed. */
const deadlineYearsAhead = 5;

/**
 * Deadlines of the tasks the user is assigned to or follows in the team, in spaces they may read, from
 * `from` on: all-day VEVENTs linking to the task.
 */
export async function deadlineEvents(
  db: TasksReader,
  teamId: string,
  userId: string,
  from: string,
  publicUrl: string,
): Promise<IcalEventInput[]> {
  const to = new Date(Date.parse(from) + deadlineYearsAhead * 366 * 86_400_000).toISOString();
  const host = new URL(publicUrl).host || 'calendar';
  return (await calendarDeadlines(db, teamId, userId, from, to)).map((task) => {
    const day = Temporal.PlainDate.from(
      new Date(task.deadline.length === 10 ? `${task.deadline}T00:00:00Z` : task.deadline).toISOString().slice(0, 10),
    );
    return {
      uid: `task-${task.id}@${host}`,
      summary: task.name,
      description: task.projectTitle,
      allDay: true,
      timeZone: 'UTC',
      start: day.toString(),
      end: day.add({ days: 1 }).toString(),
      url: `${publicUrl}/${task.project}/tasks/d/${task.id}`,
    };
  });
}
