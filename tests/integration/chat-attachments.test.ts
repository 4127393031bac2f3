import type { Client } from 'graphql-ws';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '#shared/chatRules';
import { nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { countRows, messagesOf, sendMessage, startPrivat, statementsDuring } from './chatFactories';
import { minimalPdf, uploadFile } from './fileFactories';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { createTask, joinSpace } from './taskFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
let cid: Person;
let outsider: Person;
let space: string;
let png: Buffer;
const sockets: Client[] = [];

const attachmentFields = `id body type clientId author { id } file { id name type size url thumbnail category width height duration }`;

interface FileMessage {
  id: string;
  body: string;
  type: string;
  clientId: string | null;
  author: { id: string } | null;
  file: {
    id: string;
    name: string;
    type: string;
    size: number;
    url: string;
    thumbnail: string | null;
    category: string;
    width: number | null;
    height: number | null;
    duration: number | null;
  } | null;
}

function send(someone: Person, variables: Record<string, unknown>) {
  return someone.client.execute<{ setMessage: FileMessage }>(
    `mutation ($project: ID, $privat: ID, $task: ID, $body: String!, $type: String, $file: ID, $clientId: String) {
      setMessage(project: $project, privat: $privat, task: $task, body: $body, type: $type, file: $file, clientId: $clientId) { ${attachmentFields} }
    }`,
    variables,
  );
}

async function read(someone: Person, variables: Record<string, unknown>): Promise<FileMessage[]> {
  return expectData(
    await someone.client.execute<{ getMessages: FileMessage[] }>(
      `query ($project: ID, $privat: ID, $task: ID) { getMessages(project: $project, privat: $privat, task: $task) { ${attachmentFields} } }`,
      variables,
    ),
  ).getMessages;
}

const deleteFile = async (someone: Person, id: string) =>
  expectData(await someone.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id }));

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cid = await joinTeam(ann, await person(server, 'Cid'));
  outsider = await person(server, 'Out');
  space = await createSpace(ann, 'Attachments');
  await joinSpace(bas, space);
  await joinSpace(cid, space);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

describe('attaching a file', () => {
  it("sends a space's own file uploaded by the sender as a file message, with an empty body, that every reader downloads", async () => {
    const uploaded = await uploadFile(bas, 'Sketch.png', 'image/png', png, { project: space });
    const sent = expectData(await send(bas, { project: space, body: '  ', file: uploaded.id })).setMessage;
    expect(sent).toMatchObject({
      body: '',
      type: 'file',
      author: { id: bas.id },
      file: {
        id: uploaded.id,
        name: 'Sketch.png',
        type: 'image/png',
        size: png.length,
        url: `/media/files/${uploaded.id}`,
        thumbnail: `/media/files/${uploaded.id}/thumbnail`,
        category: 'image',
        width: 40,
        height: 30,
      },
    });
    const seenByAnn = (await read(ann, { project: space })).find((message) => message.id === sent.id)!;
    expect(seenByAnn.file).toEqual(sent.file);
    const download = await fetch(`${server.url}${seenByAnn.file!.url}`, { headers: { cookie: ann.client.cookieHeader() } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${server.url}${seenByAnn.file!.thumbnail}`, { headers: { cookie: cid.client.cookieHeader() } })).status).toBe(200);
  });

  it('keeps a caption, and makes the message a file message whatever type was given', async () => {
    const uploaded = await uploadFile(ann, 'Plan.pdf', 'application/pdf', minimalPdf('plan'), { project: space });
    const sent = expectData(await send(ann, { project: space, body: 'The **plan**', type: 'text', file: uploaded.id })).setMessage;
    expect(sent).toMatchObject({ body: 'The **plan**', type: 'file', file: { id: uploaded.id, category: 'Pdf', thumbnail: null } });
  });

  it("attaches a task's file in its thread and a private chat's file in that chat", async () => {
    const task = await createTask(ann, space, 'Attach here');
    const taskFile = await uploadFile(cid, 'task.pdf', 'application/pdf', minimalPdf('task'), { task: task.id });
    expect(expectData(await send(cid, { task: task.id, body: '', file: taskFile.id })).setMessage.file?.id).toBe(taskFile.id);

    const chat = expectData(await startPrivat(ann, [bas.id])).setPrivat;
    const chatFile = await uploadFile(ann, 'secret.png', 'image/png', png, { privat: chat.id });
    const sent = expectData(await send(ann, { privat: chat.id, body: 'for you', file: chatFile.id })).setMessage;
    expect(sent.file?.id).toBe(chatFile.id);
    expect((await read(bas, { privat: chat.id }))[0]?.file?.id).toBe(chatFile.id);
  });

  it('delivers the file with the message to live subscribers', async () => {
    const socket = subscriptionClient(server, { cookie: cid.client.cookieHeader() });
    sockets.push(socket);
    const changes = nextResults<{ subMessage: { type: string; message: { file: { id: string; name: string } | null } | null } }>(
      socket,
      'subscription ($project: ID) { subMessage(project: $project) { type message { file { id name } } } }',
      { project: space },
      1,
      4000,
    );
    await changes.started;
    const uploaded = await uploadFile(bas, 'Live.png', 'image/png', png, { project: space });
    expectData(await send(bas, { project: space, body: '', file: uploaded.id }));
    expect((await changes.done)[0]?.subMessage).toEqual({
      type: 'message.created',
      message: { file: { id: uploaded.id, name: 'Live.png' } },
    });
  });

  it('returns the first message to a resend with the same clientId and writes nothing', async () => {
    const uploaded = await uploadFile(bas, 'Once.png', 'image/png', png, { project: space });
    const first = expectData(await send(bas, { project: space, body: '', file: uploaded.id, clientId: 'attach-1' })).setMessage;
    const events = await countEvents(server);
    const messages = await countRows(server, 'messages');
    const again = expectData(await send(bas, { project: space, body: '', file: uploaded.id, clientId: 'attach-1' })).setMessage;
    expect(again).toEqual(first);
    expect(await countEvents(server)).toBe(events);
    expect(await countRows(server, 'messages')).toBe(messages);
  });

  it('reads the files of a whole page in one query, however many messages carry one (no N+1)', async () => {
    const channel = await createSpace(ann, 'Many files');
    const countFor = async () =>
      (await statementsDuring(server, () => read(ann, { project: channel }))).filter((statement) => /from "files"/i.test(statement)).length;
    for (let index = 0; index < 2; index += 1) {
      const uploaded = await uploadFile(ann, `few-${index}.png`, 'image/png', png, { project: channel });
      expectData(await send(ann, { project: channel, body: '', file: uploaded.id }));
    }
    const few = await countFor();
    for (let index = 0; index < 6; index += 1) {
      const uploaded = await uploadFile(ann, `many-${index}.png`, 'image/png', png, { project: channel });
      expectData(await send(ann, { project: channel, body: '', file: uploaded.id }));
    }
    const many = await countFor();
    expect((await read(ann, { project: channel })).filter((message) => message.file !== null)).toHaveLength(8);
    expect(few).toBe(1);
    expect(many).toBe(1);
  });
});

describe('the file and the message live apart', () => {
  it('keeps the file when the message is deleted', async () => {
    const uploaded = await uploadFile(bas, 'Keep.png', 'image/png', png, { project: space });
    const sent = expectData(await send(bas, { project: space, body: '', file: uploaded.id })).setMessage;
    expectData(await bas.client.execute('mutation ($id: ID!) { delMessage(id: $id) }', { id: sent.id }));
    const file = expectData(
      await bas.client.execute<{ getFile: { id: string } }>('query ($id: ID!) { getFile(id: $id) { id } }', { id: uploaded.id }),
    ).getFile;
    expect(file.id).toBe(uploaded.id);
  });

  it('shows the message with no file ("file removed") once the file is deleted', async () => {
    const uploaded = await uploadFile(bas, 'Gone.png', 'image/png', png, { project: space });
    const sent = expectData(await send(bas, { project: space, body: 'look', file: uploaded.id, clientId: 'attach-gone' })).setMessage;
    await deleteFile(bas, uploaded.id);
    const seen = (await read(cid, { project: space })).find((message) => message.id === sent.id)!;
    expect(seen).toMatchObject({ type: 'file', body: 'look', file: null });
    // A resend after the deletion still answers with the first message, now without its file.
    expect(
      expectData(await send(bas, { project: space, body: 'look', file: uploaded.id, clientId: 'attach-gone' })).setMessage,
    ).toMatchObject({ id: sent.id, file: null });
  });
});

describe('bad attachments write nothing', () => {
  type Case = [string, () => Promise<{ sender: Person; variables: Record<string, unknown> }>, string, string];
  const cases: Case[] = [
    [
      'a file message without a file',
      async () => ({ sender: bas, variables: { project: space, body: '', type: 'file' } }),
      'MESSAGE_FILE_REQUIRED',
      chatMessages.fileRequired,
    ],
    [
      'a file id that never existed',
      async () => ({ sender: bas, variables: { project: space, body: '', file: '0123456789abcdef01234567' } }),
      'NOT_FOUND',
      chatMessages.fileNotFound,
    ],
    [
      'a deleted file',
      async () => {
        const uploaded = await uploadFile(bas, 'deleted.png', 'image/png', png, { project: space });
        await deleteFile(bas, uploaded.id);
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'NOT_FOUND',
      chatMessages.fileNotFound,
    ],
    [
      "another team's file",
      async () => {
        const uploaded = await uploadFile(outsider, 'theirs.png', 'image/png', png, { project: await createSpace(outsider, 'Elsewhere') });
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'NOT_FOUND',
      chatMessages.fileNotFound,
    ],
    [
      'a file of another space',
      async () => {
        const other = await createSpace(bas, 'Other space');
        const uploaded = await uploadFile(bas, 'other.png', 'image/png', png, { project: other });
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'MESSAGE_FILE_ELSEWHERE',
      chatMessages.fileElsewhere,
    ],
    [
      "a task's file in its space's channel",
      async () => {
        const task = await createTask(bas, space, 'Task files stay');
        const uploaded = await uploadFile(bas, 'task.png', 'image/png', png, { task: task.id });
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'MESSAGE_FILE_ELSEWHERE',
      chatMessages.fileElsewhere,
    ],
    [
      "a space's file in a private chat",
      async () => {
        const chat = expectData(await startPrivat(bas, [cid.id])).setPrivat;
        const uploaded = await uploadFile(bas, 'space.png', 'image/png', png, { project: space });
        return { sender: bas, variables: { privat: chat.id, body: '', file: uploaded.id } };
      },
      'MESSAGE_FILE_ELSEWHERE',
      chatMessages.fileElsewhere,
    ],
    [
      "a private chat's file the sender is not in",
      async () => {
        const chat = expectData(await startPrivat(ann, [cid.id])).setPrivat;
        const uploaded = await uploadFile(ann, 'private.png', 'image/png', png, { privat: chat.id });
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'NOT_FOUND',
      chatMessages.fileNotFound,
    ],
    [
      "someone else's file of the same conversation",
      async () => {
        const uploaded = await uploadFile(ann, 'anns.png', 'image/png', png, { project: space });
        return { sender: bas, variables: { project: space, body: '', file: uploaded.id } };
      },
      'PERMISSION_DENIED',
      chatMessages.fileNotYours,
    ],
  ];

  it.each(cases)('refuses %s with a clear error', async (_name, prepare, code, message) => {
    const { sender, variables } = await prepare();
    const events = await countEvents(server);
    const messages = await countRows(server, 'messages');
    const result = await sendMessage(sender, variables);
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await countEvents(server)).toBe(events);
    expect(await countRows(server, 'messages')).toBe(messages);
  });

  it('refuses a file message in a private chat from someone outside it, before looking at the file', async () => {
    const chat = expectData(await startPrivat(ann, [cid.id])).setPrivat;
    const uploaded = await uploadFile(ann, 'ours.png', 'image/png', png, { privat: chat.id });
    const result = await sendMessage(bas, { privat: chat.id, body: '', file: uploaded.id });
    expect(result.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect(await messagesOf(ann, { privat: chat.id })).toEqual([]);
  });
});
