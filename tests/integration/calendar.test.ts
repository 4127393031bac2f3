import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { replayedBesideLive } from '../support/appRows';
import { startTestServer, subscriptionClient, type GraphqlResponse, type TestServer } from './harness';
import { createTask, joinSpace } from './taskFactories';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
/** A member of Ann's team who is invited to nothing. */
let cleo: Person;
/** Someone of another team. */
let dora: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cleo = await joinTeam(ann, await person(server, 'Cleo'));
  dora = await person(server, 'Dora');
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

const eventFields = `id title description startDate endDate timeZone allDay type recurring rrule until count meet invitationLink location
  author { user response } usersInvited { user email response } usersAccepted { user email } usersRejected { user } guests myResponse editable`;

interface EventAnswer {
  id: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  type: string;
  recurring: string;
  rrule: string | null;
  until: string | null;
  count: number | null;
  meet: string | null;
  invitationLink: string | null;
  usersInvited: { user: string | null; email: string; response: string }[];
  usersAccepted: { user: string | null; email: string }[];
  usersRejected: { user: string | null }[];
  guests: string[];
  myResponse: string | null;
  editable: boolean;
}
interface Entry {
  id: string;
  event: string;
  occurrence: string | null;
  title: string;
  start: string;
  end: string;
}

const codeOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions?.code;
const reasonOf = (result: GraphqlResponse) => (result.errors?.[0]?.extensions as { reason?: string } | undefined)?.reason;

const base = {
  title: 'Planning',
  description: 'Next quarter',
  startDate: '2026-03-02T08:00:00Z',
  endDate: '2026-03-02T09:00:00Z',
  type: 'event',
  recurring: 'none',
  timeZone: 'Europe/Berlin',
};

const setEventDocument = `mutation ($title: String!, $description: String!, $startDate: String!, $endDate: String!, $type: String!, $recurring: String!,
  $timeZone: String, $until: String, $count: Int, $invited: [ID!], $guests: [String!], $meeting: ID, $location: String) {
  setEvent(title: $title, description: $description, startDate: $startDate, endDate: $endDate, type: $type, recurring: $recurring,
    timeZone: $timeZone, until: $until, count: $count, invited: $invited, guests: $guests, meeting: $meeting, location: $location) { ${eventFields} } }`;

const setEvent = (someone: Person, variables: Record<string, unknown>) =>
  someone.client.execute<{ setEvent: EventAnswer }>(setEventDocument, { ...base, ...variables });
const created = async (someone: Person, variables: Record<string, unknown> = {}) => expectData(await setEvent(someone, variables)).setEvent;

const entries = async (someone: Person, start = '2026-03-01T00:00:00Z', end = '2026-04-01T00:00:00Z') =>
  expectData(
    await someone.client.execute<{ getEventsCalendar: Entry[] }>(
      'query ($start: String!, $end: String!) { getEventsCalendar(start: $start, end: $end) { id event occurrence title start end } }',
      { start, end },
    ),
  ).getEventsCalendar;

const getEvent = (someone: Person, id: string) =>
  someone.client.execute<{ getEvent: EventAnswer | null }>(`query ($id: ID!) { getEvent(id: $id) { ${eventFields} } }`, { id });

/**
 * Someone's subEvent deliveries. The subscription follows log positions, so the server tells it when it listens (a
 * message without data), which is awaited here: a change made after that is heard. A change's value is judged when it
 * is delivered, which on PostgreSQL can be after the next change committed, so a test that checks each change's value
 * waits to hear it (`heard`) before making the next.
 */
async function followEvents<Change>(someone: Person, query: string) {
  const socket = subscriptionClient(server, { token: someone.token });
  sockets.push(socket);
  const received: Change[] = [];
  const errors: unknown[] = [];
  let listening = false;
  let listen!: () => void;
  const listened = new Promise<void>((resolve) => (listen = resolve));
  socket.subscribe<{ subEvent: Change }>(
    { query, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.errors) errors.push(value.errors);
        // Changes sent before that message were committed before it listened (the feed starts at the log's settled
        // position, which a transaction open elsewhere can hold below them): none of this test's.
        else if (!listening && typeof (value.extensions as { seq?: unknown } | undefined)?.seq === 'number') listening = !value.data;
        else {
          listening = true;
          if (value.data) received.push(value.data.subEvent);
        }
        if (listening || value.errors) listen();
      },
      error: (error) => {
        errors.push(error);
        listen();
      },
      complete: () => undefined,
    },
  );
  await listened;
  expect(errors).toEqual([]);
  return {
    received,
    /** The changes heard so far, once there are `count` of them. */
    async heard(count: number): Promise<Change[]> {
      await expect.poll(() => errors.length > 0 || received.length >= count, { message: `${count} changes heard` }).toBe(true);
      expect(errors).toEqual([]);
      return [...received];
    },
  };
}

const respond = (someone: Person, id: string, response: string) =>
  someone.client.execute<{ respondEvent: EventAnswer }>(
    `mutation ($id: ID!, $response: String!) { respondEvent(id: $id, response: $response) { ${eventFields} } }`,
    {
      id,
      response,
    },
  );

describe('events over GraphQL', () => {
  it('creates, edits and deletes an event, seen by its author', async () => {
    const event = await created(ann, { location: 'Room 1', guests: ['Guest@Example.com'] });
    expect(event).toMatchObject({
      title: 'Planning',
      startDate: '2026-03-02T08:00:00.000Z',
      endDate: '2026-03-02T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      recurring: 'none',
      rrule: null,
      editable: true,
      guests: ['guest@example.com'],
    });
    expect((await entries(ann)).map((entry) => entry.event)).toContain(event.id);

    const edited = expectData(
      await ann.client.execute<{ ediEvent: EventAnswer }>(
        `mutation ($id: ID!) { ediEvent(id: $id, title: "Planning (moved)", startDate: "2026-03-03T10:00:00Z", endDate: "2026-03-03T11:30:00Z") { ${eventFields} } }`,
        { id: event.id },
      ),
    ).ediEvent;
    expect(edited).toMatchObject({ title: 'Planning (moved)', startDate: '2026-03-03T10:00:00.000Z', endDate: '2026-03-03T11:30:00.000Z' });

    expect(expectData(await ann.client.execute('mutation ($id: ID!) { delEvent(id: $id) }', { id: event.id }))).toEqual({ delEvent: true });
    expect(reasonOf(await getEvent(ann, event.id))).toBe('EVENT_NOT_FOUND');
    expect((await entries(ann)).map((entry) => entry.event)).not.toContain(event.id);
  });

  it('expands a weekly series over the asked range only, at 9:00 Berlin time across the change to summer time', async () => {
    const series = await created(ann, { title: 'Weekly', recurring: 'weekly', count: 10000 });
    expect(series).toMatchObject({ recurring: 'weekly', rrule: 'FREQ=WEEKLY;COUNT=10000', count: 10000 });
    const march = (await entries(ann)).filter((entry) => entry.event === series.id);
    expect(march.map((entry) => entry.start)).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    expect(march[1]!.id).toBe(`${series.id}:2026-03-09T08:00:00.000Z`);
    const far = (await entries(ann, '2100-01-01T00:00:00Z', '2100-01-15T00:00:00Z')).filter((entry) => entry.event === series.id);
    expect(far).toHaveLength(2);
    // One occurrence cancelled: the others stay.
    expectData(
      await ann.client.execute('mutation ($id: ID!) { delEvent(id: $id, scope: "this", occurrence: "2026-03-16T08:00:00.000Z") }', {
        id: series.id,
      }),
    );
    const after = (await entries(ann)).filter((entry) => entry.event === series.id).map((entry) => entry.start.slice(0, 10));
    expect(after).toEqual(['2026-03-02', '2026-03-09', '2026-03-23', '2026-03-30']);
  });

  it('edits and deletes one occurrence, the following ones and all of a series', async () => {
    const series = await created(ann, {
      title: 'Daily',
      recurring: 'daily',
      startDate: '2026-03-10T08:00:00Z',
      endDate: '2026-03-10T08:30:00Z',
    });
    const occurrence = '2026-03-12T08:00:00.000Z';
    expectData(
      await ann.client.execute(
        `mutation ($id: ID!, $occurrence: String!) { ediEvent(id: $id, scope: "this", occurrence: $occurrence, title: "Special") { id } }`,
        {
          id: series.id,
          occurrence,
        },
      ),
    );
    expectData(
      await ann.client.execute(`mutation ($id: ID!) { delEvent(id: $id, scope: "this", occurrence: "2026-03-13T08:00:00Z") }`, {
        id: series.id,
      }),
    );
    let mine = (await entries(ann, '2026-03-10T00:00:00Z', '2026-03-16T00:00:00Z')).filter((entry) => entry.event === series.id);
    expect(mine.map((entry) => [entry.start.slice(0, 10), entry.title])).toEqual([
      ['2026-03-10', 'Daily'],
      ['2026-03-11', 'Daily'],
      ['2026-03-12', 'Special'],
      ['2026-03-14', 'Daily'],
      ['2026-03-15', 'Daily'],
    ]);

    const split = expectData(
      await ann.client.execute<{ ediEvent: EventAnswer }>(
        `mutation ($id: ID!) { ediEvent(id: $id, scope: "following", occurrence: "2026-03-14T08:00:00Z", title: "Daily (new)") { ${eventFields} } }`,
        { id: series.id },
      ),
    ).ediEvent;
    expect(split.id).not.toBe(series.id);
    expect(split).toMatchObject({ title: 'Daily (new)', startDate: '2026-03-14T08:00:00.000Z', recurring: 'daily' });
    mine = (await entries(ann, '2026-03-10T00:00:00Z', '2026-03-16T00:00:00Z')).filter((entry) =>
      [series.id, split.id].includes(entry.event),
    );
    expect(mine.map((entry) => entry.title)).toEqual(['Daily', 'Daily', 'Special', 'Daily (new)', 'Daily (new)']);

    expectData(
      await ann.client.execute(`mutation ($id: ID!) { delEvent(id: $id, scope: "following", occurrence: "2026-03-15T08:00:00Z") }`, {
        id: split.id,
      }),
    );
    mine = (await entries(ann, '2026-03-10T00:00:00Z', '2026-03-20T00:00:00Z')).filter((entry) => entry.event === split.id);
    expect(mine.map((entry) => entry.start.slice(0, 10))).toEqual(['2026-03-14']);

    expectData(
      await ann.client.execute(`mutation ($id: ID!) { delEvent(id: $id, scope: "all", occurrence: "2026-03-11T08:00:00Z") }`, {
        id: series.id,
      }),
    );
    expect(reasonOf(await getEvent(ann, series.id))).toBe('EVENT_NOT_FOUND');
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const before = await countEvents(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: '2026-03-02T07:00:00Z' }, 'EVENT_END_BEFORE_START'],
      [{ title: '   ' }, 'EVENT_TITLE_REQUIRED'],
      [{ title: 'x'.repeat(501) }, 'EVENT_TITLE_TOO_LONG'],
      [{ description: 'x'.repeat(100_001) }, 'EVENT_DESCRIPTION_TOO_LONG'],
      [{ startDate: 'tomorrow' }, 'EVENT_DATE_INVALID'],
      [{ timeZone: 'Mars/Olympus' }, 'EVENT_TIME_ZONE_INVALID'],
      [{ recurring: 'hourly' }, 'EVENT_INVALID_RECURRENCE'],
      [{ recurring: 'daily', count: 10001 }, 'EVENT_COUNT_INVALID'],
      [{ recurring: 'daily', until: '2026-03-01T00:00:00Z' }, 'EVENT_UNTIL_INVALID'],
      [{ type: 'party' }, 'EVENT_TYPE_INVALID'],
      [{ guests: ['not an address'] }, 'EVENT_GUEST_INVALID'],
      [{ invited: [dora.id] }, 'EVENT_INVITED_NOT_MEMBER'],
    ];
    for (const [variables, code] of cases) expect(codeOf(await setEvent(ann, variables)), code).toBe(code);
    const range = await ann.client.execute('{ getEventsCalendar(start: "2026-01-01T00:00:00Z", end: "2027-01-10T00:00:00Z") { id } }');
    expect(codeOf(range)).toBe('EVENT_RANGE_TOO_LONG');
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses a 10 MB description before it reaches the event', async () => {
    const before = await countEvents(server);
    const huge = await setEvent(ann, { description: 'x'.repeat(10 * 1024 * 1024) });
    expect(['PAYLOAD_TOO_LARGE', 'EVENT_DESCRIPTION_TOO_LONG']).toContain(codeOf(huge));
    expect(await countEvents(server)).toBe(before);
  });
});

describe('invitations and visibility', () => {
  it('lets an invited member accept and see it live, and hides it from everyone else', async () => {
    const live = await followEvents<{ type: string; event: string; value: EventAnswer | null }>(
      bas,
      'subscription { subEvent { type seq event value { id title myResponse usersAccepted { user } } } }',
    );
    const event = await created(ann, { title: 'Review', invited: [bas.id] });
    expect(event.usersInvited).toEqual([{ user: bas.id, email: bas.email.toLowerCase(), response: 'invited' }]);
    await live.heard(1);

    const accepted = expectData(await respond(bas, event.id, 'accept')).respondEvent;
    expect(accepted.myResponse).toBe('accepted');
    expect(accepted.usersAccepted.map((person) => person.user)).toEqual([bas.id]);
    const [first, second] = await live.heard(2);
    expect(first).toMatchObject({ type: 'created', event: event.id, value: { title: 'Review', myResponse: 'invited' } });
    expect(second).toMatchObject({ type: 'responded', event: event.id, value: { myResponse: 'accepted' } });
    expect((await entries(bas)).map((entry) => entry.event)).toContain(event.id);

    // Nobody else: not a teammate who is not invited, not another team's member.
    for (const outsider of [cleo, dora]) {
      expect(reasonOf(await getEvent(outsider, event.id))).toBe('EVENT_NOT_FOUND');
      expect((await entries(outsider)).map((entry) => entry.event)).not.toContain(event.id);
      expect(reasonOf(await respond(outsider, event.id, 'join'))).toBe('EVENT_NOT_FOUND');
      const before = await countEvents(server);
      expect(codeOf(await outsider.client.execute('mutation ($id: ID!) { delEvent(id: $id) }', { id: event.id }))).toBe('NOT_FOUND');
      expect(
        codeOf(await outsider.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Mine") { id } }', { id: event.id })),
      ).toBe('NOT_FOUND');
      expect(await countEvents(server)).toBe(before);
    }
    // The invited member answers for themselves only.
    expect(reasonOf(await bas.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Mine") { id } }', { id: event.id }))).toBe(
      'EVENT_EDIT_NOT_ALLOWED',
    );
    const left = expectData(await respond(bas, event.id, 'leave')).respondEvent;
    expect(left.myResponse).toBeNull();
    expect(reasonOf(await getEvent(bas, event.id))).toBe('EVENT_NOT_FOUND');
  });

  it('makes a meeting room for a meeting event, found by the room with meet: true', async () => {
    const event = await created(ann, { type: 'meeting', title: 'Stand-up', invited: [bas.id] });
    expect(event.meet).toBeTruthy();
    expect(event.invitationLink).toMatch(new RegExp(`/meetingroom/${event.meet}$`));
    const found = expectData(
      await bas.client.execute<{ getEvent: EventAnswer | null }>('query ($id: ID!) { getEvent(id: $id, meet: true) { id meet } }', {
        id: event.meet,
      }),
    ).getEvent;
    expect(found).toEqual({ id: event.id, meet: event.meet });
    // A member who may use the room joins the event through it.
    const joined = expectData(await respond(cleo, event.id, 'join')).respondEvent;
    expect(joined.myResponse).toBe('accepted');
    expect(
      expectData(
        await dora.client.execute<{ getEvent: unknown }>('query ($id: ID!) { getEvent(id: $id, meet: true) { id } }', { id: event.meet }),
      ).getEvent,
    ).toBeNull();
  });

  it('links an existing meeting room to a meeting event, links another one on edit, and drops it when no longer a meeting', async () => {
    const room = async (someone: Person, name: string) =>
      expectData(
        await someone.client.execute<{ initiateMeetingroom: { id: string } }>(
          'mutation ($name: String) { initiateMeetingroom(name: $name) { id } }',
          { name },
        ),
      ).initiateMeetingroom.id;
    const designRoom = await room(ann, 'Design room');
    const boardRoom = await room(ann, 'Board room');
    const meetRoom = (id: string) =>
      bas.client.execute<{ getEvent: { id: string; meet: string | null } | null }>(
        'query ($id: ID!) { getEvent(id: $id, meet: true) { id meet } }',
        { id },
      );
    const event = await created(ann, { type: 'meeting', title: 'Design sync', invited: [bas.id], meeting: designRoom });
    expect(event.meet).toBe(designRoom);
    expect(event.invitationLink).toMatch(new RegExp(`/meetingroom/${designRoom}$`));
    expect(expectData(await meetRoom(designRoom)).getEvent).toEqual({ id: event.id, meet: designRoom });

    const editMeeting = (variables: Record<string, unknown>) =>
      ann.client.execute<{ ediEvent: EventAnswer }>(
        `mutation ($id: ID!, $type: String, $meeting: ID) { ediEvent(id: $id, type: $type, meeting: $meeting) { ${eventFields} } }`,
        { id: event.id, ...variables },
      );
    const relinked = expectData(await editMeeting({ type: 'meeting', meeting: boardRoom })).ediEvent;
    expect(relinked.meet).toBe(boardRoom);
    expect(relinked.invitationLink).toMatch(new RegExp(`/meetingroom/${boardRoom}$`));
    expect(expectData(await meetRoom(boardRoom)).getEvent).toEqual({ id: event.id, meet: boardRoom });
    expect(expectData(await meetRoom(designRoom)).getEvent).toBeNull();

    // A room of another team is not found, and the event keeps its room.
    const elsewhere = await room(dora, 'Elsewhere');
    const before = await countEvents(server);
    const foreign = await editMeeting({ type: 'meeting', meeting: elsewhere });
    expect(reasonOf(foreign)).toBe('MEETINGROOM_NOT_FOUND');
    expect(await countEvents(server)).toBe(before);
    expect(expectData(await getEvent(ann, event.id)).getEvent?.meet).toBe(boardRoom);

    const plain = expectData(await editMeeting({ type: 'event' })).ediEvent;
    expect(plain).toMatchObject({ type: 'event', meet: null, invitationLink: null });
    expect(expectData(await meetRoom(boardRoom)).getEvent).toBeNull();
  });

  it('lets an invited member reject, rejoin and answer through ediEvent, for themselves only, each answer heard live', async () => {
    const live = await followEvents<{ type: string; event: string; value: { myResponse: string | null } | null }>(
      bas,
      'subscription { subEvent { type event value { myResponse } } }',
    );
    const event = await created(ann, { title: 'Retro', invited: [bas.id, cleo.id] });
    await live.heard(1);
    const listsOf = (answer: EventAnswer) => ({
      accepted: answer.usersAccepted.map((person) => person.user),
      rejected: answer.usersRejected.map((person) => person.user),
      myResponse: answer.myResponse,
    });

    const rejected = expectData(await respond(bas, event.id, 'reject')).respondEvent;
    expect(listsOf(rejected)).toEqual({ accepted: [], rejected: [bas.id], myResponse: 'rejected' });
    await live.heard(2);
    const rejoined = expectData(await respond(bas, event.id, 'rejoin')).respondEvent;
    expect(listsOf(rejoined)).toEqual({ accepted: [bas.id], rejected: [], myResponse: 'accepted' });
    await live.heard(3);

    const answer = (someone: Person, variables: { accepted?: string[]; rejected?: string[] }) =>
      someone.client.execute<{ ediEvent: EventAnswer }>(
        `mutation ($id: ID!, $accepted: [ID!], $rejected: [ID!]) { ediEvent(id: $id, accepted: $accepted, rejected: $rejected) { ${eventFields} } }`,
        { id: event.id, ...variables },
      );
    // Naming Cleo too moves only the caller.
    const declined = expectData(await answer(bas, { rejected: [bas.id, cleo.id] })).ediEvent;
    expect(listsOf(declined)).toEqual({ accepted: [], rejected: [bas.id], myResponse: 'rejected' });
    await live.heard(4);
    const acceptedAgain = expectData(await answer(bas, { accepted: [bas.id, cleo.id] })).ediEvent;
    expect(listsOf(acceptedAgain)).toEqual({ accepted: [bas.id], rejected: [], myResponse: 'accepted' });
    // Naming only someone else is no answer of theirs: refused, nothing recorded.
    const before = await countEvents(server);
    expect(reasonOf(await answer(bas, { rejected: [cleo.id] }))).toBe('EVENT_EDIT_NOT_ALLOWED');
    // The author cannot answer for the invited either.
    expectData(await answer(ann, { rejected: [bas.id, cleo.id] }));
    expect(await countEvents(server)).toBe(before);
    const seen = expectData(await getEvent(ann, event.id)).getEvent!;
    expect(seen.usersInvited.map((person) => [person.user, person.response])).toEqual([
      [bas.id, 'accepted'],
      [cleo.id, 'invited'],
    ]);

    expect(await live.heard(5)).toEqual([
      { type: 'created', event: event.id, value: { myResponse: 'invited' } },
      { type: 'responded', event: event.id, value: { myResponse: 'rejected' } },
      { type: 'responded', event: event.id, value: { myResponse: 'accepted' } },
      { type: 'responded', event: event.id, value: { myResponse: 'rejected' } },
      { type: 'responded', event: event.id, value: { myResponse: 'accepted' } },
    ]);
  });
});

describe('live changes and the agenda', () => {
  it('tells an invited member of changes, and that the event left them when they are taken off it or it is deleted', async () => {
    const outsider = await followEvents<{ type: string; event: string }>(cleo, 'subscription { subEvent { type event } }');
    const live = await followEvents<{ type: string; event: string; value: { title: string } | null }>(
      bas,
      'subscription { subEvent { type event value { title } } }',
    );
    const event = await created(ann, { title: 'Sync', invited: [bas.id] });
    await live.heard(1);
    const edit = (variables: Record<string, unknown>) =>
      ann.client.execute(
        'mutation ($id: ID!, $title: String, $invited: [ID!]) { ediEvent(id: $id, title: $title, invited: $invited) { id } }',
        {
          id: event.id,
          ...variables,
        },
      );
    expectData(await edit({ title: 'Sync (moved)' }));
    await live.heard(2);
    expectData(await edit({ invited: [] }));
    await live.heard(3);
    expectData(await edit({ invited: [bas.id] }));
    expect(await live.heard(4)).toEqual([
      { type: 'created', event: event.id, value: { title: 'Sync' } },
      { type: 'edited', event: event.id, value: { title: 'Sync (moved)' } },
      { type: 'edited', event: event.id, value: null },
      { type: 'edited', event: event.id, value: { title: 'Sync (moved)' } },
    ]);
    expectData(await ann.client.execute('mutation ($id: ID!) { delEvent(id: $id) }', { id: event.id }));
    expect((await live.heard(5))[4]).toEqual({ type: 'deleted', event: event.id, value: null });
    // The teammate who was never invited heard nothing of it.
    expect(outsider.received).toEqual([]);
  });

  it('leaves a subscriber with the end state of changes made in quick succession, each read when it is delivered', async () => {
    type Change = { type: string; event: string; value: { title: string } | null };
    const live = await followEvents<Change>(bas, 'subscription { subEvent { type event value { title } } }');
    /** What bas's screen shows from the deliveries alone: each event's title, or nothing once it left them. */
    const shown = () => {
      const titles = new Map<string, string>();
      for (const change of live.received)
        if (change.value === null) titles.delete(change.event);
        else titles.set(change.event, change.value.title);
      return Object.fromEntries(titles);
    };
    const kept = await created(ann, { title: 'Kept', invited: [bas.id] });
    const left = await created(ann, { title: 'Left', invited: [bas.id] });
    const edit = (id: string, variables: Record<string, unknown>) =>
      ann.client.execute(
        'mutation ($id: ID!, $title: String, $invited: [ID!]) { ediEvent(id: $id, title: $title, invited: $invited) { id } }',
        {
          id,
          ...variables,
        },
      );
    // Each change is made without waiting to hear the one before: on PostgreSQL several are committed before the first
    // is delivered, and each delivery reads the event as it is then, not as that change left it.
    for (let round = 1; round <= 4; round += 1) {
      expectData(await edit(kept.id, { invited: [] }));
      expectData(await edit(kept.id, { title: `Kept ${round}`, invited: [bas.id] }));
      expectData(await edit(left.id, { title: `Left ${round}`, invited: round % 2 === 0 ? [] : [bas.id] }));
    }
    expectData(await edit(left.id, { invited: [] }));
    await expect.poll(shown, { message: 'bas sees what the last changes left' }).toEqual({ [kept.id]: 'Kept 4' });
    // Nothing delivered later undoes it: a later change is heard, and the rest still shows the end state.
    const sentinel = await created(ann, { title: 'Sentinel', invited: [bas.id] });
    await expect.poll(() => live.received.some((change) => change.event === sentinel.id)).toBe(true);
    expect(shown()).toEqual({ [kept.id]: 'Kept 4', [sentinel.id]: 'Sentinel' });
  });

  it('lists the caller’s upcoming events soonest first, a series by its next occurrence', async () => {
    const day = 86_400_000;
    const at = (days: number, hours = 0) => new Date(Date.now() + days * day + hours * 3_600_000).toISOString();
    const later = await created(bas, { title: 'Later', startDate: at(3), endDate: at(3, 1) });
    const soon = await created(bas, { title: 'Soon', startDate: at(1), endDate: at(1, 1) });
    const series = await created(bas, { title: 'Every day', recurring: 'daily', startDate: at(-10, 5), endDate: at(-10, 6) });
    await created(bas, { title: 'Past', startDate: at(-2), endDate: at(-2, 1) });
    const agenda = expectData(await bas.client.execute<{ getEvents: { id: string }[] }>('{ getEvents(limit: 100) { id } }')).getEvents.map(
      (event) => event.id,
    );
    const mine = agenda.filter((id) => [later.id, soon.id, series.id].includes(id));
    expect(mine).toEqual([series.id, soon.id, later.id]);
    // Pages of the same list: the offset skips that many.
    const page = async (limit: number, offset: number) =>
      expectData(
        await bas.client.execute<{ getEvents: { id: string }[] }>(
          'query ($limit: Int, $offset: Int) { getEvents(limit: $limit, offset: $offset) { id } }',
          {
            limit,
            offset,
          },
        ),
      ).getEvents.map((event) => event.id);
    expect(await page(1, 1)).toEqual([agenda[1]]);
    expect(await page(2, agenda.length - 1)).toEqual([agenda.at(-1)]);
    expect(await page(5, agenda.length)).toEqual([]);
    const refusal = async (query: string) => {
      const result = await bas.client.execute(query);
      return [codeOf(result), result.errors?.[0]?.extensions?.params];
    };
    expect(await refusal('{ getEvents(limit: 1000) { id } }')).toEqual(['NUMBER_TOO_LARGE', { maximum: 100 }]);
    expect(await refusal('{ getEvents(limit: 0) { id } }')).toEqual(['NUMBER_TOO_SMALL', { minimum: 1 }]);
    expect(await refusal('{ getEvents(offset: -1) { id } }')).toEqual(['NUMBER_TOO_SMALL', { minimum: 0 }]);
  });
});

describe('task deadlines beside events', () => {
  it('lists deadlines of tasks the caller is assigned to or follows, in spaces they may read', async () => {
    const open = await createSpace(ann, 'Launch');
    await joinSpace(bas, open);
    const secret = await createSpace(ann, 'Secret', 'private');
    const assigned = await createTask(ann, open, 'Ship it', { deadline: '2026-03-10', users: [bas.id] });
    const followed = await createTask(ann, open, 'Write notes', { deadline: '2026-03-12T15:00:00.000Z' });
    expectData(await bas.client.execute('mutation ($id: ID!) { followTask(id: $id) { id } }', { id: followed.id }));
    await createTask(ann, open, 'Not theirs', { deadline: '2026-03-11' });
    await createTask(ann, open, 'Later', { deadline: '2026-05-01', users: [bas.id] });
    await createTask(ann, secret, 'Hidden', { deadline: '2026-03-10', users: [ann.id] });
    const deadlines = async (someone: Person) =>
      expectData(
        await someone.client.execute<{
          getEventsTasks: { id: string; name: string; deadline: string; project: string; projectTitle: string; done: boolean }[];
        }>('{ getEventsTasks(start: "2026-03-01T00:00:00Z", end: "2026-04-01T00:00:00Z") { id name deadline project projectTitle done } }'),
      ).getEventsTasks;
    expect(await deadlines(bas)).toEqual([
      { id: assigned.id, name: 'Ship it', deadline: '2026-03-10', project: open, projectTitle: 'Launch', done: false },
      { id: followed.id, name: 'Write notes', deadline: '2026-03-12T15:00:00.000Z', project: open, projectTitle: 'Launch', done: false },
    ]);
    expect(await deadlines(cleo)).toEqual([]);
    expect(await deadlines(dora)).toEqual([]);
  });
});

describe('the log', () => {
  it('rebuilds the same events, exceptions and people as the live run made', async () => {
    // Runs after the flows above: single events and series, split and ended series, exceptions, answers, leaving.
    const projections = domains.flatMap((module) => module.projections);
    const calendar = projections.filter((projection) => projection.name === 'calendar');
    const { live, rebuilt } = await replayedBesideLive(server, projections, calendar);
    expect(Object.values(live).every((rows) => rows.length > 0)).toBe(true);
    expect(rebuilt).toEqual(live);
  });
});
