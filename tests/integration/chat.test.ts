import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow } from '../support/appRows';
import { chatMessages } from '#shared/chatRules';
import { formatErrorMessage } from '#shared/errors';
import { startTestServer, type TestServer } from './harness';
import { countRows, markRead, messagesOf, postMessage, readMessages, sendMessage, statementsDuring } from './chatFactories';
import { countEvents, createSpace, expectData, joinTeam, person, setPlan, type Person } from './teamFactories';
import { createTask, joinSpace, notificationsOf } from './taskFactories';

let server: TestServer;
let admin: Person;
let member: Person;
let other: Person;
let space: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Ann');
  // More spaces than the free plan's five (SPEC §9 plan limits): a plan without that limit.
  await setPlan(server, admin.teamId);
  member = await joinTeam(admin, await person(server, 'Bas'));
  other = await joinTeam(admin, await person(server, 'Cid'));
  space = await createSpace(admin, 'Chat space');
  await joinSpace(member, space);
  await joinSpace(other, space);
});
afterAll(() => server.close());

const messageRows = async (conversation: string) =>
  (await appRow<{ count: number }>(
    server.app,
    sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM messages WHERE conversation = ${conversation}`,
  ))!.count;

describe('posting and reading a space channel', () => {
  it('lists newest first in pages before a message, in a stable order', async () => {
    const channel = await createSpace(admin, 'Ordering');
    const sent = [];
    for (let index = 0; index < 5; index += 1) sent.push(await postMessage(admin, { project: channel, body: `message ${index}` }));
    expect((await messagesOf(admin, { project: channel })).map((message) => message.body)).toEqual([
      'message 4',
      'message 3',
      'message 2',
      'message 1',
      'message 0',
    ]);
    const firstPage = await messagesOf(admin, { project: channel, first: 2 });
    expect(firstPage.map((message) => message.id)).toEqual([sent[4]!.id, sent[3]!.id]);
    const secondPage = await messagesOf(admin, { project: channel, first: 2, before: firstPage[1]!.id });
    expect(secondPage.map((message) => message.id)).toEqual([sent[2]!.id, sent[1]!.id]);
    expect(await messagesOf(admin, { project: channel, before: sent[0]!.id })).toEqual([]);
    expect(sent[0]).toMatchObject({
      type: 'text',
      project: channel,
      privat: null,
      author: { id: admin.id },
      canEdit: true,
      canDelete: true,
      file: null,
      reactions: [],
      mentions: [],
    });
  });

  it('refuses a page size above 100 and a cursor from another conversation', async () => {
    const elsewhere = await postMessage(admin, { project: await createSpace(admin, 'Elsewhere'), body: 'hi' });
    expect((await readMessages(admin, { project: space, first: 101 })).errors?.[0]).toMatchObject({
      message: chatMessages.pageSize,
      extensions: { code: 'MESSAGE_PAGE_SIZE' },
    });
    expect((await readMessages(admin, { project: space, before: elsewhere.id })).errors?.[0]).toMatchObject({
      message: chatMessages.beforeNotFound,
    });
  });

  it('keeps Markdown as its source: script tags and javascript: links come back as written, for the client to sanitise', async () => {
    const body = 'Look <script>alert(1)</script> [here](javascript:alert(1)) **bold**';
    expect((await postMessage(member, { project: space, body })).body).toBe(body);
  });

  it('returns the first message to a resend with the same clientId and writes nothing', async () => {
    const first = await postMessage(member, { project: space, body: 'once', clientId: 'client-1' });
    const events = await countEvents(server);
    const resent = await postMessage(member, { project: space, body: 'once', clientId: 'client-1' });
    expect(resent.id).toBe(first.id);
    expect(resent.clientId).toBe('client-1');
    expect(await countEvents(server)).toBe(events);
    expect(
      (await appRow<{ count: number }>(
        server.app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM messages WHERE client_id = 'client-1'`,
      ))!.count,
    ).toBe(1);
    const elsewhere = await sendMessage(member, { project: await createSpace(member, 'Mine'), body: 'once', clientId: 'client-1' });
    expect(elsewhere.errors?.[0]?.extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await messagesOf(admin, { project: space })).find((message) => message.id === first.id)?.clientId).toBeNull();
  });

  it('honours the Idempotency-Key header like every other mutation', async () => {
    const before = await messageRows(`project:${space}`);
    const headers = { 'idempotency-key': `key-${Math.random()}` };
    const first = expectData(await sendMessage(member, { project: space, body: 'keyed' }, headers)).setMessage;
    const second = expectData(await sendMessage(member, { project: space, body: 'keyed' }, headers)).setMessage;
    expect(second.id).toBe(first.id);
    expect(await messageRows(`project:${space}`)).toBe(before + 1);
  });
});

describe('bad input writes nothing', () => {
  const refusals: [string, () => Record<string, unknown>, string, string][] = [
    ['an empty message', () => ({ project: space, body: '  \n ' }), 'MESSAGE_BODY_REQUIRED', chatMessages.bodyRequired],
    [
      'a 100 KB message',
      () => ({ project: space, body: 'x'.repeat(100 * 1024) }),
      'MESSAGE_BODY_TOO_LONG',
      formatErrorMessage('MESSAGE_BODY_TOO_LONG', { maximum: 20_000 }),
    ],
    [
      '20,001 characters',
      () => ({ project: space, body: 'y'.repeat(20_001) }),
      'MESSAGE_BODY_TOO_LONG',
      formatErrorMessage('MESSAGE_BODY_TOO_LONG', { maximum: 20_000 }),
    ],
    [
      'a file that does not exist',
      () => ({ project: space, body: 'see file', file: '0123456789abcdef01234567' }),
      'NOT_FOUND',
      chatMessages.fileNotFound,
    ],
    [
      'a file message without a file',
      () => ({ project: space, body: '', type: 'file' }),
      'MESSAGE_FILE_REQUIRED',
      chatMessages.fileRequired,
    ],
    [
      'a system message from a client',
      () => ({ project: space, body: 'fake', type: 'system' }),
      'MESSAGE_TYPE_NOT_ALLOWED',
      chatMessages.typeNotAllowed,
    ],
    [
      'two conversations at once',
      () => ({ project: space, task: '0123456789abcdef01234567', body: 'hi' }),
      'ONE_CONVERSATION',
      chatMessages.oneConversation,
    ],
    ['no conversation', () => ({ body: 'hi' }), 'ONE_CONVERSATION', chatMessages.oneConversation],
    [
      'a meeting room (none exist yet)',
      () => ({ meetingroom: '0123456789abcdef01234567', body: 'hi' }),
      'NOT_FOUND',
      chatMessages.meetingroomNotFound,
    ],
    [
      'a reply to a message of nowhere',
      () => ({ project: space, body: 'hi', replyTo: '0123456789abcdef01234567' }),
      'NOT_FOUND',
      chatMessages.replyNotFound,
    ],
    [
      'a client id of 65 characters',
      () => ({ project: space, body: 'hi', clientId: 'c'.repeat(65) }),
      'CLIENT_ID_LENGTH',
      chatMessages.clientIdLength,
    ],
  ];

  it.each(refusals)('refuses %s with a clear error', async (_name, variables, code, message) => {
    const events = await countEvents(server);
    const messages = await countRows(server, 'messages');
    const result = await sendMessage(member, variables());
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await countEvents(server)).toBe(events);
    expect(await countRows(server, 'messages')).toBe(messages);
  });

  it('refuses an invitation conversation until meetings exist', async () => {
    const result = await readMessages(member, { invitation: '0123456789abcdef01234567' });
    expect(result.errors?.[0]).toMatchObject({ message: chatMessages.invitationNotFound, extensions: { code: 'NOT_FOUND' } });
  });
});

describe('editing and deleting', () => {
  it('lets people edit only their own messages', async () => {
    const mine = await postMessage(member, { project: space, body: 'draft' });
    const theirs = await postMessage(admin, { project: space, body: 'admin words' });
    const events = await countEvents(server);
    const refused = await member.client.execute('mutation ($id: ID!) { ediMessage(id: $id, body: "hijacked") { id } }', { id: theirs.id });
    expect(refused.errors?.[0]).toMatchObject({ message: chatMessages.editOwnOnly, extensions: { code: 'PERMISSION_DENIED' } });
    const empty = await member.client.execute('mutation ($id: ID!) { ediMessage(id: $id, body: " ") { id } }', { id: mine.id });
    expect(empty.errors?.[0]?.message).toBe(chatMessages.bodyRequired);
    expect(await countEvents(server)).toBe(events);
    const edited = expectData(
      await member.client.execute<{ ediMessage: { body: string; editedAt: string | null } }>(
        'mutation ($id: ID!) { ediMessage(id: $id, body: "final") { body editedAt } }',
        { id: mine.id },
      ),
    ).ediMessage;
    expect(edited.body).toBe('final');
    expect(edited.editedAt).not.toBeNull();
    const asSeenByMember = (await messagesOf(member, { project: space })).find((message) => message.id === theirs.id)!;
    expect(asSeenByMember).toMatchObject({ canEdit: false, canDelete: false });
  });

  it('deletes own messages; deleted ones leave the list and quotes of them show no body', async () => {
    const original = await postMessage(member, { project: space, body: 'to be deleted' });
    const reply = await postMessage(admin, { project: space, body: 'answer', replyTo: original.id });
    expect(reply.replyTo).toEqual({ id: original.id, body: 'to be deleted', author: { id: member.id } });
    const events = await countEvents(server);
    const refused = await other.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: original.id });
    expect(refused.errors?.[0]).toMatchObject({ message: chatMessages.deleteNotAllowed, extensions: { code: 'PERMISSION_DENIED' } });
    expect(await countEvents(server)).toBe(events);
    expectData(await member.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: original.id }));
    const list = await messagesOf(member, { project: space });
    expect(list.some((message) => message.id === original.id)).toBe(false);
    expect(list.find((message) => message.id === reply.id)!.replyTo).toEqual({ id: original.id, body: null, author: { id: member.id } });
    const again = await member.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: original.id });
    expect(again.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('lets team admins and space admins delete anyone’s message in their space', async () => {
    const byMember = await postMessage(member, { project: space, body: 'admin will remove this' });
    expect((await messagesOf(admin, { project: space })).find((message) => message.id === byMember.id)).toMatchObject({
      canEdit: false,
      canDelete: true,
    });
    expectData(await admin.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: byMember.id }));
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }',
        { user: other.id, project: space },
      ),
    );
    const another = await postMessage(member, { project: space, body: 'space admin removes this' });
    expectData(await other.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: another.id }));
    expect((await messagesOf(member, { project: space })).some((message) => message.id === another.id)).toBe(false);
  });
});

describe('mentions and reactions', () => {
  it('records a notification for each mentioned reader, and none for people who cannot read the conversation', async () => {
    const outsider = await person(server, 'Out');
    const message = await postMessage(admin, {
      project: space,
      body: `Hi @[Bas](${member.id}) and @[Out](${outsider.id}) and @[Me](${admin.id})`,
    });
    expect(message.mentions).toEqual([member.id]);
    expect((await notificationsOf(server, member.id)).filter((notice) => notice.type === 'MESSAGE_MENTION')).toHaveLength(1);
    expect(await notificationsOf(server, outsider.id)).toEqual([]);
    expectData(
      await admin.client.execute('mutation ($id: ID!, $body: String!) { ediMessage(id: $id, body: $body) { id } }', {
        id: message.id,
        body: `Hi @[Bas](${member.id}) @[Cid](${other.id})`,
      }),
    );
    expect((await notificationsOf(server, member.id)).filter((notice) => notice.type === 'MESSAGE_MENTION')).toHaveLength(1);
    expect((await notificationsOf(server, other.id)).filter((notice) => notice.type === 'MESSAGE_MENTION')).toHaveLength(1);
  });

  it('toggles a reaction', async () => {
    const message = await postMessage(admin, { project: space, body: 'react to me' });
    const react = () =>
      member.client.execute<{ reactMessage: { reactions: { emoji: string; count: number; users: string[] }[] } }>(
        'mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { reactions { emoji count users } } }',
        { id: message.id },
      );
    expect(expectData(await react()).reactMessage.reactions).toEqual([{ emoji: '👍', count: 1, users: [member.id] }]);
    expect(expectData(await react()).reactMessage.reactions).toEqual([]);
    const bad = await member.client.execute('mutation ($id: ID!) { reactMessage(id: $id, emoji: "<img>") { id } }', { id: message.id });
    expect(bad.errors?.[0]?.message).toBe(chatMessages.emojiInvalid);
  });
});

describe('reacting and editing need the right to post', () => {
  const react = (who: Person, id: string) =>
    who.client.execute('mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', { id });
  const edit = (who: Person, id: string) =>
    who.client.execute('mutation ($id: ID!) { ediMessage(id: $id, body: "changed") { id } }', { id });

  it('refuses a reaction from a member viewing a public space they never joined, writing nothing', async () => {
    const viewer = await joinTeam(admin, await person(server, 'Vic'));
    const message = await postMessage(admin, { project: space, body: 'public words' });
    expect((await messagesOf(viewer, { project: space })).some((seen) => seen.id === message.id)).toBe(true);
    const events = await countEvents(server);
    expect((await react(viewer, message.id)).errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect(await countEvents(server)).toBe(events);
    expect(
      await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM message_reactions WHERE message_id = ${message.id}`),
    ).toEqual({ count: 0 });
  });

  it('refuses an edit from an author who left the space, writing nothing', async () => {
    const leaver = await joinTeam(admin, await person(server, 'Lea'));
    await joinSpace(leaver, space);
    const message = await postMessage(leaver, { project: space, body: 'before leaving' });
    expectData(
      await leaver.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: leaver.id, project: space },
      ),
    );
    const events = await countEvents(server);
    expect((await edit(leaver, message.id)).errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect((await react(leaver, message.id)).errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect(await countEvents(server)).toBe(events);
    expect((await messagesOf(admin, { project: space })).find((seen) => seen.id === message.id)).toMatchObject({
      body: 'before leaving',
      editedAt: null,
      reactions: [],
    });
  });
});

describe('unread counts and last messages', () => {
  const projectsQuery = '{ getProjects { id unread lastMessage { id body author { id } } } }';

  it('counts others’ messages after the reader’s last view, per user', async () => {
    const channel = await createSpace(admin, 'Unread');
    await joinSpace(member, channel);
    const unreadOf = async (someone: Person) =>
      expectData(
        await someone.client.execute<{ getProjects: { id: string; unread: number; lastMessage: { body: string } | null }[] }>(
          projectsQuery,
        ),
      ).getProjects.find((project) => project.id === channel)!;
    expect(await unreadOf(member)).toMatchObject({ unread: 0, lastMessage: null });
    await postMessage(admin, { project: channel, body: 'one' });
    await postMessage(admin, { project: channel, body: 'two' });
    expect(await unreadOf(member)).toMatchObject({ unread: 2, lastMessage: { body: 'two' } });
    expect(await unreadOf(admin)).toMatchObject({ unread: 0, lastMessage: { body: 'two' } });
    await markRead(member, { project: channel });
    expect((await unreadOf(member)).unread).toBe(0);
    const events = await countEvents(server);
    await markRead(member, { project: channel });
    expect(await countEvents(server)).toBe(events);
    await postMessage(admin, { project: channel, body: 'three' });
    expect((await unreadOf(member)).unread).toBe(1);
  });

  it('keeps a task’s thread with its own unread count and last message', async () => {
    const task = await createTask(admin, space, 'Discuss me');
    await postMessage(admin, { task: task.id, body: 'on the task' });
    const seen = expectData(
      await member.client.execute<{ getTask: { unread: number; lastMessage: { body: string } | null } }>(
        'query ($id: ID!) { getTask(id: $id) { unread lastMessage { body } } }',
        { id: task.id },
      ),
    ).getTask;
    expect(seen).toEqual({ unread: 1, lastMessage: { body: 'on the task' } });
    expect((await messagesOf(member, { task: task.id })).map((message) => message.task)).toEqual([task.id]);
    const outsider = await person(server, 'Nobody');
    expect((await readMessages(outsider, { task: task.id })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('runs as many queries for getProjects over 50 spaces as over 5', async () => {
    const owner = await person(server, 'Many');
    await setPlan(server, owner.teamId);
    const queriesFor = async () =>
      (await statementsDuring(server, async () => expectData(await owner.client.execute(projectsQuery)))).length;
    for (let index = 0; index < 4; index += 1)
      await postMessage(owner, { project: await createSpace(owner, `Few ${index}`), body: 'hello' });
    const few = await queriesFor();
    for (let index = 0; index < 45; index += 1)
      await postMessage(owner, { project: await createSpace(owner, `Many ${index}`), body: 'hello' });
    const many = await queriesFor();
    expect(few).toBeGreaterThan(5);
    expect(many).toBe(few);
  });
});

it('answers a non-member of a private space with nothing, writing nothing', async () => {
  const secret = await createSpace(admin, 'Secret', 'private');
  await postMessage(admin, { project: secret, body: 'classified' });
  const events = await countEvents(server);
  for (const result of [
    await readMessages(member, { project: secret }),
    await sendMessage(member, { project: secret, body: 'let me in' }),
  ]) {
    expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(JSON.stringify(result.data)).not.toContain('classified');
  }
  expect(await countEvents(server)).toBe(events);
});
