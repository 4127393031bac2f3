import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { teamMessages } from '#shared/teams';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const spaceFields = 'id name color description type isPersonal isMember permission requested canManage users { id isAuth permission }';
const setPermission =
  'mutation ($user: ID!, $project: ID!, $permission: String!) { setPermission(user: $user, project: $project, permission: $permission) { id users { id permission } } }';
const join = 'mutation ($project: ID!) { joinProject(project: $project) { id isMember requested } }';

async function team(): Promise<{ admin: Person; member: Person }> {
  const admin = await person(server, 'Amy');
  const member = await joinTeam(admin, await person(server, 'Ben'));
  return { admin, member };
}

describe('spaces', () => {
  it('creates a space with setProject: the creator is its admin; other members see a public one as joinable', async () => {
    const { admin, member } = await team();
    const created = expectData(
      await admin.client.execute<{ setProject: Record<string, unknown> }>(
        `mutation { setProject(name: "Design", color: "#4f46e5", description: "Brand and UI", type: "public") { ${spaceFields} } }`,
      ),
    );
    expect(created.setProject).toMatchObject({
      name: 'Design',
      color: '#4f46e5',
      type: 'public',
      isMember: true,
      permission: 'admin',
      canManage: true,
      users: [{ id: admin.id, isAuth: true, permission: 'admin' }],
    });
    const seen = expectData(
      await member.client.execute<{ getProjects: { id: string; isMember: boolean; isPersonal: boolean; canManage: boolean }[] }>(
        '{ getProjects { id isMember isPersonal canManage } }',
      ),
    );
    expect(seen.getProjects[0]).toMatchObject({ isPersonal: true, isMember: true });
    expect(seen.getProjects).toContainEqual({ id: created.setProject.id, isMember: false, isPersonal: false, canManage: false });
  });

  it('defaults a space to private: a basic member neither lists nor reads it', async () => {
    const { admin, member } = await team();
    const hidden = await createSpace(admin, 'Payroll', 'private');
    expect(
      expectData(
        await admin.client.execute<{ getProjectBasic: { type: string } }>('query ($id: ID!) { getProjectBasic(id: $id) { type } }', {
          id: hidden,
        }),
      ).getProjectBasic.type,
    ).toBe('private');
    const listed = expectData(await member.client.execute<{ getProjects: { id: string }[] }>('{ getProjects { id } }'));
    expect(listed.getProjects.map((space) => space.id)).not.toContain(hidden);
    const read = await member.client.execute('query ($id: ID!) { getProjectBasic(id: $id) { name } }', { id: hidden });
    expect(read.errors?.[0]).toMatchObject({ message: teamMessages.spaceNotFound, extensions: { code: 'NOT_FOUND' } });
  });

  it('edits a space: ediProjectBasic changes how it looks, ediProject also its type', async () => {
    const { admin } = await team();
    const id = await createSpace(admin, 'Ops');
    const basic = expectData(
      await admin.client.execute<{ ediProjectBasic: { name: string; color: string } }>(
        'mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Operations", color: "#112233") { name color } }',
        { id },
      ),
    );
    expect(basic.ediProjectBasic).toEqual({ name: 'Operations', color: '#112233' });
    const typed = await admin.client.execute('mutation ($id: ID!) { ediProjectBasic(id: $id, type: "private") { id } }', { id });
    expect(typed.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const full = expectData(
      await admin.client.execute<{ ediProject: { type: string; description: string | null } }>(
        'mutation ($id: ID!) { ediProject(id: $id, type: "private", description: "") { type description } }',
        { id },
      ),
    );
    expect(full.ediProject).toEqual({ type: 'private', description: null });
  });

  it('deletes a space with delProject, but never a personal space', async () => {
    const { admin } = await team();
    const id = await createSpace(admin, 'Temporary');
    expect(expectData(await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id }))).toEqual({ delProject: true });
    expect((await admin.client.execute('query ($id: ID!) { getProjectBasic(id: $id) { id } }', { id })).errors?.[0]?.extensions.code).toBe(
      'NOT_FOUND',
    );
    const personal = expectData(
      await admin.client.execute<{ getProjects: { id: string; isPersonal: boolean }[] }>('{ getProjects { id isPersonal } }'),
    ).getProjects.find((space) => space.isPersonal)!;
    const before = await countEvents(server);
    const refused = await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: personal.id });
    expect(refused.errors?.[0]).toMatchObject({ message: teamMessages.personalSpaceDelete, extensions: { code: 'PERSONAL_SPACE_DELETE' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('joins a public space at once; a private one takes a request that an admin approves or refuses', async () => {
    const { admin, member } = await team();
    const open = await createSpace(admin, 'Open');
    const closed = await createSpace(admin, 'Closed', 'private');
    expect(expectData(await member.client.execute(join, { project: open }))).toEqual({
      joinProject: { id: open, isMember: true, requested: false },
    });
    expect(expectData(await member.client.execute(join, { project: closed }))).toEqual({
      joinProject: { id: closed, isMember: false, requested: true },
    });
    expect((await member.client.execute(join, { project: closed })).errors?.[0]?.message).toBe(teamMessages.alreadyRequested);
    expectData(await admin.client.execute(setPermission, { user: member.id, project: closed, permission: 'refused' }));
    expect(expectData(await member.client.execute(join, { project: closed }))).toMatchObject({ joinProject: { requested: true } });
    const approved = expectData(
      await admin.client.execute<{ setPermission: { users: { id: string; permission: string }[] } }>(setPermission, {
        user: member.id,
        project: closed,
        permission: 'basic',
      }),
    );
    expect(approved.setPermission.users).toContainEqual({ id: member.id, permission: 'basic' });
  });

  it('sets permissions (a demoted admin’s next admin action is refused), keeps a space’s last admin, and lets a member leave', async () => {
    const { admin, member } = await team();
    const id = await createSpace(admin, 'Shared');
    expectData(await admin.client.execute(setPermission, { user: member.id, project: id, permission: 'admin' }));
    expectData(await member.client.execute('mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Shared space") { id } }', { id }));
    expectData(await admin.client.execute(setPermission, { user: member.id, project: id, permission: 'basic' }));
    const demoted = await member.client.execute('mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Still mine?") { id } }', { id });
    expect(demoted.errors?.[0]?.message).toBe("You don't have permission to manage this project. Ask the creator for permissions.");
    const lastAdmin = await admin.client.execute(setPermission, { user: admin.id, project: id, permission: 'removed' });
    expect(lastAdmin.errors?.[0]?.message).toBe(teamMessages.lastSpaceAdmin);
    expectData(await member.client.execute(setPermission, { user: member.id, project: id, permission: 'removed' }));
    const users = expectData(
      await admin.client.execute<{ getUsers: { id: string }[] }>('query ($project: ID!) { getUsers(project: $project) { id } }', {
        project: id,
      }),
    );
    expect(users.getUsers.map((entry) => entry.id)).toEqual([admin.id]);
  });

  it('answers a basic member managing a space with exactly the SPEC §6 message, writing nothing', async () => {
    const { admin, member } = await team();
    const id = await createSpace(admin, 'Guarded');
    expectData(await member.client.execute(join, { project: id }));
    const before = await countEvents(server);
    const attempts = [
      member.client.execute('mutation ($id: ID!) { ediProject(id: $id, name: "Mine") { id } }', { id }),
      member.client.execute('mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Mine") { id } }', { id }),
      member.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id }),
      member.client.execute(setPermission, { user: admin.id, project: id, permission: 'basic' }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.errors?.[0]).toMatchObject({
        message: "You don't have permission to manage this project. Ask the creator for permissions.",
        extensions: { code: 'PERMISSION_DENIED' },
      });
    }
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses to add someone from another team to a space', async () => {
    const { admin } = await team();
    const outsider = await person(server, 'Out');
    const id = await createSpace(admin, 'Inside');
    const result = await admin.client.execute(setPermission, { user: outsider.id, project: id, permission: 'basic' });
    expect(result.errors?.[0]).toMatchObject({ message: teamMessages.notTeamMember, extensions: { code: 'NOT_FOUND' } });
  });

  it('lets a team admin manage a space they are not in', async () => {
    const { admin, member } = await team();
    const theirs = await createSpace(member, 'Member space', 'private');
    const renamed = expectData(
      await admin.client.execute<{ ediProject: { name: string; canManage: boolean } }>(
        'mutation ($id: ID!) { ediProject(id: $id, name: "Reviewed") { name canManage } }',
        { id: theirs },
      ),
    );
    expect(renamed.ediProject).toEqual({ name: 'Reviewed', canManage: true });
  });
});

describe('people and settings', () => {
  it('lists the current team’s people with getUsers, marking the caller, and leaves them out with auth false', async () => {
    const { admin, member } = await team();
    const everyone = expectData(
      await member.client.execute<{ getUsers: { id: string; isAuth: boolean; role: string }[] }>('{ getUsers { id isAuth role } }'),
    );
    expect(everyone.getUsers).toEqual(
      expect.arrayContaining([
        { id: admin.id, isAuth: false, role: 'admin' },
        { id: member.id, isAuth: true, role: 'basic' },
      ]),
    );
    const others = expectData(await member.client.execute<{ getUsers: { id: string }[] }>('{ getUsers(auth: false) { id } }'));
    expect(others.getUsers.map((entry) => entry.id)).toEqual([admin.id]);
  });

  it('keeps per-user settings with setSetting, shown on User.settings to their owner only', async () => {
    const { member } = await team();
    const created = expectData(
      await member.client.execute<{ setSetting: { id: string } }>(
        'mutation { setSetting(name: "notifications.email", active: true, type: "email") { id name active type } }',
      ),
    );
    expectData(
      await member.client.execute('mutation ($id: ID!) { setSetting(id: $id, active: false) { id } }', { id: created.setSetting.id }),
    );
    const me = expectData(
      await member.client.execute<{ getUser: { settings: unknown[] } }>('{ getUser { settings { id name active type } } }'),
    );
    expect(me.getUser.settings).toEqual([{ id: created.setSetting.id, name: 'notifications.email', active: false, type: 'email' }]);
    const invalid = await member.client.execute('mutation { setSetting(name: "bad name!", active: true) { id } }');
    expect(invalid.errors?.[0]?.extensions).toMatchObject({ code: 'SETTING_NAME_INVALID', field: 'name' });
  });

  it('refuses space creation to a guest', async () => {
    const admin = await person(server);
    const space = await createSpace(admin, 'For guests', 'private');
    const guest = await joinTeam(admin, await person(server, 'Gus'), 'guest', space);
    const result = await guest.client.execute('mutation { setProject(name: "Mine") { id } }');
    expect(result.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
  });
});
