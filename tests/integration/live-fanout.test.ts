import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';
import { createTask, editTask } from './taskFactories';

// One event's subMessage payload is executed once per visibility (author, reader, moderator) for all
// subscribers of the same document and variables, while each subscriber is still judged on its own.

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Change = {
  type: string;
  messageId: string | null;
  message: { id: string; body: string; clientId: string | null; canEdit: boolean; canDelete: boolean } | null;
};
const subMessage =
  'subscription ($project: ID) { subMessage(project: $project) { type messageId message { id body clientId canEdit canDelete } } }';

/**
 * A subscriber that follows log positions: the server tells it the position it starts from once it
 * listens, so the test waits for that instead of for time to pass.
 */
function watch(someone: Person, project: string) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: Change[] = [];
  const state = { listening: false, completed: false, errors: [] as unknown[] };
  socket.subscribe<{ subMessage: Change }>(
    { query: subMessage, variables: { project }, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.errors) state.errors.push(value.errors);
        else if (value.data) received.push(value.data.subMessage);
        else state.listening = true;
      },
      error: (error) => state.errors.push(error),
      complete: () => (state.completed = true),
    },
  );
  return { received, state };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await wait(10);
  }
}

const renameSpace = (admin: Person, project: string, name: string) =>
  admin.client.execute('mutation ($id: ID!, $name: String) { ediProject(id: $id, name: $name) { id } }', { id: project, name });

const setPermission = (admin: Person, user: Person, project: string, permission: string) =>
  admin.client.execute(
    'mutation ($user: ID!, $project: ID!, $permission: String!) { setPermission(user: $user, project: $project, permission: $permission) { id } }',
    {
      user: user.id,
      project,
      permission,
    },
  );

describe('subMessage fan-out', () => {
  it('gives each viewer their own flags from shared executions, and nothing to a removed member or a signed-out one', async () => {
    const ann = await person(server, 'Ann');
    const [bas, cy, dee, eve] = (await Promise.all(['Bas', 'Cy', 'Dee', 'Eve'].map((name) => person(server, name)))) as [
      Person,
      Person,
      Person,
      Person,
    ];
    for (const member of [bas, cy, dee, eve]) await joinTeam(ann, member);
    const space = await createSpace(ann, 'Fan-out', 'private');
    for (const member of [bas, cy, dee, eve]) expectData(await setPermission(ann, member, space, 'basic'));

    // Ann moderates (team admin); Bas writes the message, on two connections; Cy, Dee and Eve read it.
    const watchers = {
      ann: watch(ann, space),
      bas: watch(bas, space),
      basAgain: watch(bas, space),
      cy: watch(cy, space),
      dee: watch(dee, space),
      eve: watch(eve, space),
    };
    await until(() => Object.values(watchers).every((watcher) => watcher.state.listening));

    const counts = server.app.graphqlSockets.sharedPayloads.counts;
    const before = { ...counts };
    const first = await postMessage(bas, { project: space, body: 'first', clientId: 'bas-1' });
    await until(() => Object.values(watchers).every((watcher) => watcher.received.length === 1));
    const asSeenBy = (watcher: { received: Change[] }) => watcher.received[0]!.message;
    expect(asSeenBy(watchers.bas)).toEqual({ id: first.id, body: 'first', clientId: 'bas-1', canEdit: true, canDelete: true });
    expect(asSeenBy(watchers.basAgain)).toEqual(asSeenBy(watchers.bas));
    expect(asSeenBy(watchers.ann)).toEqual({ id: first.id, body: 'first', clientId: null, canEdit: false, canDelete: true });
    for (const reader of [watchers.cy, watchers.dee, watchers.eve])
      expect(asSeenBy(reader)).toEqual({ id: first.id, body: 'first', clientId: null, canEdit: false, canDelete: false });
    // Six subscribers, three ways of seeing the message: author, reader, moderating reader.
    expect({ executed: counts.executed - before.executed, shared: counts.shared - before.shared }).toEqual({ executed: 3, shared: 3 });

    // Dee leaves the space: her feed ends on that event. Eve signs out: her session is checked before the next delivery.
    expectData(await setPermission(ann, dee, space, 'removed'));
    await until(() => watchers.dee.state.completed);
    expectData(await eve.client.execute('mutation { logout }'));

    const second = await postMessage(cy, { project: space, body: 'second' });
    const stillIn = [watchers.ann, watchers.bas, watchers.basAgain, watchers.cy];
    await until(() => stillIn.every((watcher) => watcher.received.length === 2) && watchers.eve.state.completed);
    expect(watchers.cy.received[1]!.message).toEqual({ id: second.id, body: 'second', clientId: null, canEdit: true, canDelete: true });
    for (const reader of [watchers.bas, watchers.basAgain])
      expect(reader.received[1]!.message).toEqual({ id: second.id, body: 'second', clientId: null, canEdit: false, canDelete: false });
    expect(watchers.ann.received[1]!.message).toEqual({ id: second.id, body: 'second', clientId: null, canEdit: false, canDelete: true });
    expect(watchers.dee.received.map((change) => change.messageId)).toEqual([first.id]);
    expect(watchers.eve.received.map((change) => change.messageId)).toEqual([first.id]);
    for (const watcher of Object.values(watchers)) expect(watcher.state.errors).toEqual([]);
  });
});

type SpaceChange = {
  type: string;
  projectId: string;
  member: { id: string; isAuth: boolean; permission: string | null } | null;
  project: { name: string; isMember: boolean; permission: string | null; canManage: boolean; unread?: number } | null;
};
/** The spaces list's document: the space through seat fields only, and the member a change is about. */
const subProjectLean =
  'subscription { subProject { type projectId member { id isAuth permission } project { name isMember permission canManage } } }';
/** A document reading the viewer's own unread count: never shared. */
const subProjectUnread =
  'subscription { subProject { type projectId member { id isAuth permission } project { name isMember permission canManage unread } } }';

function watchSpaces(someone: Person, query: string) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: SpaceChange[] = [];
  const state = { listening: false, errors: [] as unknown[] };
  socket.subscribe<{ subProject: SpaceChange }>(
    { query, variables: {}, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.errors) state.errors.push(value.errors);
        else if (value.data) received.push(value.data.subProject);
        else state.listening = true;
      },
      error: (error) => state.errors.push(error),
      complete: () => undefined,
    },
  );
  return { received, state };
}

describe('subProject fan-out', () => {
  it('shares a payload among subscribers with the same view of the space, and keeps per-viewer documents and outsiders apart', async () => {
    const ann = await person(server, 'Ann');
    const [bas, cy, dee, out] = (await Promise.all(['Bas', 'Cy', 'Dee', 'Out'].map((name) => person(server, name)))) as [
      Person,
      Person,
      Person,
      Person,
    ];
    for (const member of [bas, cy, dee, out]) await joinTeam(ann, member);
    const space = await createSpace(ann, 'Shared view', 'private');
    for (const member of [bas, cy, dee]) expectData(await setPermission(ann, member, space, 'basic'));

    const watchers = {
      ann: watchSpaces(ann, subProjectLean),
      bas: watchSpaces(bas, subProjectLean),
      cy: watchSpaces(cy, subProjectLean),
      dee: watchSpaces(dee, subProjectLean),
      out: watchSpaces(out, subProjectLean),
      cyUnread: watchSpaces(cy, subProjectUnread),
    };
    await until(() => Object.values(watchers).every((watcher) => watcher.state.listening));
    const counts = server.app.graphqlSockets.sharedPayloads.counts;
    const before = { ...counts };
    // A message changes only the space's chat fields: the document reading unread hears it, the lean ones are not sent it.
    await postMessage(bas, { project: space, body: 'to the space' });
    await until(() => watchers.cyUnread.received.length === 1);
    expect(watchers.cyUnread.received[0]).toEqual({
      type: 'project.message',
      projectId: space,
      member: null,
      project: { name: 'Shared view', isMember: true, permission: 'basic', canManage: false, unread: 1 },
    });

    expectData(await renameSpace(ann, space, 'Shared view, renamed'));
    const members = [watchers.ann, watchers.bas, watchers.cy, watchers.dee];
    await until(() => members.every((watcher) => watcher.received.length === 1) && watchers.cyUnread.received.length === 2);
    expect(watchers.ann.received[0]).toEqual({
      type: 'project.updated',
      projectId: space,
      member: null,
      project: { name: 'Shared view, renamed', isMember: true, permission: 'admin', canManage: true },
    });
    for (const basic of [watchers.bas, watchers.cy, watchers.dee])
      expect(basic.received[0]).toEqual({
        type: 'project.updated',
        projectId: space,
        member: null,
        project: { name: 'Shared view, renamed', isMember: true, permission: 'basic', canManage: false },
      });
    expect(watchers.cyUnread.received[1]!.project).toEqual({
      name: 'Shared view, renamed',
      isMember: true,
      permission: 'basic',
      canManage: false,
      unread: 1,
    });
    // Four subscribers of the lean document, two views (the space's admin, its basic members), and the message run once, for
    // the one document reading unread (a chat event's payload is shared by view and unread count; the rename is per subscriber there).
    expect({ executed: counts.executed - before.executed, shared: counts.shared - before.shared }).toEqual({ executed: 3, shared: 2 });

    // A member's change: Dee hears it as herself, the others as about someone else.
    expectData(await setPermission(ann, dee, space, 'admin'));
    await until(() => members.every((watcher) => watcher.received.length === 2) && watchers.cyUnread.received.length === 3);
    expect(watchers.dee.received[1]).toMatchObject({
      type: 'project.permission_changed',
      member: { id: dee.id, isAuth: true, permission: 'admin' },
    });
    expect(watchers.dee.received[1]!.project).toMatchObject({ permission: 'admin', canManage: true });
    for (const other of [watchers.ann, watchers.bas, watchers.cy])
      expect(other.received[1]).toMatchObject({
        type: 'project.permission_changed',
        member: { id: dee.id, isAuth: false, permission: 'admin' },
      });
    expect(watchers.bas.received[1]!.project).toMatchObject({ permission: 'basic', canManage: false });

    // The team member outside the private space heard nothing of it.
    expect(watchers.out.received).toEqual([]);
    for (const watcher of Object.values(watchers)) expect(watcher.state.errors).toEqual([]);
  });
});

type BoardChange = {
  type: string;
  task: { name: string; isFollowing: boolean; canEdit: boolean; canDelete: boolean; files?: { id: string }[]; unread?: number } | null;
};
// The board's document reads the task's files through a resolver that is the same for every viewer but for the files' flags.
const subTaskLean =
  'subscription ($project: ID!) { subTask(project: $project) { type task { name isFollowing canEdit canDelete files { id } } } }';
const subTaskUnread =
  'subscription ($project: ID!) { subTask(project: $project) { type task { name isFollowing canEdit canDelete unread } } }';

function watchBoard(someone: Person, project: string, query: string) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: BoardChange[] = [];
  const state = { listening: false, errors: [] as unknown[] };
  socket.subscribe<{ subTask: BoardChange }>(
    { query, variables: { project }, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.errors) state.errors.push(value.errors);
        else if (value.data) received.push(value.data.subTask);
        else state.listening = true;
      },
      error: (error) => state.errors.push(error),
      complete: () => undefined,
    },
  );
  return { received, state };
}

describe('subTask fan-out', () => {
  it('shares a payload among subscribers with the same flags on the task, and runs a document reading the viewer for each', async () => {
    const ann = await person(server, 'Ann');
    const [bas, cy, dee] = (await Promise.all(['Bas', 'Cy', 'Dee'].map((name) => person(server, name)))) as [Person, Person, Person];
    for (const member of [bas, cy, dee]) await joinTeam(ann, member);
    const space = await createSpace(ann, 'Shared board', 'private');
    for (const member of [bas, cy, dee]) expectData(await setPermission(ann, member, space, 'basic'));
    const task = await createTask(ann, space, 'Plan the launch');
    expectData(await dee.client.execute('mutation ($id: ID!) { followTask(id: $id) { id } }', { id: task.id }));

    const watchers = {
      ann: watchBoard(ann, space, subTaskLean),
      bas: watchBoard(bas, space, subTaskLean),
      cy: watchBoard(cy, space, subTaskLean),
      dee: watchBoard(dee, space, subTaskLean),
      cyUnread: watchBoard(cy, space, subTaskUnread),
    };
    await until(() => Object.values(watchers).every((watcher) => watcher.state.listening));
    const counts = server.app.graphqlSockets.sharedPayloads.counts;
    const before = { ...counts };
    await editTask(ann, task.id, { name: 'Plan the launch, v2' });
    await until(() => Object.values(watchers).every((watcher) => watcher.received.length === 1));

    const seen = (watcher: { received: BoardChange[] }) => {
      const { files, ...task } = watcher.received[0]!.task!;
      expect(files ?? []).toEqual([]);
      return task;
    };
    expect(seen(watchers.ann)).toEqual({ name: 'Plan the launch, v2', isFollowing: true, canEdit: true, canDelete: true });
    expect(seen(watchers.bas)).toEqual({ name: 'Plan the launch, v2', isFollowing: false, canEdit: true, canDelete: false });
    expect(seen(watchers.cy)).toEqual(seen(watchers.bas));
    expect(seen(watchers.dee)).toEqual({ name: 'Plan the launch, v2', isFollowing: true, canEdit: true, canDelete: false });
    expect(seen(watchers.cyUnread)).toEqual({
      name: 'Plan the launch, v2',
      isFollowing: false,
      canEdit: true,
      canDelete: false,
      unread: 0,
    });
    // Four subscribers of the lean document, three sets of flags (Ann's; Bas's and Cy's; Dee's).
    expect({ executed: counts.executed - before.executed, shared: counts.shared - before.shared }).toEqual({ executed: 3, shared: 1 });
    for (const watcher of Object.values(watchers)) expect(watcher.state.errors).toEqual([]);
  });
});
