import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { createTask, joinSpace, sectionsOf } from './taskFactories';

/**
 * getTasks with filters (Home's "my open tasks", a space home's open tasks): across the current
 * team's spaces the caller may read, open ones only, soonest deadline first, capped.
 */
let server: TestServer;
let admin: Person;
let member: Person;
let guest: Person;
let stranger: Person;
let shared: string;
let secret: string;
let guestSpace: string;
const ids: Record<string, string> = {};

type Listed = { id: string; name: string; project: string; deadline: string | null };

function listTasks(someone: Person, variables: Record<string, unknown>) {
  return someone.client.execute<{ getTasks: Listed[] }>(
    'query ($project: ID, $users: [ID!], $open: Boolean, $first: Int) { getTasks(project: $project, users: $users, open: $open, first: $first) { id name project deadline } }',
    variables,
  );
}

async function names(someone: Person, variables: Record<string, unknown>): Promise<string[]> {
  return expectData(await listTasks(someone, variables)).getTasks.map((task) => task.name);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Ava');
  member = await joinTeam(admin, await person(server, 'Ben'));
  shared = await createSpace(admin, 'Shared');
  secret = await createSpace(admin, 'Secret', 'private');
  guestSpace = await createSpace(admin, 'Guests', 'private');
  guest = await joinTeam(admin, await person(server, 'Gus'), 'guest', guestSpace);
  stranger = await person(server, 'Sam');
  await joinSpace(member, shared);
  const [, , done] = await sectionsOf(admin, shared);
  const create = async (key: string, project: string, variables: Record<string, unknown>) => {
    ids[key] = (await createTask(admin, project, key, variables)).id;
  };
  await create('Later', shared, { users: [member.id], deadline: day(30) });
  await create('Undated', shared, { users: [member.id] });
  await create('Overdue', shared, { users: [member.id], deadline: day(-3) });
  await create('Finished', shared, { users: [member.id], deadline: day(-1), state: done!.id });
  await create('Today', shared, { users: [member.id, admin.id], deadline: day(0) });
  await create('Admin only', shared, { users: [admin.id], deadline: day(2) });
  await create('Admin secret', secret, { users: [admin.id], deadline: day(1) });
  await create('Guest work', guestSpace, { users: [guest.id], deadline: day(5) });
  await create('Nobody', shared, {});
  const strangerSpace = await createSpace(stranger, 'Elsewhere');
  await createTask(stranger, strangerSpace, 'Foreign', { users: [stranger.id] });
});
afterAll(() => server.close());

describe('getTasks across spaces', () => {
  it('lists my open tasks of every space of my team, soonest deadline first and undated last', async () => {
    expect(await names(member, { users: [member.id], open: true })).toEqual(['Overdue', 'Today', 'Later', 'Undated']);
  });

  it('keeps tasks in the last section without open, and caps the answer with first', async () => {
    expect(await names(member, { users: [member.id] })).toEqual(['Overdue', 'Finished', 'Today', 'Later', 'Undated']);
    expect(await names(member, { users: [member.id], open: true, first: 2 })).toEqual(['Overdue', 'Today']);
  });

  it("takes only spaces the caller may read: a basic member asking for an admin's tasks does not see the private space", async () => {
    expect(await names(member, { users: [admin.id], open: true })).toEqual(['Today', 'Admin only']);
    expect(await names(admin, { users: [admin.id], open: true })).toEqual(['Today', 'Admin secret', 'Admin only']);
  });

  it('gives a guest only the spaces they are in', async () => {
    expect(await names(guest, { users: [guest.id, member.id, admin.id], open: true })).toEqual(['Guest work']);
  });

  it('never reaches into another team, whoever is named', async () => {
    expect(await names(stranger, { users: [member.id, admin.id] })).toEqual([]);
    expect(await names(member, { users: [stranger.id] })).toEqual([]);
  });

  it('filters one space the same way, and still reads a whole board without filters', async () => {
    expect(await names(member, { project: shared, open: true })).toEqual(['Overdue', 'Today', 'Admin only', 'Later', 'Nobody', 'Undated']);
    expect(await names(member, { project: shared, users: [admin.id] })).toEqual(['Today', 'Admin only']);
    expect((await names(member, { project: shared })).sort()).toEqual([
      'Admin only',
      'Finished',
      'Later',
      'Nobody',
      'Overdue',
      'Today',
      'Undated',
    ]);
    const refused = await listTasks(member, { project: secret, open: true });
    expect(refused.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('refuses a call without a space or people, and a cap out of range, writing nothing', async () => {
    const before = await countEvents(server);
    for (const variables of [{}, { open: true }, { users: [] }, { users: [member.id], first: 0 }, { users: [member.id], first: 501 }]) {
      const result = await listTasks(member, variables);
      expect(result.errors?.[0]?.extensions.category, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    expect(await countEvents(server)).toBe(before);
  });

  it('leaves a space out once the caller can no longer read it', async () => {
    expectData(
      await member.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: member.id, project: shared },
      ),
    );
    // A public space stays readable to basic members after leaving it; a private one does not.
    expectData(await admin.client.execute('mutation ($id: ID!) { ediProject(id: $id, type: "private") { id } }', { id: shared }));
    expect(await names(member, { users: [member.id], open: true })).toEqual([]);
  });
});
