import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { type CalendarEvent, type EventFields, type EventOrigin, type EventPersonEntry, type EventResponseState } from './events';
import type { OccurrenceException } from './recurrence';
import { exceptionsOf, inPeopleOrder, peopleOf, type EventRow } from './state';
import { calendarEventStream } from '../../core/streams';

/**
 * The calendar's writes inside a unit of work: each appends its event to the event's stream (the projection
 * makes the rows in the same unit). The resolvers call them after their checks; the sync (origin remote) and
 * the guest answers call them too, so every change of an event goes through here.
 */

async function append(unit: UnitOfWork, eventId: string, teamId: string, events: CalendarEvent[], expectedVersion?: number): Promise<void> {
  await unit.append(calendarEventStream(eventId), events, { teamId, ...(expectedVersion === undefined ? {} : { expectedVersion }) });
}

export const fieldsOfRow = (row: EventRow): EventFields => ({
  title: row.title,
  description: row.description,
  type: row.type as EventFields['type'],
  recurring: row.recurring,
  rrule: row.rrule,
  timeZone: row.timeZone,
  allDay: row.allDay,
  startAt: row.startAt,
  endAt: row.endAt,
  seriesEndAt: row.seriesEndAt,
  location: row.location,
  meetingroomId: row.meetingroomId,
});

export const peopleEntriesOf = async (unit: UnitOfWork, eventId: string): Promise<EventPersonEntry[]> =>
  (await peopleOf(unit.transaction, eventId)).map((person) => ({
    userId: person.userId,
    email: person.email,
    name: person.name,
    response: person.response as EventResponseState,
  }));

export interface NewEvent {
  teamId: string;
  authorId: string;
  fields: EventFields;
  people: EventPersonEntry[];
  origin: EventOrigin;
  /** Set for an imported event: its synced calendar. */
  calendarId?: string | null;
  /** The iCalendar UID; made from the id when absent. */
  uid?: string;
  sequence?: number;
  splitFromId?: string | null;
  /** The id to use (made when absent). */
  eventId?: string;
}

/** A new event (a single one or a series); answers its id. */
export async function createEvent(unit: UnitOfWork, event: NewEvent): Promise<string> {
  const eventId = event.eventId ?? newId();
  await append(
    unit,
    eventId,
    event.teamId,
    [
      {
        type: 'calendarEvent.created',
        payload: {
          eventId,
          teamId: event.teamId,
          origin: event.origin,
          authorId: event.authorId,
          calendarId: event.calendarId ?? null,
          uid: event.uid ?? `${eventId}@calendar`,
          sequence: event.sequence ?? 0,
          splitFromId: event.splitFromId ?? null,
          people: event.people,
          ...event.fields,
        },
      },
    ],
    0,
  );
  return eventId;
}

export interface EventEdit {
  changes?: Partial<EventFields>;
  /** The whole new list of people (absent: unchanged). */
  people?: EventPersonEntry[];
  /** Drop every occurrence's own change (the times or the rule changed under them). */
  exceptionsCleared?: boolean;
  origin: EventOrigin;
  /** The iCalendar SEQUENCE to record (absent: one more than now when anything attendees see changed). */
  sequence?: number;
}

/** Changes a series (all its occurrences); nothing is appended when nothing changes. */
export async function editEvent(unit: UnitOfWork, row: EventRow, edit: EventEdit): Promise<boolean> {
  const changes = edit.changes ?? {};
  const before = edit.people ? await peopleEntriesOf(unit, row.id) : [];
  // Compared in the order people are read in (state.ts peopleOrder): a list given in another order is the same list.
  const peopleChanged = edit.people !== undefined && JSON.stringify(before) !== JSON.stringify(inPeopleOrder(edit.people));
  if (Object.keys(changes).length === 0 && !peopleChanged && !edit.exceptionsCleared) return false;
  const removed = peopleChanged
    ? before.filter((person) => !edit.people!.some((after) => after.email === person.email)).map((person) => person.email)
    : [];
  await append(unit, row.id, row.teamId, [
    {
      type: 'calendarEvent.edited',
      payload: {
        eventId: row.id,
        teamId: row.teamId,
        origin: edit.origin,
        changes,
        ...(peopleChanged ? { people: edit.people!, removed } : {}),
        ...(edit.exceptionsCleared ? { exceptionsCleared: true } : {}),
        sequence: edit.sequence ?? (Object.keys(changes).length > 0 ? row.sequence + 1 : row.sequence),
      },
    },
  ]);
  return true;
}

/** Deletes the whole event (series, exceptions, people). */
export async function deleteEvent(unit: UnitOfWork, row: EventRow, origin: EventOrigin): Promise<void> {
  const people = await peopleEntriesOf(unit, row.id);
  await append(unit, row.id, row.teamId, [
    {
      type: 'calendarEvent.deleted',
      payload: {
        eventId: row.id,
        teamId: row.teamId,
        origin,
        uid: row.uid,
        authorId: row.authorId,
        calendarId: row.calendarId,
        userIds: people.flatMap((person) => (person.userId ? [person.userId] : [])),
        guests: people.filter((person) => person.userId === null).map((person) => person.email),
      },
    },
  ]);
}

/** One occurrence changed or cancelled (its RECURRENCE-ID is `change.occurrenceStart`). */
export async function changeOccurrence(unit: UnitOfWork, row: EventRow, change: OccurrenceException, origin: EventOrigin): Promise<void> {
  await append(unit, row.id, row.teamId, [
    {
      type: 'calendarEvent.occurrenceChanged',
      payload: { eventId: row.id, teamId: row.teamId, origin, ...change, occurrenceStart: new Date(change.occurrenceStart).toISOString() },
    },
  ]);
}

/** A person's answer (or their leaving: off every list). */
export async function recordResponse(
  unit: UnitOfWork,
  row: EventRow,
  person: { userId: string | null; email: string; name: string | null },
  response: EventResponseState | 'left',
  origin: EventOrigin,
): Promise<void> {
  await append(unit, row.id, row.teamId, [
    {
      type: 'calendarEvent.responded',
      payload: { eventId: row.id, teamId: row.teamId, origin, ...person, email: person.email.toLowerCase(), response },
    },
  ]);
}

/** Records the sync's conflict decision with the losing version (history only). */
export async function recordConflict(
  unit: UnitOfWork,
  row: EventRow,
  conflict: { winner: EventOrigin; losing: unknown; localModifiedAt: string; remoteModifiedAt: string | null },
): Promise<void> {
  await append(unit, row.id, row.teamId, [
    { type: 'calendarEvent.conflictResolved', payload: { eventId: row.id, teamId: row.teamId, origin: 'remote', ...conflict } },
  ]);
}

/** Replaces the occurrences' own changes with `exceptions` (the remote version's RECURRENCE-ID overrides). */
export async function replaceExceptions(
  unit: UnitOfWork,
  row: EventRow,
  exceptions: readonly OccurrenceException[],
  origin: EventOrigin,
): Promise<void> {
  const key = (exception: OccurrenceException) =>
    JSON.stringify([
      new Date(exception.occurrenceStart).toISOString(),
      exception.cancelled,
      exception.title,
      exception.description,
      exception.startAt,
      exception.endAt,
    ]);
  const current = (await exceptionsOf(unit.transaction, row.id)).map(key).sort();
  const wanted = exceptions.map(key).sort();
  if (JSON.stringify(current) === JSON.stringify(wanted)) return;
  if (current.length > 0) await editEvent(unit, row, { exceptionsCleared: true, origin });
  for (const exception of exceptions) await changeOccurrence(unit, row, exception, origin);
}
