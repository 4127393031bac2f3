import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { refusal } from '../../errors';
import { calendarEventExceptions, calendarEventPeople, calendarEvents, calendars } from './tables';
import { calendarPolicy } from './policies';

export type Reader = Pick<Transaction, 'select'>;
export type EventRow = typeof calendarEvents.$inferSelect;
export type PersonRow = typeof calendarEventPeople.$inferSelect;
export type ExceptionRow = typeof calendarEventExceptions.$inferSelect;

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

export function findEvent(db: Reader, eventId: unknown): EventRow | undefined {
  if (!isId(eventId)) return undefined;
  return db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId)).get();
}

/** The event of an iCalendar UID: among one synced calendar's, or among a team's own (calendarId null). */
export function findEventByUid(db: Reader, uid: string, place: { calendarId: string } | { teamId: string }): EventRow | undefined {
  const where =
    'calendarId' in place
      ? and(eq(calendarEvents.uid, uid), eq(calendarEvents.calendarId, place.calendarId))
      : and(eq(calendarEvents.uid, uid), eq(calendarEvents.teamId, place.teamId), isNull(calendarEvents.calendarId));
  return db.select().from(calendarEvents).where(where).orderBy(asc(calendarEvents.createdAt)).get();
}

/** The meeting event of a room (the first made for it). */
export function findEventOfRoom(db: Reader, meetingroomId: unknown): EventRow | undefined {
  if (!isId(meetingroomId)) return undefined;
  return db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.meetingroomId, meetingroomId))
    .orderBy(asc(calendarEvents.createdAt), asc(calendarEvents.id))
    .get();
}

export function peopleOf(db: Reader, eventId: string): PersonRow[] {
  return db
    .select()
    .from(calendarEventPeople)
    .where(eq(calendarEventPeople.eventId, eventId))
    .orderBy(sql`rowid`)
    .all();
}

/** Rows of many events, read 500 event ids at a time (SQLite's bound on variables) and grouped by event. */
function groupedByEvent<Row extends { eventId: string }>(
  eventIds: readonly string[],
  readChunk: (ids: string[]) => Row[],
): Map<string, Row[]> {
  const byEvent = new Map<string, Row[]>();
  for (let index = 0; index < eventIds.length; index += 500) {
    for (const row of readChunk(eventIds.slice(index, index + 500))) {
      const rows = byEvent.get(row.eventId);
      if (rows) rows.push(row);
      else byEvent.set(row.eventId, [row]);
    }
  }
  return byEvent;
}

export function peopleOfEvents(db: Reader, eventIds: readonly string[]): Map<string, PersonRow[]> {
  return groupedByEvent(eventIds, (ids) =>
    db
      .select()
      .from(calendarEventPeople)
      .where(inArray(calendarEventPeople.eventId, ids))
      .orderBy(sql`rowid`)
      .all(),
  );
}

export function exceptionsOf(db: Reader, eventId: string): ExceptionRow[] {
  return db
    .select()
    .from(calendarEventExceptions)
    .where(eq(calendarEventExceptions.eventId, eventId))
    .orderBy(asc(calendarEventExceptions.occurrenceStart))
    .all();
}

export function exceptionsOfEvents(db: Reader, eventIds: readonly string[]): Map<string, ExceptionRow[]> {
  return groupedByEvent(eventIds, (ids) =>
    db.select().from(calendarEventExceptions).where(inArray(calendarEventExceptions.eventId, ids)).all(),
  );
}

export function calendarOwnerOf(db: Reader, calendarId: string): string | null {
  return db.select({ userId: calendars.userId }).from(calendars).where(eq(calendars.id, calendarId)).get()?.userId ?? null;
}

/** The facts the visibility rule needs about one event and one user. */
export function sightOf(db: Reader, event: EventRow, userId: string) {
  const own = db
    .select({ response: calendarEventPeople.response })
    .from(calendarEventPeople)
    .where(and(eq(calendarEventPeople.eventId, event.id), eq(calendarEventPeople.userId, userId)))
    .get();
  return {
    authorId: event.authorId,
    calendarOwnerId: event.calendarId ? calendarOwnerOf(db, event.calendarId) : null,
    imported: event.calendarId !== null,
    invited: own !== undefined,
    response: own?.response ?? null,
  };
}

/** Whether the user sees the event (see calendarPolicy.see); the team is the caller's current one, checked by the caller. */
export function canSeeEvent(db: Reader, event: EventRow, userId: string): boolean {
  return calendarPolicy.see(sightOf(db, event, userId), userId);
}

/** The event, if the user sees it and it is of the given team; otherwise EVENT_NOT_FOUND (never a hint it exists). */
export function requireVisibleEvent(db: Reader, eventId: unknown, userId: string, teamId: string): EventRow {
  const event = findEvent(db, eventId);
  if (!event || event.teamId !== teamId || !canSeeEvent(db, event, userId)) throw refusal('NOT_FOUND', 'EVENT_NOT_FOUND');
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
export function visibleRowsBetween(db: Reader, teamId: string, userId: string, from: string, to: string): EventRow[] {
  return db
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
    )
    .all();
}

/** Every row of the team the user sees whose series may run after `from` (the feed, the agenda). */
export function visibleRowsFrom(db: Reader, teamId: string, userId: string, from: string): EventRow[] {
  return db
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
    .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id))
    .all();
}
