import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, newestEventSeq, person, wait, type Person } from './teamFactories';

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

function socketOf(someone: Person): Client {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  return socket;
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await wait(20);
  }
}

/**
 * Everything a subscription is sent about the events appended after it was asked for, until `stop` is called; errors
 * and completion are recorded too. `ready` resolves once the server listens for it: a fresh subscription that keeps
 * log positions (resumeAfter: null) is sent a message without data then, and each event with its position. Older
 * events are left out: on PostgreSQL a fresh subscription starts from the log's settled position, which a transaction
 * running elsewhere on the cluster holds back, and is sent the events committed above it, before or after that message.
 */
function record<T>(someone: Person, query: string, variables: Record<string, unknown> = {}) {
  const socket = socketOf(someone);
  const received: T[] = [];
  const state = { errors: [] as unknown[], completed: false };
  let unsubscribe: (() => void) | undefined;
  const ready = (async () => {
    const since = await newestEventSeq(server);
    await new Promise<void>((listening) => {
      unsubscribe = socket.subscribe<T, { seq?: number }>(
        { query, variables, extensions: { resumeAfter: null } },
        {
          next: (value) => {
            if (value.errors) state.errors.push(value.errors);
            else if (!value.data) listening();
            else if ((value.extensions?.seq ?? 0) > since) received.push(value.data as T);
          },
          error: (error) => {
            state.errors.push(error);
            listening();
          },
          complete: () => {
            state.completed = true;
            listening();
          },
        },
      );
    });
  })();
  return { ready, received, state, stop: () => unsubscribe?.() };
}

type ProjectChange = { subProject: { type: string; projectId: string; project: { name: string } | null } };
const subProject = 'subscription { subProject { type projectId project { name } } }';

describe('live spaces (subProject)', () => {
  it('shows a new public space live to another member, and keeps a private one from them', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Liv'));
    const feed = record<ProjectChange>(member, subProject);
    await feed.ready;
    await createSpace(admin, 'Hidden', 'private');
    const visible = await createSpace(admin, 'Launch');
    // The feed hears the log in order: once it has the second space it has judged the first.
    await until(() => feed.received.some((change) => change.subProject.projectId === visible));
    expect(feed.received.filter((change) => change.subProject.type === 'project.created')).toEqual([
      { subProject: { type: 'project.created', projectId: visible, project: { name: 'Launch' } } },
    ]);
    feed.stop();
  });

  it('tells the admin live when an invited member joins their space', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Jo'));
    const id = await createSpace(admin, 'Welcome');
    const feed = record<ProjectChange>(admin, subProject);
    await feed.ready;
    expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: id }));
    await until(() => feed.received.some((change) => change.subProject.type === 'project.member_added'));
    expect(feed.received).toContainEqual({ subProject: { type: 'project.member_added', projectId: id, project: { name: 'Welcome' } } });
    feed.stop();
  });

  it('makes a deleted space disappear live for every member', async () => {
    const admin = await person(server);
    const first = await joinTeam(admin, await person(server, 'Una'));
    const second = await joinTeam(admin, await person(server, 'Dos'));
    const id = await createSpace(admin, 'Doomed', 'private');
    for (const someone of [first, second]) {
      expectData(
        await admin.client.execute(
          'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
          { user: someone.id, project: id },
        ),
      );
    }
    const feeds = [first, second].map((someone) => record<ProjectChange>(someone, subProject));
    await Promise.all(feeds.map((feed) => feed.ready));
    expectData(await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id }));
    await until(() => feeds.every((feed) => feed.received.length > 0));
    for (const feed of feeds) {
      expect(feed.received).toEqual([{ subProject: { type: 'project.deleted', projectId: id, project: null } }]);
      feed.stop();
    }
  });

  it('tells a member live when a space is taken out of their sight', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Vi'));
    const id = await createSpace(admin, 'Soon private');
    const feed = record<ProjectChange>(member, subProject);
    await feed.ready;
    expectData(await admin.client.execute('mutation ($id: ID!) { ediProject(id: $id, type: "private") { id } }', { id }));
    await until(() => feed.received.length > 0);
    expect(feed.received).toEqual([{ subProject: { type: 'project.updated', projectId: id, project: null } }]);
    feed.stop();
  });
});

type MemberChange = {
  subProject: {
    type: string;
    projectId: string;
    userId: string | null;
    member: { id: string; firstname: string; permission: string | null; isAuth: boolean } | null;
    project: { name: string; isMember: boolean; unread: number } | null;
  };
};
/** Reads the space's unread count, so messages reach it too (a document reading no chat field is not sent them). */
const subProjectMembers =
  'subscription { subProject { type projectId userId member { id firstname permission isAuth } project { name isMember unread } } }';

describe('subProject member (the one member a change is about)', () => {
  it('carries the member joining, their new permission, nothing on a message, and null once they left', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Mia'));
    const id = await createSpace(admin, 'Roster');
    const feed = record<MemberChange>(admin, subProjectMembers);
    const own = record<MemberChange>(member, subProjectMembers);
    await Promise.all([feed.ready, own.ready]);
    const heard = (type: string) => feed.received.filter((change) => change.subProject.type === type);

    expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: id }));
    await until(() => heard('project.member_added').length === 1);
    expect(heard('project.member_added')[0]!.subProject).toEqual({
      type: 'project.member_added',
      projectId: id,
      userId: member.id,
      member: { id: member.id, firstname: 'Mia', permission: 'basic', isAuth: false },
      project: { name: 'Roster', isMember: true, unread: 0 },
    });
    // The member hears of themselves, marked as the caller.
    await until(() => own.received.some((change) => change.subProject.type === 'project.member_added'));
    expect(own.received.find((change) => change.subProject.type === 'project.member_added')!.subProject.member).toEqual({
      id: member.id,
      firstname: 'Mia',
      permission: 'basic',
      isAuth: true,
    });

    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }',
        { user: member.id, project: id },
      ),
    );
    await until(() => heard('project.permission_changed').length === 1);
    expect(heard('project.permission_changed')[0]!.subProject.member).toMatchObject({ id: member.id, permission: 'admin' });

    expectData(
      await member.client.execute('mutation ($project: ID!, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
        project: id,
        body: 'hello roster',
      }),
    );
    await until(() => heard('project.message').length === 1);
    expect(heard('project.message')[0]!.subProject).toMatchObject({ projectId: id, member: null, project: { name: 'Roster', unread: 1 } });

    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: member.id, project: id },
      ),
    );
    await until(() => heard('project.member_removed').length === 1);
    expect(heard('project.member_removed')[0]!.subProject).toMatchObject({ userId: member.id, member: null });
    feed.stop();
    own.stop();
  });

  it('never tells someone outside a private space of its members or messages', async () => {
    const admin = await person(server);
    const insider = await joinTeam(admin, await person(server, 'Ina'));
    const outsider = await joinTeam(admin, await person(server, 'Out'));
    const id = await createSpace(admin, 'Closed', 'private');
    const outside = record<MemberChange>(outsider, subProjectMembers);
    const inside = record<MemberChange>(admin, subProjectMembers);
    await Promise.all([outside.ready, inside.ready]);
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: insider.id, project: id },
      ),
    );
    expectData(
      await insider.client.execute('mutation ($project: ID!, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
        project: id,
        body: 'between us',
      }),
    );
    await until(() => inside.received.some((change) => change.subProject.type === 'project.message'));
    // A public space made after them: once the outsider hears of it, their feed has judged everything before it.
    const open = await createSpace(admin, 'Open after');
    await until(() => outside.received.some((change) => change.subProject.projectId === open));
    expect(inside.received.find((change) => change.subProject.type === 'project.member_added')!.subProject.member?.id).toBe(insider.id);
    expect(outside.received.filter((change) => change.subProject.projectId === id)).toEqual([]);
    expect(outside.state.errors).toEqual([]);
    outside.stop();
    inside.stop();
  });
});

describe('removing a member cuts their live channels', () => {
  it('delivers nothing more on subProject, subTeam or subUser(team) once the member is removed', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Rem'));
    const projects = record<ProjectChange>(member, subProject);
    const teams = record<{ subTeam: { type: string; userId: string | null; team: { name: string } | null } }>(
      member,
      'subscription { subTeam { type userId team { name } } }',
    );
    const people = record<{ subUser: { firstname: string } }>(member, 'subscription ($team: ID) { subUser(team: $team) { firstname } }', {
      team: admin.teamId,
    });
    await Promise.all([projects.ready, teams.ready, people.ready]);

    expectData(
      await admin.client.execute('mutation ($team: ID!, $name: String) { updateTeam(team: $team, name: $name) { team { id } } }', {
        team: admin.teamId,
        name: 'Before',
      }),
    );
    await until(() => teams.received.length > 0);
    expect(teams.received).toEqual([{ subTeam: { type: 'team.updated', userId: null, team: { name: 'Before' } } }]);

    expectData(
      await admin.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: member.id,
        team: admin.teamId,
      }),
    );
    // The space list and the teammates' profiles end on the removal: nothing more can come on them.
    await until(() => teams.received.length >= 3 && projects.state.completed && people.state.completed);
    const heardBefore = { projects: projects.received.length, teams: teams.received.length, people: people.received.length };
    // The member hears that they were taken out, and that their current team moved back to their own.
    expect(teams.received.slice(1).map((change) => change.subTeam.type)).toEqual(['team.member_removed', 'user.default_team_changed']);
    expect(teams.received[1]).toEqual({ subTeam: { type: 'team.member_removed', userId: member.id, team: null } });

    await createSpace(admin, 'After removal');
    expectData(
      await admin.client.execute('mutation ($team: ID!, $name: String) { updateTeam(team: $team, name: $name) { team { id } } }', {
        team: admin.teamId,
        name: 'After',
      }),
    );
    expectData(await admin.client.execute('mutation { ediUser(firstname: "Renamed") { id } }'));
    // A change of the member's own team, after those: once their team feed has it, it has judged everything before it.
    const own = expectData(await member.client.execute<{ getTeam: { id: string } }>('{ getTeam { id } }')).getTeam.id;
    expectData(
      await member.client.execute('mutation ($team: ID!, $name: String) { updateTeam(team: $team, name: $name) { team { id } } }', {
        team: own,
        name: 'Own again',
      }),
    );
    await until(() => teams.received.length > heardBefore.teams);
    expect(teams.received.slice(heardBefore.teams)).toEqual([
      { subTeam: { type: 'team.updated', userId: null, team: { name: 'Own again' } } },
    ]);
    expect({ projects: projects.received.length, people: people.received.length }).toEqual({
      projects: heardBefore.projects,
      people: heardBefore.people,
    });
    for (const feed of [projects, teams, people]) feed.stop();
  });
});

describe('live teams and people', () => {
  it('delivers profile changes of teammates on subUser(team), and the own account without a team', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Pia'));
    const teammates = record<{ subUser: { id: string; firstname: string } }>(
      member,
      'subscription ($team: ID) { subUser(team: $team) { id firstname } }',
      { team: admin.teamId },
    );
    await teammates.ready;
    expectData(await admin.client.execute('mutation { ediUser(firstname: "Adele") { id } }'));
    await until(() => teammates.received.length > 0);
    expect(teammates.received).toEqual([{ subUser: { id: admin.id, firstname: 'Adele' } }]);
    teammates.stop();
  });

  it('refuses subUser for a team the caller is not in, and subTeam for another user', async () => {
    const admin = await person(server);
    const outsider = await person(server, 'Oz');
    const socket = socketOf(outsider);
    await expect(
      nextResults(socket, 'subscription ($team: ID) { subUser(team: $team) { id } }', { team: admin.teamId }, 1).done,
    ).rejects.toThrow('This team does not exist or you are not a member of it.');
    await expect(
      nextResults(socket, 'subscription ($user: ID) { subTeam(user: $user) { type } }', { user: admin.id }, 1).done,
    ).rejects.toThrow('You can only follow your own teams.');
  });

  it('a signed-out session hears nothing more on its open subscription, while the same person elsewhere still does', async () => {
    const owner = await person(server, 'Sol');
    const elsewhere = new GraphqlTestClient(server);
    const password = 'analytical1';
    expectData(
      await elsewhere.execute('mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', {
        email: owner.email,
        password,
      }),
    );
    const here = record<{ subUser: { language: string } }>(owner, 'subscription { subUser { language } }');
    const there = record<{ subUser: { language: string } }>({ ...owner, client: elsewhere }, 'subscription { subUser { language } }');
    await Promise.all([here.ready, there.ready]);
    expectData(await elsewhere.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', { id: owner.id }));
    await until(() => here.received.length > 0 && there.received.length > 0);
    const heardBefore = here.received.length;

    expectData(await owner.client.execute('mutation { logout }'));
    expectData(await elsewhere.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "fr") { id } }', { id: owner.id }));
    // The signed-out session is checked before the next delivery and ends: nothing more can come on it.
    await until(() => here.state.completed && there.received.at(-1)?.subUser.language === 'fr');
    expect(here.received).toHaveLength(heardBefore);
  });
});
