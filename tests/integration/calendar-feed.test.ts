import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createTask } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRows } from '../support/appRows';

const setEvent = `mutation ($title: String!, $startDate: String!, $endDate: String!, $recurring: String!, $timeZone: String, $guests: [String!], $invited: [ID!]) {
  setEvent(title: $title, description: "Plan the week", startDate: $startDate, endDate: $endDate, type: "event", recurring: $recurring,
    timeZone: $timeZone, guests: $guests, invited: $invited) { id }
}`;
const feedFields = 'url createdAt active';

async function resetFeed(someone: Person): Promise<string> {
  const data = expectData(
    await someone.client.execute<{ resetCalendarFeed: { url: string; active: boolean } }>(
      `mutation { resetCalendarFeed { ${feedFields} } }`,
    ),
  );
  expect(data.resetCalendarFeed.active).toBe(true);
  return data.resetCalendarFeed.url;
}

function veventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => ({
    uid: String(component.getFirstPropertyValue('uid')),
    summary: String(component.getFirstPropertyValue('summary')),
    rrule: component.getFirstPropertyValue('rrule')?.toString() ?? null,
    exdates: component.getAllProperties('exdate').map((property) => property.getFirstValue()!.toString()),
    recurrenceId: component.getFirstPropertyValue('recurrence-id')?.toString() ?? null,
    start: component.getFirstProperty('dtstart')!,
  }));
}

describe('the private ICS feed', () => {
  let server: TestServer;
  let ada: Person;
  let bob: Person;
  let seriesId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await person(server, 'Ada');
    bob = await joinTeam(ada, await person(server, 'Bob'));
    // Mondays at 9:00 in Paris; the second occurrence is cancelled, the third renamed.
    seriesId = expectData(
      await ada.client.execute<{ setEvent: { id: string } }>(setEvent, {
        title: 'Weekly planning',
        startDate: '2027-03-01T08:00:00.000Z',
        endDate: '2027-03-01T09:00:00.000Z',
        recurring: 'weekly',
        timeZone: 'Europe/Paris',
      }),
    ).setEvent.id;
    expectData(
      await ada.client.execute('mutation ($id: ID!) { delEvent(id: $id, scope: "this", occurrence: "2027-03-08T08:00:00.000Z") }', {
        id: seriesId,
      }),
    );
    expectData(
      await ada.client.execute(
        'mutation ($id: ID!) { ediEvent(id: $id, scope: "this", occurrence: "2027-03-15T08:00:00.000Z", title: "Planning, moved") { id } }',
        {
          id: seriesId,
        },
      ),
    );
    expectData(
      await ada.client.execute(setEvent, {
        title: 'Ada alone',
        startDate: '2027-03-02T10:00:00.000Z',
        endDate: '2027-03-02T11:00:00.000Z',
        recurring: 'none',
        timeZone: 'UTC',
      }),
    );
    const space = await createSpace(ada, 'Launch');
    await createTask(ada, space, 'Ship the feed', { deadline: '2027-03-05', users: [ada.id] });
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the events with RRULE, EXDATE and an overridden occurrence, and the task deadline, as ical.js reads them', async () => {
    expect(
      expectData(await ada.client.execute<{ getCalendarFeed: unknown }>(`{ getCalendarFeed { ${feedFields} } }`)).getCalendarFeed,
    ).toEqual({
      url: null,
      createdAt: null,
      active: false,
    });
    const url = await resetFeed(ada);
    expect(url).toMatch(new RegExp(`^${server.app.services.config.publicUrl}/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    // Shown once: afterwards only whether it is active.
    const later = expectData(
      await ada.client.execute<{ getCalendarFeed: { url: string | null; active: boolean } }>(`{ getCalendarFeed { ${feedFields} } }`),
    );
    expect(later.getCalendarFeed).toMatchObject({ url: null, active: true });

    const response = await fetch(`${server.url}${new URL(url).pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const text = await response.text();

    const events = veventsOf(text);
    const series = events.filter((event) => event.summary === 'Weekly planning');
    expect(series).toHaveLength(1);
    expect(series[0]!.rrule).toBe('FREQ=WEEKLY');
    expect(series[0]!.start.getParameter('tzid')).toBe('Europe/Paris');
    expect(series[0]!.start.getFirstValue()!.toString()).toBe('2027-03-01T09:00:00');
    expect(series[0]!.exdates).toEqual(['2027-03-08T09:00:00']);
    const moved = events.find((event) => event.summary === 'Planning, moved');
    expect(moved).toMatchObject({ uid: series[0]!.uid, recurrenceId: '2027-03-15T09:00:00' });
    expect(events.some((event) => event.summary === 'Ada alone')).toBe(true);
    const deadline = events.find((event) => event.summary === 'Ship the feed');
    expect(deadline?.start.getFirstValue()!.toString()).toBe('2027-03-05');
    expect(deadline?.start.type).toBe('date');

    // Unchanged: the same ETag, and a client that has it gets 304.
    const again = await fetch(`${server.url}${new URL(url).pathname}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it("lists only the owner's events: another member's feed has none of Ada's own, and unknown tokens are 404", async () => {
    const bobUrl = await resetFeed(bob);
    const bobFeed = await fetch(`${server.url}${new URL(bobUrl).pathname}`);
    expect(bobFeed.status).toBe(200);
    const summaries = veventsOf(await bobFeed.text()).map((event) => event.summary);
    expect(summaries).not.toContain('Weekly planning');
    expect(summaries).not.toContain('Ada alone');
    expect(summaries).not.toContain('Ship the feed');

    for (const path of [
      '/calendar/feed/' + 'A'.repeat(43) + '.ics',
      '/calendar/feed/garbage.ics',
      `${new URL(bobUrl).pathname.replace('.ics', '')}`,
    ]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });

  it('stops answering a member who left the team', async () => {
    const carol = await joinTeam(ada, await person(server, 'Carol'));
    const carolUrl = await resetFeed(carol);
    expect((await fetch(`${server.url}${new URL(carolUrl).pathname}`)).status).toBe(200);
    expectData(
      await ada.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: carol.id,
        team: ada.teamId,
      }),
    );
    expect((await fetch(`${server.url}${new URL(carolUrl).pathname}`)).status).toBe(404);
  });

  it('writes hostile text as text: a line break in a title adds no property', async () => {
    expectData(
      await ada.client.execute(setEvent, {
        title: 'Party\r\nATTENDEE:mailto:mallory@evil.test\r\nX-EVIL:1',
        startDate: '2027-03-03T10:00:00.000Z',
        endDate: '2027-03-03T11:00:00.000Z',
        recurring: 'none',
        timeZone: 'UTC',
      }),
    );
    const url = await resetFeed(ada);
    const calendar = new ICAL.Component(ICAL.parse(await (await fetch(`${server.url}${new URL(url).pathname}`)).text()));
    const party = calendar
      .getAllSubcomponents('vevent')
      .find((event) => String(event.getFirstPropertyValue('summary')).startsWith('Party'))!;
    expect(party.getFirstPropertyValue('summary')).toBe('Party\nATTENDEE:mailto:mallory@evil.test\nX-EVIL:1');
    expect(party.getAllProperties('attendee')).toEqual([]);
    expect(party.getAllProperties().map((property) => property.name)).not.toContain('x-evil');
  });

  it('a reset gives a new URL and the old one is 404; a revoked feed is 404', async () => {
    const first = await resetFeed(ada);
    const second = await resetFeed(ada);
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}${new URL(first).pathname}`)).status).toBe(404);
    expect((await fetch(`${server.url}${new URL(second).pathname}`)).status).toBe(200);

    const revoked = expectData(
      await ada.client.execute<{ revokeCalendarFeed: unknown }>(`mutation { revokeCalendarFeed { ${feedFields} } }`),
    );
    expect(revoked.revokeCalendarFeed).toEqual({ url: null, createdAt: null, active: false });
    expect((await fetch(`${server.url}${new URL(second).pathname}`)).status).toBe(404);
    expect(
      expectData(await ada.client.execute<{ getCalendarFeed: { active: boolean } }>(`{ getCalendarFeed { ${feedFields} } }`))
        .getCalendarFeed.active,
    ).toBe(false);
    // The token's hash only is kept, and the log records the feed's life.
    const rows = await appRows<{ token_hash: string }>(server.app, sql`SELECT token_hash FROM calendar_feeds WHERE user_id = ${ada.id}`);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    expect(rows.some((row) => second.includes(row.token_hash))).toBe(false);
    const types = await appRows<{ type: string }>(
      server.app,
      sql`SELECT type FROM events WHERE stream LIKE 'calendarFeed:%' AND actor_id = ${ada.id} ORDER BY seq`,
    );
    expect(types.map((row) => row.type)).toEqual([
      'calendarFeed.created',
      'calendarFeed.revoked',
      'calendarFeed.created',
      'calendarFeed.revoked',
      'calendarFeed.created',
      'calendarFeed.revoked',
      'calendarFeed.created',
      'calendarFeed.revoked',
    ]);
  });

  it('is refused to anonymous callers', async () => {
    const anonymous = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { resetCalendarFeed { url } }' }),
    });
    const body = (await anonymous.json()) as { errors?: { extensions: { code: string } }[] };
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});
