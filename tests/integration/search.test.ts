import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabOf } from '../../server/src/collab/rooms';
import type { EventStore } from '../../server/src/core/commands';
import { domains, openEventStore, openPostgresEventStore } from '../../server/src/domains';
import { newId } from '../../server/src/core/ids';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { replayPostgresProjections } from '../../server/src/core/postgres/projectionReplay';
import { asAreaEventStore, asPostgresProjections } from '../../server/src/db/pickTable';
import type { MessageCreated } from '../../server/src/domains/chat/events';
import { replay } from '../../server/src/core/sqlite/replay';
import { appRow, appRows } from '../support/appRows';
import { postMessage, startPrivat } from './chatFactories';
import { createDoc, openDoc, paragraphText, waitFor } from './docFactories';
import { minimalPdf, uploadFile } from './fileFactories';
import { initiateRoom } from './meetingsFactories';
import { startTestServer, type GraphqlResponse, type TestServer } from './harness';
import { createTask, editTask } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { pdfTextExtractionOf } from '../../server/src/domains/files/textExtraction';
import { planLimits } from '../../shared/src/plans';

interface Result {
  id: string;
  type: string;
  title: string;
  emoji: string | null;
  description: string | null;
  highlights: { start: number; length: number }[];
  titleHighlights: { start: number; length: number }[];
  project: string | null;
  projectTitle: string | null;
  messageId: string | null;
  messageType: string | null;
  link: string;
  createdAt: string;
}

const resultFields =
  'id type logo color title emoji createdAt description highlights { start length } titleHighlights { start length } project projectTitle projectLogo projectColor messageId messageType link';

function search(someone: Person, variables: Record<string, unknown>): Promise<GraphqlResponse<{ getSearch: Result[] }>> {
  return someone.client.execute(
    `query ($text: String!, $filter: String, $startdate: String, $enddate: String, $space: ID, $first: Int) {
      getSearch(text: $text, filter: $filter, startdate: $startdate, enddate: $enddate, space: $space, first: $first) { ${resultFields} }
    }`,
    variables,
  );
}

const found = async (someone: Person, text: string, variables: Record<string, unknown> = {}) =>
  expectData(await search(someone, { text, ...variables })).getSearch;
const ids = (results: Result[]) => results.map((result) => result.id);

async function setPermission(project: string, someone: Person, permission: 'basic' | 'removed') {
  expectData(
    await owner.client.execute(
      'mutation ($user: ID!, $project: ID!, $permission: String!) { setPermission(user: $user, project: $project, permission: $permission) { id } }',
      { user: someone.id, project, permission },
    ),
  );
}

/**
 * `work` with an event store on the server's own database whose clock says `now`: on PostgreSQL a second door on its
 * database, as another process would open it, closed after.
 */
async function withStoreAt<Result>(now: Date, work: (store: EventStore) => Promise<Result>): Promise<Result> {
  const { database, config } = server.app.services;
  const clock = { now: () => now };
  if (database.sqlite) return work(openEventStore(database, domains, clock));
  if (config.database.kind !== 'postgres') throw new Error('The app has neither a SQLite file nor PostgreSQL.');
  const pool = await connectPostgres({ url: config.database.url, poolSize: 2, statementTimeoutMs: 30_000 }, 'search-test');
  const store = await openPostgresEventStore(pool, domains, clock);
  try {
    return await work(asAreaEventStore(store));
  } finally {
    await store.close();
  }
}

/** Rebuilds every projection from the log in place, in the server's own database, as the rebuild tool does. */
async function replayInPlace(): Promise<void> {
  const { database, config } = server.app.services;
  const projections = domains.flatMap((module) => module.projections);
  if (database.sqlite) {
    await replay(database, database, projections);
    return;
  }
  if (config.database.kind !== 'postgres') throw new Error('The app has neither a SQLite file nor PostgreSQL.');
  const connection = postgres(config.database.url, { max: 1, onnotice: () => undefined });
  // Drizzle's postgres.js driver leaves JSON to its columns, as the app's pool does.
  drizzle(connection);
  try {
    await replayPostgresProjections(connection, asPostgresProjections(projections));
  } finally {
    await connection.end({ timeout: 1 });
  }
}

let server: TestServer;
let owner: Person;
let member: Person;
let outsider: Person;
let space: string;
let privateSpace: string;

beforeAll(async () => {
  server = await startTestServer({ COLLAB_UNLOAD_GRACE_MS: '100', COLLAB_ACTIVITY_DEBOUNCE_MS: '100' });
  owner = await person(server, 'Olga');
  member = await joinTeam(owner, await person(server, 'Milo'));
  outsider = await person(server, 'Otto');
  space = await createSpace(owner, 'Harbour');
  privateSpace = await createSpace(owner, 'Vault', 'private');
  await setPermission(space, member, 'basic');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('getSearch', () => {
  it('finds a task by name and description, with its code in the title and the match highlighted', async () => {
    const task = await createTask(owner, space, 'Lighthouse maintenance', { description: 'Replace the rotating lamp before winter' });
    const byName = await found(owner, 'lighthouse');
    const hit = byName.find((result) => result.id === task.id)!;
    expect(hit).toMatchObject({ type: 'task', title: `${task.idCode} Lighthouse maintenance`, project: space, projectTitle: 'Harbour' });
    expect(hit.link).toBe(`/${space}/tasks/d/${task.id}`);
    const [range] = hit.titleHighlights;
    expect(hit.title.slice(range!.start, range!.start + range!.length)).toBe('Lighthouse');
    const byDescription = (await found(owner, 'rotating lamp')).find((result) => result.id === task.id)!;
    expect(byDescription.description).toContain('rotating');
    const highlighted = byDescription.highlights.map((each) => byDescription.description!.slice(each.start, each.start + each.length));
    expect(highlighted).toEqual(['rotating', 'lamp']);
    // A rename is searched at once; the old name no longer finds it.
    await editTask(owner, task.id, { name: 'Beacon overhaul' });
    expect(ids(await found(owner, 'beacon overhaul'))).toContain(task.id);
    expect(ids(await found(owner, 'lighthouse'))).not.toContain(task.id);
  });

  it('finds messages of a channel, follows edits and forgets deleted ones', async () => {
    const message = await postMessage(owner, { project: space, body: 'The ferry schedule changes tomorrow' });
    const [hit] = await found(member, 'ferry schedule', { filter: 'message' });
    expect(hit).toMatchObject({ id: message.id, messageId: message.id, messageType: 'project', title: 'Harbour', project: space });
    expect(hit!.link).toBe(`/chats/${space}?message=${message.id}`);
    expectData(
      await owner.client.execute('mutation ($id: ID!, $body: String!) { ediMessage(id: $id, body: $body) { id } }', {
        id: message.id,
        body: 'The tugboat schedule changes tomorrow',
      }),
    );
    expect(ids(await found(member, 'ferry schedule'))).toEqual([]);
    expect(ids(await found(member, 'tugboat'))).toEqual([message.id]);
    expectData(await owner.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: message.id }));
    expect(ids(await found(member, 'tugboat'))).toEqual([]);
  });

  it('finds a doc by title and by the text typed in it, with its emoji', async () => {
    const doc = await createDoc(owner, space, 'Quarterly almanac');
    expectData(await owner.client.execute('mutation ($id: ID!) { updateWall(id: $id, emoji: "📘") { id } }', { id: doc.id }));
    const [byTitle] = await found(owner, 'almanac', { filter: 'doc' });
    expect(byTitle).toMatchObject({ id: doc.id, type: 'doc', title: 'Quarterly almanac', emoji: '📘', link: `/${space}/docs/d/${doc.id}` });

    const obsolete = await createDoc(owner, space, 'Obsolete charts');
    const editors = [doc.id, obsolete.id].map((id) => openDoc(server.url, id, { cookie: owner.client.cookieHeader() }));
    await Promise.all(editors.map((editor) => editor.synced()));
    paragraphText(editors[0]!.doc).insert(0, 'Tide tables for the estuary');
    paragraphText(editors[1]!.doc).insert(0, 'Lagoon soundings');
    await Promise.all(editors.map((editor) => editor.allSaved()));
    for (const editor of editors) editor.destroy();
    await waitFor(() => [doc.id, obsolete.id].every((id) => collabOf(server.app.services).isUnloaded(id)), 'the rooms to unload');
    const [byText] = await found(member, 'estuary');
    expect(byText).toMatchObject({ id: doc.id, type: 'doc' });
    expect(byText!.description).toContain('estuary');
    expect(byText!.highlights.map((range) => byText!.description!.slice(range.start, range.start + range.length))).toEqual(['estuary']);
    expect(ids(await found(member, 'lagoon soundings'))).toEqual([obsolete.id]);
    // A deleted doc's title and text are found no more.
    expectData(await owner.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: obsolete.id }));
    expect(await found(member, 'lagoon soundings')).toEqual([]);
    expect(await found(member, 'obsolete charts')).toEqual([]);
  }, 30_000);

  it('finds a file by its name and a PDF by the words inside it', async () => {
    const file = await uploadFile(owner, 'cargo-manifest.pdf', 'application/pdf', minimalPdf('Perishable oranges aboard'), {
      project: space,
    });
    expect(ids(await found(owner, 'manifest', { filter: 'file' }))).toEqual([file.id]);
    await pdfTextExtractionOf(server.app.services).idle();
    const [hit] = await found(member, 'perishable oranges');
    expect(hit).toMatchObject({ id: file.id, type: 'file', title: 'cargo-manifest.pdf' });
    expect(hit!.link).toBe(`/${space}/files?file=${file.id}`);
  }, 30_000);

  it('shows only what the caller may read: not another team, not a private chat they are not in, not a private space', async () => {
    const secretTask = await createTask(owner, privateSpace, 'Treasure coordinates');
    await postMessage(owner, { project: privateSpace, body: 'Treasure buried near the old mill' });
    const chat = expectData(await startPrivat(owner, [member.id], 'Pair')).setPrivat;
    const whisper = await postMessage(owner, { privat: chat.id, body: 'Whispered rendezvous at noon' });
    // The member sees the chat they are in, not the private space.
    expect(ids(await found(member, 'treasure'))).toEqual([]);
    const [chatHit] = await found(member, 'rendezvous');
    expect(chatHit).toMatchObject({ id: whisper.id, messageType: 'privat', title: 'Pair', project: null });
    // The owner (in the space) finds the task; another team finds nothing at all.
    expect(ids(await found(owner, 'treasure coordinates'))).toContain(secretTask.id);
    for (const text of ['treasure', 'rendezvous', 'harbour', 'almanac', 'perishable']) expect(await found(outsider, text)).toEqual([]);
    // A third member of the team, not in the private chat, does not find it.
    const third = await joinTeam(owner, await person(server, 'Tess'));
    expect(await found(third, 'rendezvous')).toEqual([]);
  });

  it('a member removed from a space finds nothing of it any more; a space out of sight as a filter is NOT_FOUND', async () => {
    const closed = await createSpace(owner, 'Drydock', 'private');
    await setPermission(closed, member, 'basic');
    const task = await createTask(owner, closed, 'Hull inspection');
    await postMessage(owner, { task: task.id, body: 'Barnacles everywhere on the keel' });
    expect(ids(await found(member, 'hull inspection'))).toEqual([task.id]);
    const [threadHit] = await found(member, 'barnacles');
    expect(threadHit).toMatchObject({ messageType: 'task', title: `${task.idCode} Hull inspection` });
    expect((await found(member, 'barnacles', { space: closed })).length).toBe(1);

    await setPermission(closed, member, 'removed');
    expect(await found(member, 'hull inspection')).toEqual([]);
    expect(await found(member, 'barnacles')).toEqual([]);
    const refused = await search(member, { text: 'barnacles', space: closed });
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreign = await search(outsider, { text: 'barnacles', space: closed });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it("finds a meeting room's messages for those who may use the room; a guest only finds their own space's items", async () => {
    const adHoc = await initiateRoom(owner, { name: 'Standup corner' });
    const spaceRoom = await initiateRoom(owner, { project: space });
    const adHocMessage = await postMessage(owner, { meetingroom: adHoc.id, body: 'Whiteboard marathon notes' });
    const roomMessage = await postMessage(owner, { meetingroom: spaceRoom.id, body: 'Whiteboard in the harbour room' });
    const adHocHit = (await found(member, 'whiteboard marathon')).find((result) => result.id === adHocMessage.id);
    expect(adHocHit).toMatchObject({ messageType: 'meetingroom', title: 'Standup corner', link: `/meetingroom/${adHoc.id}` });
    expect(ids(await found(member, 'whiteboard'))).toEqual(expect.arrayContaining([adHocMessage.id, roomMessage.id]));

    const guestSpace = await createSpace(owner, 'Guesthouse', 'private');
    const guestTask = await createTask(owner, guestSpace, 'Whiteboard for visitors');
    const guest = await joinTeam(owner, await person(server, 'Gina'), 'guest', guestSpace);
    expect(ids(await found(guest, 'whiteboard'))).toEqual([guestTask.id]);
    expect(await found(outsider, 'whiteboard')).toEqual([]);
  });

  it('searches FTS syntax characters as text, never as query syntax', async () => {
    await createTask(owner, space, 'Anchor "chain" NEAR(dock) title: -rust AND stern*');
    for (const text of [
      '"chain"',
      'NEAR(dock',
      'title: anchor',
      '-rust stern',
      'anchor AND chain',
      'stern* OR',
      '"unbalanced quote',
      '^anchor',
      '(((dock',
    ]) {
      const answer = await search(owner, { text });
      expect(answer.errors, text).toBeUndefined();
    }
    expect((await found(owner, 'title: anchor')).map((result) => result.title)).toEqual([expect.stringContaining('Anchor "chain"')]);
    expect((await found(owner, '"chain" NEAR(dock')).length).toBe(1);
    expect(await found(owner, '***** ""')).toEqual([]);
  });

  it('refuses bad input with a clear error', async () => {
    const codeOf = async (variables: Record<string, unknown>) => (await search(owner, variables)).errors?.[0];
    const short = await codeOf({ text: '  abcd ' });
    expect(short).toMatchObject({ message: 'Type more than 4 characteres', extensions: { code: 'SEARCH_TOO_SHORT' } });
    expect((await codeOf({ text: 'x'.repeat(10_240) }))?.extensions).toMatchObject({ code: 'SEARCH_TOO_LONG', params: { maximum: 500 } });
    expect((await codeOf({ text: 'harbour', startdate: '2026-05-02', enddate: '2026-05-01' }))?.extensions?.code).toBe(
      'SEARCH_DATES_REVERSED',
    );
    expect((await codeOf({ text: 'harbour', startdate: 'yesterday' }))?.extensions?.code).toBe('SEARCH_DATE_INVALID');
    expect((await codeOf({ text: 'harbour', filter: 'people' }))?.extensions?.code).toBe('CHOICE_INVALID');
    expect((await codeOf({ text: 'harbour', first: 51 }))?.extensions?.code).toBe('SEARCH_PAGE_SIZE');
  });

  it('filters by dates, inclusive', async () => {
    const task = await createTask(owner, space, 'Calendar regatta');
    const [created] = await found(owner, 'regatta');
    const today = created!.createdAt.slice(0, 10);
    expect(ids(await found(owner, 'regatta', { startdate: today, enddate: today }))).toEqual([task.id]);
    expect(await found(owner, 'regatta', { enddate: '2000-01-01' })).toEqual([]);
    expect(await found(owner, 'regatta', { startdate: '2999-01-01' })).toEqual([]);
  });

  it('puts an exact title match first', async () => {
    await createTask(owner, space, 'Mooring lines', { description: 'Check the mooring ropes and the mooring lines of every boat' });
    const exact = await createTask(owner, space, 'Mooring');
    expect((await found(owner, 'mooring'))[0]!.id).toBe(exact.id);
  });

  it("leaves out what is older than the free plan's search history, and finds it once the team is on a paid plan", async () => {
    const days = planLimits.free.searchHistoryDays!;
    // A channel message written (days + 10) days ago: recorded through the event store with that day's clock, as it was then.
    const writtenAt = new Date(Date.now() - (days + 10) * 86_400_000);
    const conversation = `project:${space}`;
    const message: MessageCreated = {
      conversation,
      projectId: space,
      privatId: null,
      taskId: null,
      meetingroomId: null,
      spaceId: space,
      messageId: newId(),
      body: 'The old lighthouse keeper logbook',
      type: 'text',
      fileId: null,
      replyToId: null,
      clientId: null,
      mentions: [],
    };
    await withStoreAt(writtenAt, (pastStore) =>
      pastStore.run(
        { actorId: owner.id },
        async (unit) =>
          await unit.append(`chat:${conversation}`, [{ type: 'message.created', payload: message }], { teamId: owner.teamId }),
      ),
    );
    const recent = await postMessage(owner, { project: space, body: 'The new lighthouse keeper logbook' });

    expect(ids(await found(owner, 'lighthouse keeper'))).toEqual([recent.id]);
    expect(ids(await found(member, 'logbook', { filter: 'message' }))).toEqual([recent.id]);
    // A date range reaching further back does not reach past the plan's history.
    expect(ids(await found(owner, 'logbook', { startdate: '2000-01-01' }))).toEqual([recent.id]);

    expectData(
      await owner.client.execute(
        `mutation ($team: ID!) { setTeamPlan(team: $team, plan: "basic", period: "monthly", seats: 3, currency: "gbp") { type } }`,
        { team: owner.teamId },
      ),
    );
    expect(planLimits.basic.searchHistoryDays).toBeGreaterThan(days + 10);
    const onBasic = await found(owner, 'lighthouse keeper');
    expect(ids(onBasic)).toEqual([recent.id, message.messageId]);
    expect(onBasic[1]!.createdAt).toBe(writtenAt.toISOString());
    expect(ids(await found(member, 'logbook', { enddate: writtenAt.toISOString().slice(0, 10) }))).toEqual([message.messageId]);
  });

  it('finds a calendar event for its author and the members it invites now, a series once (twice once split), and forgets a deleted one', async () => {
    const setEvent = (variables: Record<string, unknown>) =>
      owner.client.execute<{ setEvent: { id: string } }>(
        `mutation ($title: String!, $description: String!, $recurring: String!, $invited: [ID!]) {
          setEvent(title: $title, description: $description, startDate: "2026-03-02T08:00:00Z", endDate: "2026-03-02T09:00:00Z",
            type: "event", recurring: $recurring, timeZone: "Europe/Berlin", invited: $invited) { id }
        }`,
        variables,
      );
    const third = await joinTeam(owner, await person(server, 'Theo'));
    const series = expectData(
      await setEvent({
        title: 'Flotilla briefing',
        description: 'Weekly review of the sailing routes',
        recurring: 'weekly',
        invited: [member.id],
      }),
    ).setEvent;
    const [hit] = await found(member, 'flotilla briefing');
    expect(hit).toMatchObject({
      id: series.id,
      type: 'event',
      title: 'Flotilla briefing',
      project: null,
      projectTitle: null,
      messageId: null,
    });
    expect(hit!.link).toBe(`/overview/calendar/d/${series.id}`);
    expect(hit!.titleHighlights.map((range) => hit!.title.slice(range.start, range.start + range.length))).toEqual([
      'Flotilla',
      'briefing',
    ]);
    // Every week of the series, one result; found by its description and with the event filter; not inside a space.
    expect(ids(await found(owner, 'sailing routes'))).toEqual([series.id]);
    expect(ids(await found(member, 'flotilla', { filter: 'event' }))).toEqual([series.id]);
    expect(await found(member, 'flotilla', { filter: 'task' })).toEqual([]);
    expect(await found(member, 'flotilla briefing', { space })).toEqual([]);
    // Not invited: another member of the team and another team find nothing.
    expect(await found(third, 'flotilla briefing')).toEqual([]);
    expect(await found(outsider, 'flotilla briefing')).toEqual([]);
    // Judged when searching: a member who leaves the event no longer finds it.
    expectData(await member.client.execute('mutation ($id: ID!) { respondEvent(id: $id, response: "leave") { id } }', { id: series.id }));
    expect(await found(member, 'flotilla briefing')).toEqual([]);
    expect(ids(await found(owner, 'flotilla briefing'))).toEqual([series.id]);
    // A rename is searched at once; a deleted event is found no more.
    expectData(
      await owner.client.execute('mutation ($id: ID!) { ediEvent(id: $id, title: "Harbour pilots briefing") { id } }', { id: series.id }),
    );
    expect(await found(owner, 'flotilla')).toEqual([]);
    expect(ids(await found(owner, 'pilots briefing'))).toEqual([series.id]);
    // "This and following" ends the series and starts another with the same title: two items from then on.
    const continued = expectData(
      await owner.client.execute<{ ediEvent: { id: string } }>(
        'mutation ($id: ID!) { ediEvent(id: $id, scope: "following", occurrence: "2026-03-16T08:00:00.000Z", location: "Pier 4") { id } }',
        { id: series.id },
      ),
    ).ediEvent;
    expect(continued.id).not.toBe(series.id);
    expect(ids(await found(owner, 'pilots briefing')).sort()).toEqual([series.id, continued.id].sort());
    const gone = expectData(
      await setEvent({ title: 'Lifeboat drill', description: 'Muster at the slipway', recurring: 'none', invited: [member.id] }),
    ).setEvent;
    expect(ids(await found(member, 'lifeboat drill'))).toEqual([gone.id]);
    const indexed = () => appRow(server.app, sql`SELECT id FROM search_items WHERE kind = 'event' AND item_id = ${gone.id}`);
    expect(await indexed()).toBeDefined();
    expectData(await owner.client.execute('mutation ($id: ID!) { delEvent(id: $id) }', { id: gone.id }));
    expect(await found(member, 'lifeboat drill')).toEqual([]);
    expect(await found(owner, 'slipway')).toEqual([]);
    // Gone from the index itself, not only out of the readers' list (the calendar's row is gone either way). Its words
    // go with the row: PostgreSQL keeps them in it, SQLite's FTS5 table drops them (search-sqlite.test.ts).
    expect(await indexed()).toBeUndefined();
  });

  it('gives the same results after a replay of the log', async () => {
    const queries = [
      'beacon overhaul',
      'rotating lamp',
      'estuary',
      'perishable',
      'rendezvous',
      'treasure',
      'mooring',
      'almanac',
      'pilots briefing',
    ];
    const before = await Promise.all(queries.map((text) => found(owner, text)));
    const counts = async () => await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS items FROM search_items`);
    // The index holds exactly the calendar's events: a deleted one (the lifeboat drill) is in neither, live or replayed.
    const indexedEvents = async () => ({
      indexed: (
        await appRows<{ id: string }>(server.app, sql`SELECT item_id AS id FROM search_items WHERE kind = 'event' ORDER BY item_id`)
      ).map((row) => row.id),
      events: (await appRows<{ id: string }>(server.app, sql`SELECT id FROM calendar_events ORDER BY id`)).map((row) => row.id),
    });
    const eventsBefore = await indexedEvents();
    expect(eventsBefore.indexed).toEqual(eventsBefore.events);
    expect(eventsBefore.indexed.length).toBeGreaterThan(0);
    const countsBefore = await counts();
    await replayInPlace();
    expect(await counts()).toEqual(countsBefore);
    expect(await indexedEvents()).toEqual(eventsBefore);
    const after = await Promise.all(queries.map((text) => found(owner, text)));
    expect(after).toEqual(before);
    expect(before.every((results) => results.length > 0)).toBe(true);
  }, 30_000);
});
