import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import { calendarEventStream } from '../../core/streams';
import type { Transaction } from '../../db/connection';
import { refusal } from '../../errors';
import { calendarEventExceptions, calendarEventPeople, calendarEvents, calendars } from './tables';
import { calendarPolicy } from './policies';

export type Reader = Pick<Transaction, 'select'>;
export type EventRow = typeof calendarEvents.$inferSelect;
export type PersonRow = typeof calendarEventPeople.$inferSelect;
export type ExceptionRow = typeof calendarEventExceptions.$inferSelect;

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

export async function findEvent(db: Reader, eventId: unknown): Promise<EventRow | undefined> {
  if (!isId(eventId)) return undefined;
  return (await db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId)).limit(1))[0];
}

/**
 * The event read after its stream is locked, for a unit that decides on it (an edit, a deletion, an answer): units run
 * at once on PostgreSQL, and two could otherwise both decide on the same row (docs/postgres-plan.md §8).
 */
export async function lockedEvent(unit: UnitOfWork, eventId: unknown): Promise<EventRow | undefined> {
  if (!isId(eventId)) return undefined;
  await unit.lock(calendarEventStream(eventId));
  return await findEvent(unit.transaction, eventId);
}

/** The event of an iCalendar UID: among one synced calendar's, or among a team's own (calendarId null). */
export async function findEventByUid(
  db: Reader,
  uid: string,
  place: { calendarId: string } | { teamId: string },
): Promise<EventRow | undefined> {
  const where =
    'calendarId' in place
      ? and(eq(calendarEvents.uid, uid), eq(calendarEvents.calendarId, place.calendarId))
      : and(eq(calendarEvents.uid, uid), eq(calendarEvents.teamId, place.teamId), isNull(calendarEvents.calendarId));
  return (await db.select().from(calendarEvents).where(where).orderBy(asc(calendarEvents.createdAt)).limit(1))[0];
}

/** The meeting event of a room (the first made for it). */
export async function findEventOfRoom(db: Reader, meetingroomId: unknown): Promise<EventRow | undefined> {
  if (!isId(meetingroomId)) return undefined;
  return (
    await db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.meetingroomId, meetingroomId))
      .orderBy(asc(calendarEvents.createdAt), asc(calendarEvents.id))
      .limit(1)
  )[0];
}

/**
 * The order an event's people are listed in, everywhere: members before guests, each by address (an event has one
 * row per address). A real column on both databases, where SQLite's insertion order (rowid) has no PostgreSQL twin.
 */
const peopleOrder = [asc(sql`${calendarEventPeople.userId} is null`), asc(calendarEventPeople.email)];

/** People entries in the order `peopleOf` reads them (see peopleOrder), to compare a new list with the stored one. */
export function inPeopleOrder<Person extends { userId: string | null; email: string }>(people: readonly Person[]): Person[] {
  return [...people].sort(
    (first, second) =>
      Number(first.userId === null) - Number(second.userId === null) ||
      (first.email < second.email ? -1 : first.email > second.email ? 1 : 0),
  );
}

export async function peopleOf(db: Reader, eventId: string): Promise<PersonRow[]> {
  return await db
    .select()
    .from(calendarEventPeople)
    .where(eq(calendarEventPeople.eventId, eventId))
    .orderBy(...peopleOrder);
}

/** Rows of many events, read 500 event ids at a time (SQLite's bound on variables) and grouped by event. */
async function groupedByEvent<Row extends { eventId: string }>(
  eventIds: readonly string[],
  readChunk: (ids: string[]) => Promise<Row[]>,
): Promise<Map<string, Row[]>> {
  const byEvent = new Map<string, Row[]>();
  for (let index = 0; index < eventIds.length; index += 500) {
    for (const row of await readChunk(eventIds.slice(index, index + 500))) {
      const rows = byEvent.get(row.eventId);
      if (rows) rows.push(row);
      else byEvent.set(row.eventId, [row]);
    }
  }
  return byEvent;
}

export function peopleOfEvents(db: Reader, eventIds: readonly string[]): Promise<Map<string, PersonRow[]>> {
  return groupedByEvent(
    eventIds,
    async (ids) =>
      await db
        .select()
        .from(calendarEventPeople)
        .where(inArray(calendarEventPeople.eventId, ids))
        .orderBy(asc(calendarEventPeople.eventId), ...peopleOrder),
  );
}

export async function exceptionsOf(db: Reader, eventId: string): Promise<ExceptionRow[]> {
  return await db
    .select()
    .from(calendarEventExceptions)
    .where(eq(calendarEventExceptions.eventId, eventId))
    .orderBy(asc(calendarEventExceptions.occurrenceStart));
}

export function exceptionsOfEvents(db: Reader, eventIds: readonly string[]): Promise<Map<string, ExceptionRow[]>> {
  return groupedByEvent(
    eventIds,
    async (ids) =>
      await db
        .select()
        .from(calendarEventExceptions)
        .where(inArray(calendarEventExceptions.eventId, ids))
        .orderBy(asc(calendarEventExceptions.eventId), asc(calendarEventExceptions.occurrenceStart)),
  );
}

export async function calendarOwnerOf(db: Reader, calendarId: string): Promise<string | null> {
  return (await db.select({ userId: calendars.userId }).from(calendars).where(eq(calendars.id, calendarId)).limit(1))[0]?.userId ?? null;
}

/** The facts the visibility rule needs about one event and one user. */
export async function sightOf(db: Reader, event: EventRow, userId: string) {
  const own = (
    await db
      .select({ response: calendarEventPeople.response })
      .from(calendarEventPeople)
      .where(and(eq(calendarEventPeople.eventId, event.id), eq(calendarEventPeople.userId, userId)))
      .limit(1)
  )[0];
  return {
    authorId: event.authorId,
    calendarOwnerId: event.calendarId ? await calendarOwnerOf(db, event.calendarId) : null,
    imported: event.calendarId !== null,
    invited: own !== undefined,
    response: own?.response ?? null,
  };
}

/** Whether the user sees the event (see calendarPolicy.see); the team is the caller's current one, checked by the caller. */
export async function canSeeEvent(db: Reader, event: EventRow, userId: string): Promise<boolean> {
  return calendarPolicy.see(await sightOf(db, event, userId), userId);
}

/**
 * The event (read under its lock, see lockedEvent), if the user sees it and it is of the given team; otherwise
 * EVENT_NOT_FOUND (never a hint it exists).
 */
export async function requireVisibleEvent(unit: UnitOfWork, eventId: unknown, userId: string, teamId: string): Promise<EventRow> {
  const db = unit.transaction;
  const event = await lockedEvent(unit, eventId);
  if (!event || event.teamId !== teamId || !(await canSeeEvent(db, event, userId))) throw refusal('NOT_FOUND', 'EVENT_NOT_FOUND');
  return event;
}

/**
 * The condition "the user sees this row", as SQL for lists: the author of an event made here, an invited
 * member of it, or the owner of the synced calendar an imported event came from.
 */
export function visibleTo(userId: string) {
  const invited = sql`exists (select 1 from ${calendarEventPeople} where ${calendarEventPeople.eventId} = ${calendarEvents.id} and ${calendarEventPeople.userId} = ${userId})`;
  const ownCalendar = sql`exists (select 1 from ${calendars} where ${calendars.id} = ${calendarEvents.calendarId} and ${calendars.userId} = ${userId})`;
  return or(
    and(isNull(calendarEvents.calendarId), or(eq(calendarEvents.authorId, userId), invited)),
    and(isNotNull(calendarEvents.calendarId), ownCalendar),
  );
}

/**
 * Rows of the team the user sees that may have an occurrence in [from, to): single events overlapping it,
 * series started before its end and not ended before its start (endless ones included).
 */
export async function visibleRowsBetween(db: Reader, teamId: string, userId: string, from: string, to: string): Promise<EventRow[]> {
  return await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.teamId, teamId),
        lt(calendarEvents.startAt, to),
        or(
          and(isNull(calendarEvents.rrule), gt(calendarEvents.endAt, from)),
          and(isNotNull(calendarEvents.rrule), or(isNull(calendarEvents.seriesEndAt), gt(calendarEvents.seriesEndAt, from))),
        ),
        visibleTo(userId),
      ),
    );
}

/** Every row of the team the user sees whose series may run after `from` (the feed, the agenda). */
export async function visibleRowsFrom(db: Reader, teamId: string, userId: string, from: string): Promise<EventRow[]> {
  return await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.teamId, teamId),
        or(
          and(isNull(calendarEvents.rrule), gt(calendarEvents.endAt, from)),
          and(isNotNull(calendarEvents.rrule), or(isNull(calendarEvents.seriesEndAt), gt(calendarEvents.seriesEndAt, from))),
        ),
        visibleTo(userId),
      ),
    )
    .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id));
}
