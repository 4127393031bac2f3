import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { readableEventIds, readableEventIdsQuery } from './searchSource';
import { visibleTo } from './state';
import { calendarAccounts, calendarEventPeople, calendarEvents, calendars } from './tables';

const at = '2026-05-01T10:00:00.000Z';
let database: DatabaseHandle;

beforeEach(() => {
  database = openDatabase(':memory:');
});

afterEach(() => {
  database.sqlite.close();
});

async function addEvent(id: string, fields: { teamId?: string; authorId?: string; calendarId?: string | null } = {}): Promise<void> {
  await database.db.insert(calendarEvents).values({
    id,
    teamId: fields.teamId ?? 'team-1',
    authorId: fields.authorId ?? 'author',
    title: id,
    description: '',
    type: 'event',
    recurring: 'none',
    rrule: null,
    timeZone: 'UTC',
    allDay: false,
    startAt: at,
    endAt: at,
    seriesEndAt: null,
    location: null,
    meetingroomId: null,
    calendarId: fields.calendarId ?? null,
    uid: `${id}@test`,
    sequence: 0,
    splitFromId: null,
    createdAt: at,
    updatedAt: at,
  });
}

async function invite(eventId: string, userId: string): Promise<void> {
  await database.db
    .insert(calendarEventPeople)
    .values({ eventId, userId, email: `${userId}@example.com`, name: null, response: 'invited', updatedAt: at });
}

async function addSyncedCalendar(calendarId: string, userId: string, teamId = 'team-1'): Promise<void> {
  const accountId = `account-of-${calendarId}`;
  await database.db.insert(calendarAccounts).values({
    id: accountId,
    teamId,
    userId,
    email: `${userId}@example.com`,
    picture: null,
    feature: 'calendar',
    type: 'caldav',
    active: true,
    serverUrl: 'https://dav.example.com',
    username: userId,
    status: 'ok',
    error: null,
    lastSyncedAt: null,
    createdAt: at,
    updatedAt: at,
  });
  await database.db.insert(calendars).values({
    id: calendarId,
    accountId,
    teamId,
    userId,
    providerCalendarId: `https://dav.example.com/${calendarId}`,
    summary: calendarId,
    description: null,
    backgroundColor: null,
    selected: true,
    synced: true,
    syncToken: null,
    ctag: null,
    lastSyncedAt: null,
  });
}

/** The same question asked the calendar's way: every team event tested against its rule for one event. */
async function visibleIds(teamId: string, userId: string): Promise<string[]> {
  return (
    await database.db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.teamId, teamId), visibleTo(userId)))
  )
    .map((row) => row.id)
    .sort();
}

describe('readableEventIds', () => {
  it('lists the events the person wrote, is invited to, or imported into their own synced calendar, as the calendar rule does', async () => {
    await addEvent('written', { authorId: 'ann' });
    await addEvent('invited');
    await invite('invited', 'ann');
    await addEvent('written-and-invited', { authorId: 'ann' });
    await invite('written-and-invited', 'ann');
    await addEvent('not-invited');
    await invite('not-invited', 'bob');
    await addSyncedCalendar('ann-calendar', 'ann');
    await addEvent('imported', { calendarId: 'ann-calendar' });
    await addSyncedCalendar('bob-calendar', 'bob');
    await addEvent('imported-by-bob', { calendarId: 'bob-calendar' });
    // An imported event is its calendar owner's only, even when its organizer or an invitee is the person.
    await addEvent('imported-written-by-ann', { calendarId: 'bob-calendar', authorId: 'ann' });
    await invite('imported-written-by-ann', 'ann');
    await addEvent('other-team-written', { teamId: 'team-2', authorId: 'ann' });
    await addEvent('other-team-invited', { teamId: 'team-2' });
    await invite('other-team-invited', 'ann');
    await addSyncedCalendar('ann-calendar-elsewhere', 'ann', 'team-2');
    await addEvent('other-team-imported', { teamId: 'team-2', calendarId: 'ann-calendar-elsewhere' });

    const readable = (await readableEventIds(database.db, 'team-1', 'ann')).sort();
    expect(readable).toEqual(['imported', 'invited', 'written', 'written-and-invited']);
    for (const userId of ['ann', 'bob', 'carl'])
      for (const teamId of ['team-1', 'team-2'])
        expect((await readableEventIds(database.db, teamId, userId)).sort()).toEqual(await visibleIds(teamId, userId));
  });

  it("starts each part from the person's own rows: no step walks the team's events", () => {
    const { sql, params } = readableEventIdsQuery(database.db, 'team-1', 'ann').toSQL();
    // SQLite's own query plan, read with better-sqlite3: this test is about SQLite's choice of indexes.
    const steps = database.sqlite
      // eslint-disable-next-line storage/dialect-neutral
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      // eslint-disable-next-line storage/dialect-neutral
      .all(...params)
      .map((step) => step.detail);
    expect(steps).toContain('SEARCH calendar_event_people USING COVERING INDEX calendar_event_people_user (user_id=?)');
    expect(
      steps.some((step) =>
        /^SEARCH calendar_events USING (COVERING )?INDEX calendar_events_team_author \(team_id=\? AND author_id=\?\)$/.test(step),
      ),
    ).toBe(true);
    expect(steps).toContain('SEARCH calendar_accounts USING INDEX calendar_accounts_user (user_id=?)');
    const readsOfEvents = steps.filter((step) => / calendar_events /.test(`${step} `));
    expect(readsOfEvents.length).toBe(3);
    for (const step of readsOfEvents) {
      expect(step).not.toMatch(/^SCAN/);
      // By the event's id, its calendar, or the team and the author: never by the team alone.
      expect(step).not.toMatch(/\(team_id=\?\)$/);
    }
  });
});
