import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subSpaceChatsDocument, type SpaceChatChange } from '../../client/src/features/chat/operations';
import { subProjectDocument, type SpaceChange } from '../../client/src/features/spaces/operations';
import { documentSource } from '../../client/src/lib/graphqlDocument';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { markRead, postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';
import { joinSpace } from './taskFactories';

// The app's two lists of spaces (the sidebar's spaces, the chat list's unread counts and last messages) both
// subscribe to subProject, with their own documents. A message in a space reaches each member's lists once:
// through the chat list's document, which reads unread and lastMessage, never the spaces list's, which reads
// neither. Both documents are the app's own.

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Delivery = { list: 'spaces'; change: SpaceChange } | { list: 'chats'; change: SpaceChatChange };

/**
 * One person's two list subscriptions on one socket, as the app opens them, following log positions: the
 * server says where each starts once it listens, so the test waits for that instead of for time to pass.
 */
function openLists(someone: Person) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const deliveries: Delivery[] = [];
  const state = { listening: 0, errors: [] as unknown[] };
  const open = <Data>(query: string, take: (data: Data) => Delivery) =>
    socket.subscribe<Data>(
      { query, variables: {}, extensions: { resumeAfter: null } },
      {
        next: (value) => {
          if (value.errors) state.errors.push(value.errors);
          else if (value.data) deliveries.push(take(value.data));
          else state.listening += 1;
        },
        error: (error) => state.errors.push(error),
        complete: () => undefined,
      },
    );
  open<{ subProject: SpaceChange }>(documentSource(subProjectDocument), (data) => ({ list: 'spaces', change: data.subProject }));
  open<{ subProject: SpaceChatChange }>(documentSource(subSpaceChatsDocument), (data) => ({ list: 'chats', change: data.subProject }));
  return { deliveries, state, ready: () => state.listening === 2 };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await wait(10);
  }
}

const renameSpace = async (admin: Person, project: string, name: string) =>
  expectData(
    await admin.client.execute('mutation ($id: ID!, $name: String) { ediProject(id: $id, name: $name) { id } }', { id: project, name }),
  );

/** What a list heard, in order: the event type and the space it is about. */
const heard = (lists: ReturnType<typeof openLists>, list: Delivery['list']) =>
  lists.deliveries.filter((delivery) => delivery.list === list).map(({ change }) => `${change.type} ${change.projectId}`);

describe("the sidebar's lists of spaces", () => {
  it("deliver a message in a public space once per member, on the chat list's document, with their own unread count and the last message", async () => {
    const ann = await person(server, 'Ann');
    const bas = await joinTeam(ann, await person(server, 'Bas'));
    const lobby = await createSpace(ann, 'Lobby');
    await joinSpace(bas, lobby);
    const lists = { ann: openLists(ann), bas: openLists(bas) };
    await until(() => lists.ann.ready() && lists.bas.ready());

    const message = await postMessage(ann, { project: lobby, body: 'Hello **everyone**' });
    await until(() => lists.bas.deliveries.length === 1 && lists.ann.deliveries.length === 1);
    expect(lists.bas.deliveries[0]).toEqual({
      list: 'chats',
      change: {
        type: 'project.message',
        projectId: lobby,
        project: {
          id: lobby,
          unread: 1,
          lastMessage: expect.objectContaining({
            id: message.id,
            body: 'Hello **everyone**',
            author: expect.objectContaining({ id: ann.id }),
          }),
        },
      },
    });
    // The author's own message is not unread for them.
    expect(lists.ann.deliveries[0]).toMatchObject({ list: 'chats', change: { type: 'project.message', project: { unread: 0 } } });

    // Bas reads the space: his chat list hears it, with nothing unread; nobody else's lists do.
    await markRead(bas, { project: lobby });
    await until(() => lists.bas.deliveries.length === 2);
    expect(lists.bas.deliveries[1]).toEqual({
      list: 'chats',
      change: {
        type: 'project.read',
        projectId: lobby,
        project: { id: lobby, unread: 0, lastMessage: expect.objectContaining({ id: message.id }) },
      },
    });

    // A change of the space itself reaches both lists. Each feed delivers in log order, so once the spaces list
    // hears the rename it would have heard the message and the read before it.
    await renameSpace(ann, lobby, 'Lobby, renamed');
    await until(() =>
      [lists.ann, lists.bas].every((personal) => heard(personal, 'spaces').length === 1 && heard(personal, 'chats').length >= 2),
    );
    expect(heard(lists.bas, 'spaces')).toEqual([`project.updated ${lobby}`]);
    expect(heard(lists.bas, 'chats')).toEqual([`project.message ${lobby}`, `project.read ${lobby}`, `project.updated ${lobby}`]);
    expect(heard(lists.ann, 'spaces')).toEqual([`project.updated ${lobby}`]);
    expect(heard(lists.ann, 'chats')).toEqual([`project.message ${lobby}`, `project.updated ${lobby}`]);
    for (const personal of Object.values(lists)) expect(personal.state.errors).toEqual([]);
  });

  it("share a message's chat list payload among members with the same view, unread count and relation to the last message, each sent their own", async () => {
    const ann = await person(server, 'Ann');
    const [bas, cem, dan] = [await person(server, 'Bas'), await person(server, 'Cem'), await person(server, 'Dan')];
    for (const member of [bas, cem, dan]) await joinTeam(ann, member);
    const lobby = await createSpace(ann, 'Shared lobby');
    for (const member of [bas, cem, dan]) await joinSpace(member, lobby);
    const lists = { ann: openLists(ann), bas: openLists(bas), cem: openLists(cem), dan: openLists(dan) };
    await until(() => Object.values(lists).every((personal) => personal.ready()));
    const chats = (personal: ReturnType<typeof openLists>) =>
      personal.deliveries.flatMap((delivery) => (delivery.list === 'chats' ? [delivery.change] : []));

    await postMessage(ann, { project: lobby, body: 'first' });
    await until(() => Object.values(lists).every((personal) => chats(personal).length === 1));
    await markRead(dan, { project: lobby });
    await until(() => chats(lists.dan).length === 2);

    // Bas and Cem see the space alike and have two unread: one execution for both. Ann (the author, who manages
    // the space) and Dan (one unread) each have their own.
    const counts = server.app.graphqlSockets.sharedPayloads.counts;
    const before = { ...counts };
    const second = await postMessage(ann, { project: lobby, body: 'second', clientId: 'ann-second' });
    await until(() => [lists.ann, lists.bas, lists.cem].every((personal) => chats(personal).length === 2) && chats(lists.dan).length === 3);
    expect({ executed: counts.executed - before.executed, shared: counts.shared - before.shared }).toEqual({ executed: 3, shared: 1 });
    const lastOf = (personal: ReturnType<typeof openLists>) => chats(personal).at(-1)!.project!;
    const asReader = { id: second.id, clientId: null, canEdit: false, canDelete: false };
    expect(lastOf(lists.bas)).toMatchObject({ unread: 2, lastMessage: asReader });
    expect(lastOf(lists.cem)).toMatchObject({ unread: 2, lastMessage: asReader });
    expect(lastOf(lists.dan)).toMatchObject({ unread: 1, lastMessage: asReader });
    expect(lastOf(lists.ann)).toMatchObject({
      unread: 0,
      lastMessage: { id: second.id, clientId: 'ann-second', canEdit: true, canDelete: true },
    });

    // Bas writes: he is the author now, Ann moderates what she did not write, Cem and Dan read it.
    const third = await postMessage(bas, { project: lobby, body: 'third', clientId: 'bas-third' });
    await until(() => [lists.ann, lists.bas, lists.cem].every((personal) => chats(personal).length === 3) && chats(lists.dan).length === 4);
    expect(lastOf(lists.bas)).toMatchObject({
      unread: 2,
      lastMessage: { id: third.id, clientId: 'bas-third', canEdit: true, canDelete: true },
    });
    expect(lastOf(lists.ann)).toMatchObject({ unread: 1, lastMessage: { id: third.id, clientId: null, canEdit: false, canDelete: true } });
    expect(lastOf(lists.cem)).toMatchObject({ unread: 3, lastMessage: { id: third.id, clientId: null, canEdit: false, canDelete: false } });
    expect(lastOf(lists.dan)).toMatchObject({ unread: 2, lastMessage: { id: third.id, clientId: null, canEdit: false, canDelete: false } });
    for (const personal of Object.values(lists)) expect(personal.state.errors).toEqual([]);
  });

  it("tell a guest outside the space, a member outside a private space and another team's user nothing of its messages", async () => {
    const ann = await person(server, 'Ann');
    const cy = await joinTeam(ann, await person(server, 'Cy'));
    const lobby = await createSpace(ann, 'Open');
    const closed = await createSpace(ann, 'Closed', 'private');
    const guestRoom = await createSpace(ann, 'Guest room', 'private');
    const gus = await joinTeam(ann, await person(server, 'Gus'), 'guest', guestRoom);
    const oli = await person(server, 'Oli');
    const elsewhere = await createSpace(oli, 'Elsewhere');
    const lists = { cy: openLists(cy), gus: openLists(gus), oli: openLists(oli) };
    await until(() => Object.values(lists).every((personal) => personal.ready()));

    await postMessage(ann, { project: lobby, body: 'for the team' });
    await postMessage(ann, { project: closed, body: 'for the few' });
    // Each then hears a later change of a space they see; had a list been sent a message it may not, it would
    // have heard it first (each feed delivers in log order).
    await renameSpace(ann, guestRoom, 'Guest room, renamed');
    await renameSpace(ann, lobby, 'Open, renamed');
    await renameSpace(oli, elsewhere, 'Elsewhere, renamed');
    await until(() => heard(lists.gus, 'spaces').length === 1 && heard(lists.gus, 'chats').length === 1);
    expect(heard(lists.gus, 'spaces')).toEqual([`project.updated ${guestRoom}`]);
    expect(heard(lists.gus, 'chats')).toEqual([`project.updated ${guestRoom}`]);
    await until(() => heard(lists.oli, 'spaces').length === 1 && heard(lists.oli, 'chats').length === 1);
    expect(heard(lists.oli, 'spaces')).toEqual([`project.updated ${elsewhere}`]);
    expect(heard(lists.oli, 'chats')).toEqual([`project.updated ${elsewhere}`]);
    // Cy may see the public space (a team member may join it), so his chat list hears its message, once; nothing of the private ones.
    await until(() => heard(lists.cy, 'spaces').length === 1 && heard(lists.cy, 'chats').length === 2);
    expect(heard(lists.cy, 'spaces')).toEqual([`project.updated ${lobby}`]);
    expect(heard(lists.cy, 'chats')).toEqual([`project.message ${lobby}`, `project.updated ${lobby}`]);
    for (const personal of Object.values(lists)) expect(personal.state.errors).toEqual([]);
  });
});
