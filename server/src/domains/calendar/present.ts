import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../accounts';
import type { Occurrence } from './recurrence';
import { ruleEnd } from './recurrence';
import { calendarPolicy } from './policies';
import { type EventRow, type PersonRow, type Reader } from './state';
import { calendarOrder } from './sync/state';
import { calendars } from './tables';

type CalendarRow = typeof calendars.$inferSelect;

/** A synced calendar as the API gives it; `default`: the account's first selected calendar in calendarOrder (made here events go there). */
export async function presentCalendar(db: Reader, row: CalendarRow) {
  const first = (
    await db
      .select({ id: calendars.id })
      .from(calendars)
      .where(and(eq(calendars.accountId, row.accountId), eq(calendars.selected, true)))
      .orderBy(...calendarOrder)
      .limit(1)
  )[0];
  return {
    id: row.id,
    synced: row.synced,
    selected: row.selected,
    calendarId: row.providerCalendarId,
    summary: row.summary,
    description: row.description,
    backgroundColor: row.backgroundColor,
    account: row.accountId,
    default: first?.id === row.id,
  };
}
export type PresentedCalendar = Awaited<ReturnType<typeof presentCalendar>>;

/** The calendars of these ids, presented, with each one's owner (whose synced calendar an imported event is of). */
async function calendarsById(db: Reader, ids: readonly string[]): Promise<Map<string, { presented: PresentedCalendar; ownerId: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(calendars).where(inArray(calendars.id, unique));
  const found = new Map<string, { presented: PresentedCalendar; ownerId: string }>();
  for (const row of rows) found.set(row.id, { presented: await presentCalendar(db, row), ownerId: row.userId });
  return found;
}

interface UserFacts {
  id: string;
  email: string;
  name: string;
  profileImg: string | null;
}

async function usersById(db: Reader, ids: readonly string[]): Promise<Map<string, UserFacts>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, UserFacts>();
  for (let index = 0; index < unique.length; index += 500) {
    const rows = await db
      .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
      .from(users)
      .where(inArray(users.id, unique.slice(index, index + 500)));
    for (const row of rows)
      found.set(row.id, { id: row.id, email: row.email, name: `${row.firstname} ${row.lastname}`.trim(), profileImg: row.profileImg });
  }
  return found;
}

export interface PresentContext {
  publicUrl: string;
  viewerId: string;
}

/** Events as the viewer sees them, people and calendars read once for the whole list. */
export async function presentEvents(
  db: Reader,
  rows: readonly EventRow[],
  peopleByEvent: Map<string, PersonRow[]>,
  context: PresentContext,
) {
  const everyone = await usersById(db, [
    ...rows.map((row) => row.authorId),
    ...[...peopleByEvent.values()].flatMap((people) => people.flatMap((person) => (person.userId ? [person.userId] : []))),
  ]);
  const calendarOf = await calendarsById(
    db,
    rows.flatMap((row) => (row.calendarId ? [row.calendarId] : [])),
  );
  return rows.map((row) => {
    const people = (peopleByEvent.get(row.id) ?? []).map((person) => {
      const user = person.userId ? everyone.get(person.userId) : undefined;
      return {
        user: person.userId,
        email: person.email,
        name: user?.name ?? person.name,
        profileImg: user?.profileImg ?? null,
        response: person.response,
      };
    });
    const author = everyone.get(row.authorId);
    const own = people.find((person) => person.user === context.viewerId);
    const { until, count } = ruleEnd(row.rrule);
    const sight = {
      authorId: row.authorId,
      calendarOwnerId: row.calendarId ? (calendarOf.get(row.calendarId)?.ownerId ?? null) : null,
      imported: row.calendarId !== null,
      invited: own !== undefined,
      response: own?.response ?? null,
    };
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      startDate: row.startAt,
      endDate: row.endAt,
      timeZone: row.timeZone,
      allDay: row.allDay,
      type: row.type,
      recurring: row.recurring,
      rrule: row.rrule,
      until,
      count,
      meet: row.meetingroomId,
      author: {
        user: row.authorId,
        email: author?.email ?? '',
        name: author?.name ?? null,
        profileImg: author?.profileImg ?? null,
        response: 'accepted',
      },
      usersInvited: people,
      usersAccepted: people.filter((person) => person.response === 'accepted'),
      usersRejected: people.filter((person) => person.response === 'rejected'),
      guests: people.filter((person) => person.user === null).map((person) => person.email),
      invitationLink: row.meetingroomId ? `${context.publicUrl.replace(/\/$/, '')}/meetingroom/${row.meetingroomId}` : null,
      location: row.location,
      calendar: row.calendarId ? (calendarOf.get(row.calendarId)?.presented ?? null) : null,
      myResponse: own?.response ?? null,
      editable: calendarPolicy.edit(sight, context.viewerId),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}
export type PresentedEvent = Awaited<ReturnType<typeof presentEvents>>[number];

export interface EntrySource {
  row: EventRow;
  occurrence: Occurrence;
  myResponse: string | null;
  editable: boolean;
}

/** Calendar view entries: one per single event or occurrence, sorted by start. */
export async function presentEntries(db: Reader, sources: readonly EntrySource[]) {
  const calendarOf = await calendarsById(
    db,
    sources.flatMap((source) => (source.row.calendarId ? [source.row.calendarId] : [])),
  );
  return sources
    .map(({ row, occurrence, myResponse, editable }) => {
      const calendar = row.calendarId ? (calendarOf.get(row.calendarId)?.presented ?? null) : null;
      return {
        id: occurrence.occurrence ? `${row.id}:${occurrence.occurrence}` : row.id,
        event: row.id,
        occurrence: occurrence.occurrence,
        title: occurrence.title,
        description: occurrence.description,
        start: occurrence.start,
        end: occurrence.end,
        allDay: row.allDay,
        type: row.type,
        recurring: row.recurring,
        location: row.location,
        meet: row.meetingroomId,
        calendar,
        color: calendar?.backgroundColor ?? null,
        myResponse,
        editable,
      };
    })
    .sort((first, second) => first.start.localeCompare(second.start) || first.id.localeCompare(second.id));
}
