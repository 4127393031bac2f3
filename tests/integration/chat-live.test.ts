import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextResults, startTestServer, subscriptionClient, watchSubscription, type TestServer } from './harness';
import { markRead, postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, setPlan, wait, type Person } from './teamFactories';
import { joinSpace } from './taskFactories';

let server: TestServer;
let admin: Person;
let member: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Ann');
  member = await joinTeam(admin, await person(server, 'Bas'));
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Change = {
  type: string;
  seq: number;
  messageId: string | null;
  message: { id: string; body: string; canDelete: boolean } | null;
  user: { id: string } | null;
};
const subMessage =
  'subscription ($project: ID, $privat: ID, $task: ID) { subMessage(project: $project, privat: $privat, task: $task) { type seq messageId message { id body canDelete } user { id } } }';

function socketOf(someone: Person): Client {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  return socket;
}

/** Everything a subscription delivers, and whether it completed or failed. */
function watch<T>(someone: Person, query: string, variables: Record<string, unknown>) {
  const socket = socketOf(someone);
  const watched = watchSubscription<T>(socket, query, variables);
  return { ...watched, ready: watched.started, socket };
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await wait(20);
  }
}

describe('subMessage', () => {
  it('delivers every message to another member live, in order, as they see it', async () => {
    const space = await createSpace(admin, 'Live');
    await joinSpace(member, space);
    const watcher = watch<Change>(member, subMessage, { project: space });
    await watcher.ready;
    const sent = [];
    for (let index = 0; index < 10; index += 1) sent.push(await postMessage(admin, { project: space, body: `live ${index}` }));
    await until(() => watcher.received.length === 10);
    expect(watcher.received.map((change) => change.message?.body)).toEqual(sent.map((message) => message.body));
    expect(watcher.received.every((change) => change.type === 'message.created' && change.message!.canDelete === false)).toBe(true);
    const seqs = watcher.received.map((change) => change.seq);
    expect([...seqs].sort((left, right) => left - right)).toEqual(seqs);
    expectData(await admin.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: sent[0]!.id }));
    await until(() => watcher.received.length === 11);
    expect(watcher.received[10]).toMatchObject({ type: 'message.deleted', messageId: sent[0]!.id, message: null });
  });

  it('refuses a subscriber who cannot read the conversation', async () => {
    const secret = await createSpace(admin, 'Secret live', 'private');
    const outsider = await person(server, 'Out');
    await expect(nextResults(socketOf(member), subMessage, { project: secret }, 1).done).rejects.toThrow('NOT_FOUND');
    await expect(nextResults(socketOf(outsider), subMessage, { project: secret }, 1).done).rejects.toThrow('NOT_FOUND');
  });

  it('stops delivering to a member removed from the space', async () => {
    const space = await createSpace(admin, 'Removal', 'private');
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: member.id, project: space },
      ),
    );
    const watcher = watch<Change>(member, subMessage, { project: space });
    await watcher.ready;
    await postMessage(admin, { project: space, body: 'before removal' });
    await until(() => watcher.received.length === 1);
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: member.id, project: space },
      ),
    );
    await until(() => watcher.state.completed);
    await postMessage(admin, { project: space, body: 'after removal' });
    await wait(300);
    expect(watcher.received.map((change) => change.message?.body)).toEqual(['before removal']);
  });

  it('sends typing notices to the others, at most one per user per 2 s', async () => {
    const space = await createSpace(admin, 'Typing');
    await joinSpace(member, space);
    const watcher = watch<Change>(member, subMessage, { project: space });
    const own = watch<Change>(admin, subMessage, { project: space });
    await Promise.all([watcher.ready, own.ready]);
    const typing = () =>
      admin.client.execute<{ typingMessage: boolean }>('mutation ($project: ID) { typingMessage(project: $project) }', { project: space });
    expect(expectData(await typing()).typingMessage).toBe(true);
    expect(expectData(await typing()).typingMessage).toBe(false);
    await until(() => watcher.received.length === 1);
    await wait(200);
    expect(watcher.received).toEqual([{ type: 'typing', seq: 0, messageId: null, message: null, user: { id: admin.id } }]);
    expect(own.received).toEqual([]);
  });
});

describe('presence', () => {
  type Presence = { user: string; state: string };
  const presenceOf = async (someone: Person) =>
    expectData(await someone.client.execute<{ getPresence: Presence[] }>('{ getPresence { user state } }')).getPresence;

  it('is online while a websocket is open, away on request, offline when the last one closes', async () => {
    // Someone with no socket yet: the other tests keep theirs open.
    const fresh = await joinTeam(admin, await person(server, 'Pia'));
    const observer = watch<Presence>(admin, 'subscription { subPresence { user state } }', {});
    await observer.ready;
    expect((await presenceOf(admin)).find((entry) => entry.user === fresh.id)).toBeUndefined();
    const first = watch<Presence>(fresh, 'subscription { subPresence { user state } }', {});
    const second = watch<Presence>(fresh, 'subscription { subPresence { user state } }', {});
    await Promise.all([first.ready, second.ready]);
    await until(() => observer.received.some((entry) => entry.user === fresh.id && entry.state === 'online'));
    expect(await presenceOf(admin)).toEqual(
      expect.arrayContaining([
        { user: fresh.id, state: 'online' },
        { user: admin.id, state: 'online' },
      ]),
    );
    expectData(await fresh.client.execute('mutation { setPresence(state: "away") }'));
    await until(() => observer.received.some((entry) => entry.user === fresh.id && entry.state === 'away'));
    await first.socket.dispose();
    await wait(200);
    expect(observer.received.some((entry) => entry.user === fresh.id && entry.state === 'offline')).toBe(false);
    await second.socket.dispose();
    await until(() => observer.received.some((entry) => entry.user === fresh.id && entry.state === 'offline'));
    expect((await presenceOf(admin)).find((entry) => entry.user === fresh.id)).toBeUndefined();
    const refused = await fresh.client.execute('mutation { setPresence(state: "busy") }');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'PRESENCE_STATE_INVALID', field: 'state' });
  });

  it('tells a guest only of the teammates they share a space with', async () => {
    // One more space than the free plan's five, counted with the other tests'.
    await setPlan(server, admin.teamId);
    const space = await createSpace(admin, 'Shared with a guest');
    const guest = await joinTeam(admin, await person(server, 'Gus'), 'guest', space);
    const partner = await joinTeam(admin, await person(server, 'Pat'));
    await joinSpace(partner, space);
    const stranger = await joinTeam(admin, await person(server, 'Sam'));
    const observer = watch<Presence>(guest, 'subscription { subPresence { user state } }', {});
    await observer.ready;
    // The stranger comes online first: presence notices arrive in order, so once the partner's is heard the stranger's was judged.
    await watch<Presence>(stranger, 'subscription { subPresence { user state } }', {}).ready;
    await watch<Presence>(partner, 'subscription { subPresence { user state } }', {}).ready;
    await until(() => observer.received.some((entry) => entry.user === partner.id && entry.state === 'online'));
    expect(observer.received.some((entry) => entry.user === stranger.id)).toBe(false);
    expect(observer.state.errors).toEqual([]);
  });
});

describe('subProject', () => {
  type ProjectChange = {
    type: string;
    projectId: string;
    project: { id: string; unread: number; lastMessage: { body: string } | null } | null;
  };
  const subProject = 'subscription { subProject { type projectId project { id unread lastMessage { body } } } }';

  it('tells members of a new message with their own unread count, and of their own reads', async () => {
    const space = await createSpace(admin, 'Counted');
    await joinSpace(member, space);
    const watcher = watch<ProjectChange>(member, subProject, {});
    const authorWatcher = watch<ProjectChange>(admin, subProject, {});
    await Promise.all([watcher.ready, authorWatcher.ready]);
    await postMessage(admin, { project: space, body: 'count me' });
    await until(() => watcher.received.length === 1 && authorWatcher.received.length === 1);
    expect(watcher.received[0]).toEqual({
      type: 'project.message',
      projectId: space,
      project: { id: space, unread: 1, lastMessage: { body: 'count me' } },
    });
    expect(authorWatcher.received[0]!.project!.unread).toBe(0);
    await markRead(member, { project: space });
    await until(() => watcher.received.length === 2);
    expect(watcher.received[1]).toEqual({
      type: 'project.read',
      projectId: space,
      project: { id: space, unread: 0, lastMessage: { body: 'count me' } },
    });
    await wait(200);
    expect(authorWatcher.received).toHaveLength(1);
  });
});
