import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow, appRows, appRun, jsonValue } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { countingProxy, icsObject, type LocalServer, type ProxiedRequest } from './support/caldavPeers';
import { startRadicale, type RadicalePeer, type RadicaleUser } from './support/radicale';
import { expectData, person, type Person } from './teamFactories';

// Two-way CalDAV sync against a real Radicale: connect, list and select calendars, changes on each side
// converge (a recurring event and an exception too), incremental pulls, the conflict rule, removal.

interface Account {
  id: string;
  status: string;
  error: string | null;
  lastSyncedAt: string | null;
  calendars: {
    id: string;
    calendarId: string;
    summary: string;
    description: string | null;
    backgroundColor: string | null;
    selected: boolean;
    synced: boolean;
    default: boolean;
  }[];
}
interface Entry {
  id: string;
  event: string;
  occurrence: string | null;
  title: string;
  start: string;
  end: string;
  color: string | null;
  calendar: { id: string } | null;
}

const accountFields =
  'id status error lastSyncedAt email serverUrl username type active calendars { id calendarId summary description backgroundColor selected synced default }';
const connectMutation = `mutation ($sync: CalendarSyncInput!) { syncFeatureCalendar(sync: $sync, feature: "calendar", active: true) { ${accountFields} } }`;

let server: TestServer;
let peer: RadicalePeer;
let proxy: LocalServer & { requests: ProxiedRequest[] };
const alice: RadicaleUser = { username: 'alice', password: 'alice-secret-1' };
let member: Person;
let work: string;
let account: Account;

async function sync(who: Person, accountId: string): Promise<Account> {
  const data = expectData(
    await who.client.execute<{ syncCalendarAccount: Account }>(
      `mutation ($account: ID!) { syncCalendarAccount(account: $account) { ${accountFields} } }`,
      {
        account: accountId,
      },
    ),
  );
  expect(data.syncCalendarAccount.error).toBeNull();
  return data.syncCalendarAccount;
}

async function entries(who: Person, start = '2027-01-01T00:00:00Z', end = '2027-12-31T00:00:00Z'): Promise<Entry[]> {
  return expectData(
    await who.client.execute<{ getEventsCalendar: Entry[] }>(
      'query ($start: String!, $end: String!) { getEventsCalendar(start: $start, end: $end) { id event occurrence title start end color calendar { id } } }',
      { start, end },
    ),
  ).getEventsCalendar;
}

async function remoteObjectWith(uidOrText: string): Promise<{ href: string; body: string } | null> {
  for (const href of await peer.listObjects(alice, work)) {
    const object = await peer.getObject(alice, href);
    if (object.body.includes(uidOrText)) return { href, body: object.body };
  }
  return null;
}

beforeAll(async () => {
  peer = await startRadicale([alice]);
  work = await peer.createCalendar(alice, 'work', { displayName: 'Work', description: 'Job things', color: '#3366ffff' });
  await peer.createCalendar(alice, 'home', { displayName: 'Home' });
  proxy = await countingProxy(peer.url);
  server = await startTestServer({ CALDAV_ALLOW_PRIVATE: 'true', CALDAV_TIMEOUT_MS: '10000' });
  member = await person(server, 'Mia');
}, 30_000);

afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await peer?.stop();
});

describe('CalDAV sync with Radicale', () => {
  it('connects an account, lists its calendars with description and colour, and keeps the password out of the log', async () => {
    const data = expectData(
      await member.client.execute<{ syncFeatureCalendar: Account }>(connectMutation, {
        sync: { serverUrl: proxy.url, username: alice.username, password: alice.password },
      }),
    );
    account = data.syncFeatureCalendar;
    expect(account.status).toBe('ok');
    const summaries = account.calendars.map((calendar) => calendar.summary).sort();
    expect(summaries).toEqual(['Home', 'Work']);
    const workCalendar = account.calendars.find((calendar) => calendar.summary === 'Work')!;
    expect(workCalendar).toMatchObject({ description: 'Job things', backgroundColor: '#3366ff', selected: false, synced: false });
    const log = await appRows<{ payload: unknown }>(server.app, sql`SELECT payload FROM events`);
    // SQLite answers the payload as JSON text, PostgreSQL as parsed jsonb: searched as JSON text on both.
    expect(log.some((row) => (typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload)).includes(alice.password))).toBe(
      false,
    );
    const secret = await appRow<{ cipher_text: string }>(
      server.app,
      sql`SELECT cipher_text FROM calendar_account_secrets WHERE account_id = ${account.id}`,
    );
    expect(secret!.cipher_text).not.toContain(alice.password);
    const listed = expectData(
      await member.client.execute<{ getCalendarAccounts: Account[] }>(`{ getCalendarAccounts { ${accountFields} } }`),
    );
    expect(listed.getCalendarAccounts.map((entry) => entry.id)).toEqual([account.id]);
  });

  it('selects a calendar (its first selected one becomes the default) and pulls it', async () => {
    await peer.putObject(
      alice,
      `${work}remote-1.ics`,
      icsObject({ uid: 'remote-1', summary: 'Dentist', start: '2027-03-02T09:00:00Z', end: '2027-03-02T10:00:00Z' }),
    );
    const workProvider = `${proxy.url}/alice/work/`;
    const selected = expectData(
      await member.client.execute<{ selectCalendar: Account['calendars'][number] }>(
        'mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id selected default calendarId } }',
        { calendar: workProvider },
      ),
    );
    expect(selected.selectCalendar).toMatchObject({ selected: true, default: true, calendarId: workProvider });
    account = await sync(member, account.id);
    expect(account.calendars.find((calendar) => calendar.summary === 'Work')).toMatchObject({ synced: true, selected: true });
    const dentist = (await entries(member)).find((entry) => entry.title === 'Dentist');
    expect(dentist).toMatchObject({ start: '2027-03-02T09:00:00.000Z', color: '#3366ff' });
    expect(dentist?.calendar?.id).toBe(selected.selectCalendar.id);

    // getCalendars lists the same calendars as the account does, and nothing of them to another member.
    const calendarFields = 'id calendarId summary description backgroundColor selected synced';
    const calendarsOf = async (who: Person) =>
      expectData(
        await who.client.execute<{ getCalendars: Omit<Account['calendars'][number], 'default'>[] }>(
          `{ getCalendars { ${calendarFields} } }`,
        ),
      ).getCalendars;
    const bySummary = <Calendar extends { summary: string }>(calendars: Calendar[]) =>
      [...calendars].sort((first, second) => first.summary.localeCompare(second.summary));
    expect(bySummary(await calendarsOf(member))).toEqual(
      bySummary(account.calendars.map(({ default: _default, ...calendar }) => calendar)),
    );
    expect(bySummary(await calendarsOf(member)).map((calendar) => [calendar.summary, calendar.selected, calendar.synced])).toEqual([
      ['Home', false, false],
      ['Work', true, true],
    ]);
    expect(await calendarsOf(await person(server, 'Noor'))).toEqual([]);
  });

  it('pushes an event made here to the default calendar and pulls changes to it back', async () => {
    const made = expectData(
      await member.client.execute<{ setEvent: { id: string } }>(
        'mutation { setEvent(title: "Planning", description: "Quarterly", startDate: "2027-04-06T08:00:00Z", endDate: "2027-04-06T09:00:00Z", type: "event", recurring: "none", timeZone: "Europe/Berlin") { id } }',
      ),
    ).setEvent;
    await sync(member, account.id);
    const pushed = await remoteObjectWith('SUMMARY:Planning');
    expect(pushed?.body).toContain('DTSTART;TZID=Europe/Berlin:20270406T100000');

    // Changed here: the remote object follows.
    expectData(await member.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Planning (moved)") { id } }', { id: made.id }));
    await sync(member, account.id);
    expect((await peer.getObject(alice, pushed!.href)).body).toContain('SUMMARY:Planning (moved)');

    // Changed there (another client, later): here follows, and it stays our event (not an imported one).
    const remote = await peer.getObject(alice, pushed!.href);
    const later = new Date(Date.now() + 60_000);
    const changed = remote.body.replace('SUMMARY:Planning (moved)', 'SUMMARY:Planning (remote)').replace(
      /LAST-MODIFIED:\d+T\d+Z/,
      `LAST-MODIFIED:${later
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    await peer.putObject(alice, pushed!.href, changed);
    await sync(member, account.id);
    const entry = (await entries(member)).find((candidate) => candidate.event === made.id);
    expect(entry).toMatchObject({ title: 'Planning (remote)', calendar: null });
    expect(await peer.listObjects(alice, work)).toHaveLength(2);
  });

  it('converges on a recurring event with an exception made on either side', async () => {
    // Made there: weekly, one occurrence moved and renamed, one cancelled.
    await peer.putObject(
      alice,
      `${work}standup.ics`,
      icsObject({
        uid: 'standup',
        summary: 'Standup',
        start: '2027-05-03T07:00:00Z',
        end: '2027-05-03T07:15:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=4',
        exdates: ['2027-05-17T07:00:00Z'],
        overrides: [
          { recurrenceId: '2027-05-10T07:00:00Z', start: '2027-05-10T08:00:00Z', end: '2027-05-10T08:15:00Z', summary: 'Standup (late)' },
        ],
      }),
    );
    await sync(member, account.id);
    const standups = (await entries(member, '2027-05-01T00:00:00Z', '2027-06-01T00:00:00Z')).filter((entry) =>
      entry.title.startsWith('Standup'),
    );
    expect(standups.map((entry) => [entry.title, entry.start])).toEqual([
      ['Standup', '2027-05-03T07:00:00.000Z'],
      ['Standup (late)', '2027-05-10T08:00:00.000Z'],
      ['Standup', '2027-05-24T07:00:00.000Z'],
    ]);

    // Made here: a daily series with one occurrence deleted ("this event") goes out with its EXDATE.
    const series = expectData(
      await member.client.execute<{ setEvent: { id: string } }>(
        'mutation { setEvent(title: "Gym", description: "", startDate: "2027-06-01T16:00:00Z", endDate: "2027-06-01T17:00:00Z", type: "event", recurring: "daily", count: 5, timeZone: "UTC") { id } }',
      ),
    ).setEvent;
    expectData(
      await member.client.execute('mutation ($id: ID!) { delEvent(id: $id, scope: "this", occurrence: "2027-06-03T16:00:00.000Z") }', {
        id: series.id,
      }),
    );
    await sync(member, account.id);
    const gym = await remoteObjectWith('SUMMARY:Gym');
    expect(gym?.body).toMatch(/RRULE:FREQ=DAILY;COUNT=5/);
    expect(gym?.body).toMatch(/EXDATE:20270603T160000Z/);
  });

  it('pulls incrementally: a second sync fetches only the object that changed', async () => {
    await sync(member, account.id);
    const before = proxy.requests.length;
    await peer.putObject(
      alice,
      `${work}remote-1.ics`,
      icsObject({ uid: 'remote-1', summary: 'Dentist (moved)', start: '2027-03-03T09:00:00Z', end: '2027-03-03T10:00:00Z' }),
    );
    await sync(member, account.id);
    const requests = proxy.requests.slice(before);
    const report = requests.find((entry) => entry.method === 'REPORT' && entry.body.includes('sync-collection'));
    expect(report?.body).toMatch(/sync-token>http/);
    const multiGets = requests.filter((entry) => entry.method === 'REPORT' && entry.body.includes('calendar-multiget'));
    expect(multiGets).toHaveLength(1);
    expect(multiGets[0]!.body.match(/<d:href>/g)).toHaveLength(1);
    expect(multiGets[0]!.body).toContain('remote-1.ics');
    expect((await entries(member)).find((entry) => entry.title === 'Dentist (moved)')?.start).toBe('2027-03-03T09:00:00.000Z');
  });

  it('falls back to comparing ETags when the server refuses the sync token', async () => {
    await appRun(
      server.app,
      sql`UPDATE calendars SET sync_token = 'http://radicale.org/ns/sync/forgotten' WHERE account_id = ${account.id}`,
    );
    await peer.putObject(
      alice,
      `${work}remote-1.ics`,
      icsObject({ uid: 'remote-1', summary: 'Dentist (fallback)', start: '2027-03-03T09:00:00Z', end: '2027-03-03T10:00:00Z' }),
    );
    const before = proxy.requests.length;
    await sync(member, account.id);
    const requests = proxy.requests.slice(before);
    expect(requests.some((entry) => entry.method === 'REPORT' && entry.body.includes('calendar-query'))).toBe(true);
    const multiGets = requests.filter((entry) => entry.method === 'REPORT' && entry.body.includes('calendar-multiget'));
    expect(multiGets.map((entry) => entry.body.match(/<d:href>/g)?.length)).toEqual([1]);
    expect((await entries(member)).find((entry) => entry.title === 'Dentist (fallback)')?.start).toBe('2027-03-03T09:00:00.000Z');
    // `selected` alone: an integer on SQLite, a boolean on PostgreSQL.
    const token = await appRow<{ token: string }>(
      server.app,
      sql`SELECT sync_token AS token FROM calendars WHERE account_id = ${account.id} AND selected`,
    );
    expect(token!.token).not.toBe('http://radicale.org/ns/sync/forgotten');
  });

  it('deselecting a calendar removes its imported events here; selecting it again brings them back', async () => {
    const workCalendar = account.calendars.find((calendar) => calendar.summary === 'Work')!;
    const select = (selected: boolean) =>
      member.client.execute(
        'mutation ($calendar: String!, $selected: Boolean!) { selectCalendar(calendar: $calendar, selected: $selected) { id selected } }',
        {
          calendar: workCalendar.calendarId,
          selected,
        },
      );
    const remoteBefore = (await peer.listObjects(alice, work)).sort();
    expectData(await select(false));
    expect((await entries(member)).some((entry) => entry.calendar !== null)).toBe(false);
    expect(await peer.listObjects(alice, work)).toContain(new URL(`${work}remote-1.ics`).pathname);
    expectData(await select(true));
    await sync(member, account.id);
    const after = await entries(member);
    expect(after.find((entry) => entry.title === 'Dentist (fallback)')?.calendar?.id).toBe(workCalendar.id);
    // Events made here and pushed before are linked back by their UID: neither side gets a copy.
    expect(after.filter((entry) => entry.title === 'Planning (remote)')).toHaveLength(1);
    expect((await peer.listObjects(alice, work)).sort()).toEqual(remoteBefore);
  });

  it('applies the conflict rule: the later modification wins and the loser is kept in the event’s history', async () => {
    const dentist = (await entries(member)).find((entry) => entry.title === 'Dentist (fallback)')!;
    // Both sides change it; the remote one says it was modified an hour ago, so ours (now) is later and wins.
    expectData(
      await member.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Dentist (ours)") { id } }', { id: dentist.event }),
    );
    await peer.putObject(
      alice,
      `${work}remote-1.ics`,
      icsObject({
        uid: 'remote-1',
        summary: 'Dentist (theirs older)',
        start: '2027-03-03T09:00:00Z',
        end: '2027-03-03T10:00:00Z',
        lastModified: new Date(Date.now() - 3_600_000),
      }),
    );
    await sync(member, account.id);
    expect((await entries(member)).find((entry) => entry.event === dentist.event)?.title).toBe('Dentist (ours)');
    const ours = (await peer.getObject(alice, `${work}remote-1.ics`)).body;
    expect(ours).toContain('SUMMARY:Dentist (ours)');
    // What we do not model (the other client's alarm) is kept when we write the object back.
    expect(ours).toContain('BEGIN:VALARM');
    const conflicts = () =>
      appRows<{ payload: unknown }>(
        server.app,
        sql`SELECT payload FROM events WHERE type = 'calendarEvent.conflictResolved' AND stream = ${`calendarEvent:${dentist.event}`} ORDER BY seq`,
      );
    const first = jsonValue<{ winner: string; losing: { ics: string } }>((await conflicts())[0]!.payload);
    expect(first.winner).toBe('local');
    expect(first.losing.ics).toContain('Dentist (theirs older)');

    // Again, but the remote change is the later one (an hour ahead): theirs wins, ours goes to the history.
    expectData(
      await member.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Dentist (ours again)") { id } }', { id: dentist.event }),
    );
    await peer.putObject(
      alice,
      `${work}remote-1.ics`,
      icsObject({
        uid: 'remote-1',
        summary: 'Dentist (theirs later)',
        start: '2027-03-03T09:00:00Z',
        end: '2027-03-03T10:00:00Z',
        lastModified: new Date(Date.now() + 3_600_000),
      }),
    );
    await sync(member, account.id);
    expect((await entries(member)).find((entry) => entry.event === dentist.event)?.title).toBe('Dentist (theirs later)');
    expect((await peer.getObject(alice, `${work}remote-1.ics`)).body).toContain('SUMMARY:Dentist (theirs later)');
    const second = jsonValue<{ winner: string; losing: { title: string } }>((await conflicts())[1]!.payload);
    expect(second).toMatchObject({ winner: 'remote', losing: { title: 'Dentist (ours again)' } });
  });

  it('deletes both ways', async () => {
    const gym = await remoteObjectWith('SUMMARY:Gym');
    // Deleted there: gone here.
    expect(await peer.deleteObject(alice, `${work}standup.ics`)).toBe(200);
    // Deleted here: gone there.
    const gymEvent = (await entries(member, '2027-06-01T00:00:00Z', '2027-06-30T00:00:00Z')).find((entry) => entry.title === 'Gym')!;
    expectData(await member.client.execute('mutation ($id: ID!) { delEvent(id: $id, scope: "all") }', { id: gymEvent.event }));
    await sync(member, account.id);
    expect((await entries(member)).some((entry) => entry.title.startsWith('Standup') || entry.title === 'Gym')).toBe(false);
    expect((await peer.getObject(alice, gym!.href)).status).toBe(404);
  });

  it('removeCalendarAccount removes the imported events here and nothing there', async () => {
    const remoteBefore = await peer.listObjects(alice, work);
    expect(remoteBefore.length).toBeGreaterThan(0);
    const removed = expectData(
      await member.client.execute<{ removeCalendarAccount: boolean }>(
        'mutation ($account: ID!) { removeCalendarAccount(account: $account) }',
        { account: account.id },
      ),
    );
    expect(removed.removeCalendarAccount).toBe(true);
    const left = await entries(member);
    expect(left.some((entry) => entry.calendar !== null)).toBe(false);
    // The event made here stays here (it was ours), and the remote calendar keeps every object.
    expect(left.some((entry) => entry.title === 'Planning (remote)')).toBe(true);
    expect((await peer.listObjects(alice, work)).sort()).toEqual(remoteBefore.sort());
    expect(
      await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM calendar_account_secrets WHERE account_id = ${account.id}`),
    ).toEqual({ n: 0 });
    const accounts = expectData(await member.client.execute<{ getCalendarAccounts: Account[] }>(`{ getCalendarAccounts { id } }`));
    expect(accounts.getCalendarAccounts).toEqual([]);
  });
});
