import type { MercuriusContext } from 'mercurius';
import { codedError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { findMeetingroom, memberMayUseMeetingroom } from '../meetings';
import { calendarDeadlines } from '../tasks';
import { requireCurrentTeam } from '../teams';
import { rangeOf } from './commands';
import { calendarPolicy } from './policies';
import { presentEntries, presentEvents, type EntrySource } from './present';
import { occurrencesBetween } from './recurrence';
import {
  calendarOwnerOf,
  canSeeEvent,
  exceptionsOfEvents,
  findEvent,
  findEventOfRoom,
  peopleOfEvents,
  visibleRowsBetween,
  visibleRowsFrom,
  type EventRow,
  type Reader,
} from './state';

/** One event as the viewer sees it (after a write: read back from the database). */
export async function presentEvent(db: Reader, publicUrl: string, row: EventRow, viewerId: string) {
  return (await presentEvents(db, [row], await peopleOfEvents(db, [row.id]), { publicUrl, viewerId }))[0]!;
}

export async function presentEventFor(context: MercuriusContext, viewerId: string, eventId: string) {
  const db = context.services.database.db;
  const row = await findEvent(db, eventId);
  if (!row) throw refusal('NOT_FOUND', 'EVENT_NOT_FOUND');
  return await presentEvent(db, context.services.config.publicUrl, row, viewerId);
}

/**
 * The calendar entries the user sees in [from, to): single events and the occurrences of series expanded over
 * the range only, exceptions applied (cancelled ones left out), sorted by start.
 */
export async function calendarEntries(db: Reader, teamId: string, userId: string, from: string, to: string) {
  const rows = await visibleRowsBetween(db, teamId, userId, from, to);
  const ids = rows.map((row) => row.id);
  const people = await peopleOfEvents(db, ids);
  const exceptions = await exceptionsOfEvents(
    db,
    rows.filter((row) => row.rrule).map((row) => row.id),
  );
  const owners = new Map<string, string | null>();
  const sources: EntrySource[] = [];
  for (const row of rows) {
    const own = (people.get(row.id) ?? []).find((person) => person.userId === userId);
    if (row.calendarId && !owners.has(row.calendarId)) owners.set(row.calendarId, await calendarOwnerOf(db, row.calendarId));
    const sight = {
      authorId: row.authorId,
      calendarOwnerId: row.calendarId ? (owners.get(row.calendarId) ?? null) : null,
      imported: row.calendarId !== null,
      invited: own !== undefined,
      response: own?.response ?? null,
    };
    const editable = calendarPolicy.edit(sight, userId);
    for (const occurrence of occurrencesBetween(row, exceptions.get(row.id) ?? [], from, to))
      sources.push({ row, occurrence, myResponse: own?.response ?? null, editable });
  }
  return await presentEntries(db, sources);
}

/** The start of the series' next occurrence still running at `now` (for the agenda), or null when none is left. */
function nextStartOf(row: EventRow, exceptions: Parameters<typeof occurrencesBetween>[1], now: string): string | null {
  if (!row.rrule) return row.startAt;
  // Look a year ahead at most: the agenda lists what is coming, and a year holds every series' next occurrence.
  // A week first (daily, weekday and weekly series have one in it), then a month at a time.
  const dayMs = 24 * 60 * 60 * 1000;
  const horizon = Date.parse(now) + 400 * dayMs;
  for (let from = Date.parse(now), step = 7 * dayMs; from < horizon; from += step, step = 31 * dayMs) {
    const found = occurrencesBetween(row, exceptions, new Date(from).toISOString(), new Date(from + step).toISOString())[0];
    if (found) return found.start;
  }
  return null;
}

const maximumPage = 100;

export const calendarQueries = {
  getEventsCalendar: async (_root: unknown, args: { start: string; end: string }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const { from, to } = rangeOf(args.start, args.end);
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    return await calendarEntries(db, team.id, actor.userId, from, to);
  },
  getEventsTasks: async (_root: unknown, args: { start: string; end: string }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const { from, to } = rangeOf(args.start, args.end);
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    return await calendarDeadlines(db, team.id, actor.userId, from, to);
  },
  getEvent: async (_root: unknown, args: { id: string; meet?: boolean | null }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    if (args.meet) {
      // A member who may use the room holds its link: they see its meeting event, to join it.
      const room = await findMeetingroom(db, args.id);
      const row =
        room && room.teamId === team.id && (await memberMayUseMeetingroom(db, room, actor.userId))
          ? await findEventOfRoom(db, room.id)
          : undefined;
      return row ? await presentEvent(db, context.services.config.publicUrl, row, actor.userId) : null;
    }
    const row = await findEvent(db, args.id);
    if (!row || row.teamId !== team.id || !(await canSeeEvent(db, row, actor.userId))) throw refusal('NOT_FOUND', 'EVENT_NOT_FOUND');
    return await presentEvent(db, context.services.config.publicUrl, row, actor.userId);
  },
  getEvents: async (_root: unknown, args: { limit?: number | null; offset?: number | null }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const limit = args.limit ?? 20;
    const offset = args.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1) throw codedError('NUMBER_TOO_SMALL', { params: { minimum: 1 }, field: 'limit' });
    if (limit > maximumPage) throw codedError('NUMBER_TOO_LARGE', { params: { maximum: maximumPage }, field: 'limit' });
    if (!Number.isInteger(offset) || offset < 0) throw codedError('NUMBER_TOO_SMALL', { params: { minimum: 0 }, field: 'offset' });
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    const now = new Date().toISOString();
    const rows = await visibleRowsFrom(db, team.id, actor.userId, now);
    const exceptions = await exceptionsOfEvents(
      db,
      rows.filter((row) => row.rrule).map((row) => row.id),
    );
    const upcoming = rows
      .map((row) => ({ row, next: nextStartOf(row, exceptions.get(row.id) ?? [], now) }))
      .filter((entry): entry is { row: EventRow; next: string } => entry.next !== null)
      .sort((first, second) => first.next.localeCompare(second.next) || first.row.id.localeCompare(second.row.id))
      .slice(offset, offset + limit)
      .map((entry) => entry.row);
    return await presentEvents(
      db,
      upcoming,
      await peopleOfEvents(
        db,
        upcoming.map((row) => row.id),
      ),
      {
        publicUrl: context.services.config.publicUrl,
        viewerId: actor.userId,
      },
    );
  },
};
