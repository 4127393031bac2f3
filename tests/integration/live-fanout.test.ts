import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';

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
