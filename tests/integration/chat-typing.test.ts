import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, subscriptionClient, watchSubscription, type TestServer } from './harness';
import { postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';
import { joinSpace } from './taskFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Change = { type: string; user: { id: string } | null; message: { body: string } | null };
const subMessage = 'subscription ($project: ID) { subMessage(project: $project) { type user { id } message { body } } }';

/** Everything someone's subscription to the space's channel delivers, once the server listens for it. */
async function watch(someone: Person, space: string): Promise<Change[]> {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const watched = watchSubscription<Change>(socket, subMessage, { project: space });
  await watched.started;
  return watched.received;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await wait(20);
  }
}

const typing = async (someone: Person, project: string, stopped?: boolean) =>
  expectData(
    await someone.client.execute<{ typingMessage: boolean }>(
      'mutation ($project: ID, $stopped: Boolean) { typingMessage(project: $project, stopped: $stopped) }',
      { project, stopped },
    ),
  ).typingMessage;

describe('typing stop relay', () => {
  it('relays a stop after a start, only once, and lets the next start through at once', async () => {
    const space = await createSpace(ann, 'Stops');
    await joinSpace(bas, space);
    const received = await watch(bas, space);

    // A stop with no start before it tells nobody anything.
    expect(await typing(ann, space, true)).toBe(false);
    expect(await typing(ann, space)).toBe(true);
    expect(await typing(ann, space, true)).toBe(true);
    expect(await typing(ann, space, true)).toBe(false);
    // Well inside the 2 s interval, yet relayed: the stop ended the round.
    expect(await typing(ann, space)).toBe(true);
    await until(() => received.length === 3);
    await wait(150);
    expect(received).toEqual([
      { type: 'typing', user: { id: ann.id }, message: null },
      { type: 'typing.stopped', user: { id: ann.id }, message: null },
      { type: 'typing', user: { id: ann.id }, message: null },
    ]);
  });

  it('lets the first keystroke after a sent message through without waiting for the interval', async () => {
    const space = await createSpace(ann, 'After send');
    await joinSpace(bas, space);
    const received = await watch(bas, space);
    expect(await typing(ann, space)).toBe(true);
    expect(await typing(ann, space)).toBe(false);
    await postMessage(ann, { project: space, body: 'first' });
    expect(await typing(ann, space)).toBe(true);
    await until(() => received.length === 3);
    expect(received.map((change) => change.type)).toEqual(['typing', 'message.created', 'typing']);
  });

  it('refuses a stop from someone who cannot post there, and relays nothing', async () => {
    const space = await createSpace(ann, 'Closed', 'private');
    const received = await watch(ann, space);
    const refused = await bas.client.execute('mutation ($project: ID) { typingMessage(project: $project, stopped: true) }', {
      project: space,
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    await wait(200);
    expect(received).toEqual([]);
  });
});
