import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appRow } from '../support/appRows';
import { startTestServer, type GraphqlResponse, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person, setPlan, type Person } from './teamFactories';
import { createTask, ediTask, getTasks, setTask } from './taskFactories';
import { createDoc } from './docFactories';
import { messagesOf, postMessage, privatsOf, startPrivat } from './chatFactories';

/** SPEC §9 plan limits (shared/src/plans.ts): what a free team may make, and the history it sees. */

const day = 24 * 60 * 60 * 1000;
const codeOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions.code;
const paramsOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions.params;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const newSpace = (someone: Person, name: string) =>
  someone.client.execute<{ setProject: { id: string } }>('mutation ($name: String!) { setProject(name: $name) { id } }', { name });
const spacesOf = async (someone: Person) =>
  expectData(await someone.client.execute<{ getProjects: { id: string; isPersonal: boolean }[] }>('{ getProjects { id isPersonal } }'))
    .getProjects;
const newDoc = (someone: Person, project: string, title: string) =>
  someone.client.execute<{ setWorkspace: { id: string } }>(
    'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id } }',
    {
      project,
      title,
    },
  );
const docCount = async (project: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM docs WHERE project_id = ${project}`))!
    .count;

/** Makes `count` tasks in a space, 25 to a request (each alias is its own command). */
async function fillSpace(someone: Person, project: string, count: number): Promise<void> {
  for (let made = 0; made < count; made += 25) {
    const batch = Math.min(25, count - made);
    const fields = Array.from(
      { length: batch },
      (_, index) => `t${index}: setTask(project: $project, name: "Task ${made + index}") { id }`,
    );
    expectData(await someone.client.execute(`mutation ($project: ID!) { ${fields.join(' ')} }`, { project }));
  }
}

async function fillDocs(someone: Person, project: string, count: number): Promise<void> {
  for (let made = 0; made < count; made += 25) {
    const batch = Math.min(25, count - made);
    const fields = Array.from(
      { length: batch },
      (_, index) => `d${index}: setWorkspace(project: $project, title: "Doc ${made + index}") { id }`,
    );
    expectData(await someone.client.execute(`mutation ($project: ID!) { ${fields.join(' ')} }`, { project }));
  }
}

describe('spaces per team', () => {
  it('refuses the sixth space of a free team with PLAN_LIMIT_SPACES and nothing changed; personal spaces do not count', async () => {
    const ada = await person(server, 'Ada');
    for (let index = 1; index <= 5; index += 1) await createSpace(ada, `Space ${index}`);
    expect((await spacesOf(ada)).filter((space) => !space.isPersonal)).toHaveLength(5);
    const before = await countEvents(server);
    const refused = await newSpace(ada, 'Space 6');
    expect(codeOf(refused)).toBe('PLAN_LIMIT_SPACES');
    expect(paramsOf(refused)).toEqual({ plan: 'free', limit: 5 });
    expect(refused.errors?.[0]?.message).toBe('The free plan allows 5 spaces per team. Upgrade to make more.');
    expect(await countEvents(server)).toBe(before);
    expect(await spacesOf(ada)).toHaveLength(6);

    // Deleting one frees its slot.
    const [first] = (await spacesOf(ada)).filter((space) => !space.isPersonal);
    expectData(await ada.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: first!.id }));
    expectData(await newSpace(ada, 'Space 6'));
  });

  it('allows more on a paid plan (basic: 20; business: no limit)', async () => {
    const grace = await person(server, 'Grace');
    for (let index = 1; index <= 5; index += 1) await createSpace(grace, `Space ${index}`);
    await setPlan(server, grace.teamId, 'business');
    for (let index = 6; index <= 21; index += 1) expectData(await newSpace(grace, `Space ${index}`));
    await setPlan(server, grace.teamId, 'basic');
    const refused = await newSpace(grace, 'Space 22');
    expect(codeOf(refused)).toBe('PLAN_LIMIT_SPACES');
    expect(paramsOf(refused)).toEqual({ plan: 'basic', limit: 20 });
  });

  it('lets exactly one of two creates at once take the last slot', async () => {
    const linus = await person(server, 'Linus');
    for (let index = 1; index <= 4; index += 1) await createSpace(linus, `Space ${index}`);
    const results = await Promise.all([newSpace(linus, 'Racing A'), newSpace(linus, 'Racing B')]);
    expect(results.map((result) => (result.errors ? codeOf(result) : 'created')).sort()).toEqual(['PLAN_LIMIT_SPACES', 'created']);
    expect((await spacesOf(linus)).filter((space) => !space.isPersonal)).toHaveLength(5);
  });

  it('keeps everything of a team over the limit after a downgrade: it edits and deletes, only new spaces are refused', async () => {
    const hedy = await person(server, 'Hedy');
    await setPlan(server, hedy.teamId, 'business');
    const spaces: string[] = [];
    for (let index = 1; index <= 7; index += 1) spaces.push(await createSpace(hedy, `Space ${index}`));
    const task = await createTask(hedy, spaces[0]!, 'Kept task');
    await setPlan(server, hedy.teamId, 'free');
    expect((await spacesOf(hedy)).filter((space) => !space.isPersonal)).toHaveLength(7);
    expect(codeOf(await newSpace(hedy, 'Space 8'))).toBe('PLAN_LIMIT_SPACES');
    expectData(await hedy.client.execute('mutation ($id: ID!) { ediProject(id: $id, name: "Renamed") { id } }', { id: spaces[1] }));
    expectData(await ediTask(hedy, { id: task.id, name: 'Edited task' }));
    expectData(await hedy.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: spaces[2] }));
    // Six left: still over five, so still refused.
    expect(codeOf(await newSpace(hedy, 'Space 8'))).toBe('PLAN_LIMIT_SPACES');
  });
});

describe('docs per team', () => {
  it('refuses the 51st doc of a free team across its spaces, a meeting notes doc too, and allows it on a paid plan', async () => {
    const ada = await person(server, 'Ada');
    const first = await createSpace(ada, 'First');
    const second = await createSpace(ada, 'Second');
    await fillDocs(ada, first, 30);
    await fillDocs(ada, second, 20);
    const room = expectData(
      await ada.client.execute<{ initiateMeetingroom: { id: string } }>(
        'mutation ($project: ID) { initiateMeetingroom(project: $project) { id } }',
        {
          project: second,
        },
      ),
    ).initiateMeetingroom;
    const before = await countEvents(server);
    const refused = await newDoc(ada, first, 'One more');
    expect(codeOf(refused)).toBe('PLAN_LIMIT_DOCS');
    expect(paramsOf(refused)).toEqual({ plan: 'free', limit: 50 });
    const notes = await ada.client.execute('mutation ($id: ID!) { initiateMeetingroomNotes(id: $id) { id notesDoc } }', { id: room.id });
    expect(codeOf(notes)).toBe('PLAN_LIMIT_DOCS');
    expect(await countEvents(server)).toBe(before);
    expect((await docCount(first)) + (await docCount(second))).toBe(50);

    await setPlan(server, ada.teamId, 'unlimited');
    await createDoc(ada, first, 'One more');
    expect(await docCount(first)).toBe(31);
  });
});

describe('tasks per space', () => {
  // Fills a space with 250 tasks first (ten requests of 25 commands each), which on a busy machine takes longer than a
  // test's usual twenty seconds.
  it('refuses the 251st task of a space by every path (new, subtask, duplicate, moved in) with nothing changed', async () => {
    const ada = await person(server, 'Ada');
    const full = await createSpace(ada, 'Full');
    const other = await createSpace(ada, 'Other');
    await fillSpace(ada, full, 249);
    const parent = await createTask(ada, full, 'The 250th');
    const elsewhere = await createTask(ada, other, 'Elsewhere');
    const before = await countEvents(server);

    const refused = await setTask(ada, { project: full, name: 'One more' });
    expect(codeOf(refused)).toBe('PLAN_LIMIT_TASKS');
    expect(paramsOf(refused)).toEqual({ plan: 'free', limit: 250 });
    expect(codeOf(await setTask(ada, { project: full, name: 'A subtask', parentTask: parent.id }))).toBe('PLAN_LIMIT_TASKS');
    expect(codeOf(await ada.client.execute('mutation ($id: ID!) { duplicateTask(id: $id) { id } }', { id: parent.id }))).toBe(
      'PLAN_LIMIT_TASKS',
    );
    expect(codeOf(await ediTask(ada, { id: elsewhere.id, project: full, name: 'Renamed while moving' }))).toBe('PLAN_LIMIT_TASKS');
    expect(await countEvents(server)).toBe(before);
    expect(await getTasks(ada, full)).toHaveLength(250);
    const unmoved = (await getTasks(ada, other)).find((task) => task.id === elsewhere.id);
    expect([unmoved?.project, unmoved?.name]).toEqual([other, 'Elsewhere']);

    // The other space has its own 250.
    await createTask(ada, other, 'Second in other');
    await setPlan(server, ada.teamId, 'basic');
    expectData(await setTask(ada, { project: full, name: 'One more' }));
  }, 60_000);

  // Fills a space with 248 tasks first (ten requests of up to 25 commands each), which on a busy machine takes longer
  // than a test's usual twenty seconds.
  it('counts a moved task with its subtasks: refused when they do not all fit', async () => {
    const grace = await person(server, 'Grace');
    const target = await createSpace(grace, 'Target');
    const source = await createSpace(grace, 'Source');
    await fillSpace(grace, target, 248);
    const root = await createTask(grace, source, 'Root');
    await createTask(grace, source, 'Child', { parentTask: root.id });
    await createTask(grace, source, 'Second child', { parentTask: root.id });
    expect(codeOf(await ediTask(grace, { id: root.id, project: target }))).toBe('PLAN_LIMIT_TASKS');
    expect(await getTasks(grace, target)).toHaveLength(248);
    expect(await getTasks(grace, source)).toHaveLength(3);
    const child = (await getTasks(grace, source)).find((task) => task.name === 'Child')!;
    expectData(await grace.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: child.id }));
    expectData(await ediTask(grace, { id: root.id, project: target }));
    expect(await getTasks(grace, target)).toHaveLength(250);
  }, 60_000);
});

describe('message history', () => {
  const historyOf = async (someone: Person, variables: Record<string, unknown>) =>
    expectData(
      await someone.client.execute<{ getMessageHistory: { plan: string; days: number | null; hidden: boolean } }>(
        'query ($project: ID, $privat: ID) { getMessageHistory(project: $project, privat: $privat) { plan days hidden } }',
        variables,
      ),
    ).getMessageHistory;
  const channelOf = async (someone: Person, id: string) =>
    expectData(
      await someone.client.execute<{ getProjectBasic: { unread: number; lastMessage: { body: string } | null } }>(
        'query ($id: ID!) { getProjectBasic(id: $id) { unread lastMessage { body } } }',
        { id },
      ),
    ).getProjectBasic;

  it('hides messages older than the plan shows from every list, and shows them again on a longer plan', async () => {
    const ada = await person(server, 'Ada');
    const grace = await joinTeam(ada, await person(server, 'Grace'));
    const channel = await createSpace(ada, 'Channel');
    expectData(await grace.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: channel }));
    const privat = expectData(await startPrivat(ada, [grace.id])).setPrivat.id;

    // 100 days ago (past the free plan's 90): an old message in the channel, and the private chat's only one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 100 * day);
    await postMessage(ada, { project: channel, body: 'From long ago' });
    await postMessage(ada, { privat, body: 'Old private word' });
    vi.useRealTimers();
    await postMessage(ada, { project: channel, body: 'Recent' });

    expect((await messagesOf(grace, { project: channel })).map((message) => message.body)).toEqual(['Recent']);
    expect(await messagesOf(grace, { privat })).toEqual([]);
    expect(await historyOf(grace, { project: channel })).toEqual({ plan: 'free', days: 90, hidden: true });
    expect(await historyOf(grace, { privat })).toEqual({ plan: 'free', days: 90, hidden: true });
    expect(await channelOf(grace, channel)).toEqual({ unread: 1, lastMessage: { body: 'Recent' } });
    const hiddenChat = (await privatsOf(grace)).find((chat) => chat.id === privat)!;
    expect([hiddenChat.unread, hiddenChat.lastMessage]).toEqual([0, null]);

    await setPlan(server, ada.teamId, 'basic');
    expect((await messagesOf(grace, { project: channel })).map((message) => message.body)).toEqual(['Recent', 'From long ago']);
    expect(await historyOf(grace, { project: channel })).toEqual({ plan: 'basic', days: 365, hidden: false });
    const shownChat = (await privatsOf(grace)).find((chat) => chat.id === privat)!;
    expect([shownChat.unread, shownChat.lastMessage?.body]).toEqual([1, 'Old private word']);

    await setPlan(server, ada.teamId, 'business');
    expect(await historyOf(grace, { privat })).toEqual({ plan: 'business', days: null, hidden: false });
    expect((await messagesOf(grace, { privat })).map((message) => message.body)).toEqual(['Old private word']);

    // Back on free, the old messages are hidden again: never deleted.
    await setPlan(server, ada.teamId, 'free');
    expect((await messagesOf(grace, { project: channel })).map((message) => message.body)).toEqual(['Recent']);
    expect(await historyOf(ada, { project: channel })).toEqual({ plan: 'free', days: 90, hidden: true });
  });

  it('says nothing is hidden when every message is within the plan', async () => {
    const ada = await person(server, 'Ada');
    const channel = await createSpace(ada, 'Fresh');
    await postMessage(ada, { project: channel, body: 'Today' });
    expect(await historyOf(ada, { project: channel })).toEqual({ plan: 'free', days: 90, hidden: false });
  });
});
