import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '#shared/chatRules';
import { errorMessages } from '#shared/errors';
import { nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import {
  countRows,
  markRead,
  messagesOf,
  postMessage,
  privatFields,
  privatsOf,
  readMessages,
  sendMessage,
  startPrivat,
  type Privat,
} from './chatFactories';
import { countEvents, expectData, joinTeam, person, wait, type Person } from './teamFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
let cid: Person;
let outsider: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cid = await joinTeam(ann, await person(server, 'Cid'));
  outsider = await person(server, 'Out');
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

const start = async (someone: Person, users: string[], name?: string) => expectData(await startPrivat(someone, users, name)).setPrivat;

describe('starting private chats', () => {
  it('finds the one-to-one chat again, whoever starts it, and writes nothing', async () => {
    const chat = await start(ann, [bas.id]);
    expect(chat).toMatchObject({ name: null, inactive: false, unread: 0, lastMessage: null });
    expect(chat.users.map((user) => user.id).sort()).toEqual([ann.id, bas.id].sort());
    const events = await countEvents(server);
    expect((await start(ann, [bas.id, ann.id])).id).toBe(chat.id);
    expect((await start(bas, [ann.id])).id).toBe(chat.id);
    expect(await countEvents(server)).toBe(events);
    const group = await start(ann, [bas.id, cid.id], 'Lunch');
    expect(group.id).not.toBe(chat.id);
    expect(group).toMatchObject({ name: 'Lunch' });
  });

  it('refuses people outside the caller’s current team and an empty list, writing nothing', async () => {
    const events = await countEvents(server);
    expect((await startPrivat(ann, [outsider.id])).errors?.[0]).toMatchObject({
      message: chatMessages.privatPeopleNotInTeam,
      extensions: { code: 'NOT_FOUND' },
    });
    expect((await startPrivat(ann, [ann.id])).errors?.[0]).toMatchObject({ message: chatMessages.privatPeopleRequired });
    expect((await startPrivat(outsider, [ann.id])).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(await countEvents(server)).toBe(events);
  });
});

describe('members only', () => {
  it('shows a non-member nothing: no list entry, no messages, no posting, no subscription', async () => {
    const chat = await start(ann, [bas.id]);
    await postMessage(ann, { privat: chat.id, body: 'just between us' });
    const events = await countEvents(server);
    expect((await privatsOf(cid)).some((privat) => privat.id === chat.id)).toBe(false);
    for (const result of [
      await readMessages(cid, { privat: chat.id }),
      await sendMessage(cid, { privat: chat.id, body: 'eavesdrop' }),
      await readMessages(outsider, { privat: chat.id }),
    ]) {
      expect(result.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
      expect(JSON.stringify(result.data)).not.toContain('between us');
    }
    const socket = subscriptionClient(server, { cookie: cid.client.cookieHeader() });
    sockets.push(socket);
    await expect(
      nextResults(socket, 'subscription ($privat: ID) { subMessage(privat: $privat) { type } }', { privat: chat.id }, 1).done,
    ).rejects.toThrow('PERMISSION_DENIED');
    const edit = await cid.client.execute('mutation ($id: ID!) { ediPrivat(id: $id, inactive: true) { id } }', { id: chat.id });
    expect(edit.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect(await countEvents(server)).toBe(events);
  });
});

describe('editing, leaving and inactive chats', () => {
  it('refuses new messages in an inactive chat', async () => {
    const chat = await start(ann, [cid.id]);
    expectData(await ann.client.execute('mutation ($id: ID!) { ediPrivat(id: $id, inactive: true) { inactive } }', { id: chat.id }));
    const messages = await countRows(server, 'messages');
    expect((await sendMessage(cid, { privat: chat.id, body: 'anyone?' })).errors?.[0]).toMatchObject({
      message: chatMessages.privatInactive,
      extensions: { code: 'PRIVAT_INACTIVE' },
    });
    expect(await countRows(server, 'messages')).toBe(messages);
    const renamed = await ann.client.execute('mutation ($id: ID!) { ediPrivat(id: $id, name: "Renamed") { id } }', { id: chat.id });
    expect(renamed.errors?.[0]?.message).toBe(chatMessages.privatOneToOneFixed);
  });

  it('refuses reactions and edits in an inactive chat, writing nothing', async () => {
    const chat = await start(bas, [cid.id], 'Quiet');
    const message = await postMessage(cid, { privat: chat.id, body: 'still here' });
    expectData(await bas.client.execute('mutation ($id: ID!) { ediPrivat(id: $id, inactive: true) { inactive } }', { id: chat.id }));
    const events = await countEvents(server);
    const react = await cid.client.execute('mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', { id: message.id });
    expect(react.errors?.[0]).toMatchObject({ message: chatMessages.privatInactive, extensions: { code: 'PRIVAT_INACTIVE' } });
    const edit = await cid.client.execute('mutation ($id: ID!) { ediMessage(id: $id, body: "changed") { id } }', { id: message.id });
    expect(edit.errors?.[0]).toMatchObject({ message: chatMessages.privatInactive, extensions: { code: 'PRIVAT_INACTIVE' } });
    expect(await countEvents(server)).toBe(events);
    expect((await messagesOf(cid, { privat: chat.id })).find((seen) => seen.id === message.id)).toMatchObject({
      body: 'still here',
      reactions: [],
    });
  });

  it('renames a group, adds people, and lets members leave it', async () => {
    const group = await start(ann, [bas.id], 'Plans');
    const edited = expectData(
      await ann.client.execute<{ ediPrivat: Privat }>(
        `mutation ($id: ID!, $add: [ID!]) { ediPrivat(id: $id, name: "Big plans", addUsers: $add) { ${privatFields} } }`,
        { id: group.id, add: [cid.id] },
      ),
    ).ediPrivat;
    expect(edited.name).toBe('Big plans');
    expect(edited.users.map((user) => user.id)).toContain(cid.id);
    expect(
      (
        await ann.client.execute('mutation ($id: ID!, $add: [ID!]) { ediPrivat(id: $id, addUsers: $add) { id } }', {
          id: group.id,
          add: [outsider.id],
        })
      ).errors?.[0]?.message,
    ).toBe(chatMessages.privatPeopleNotInTeam);
    expectData(await cid.client.execute('mutation ($id: ID!) { leavePrivat(id: $id) }', { id: group.id }));
    expect((await readMessages(cid, { privat: group.id })).errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    const oneToOne = await start(ann, [bas.id]);
    expect((await ann.client.execute('mutation ($id: ID!) { leavePrivat(id: $id) }', { id: oneToOne.id })).errors?.[0]?.message).toBe(
      chatMessages.privatLeaveOneToOne,
    );
  });
});

describe('the chat list', () => {
  it('lists the caller’s chats most recently updated first, with their own unread count and last message', async () => {
    const team = await person(server, 'Dee');
    const eve = await joinTeam(team, await person(server, 'Eve'));
    const older = await start(team, [eve.id], 'Older');
    const newer = await start(team, [eve.id], 'Newer');
    await postMessage(eve, { privat: older.id, body: 'bump' });
    const list = await privatsOf(team);
    expect(list.map((privat) => privat.id)).toEqual([older.id, newer.id]);
    expect(list[0]).toMatchObject({ unread: 1, lastMessage: { body: 'bump' } });
    expect((await privatsOf(eve))[0]).toMatchObject({ unread: 0 });
    await markRead(team, { privat: older.id });
    expect((await privatsOf(team))[0]!.unread).toBe(0);
    expect((await messagesOf(team, { privat: older.id })).map((message) => message.privat)).toEqual([older.id]);
  });

  it('delivers list changes to members over subPrivat', async () => {
    const chat = await start(ann, [bas.id], 'Live list');
    const socket = subscriptionClient(server, { cookie: bas.client.cookieHeader() });
    sockets.push(socket);
    const changes = nextResults<{
      subPrivat: { type: string; privatId: string; privat: { unread: number; lastMessage: { body: string } | null } | null };
    }>(socket, 'subscription { subPrivat { type privatId privat { unread lastMessage { body } } } }', {}, 2, 4000);
    await changes.started;
    await wait(150);
    await postMessage(ann, { privat: chat.id, body: 'ping' });
    expectData(await ann.client.execute('mutation ($id: ID!) { ediPrivat(id: $id, name: "Renamed list") { id } }', { id: chat.id }));
    const [message, renamed] = (await changes.done).map((change) => change.subPrivat);
    expect(message).toEqual({ type: 'privat.message', privatId: chat.id, privat: { unread: 1, lastMessage: { body: 'ping' } } });
    expect(renamed).toMatchObject({ type: 'privat.updated', privatId: chat.id });
  });
});
