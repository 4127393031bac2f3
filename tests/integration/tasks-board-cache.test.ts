// getTasks(project) answered from the kept board (server/src/domains/tasks/boardCache.ts), over HTTP: writes by
// other members show at once, each viewer gets their own flags and unread counts, and losing access to the
// space stops the answers however recently the board was read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileTransactionOpen } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { createTask, editTask, sectionsOf } from './taskFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The client's card fields (no description: the board is answered from memory for these).
const cardFields = `id idCode name color priority positionSection state deadline project parentTask canEdit canDelete updatedAt cover
  isFollowing users { id firstname lastname profileImg } tags { id name color } sprint { id name color } length { amount unit } files { id } unread`;

interface Card {
  id: string;
  name: string;
  canDelete: boolean;
  isFollowing: boolean;
  users: { id: string; firstname: string }[];
  unread: number;
}

async function board(someone: Person, project: string, fields = cardFields) {
  return someone.client.execute<{ getTasks: Card[] }>(`query ($project: ID!) { getTasks(project: $project) { ${fields} } }`, { project });
}
const cards = async (someone: Person, project: string) => expectData(await board(someone, project)).getTasks;

async function team(): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(server, 'Kept');
  const space = await createSpace(admin, 'Kept board', 'private');
  const member = await joinTeam(admin, await person(server, 'Viewer'), 'basic', space);
  return { admin, member, space };
}

describe('getTasks from the kept board', () => {
  it("shows another member's write on the next answer", async () => {
    const { admin, member, space } = await team();
    const first = await createTask(admin, space, 'Draft the plan');
    expect((await cards(member, space)).map((card) => card.name)).toEqual(['Draft the plan']);
    expect((await cards(member, space)).map((card) => card.name)).toEqual(['Draft the plan']);

    await editTask(admin, first.id, { name: 'Plan drafted', users: [member.id] });
    await createTask(admin, space, 'Review the plan');
    const after = await cards(member, space);
    expect(after.map((card) => card.name)).toEqual(['Plan drafted', 'Review the plan']);
    expect(after[0]!.users.map((user) => user.id)).toEqual([member.id]);
    expect(after[0]!.isFollowing).toBe(true);
  });

  it('shows an acknowledged write while an older transaction is still open elsewhere', async () => {
    const { admin, member, space } = await team();
    await createTask(admin, space, 'Before');
    expect((await cards(member, space)).map((card) => card.name)).toEqual(['Before']);
    // On PostgreSQL the write's position is above the settled one until the open transaction ends: the kept board
    // looked for changes only up to the settled position, and answered without it.
    await whileTransactionOpen(server.app, async () => {
      await createTask(admin, space, 'While another transaction runs');
      expect((await cards(member, space)).map((card) => card.name)).toEqual(['Before', 'While another transaction runs']);
    });
    await createTask(admin, space, 'After');
    expect((await cards(member, space)).map((card) => card.name)).toEqual(['Before', 'While another transaction runs', 'After']);
  });

  it('answers the same fields as a board read whole', async () => {
    const { admin, member, space } = await team();
    const tag = expectData(
      await admin.client.execute<{ setTag: { id: string } }>('mutation ($project: ID!) { setTag(project: $project, name: "Ops") { id } }', {
        project: space,
      }),
    ).setTag.id;
    await createTask(admin, space, 'One', { users: [member.id], tags: [tag], priority: 3, deadline: '2030-01-02' });
    await createTask(member, space, 'Two', { length: { amount: 2, unit: 'hours' } });
    const everyField = `${cardFields} letter route createdAt updated positionDuedate positionAsignee followers { id } author { id }
      stateProject { id value icon position }`;
    const kept = expectData(await board(member, space, everyField)).getTasks;
    // Asking for description reads the board whole, as before the board was kept.
    const whole = expectData(await board(member, space, `${everyField} description`)).getTasks.map(
      ({ description: _description, ...rest }: Card & { description?: unknown }) => rest,
    );
    expect(kept).toEqual(whole);
  });

  it('gives each viewer their own flags and unread counts from the same kept board', async () => {
    const { admin, member, space } = await team();
    const byAdmin = await createTask(admin, space, 'Written by the admin');
    await createTask(member, space, 'Written by the member');
    expectData(
      await admin.client.execute('mutation ($task: ID) { setMessage(task: $task, body: "Have a look") { id } }', { task: byAdmin.id }),
    );
    const asAdmin = await cards(admin, space);
    const asMember = await cards(member, space);
    const flags = (list: Card[]) => list.map(({ name, canDelete, isFollowing, unread }) => ({ name, canDelete, isFollowing, unread }));
    expect(flags(asAdmin)).toEqual([
      { name: 'Written by the admin', canDelete: true, isFollowing: true, unread: 0 },
      { name: 'Written by the member', canDelete: true, isFollowing: false, unread: 0 },
    ]);
    expect(flags(asMember)).toEqual([
      { name: 'Written by the admin', canDelete: false, isFollowing: false, unread: 1 },
      { name: 'Written by the member', canDelete: true, isFollowing: true, unread: 0 },
    ]);
  });

  it('refuses a member taken out of the space, though the board was just read for them', async () => {
    const { admin, member, space } = await team();
    await createTask(admin, space, 'Secret plan');
    expect(await cards(member, space)).toHaveLength(1);
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: member.id, project: space },
      ),
    );
    const refused = await board(member, space);
    expect(refused.data?.getTasks).toBeUndefined();
    expect(refused.errors?.[0]?.message).toBeTruthy();
    expect(await cards(admin, space)).toHaveLength(1);
  });
});

describe("getTasks(project, perSection): the board's first screen", () => {
  const firstScreen = (someone: Person, project: string, perSection: number, fields = 'id name state parentTask') =>
    someone.client.execute<{ getTasks: { id: string; name: string; state: string; parentTask: string | null }[] }>(
      `query ($project: ID!, $perSection: Int) { getTasks(project: $project, perSection: $perSection) { ${fields} } }`,
      { project, perSection },
    );

  it('answers the first top-level tasks of each section in board order, the same whether kept or read whole', async () => {
    const { admin, member, space } = await team();
    const [todo, doing] = (await sectionsOf(admin, space)).map((section) => section.id);
    for (const name of ['A1', 'A2', 'A3']) await createTask(admin, space, name, { state: todo });
    const parent = await createTask(admin, space, 'B1', { state: doing });
    await createTask(admin, space, 'B1 subtask', { state: doing, parentTask: parent.id });
    await createTask(admin, space, 'B2', { state: doing });
    await createTask(admin, space, 'B3', { state: doing });

    const kept = expectData(await firstScreen(member, space, 2)).getTasks;
    const namesIn = (section: string | undefined) => kept.filter((task) => task.state === section).map((task) => task.name);
    expect(namesIn(todo)).toEqual(['A1', 'A2']);
    expect(namesIn(doing)).toEqual(['B1', 'B2']);
    expect(kept).toHaveLength(4);
    expect(kept.every((task) => task.parentTask === null)).toBe(true);
    const whole = expectData(await firstScreen(member, space, 2, 'id name state parentTask description')).getTasks;
    expect(whole.map((task) => task.name)).toEqual(kept.map((task) => task.name));
    expect(expectData(await board(member, space)).getTasks).toHaveLength(7);
  });

  it('refuses perSection with the digest arguments and out of range, and a space the caller cannot read', async () => {
    const { admin, space } = await team();
    const withFirst = await admin.client.execute('query ($project: ID!) { getTasks(project: $project, first: 5, perSection: 2) { id } }', {
      project: space,
    });
    expect(withFirst.errors?.[0]?.extensions?.code).toBe('FIRST_SCREEN_ALONE');
    expect((await firstScreen(admin, space, 0)).errors?.[0]?.message).toBeTruthy();
    const outsider = await person(server, 'Outsider');
    expect((await firstScreen(outsider, space, 2)).errors?.[0]?.extensions?.code).toBeTruthy();
  });
});
