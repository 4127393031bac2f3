import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { markRead, postMessage } from './chatFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { createTask, joinSpace } from './taskFactories';

let server: TestServer;
let ann: Person;
let bas: Person;

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
});
afterAll(async () => {
  await server.close();
});

type TaskChat = { id: string; name: string; project: string; unread: number; lastMessage: { body: string } | null };
const taskChatsOf = async (someone: Person, first?: number) =>
  expectData(
    await someone.client.execute<{ getTaskChats: TaskChat[] }>(
      'query ($first: Int) { getTaskChats(first: $first) { id name project unread lastMessage { body } } }',
      { first },
    ),
  ).getTaskChats;

describe('getTaskChats', () => {
  it('lists the task threads with messages the caller can read, the most recently active first', async () => {
    const open = await createSpace(ann, 'Open');
    const closed = await createSpace(ann, 'Closed', 'private');
    await joinSpace(bas, open);
    const quiet = await createTask(ann, open, 'No chat here');
    const first = await createTask(ann, open, 'Write the plan');
    const second = await createTask(ann, open, 'Ship it');
    const secret = await createTask(ann, closed, 'Secret task');
    await postMessage(ann, { task: first.id, body: 'plan v1' });
    await postMessage(ann, { task: second.id, body: 'shipping soon' });
    await postMessage(ann, { task: secret.id, body: 'hush' });
    await postMessage(ann, { task: first.id, body: 'plan v2' });

    expect(await taskChatsOf(bas)).toEqual([
      { id: first.id, name: 'Write the plan', project: open, unread: 2, lastMessage: { body: 'plan v2' } },
      { id: second.id, name: 'Ship it', project: open, unread: 1, lastMessage: { body: 'shipping soon' } },
    ]);
    expect((await taskChatsOf(ann)).map((task) => task.id)).toEqual([first.id, secret.id, second.id]);
    expect((await taskChatsOf(ann, 1)).map((task) => task.id)).toEqual([first.id]);
    expect((await taskChatsOf(ann)).some((task) => task.id === quiet.id)).toBe(false);

    await markRead(bas, { task: first.id });
    expect((await taskChatsOf(bas))[0]?.unread).toBe(0);
  });

  it('refuses a page size out of range', async () => {
    const refused = await ann.client.execute('{ getTaskChats(first: 0) { id } }');
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'MESSAGE_PAGE_SIZE',
      category: 'BAD_USER_INPUT',
      params: { maximum: 100 },
    });
  });
});
