import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, wait } from './teamFactories';
import { createTask, ediTask, getTasks, joinSpace, setTask } from './taskFactories';
import { sql } from 'drizzle-orm';
import { appRow } from '../support/appRows';

const setTaskDocument = 'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id name idCode } }';
const ediPriorityDocument = 'mutation ($id: ID!, $priority: Int) { ediTask(id: $id, priority: $priority) { id priority } }';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const eventsOfKey = async (key: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE mutation_id = ${key}`))!
    .count;
const newKey = () => `key-${crypto.randomUUID()}`;

async function board() {
  const admin = await person(server, 'Ida');
  const member = await joinTeam(admin, await person(server, 'Ivo'));
  const space = await createSpace(admin, 'Idempotent board');
  await joinSpace(member, space);
  return { admin, member, space };
}

describe('Idempotency-Key: a retried mutation applies once and gets the first answer', () => {
  it('answers a retry whose first answer was lost with that answer, and writes nothing more', async () => {
    const { admin, space } = await board();
    const key = newKey();
    const variables = { project: space, name: 'Lost answer' };
    // The first attempt reaches the server, but its caller stops reading before the answer comes.
    const abandoned = new AbortController();
    const sent = fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.client.cookieHeader(), 'idempotency-key': key },
      body: JSON.stringify({ query: setTaskDocument, variables }),
      signal: abandoned.signal,
    });
    for (let waited = 0; (await eventsOfKey(key)) === 0 && waited < 5000; waited += 10) await wait(10);
    abandoned.abort();
    await sent.catch(() => undefined);
    const applied = await eventsOfKey(key);
    expect(applied).toBeGreaterThan(0);

    const retry = await admin.client.execute(setTaskDocument, variables, { 'idempotency-key': key });
    const again = await admin.client.execute(setTaskDocument, variables, { 'idempotency-key': key });
    expect(retry.errors).toBeUndefined();
    expect(again.data).toEqual(retry.data);
    expect((await getTasks(admin, space)).filter((task) => task.name === 'Lost answer')).toHaveLength(1);
    expect(await eventsOfKey(key)).toBe(applied);
  });

  it('applies two attempts sent at the same time once, and answers both alike', async () => {
    const { admin, space } = await board();
    const key = newKey();
    const [first, second] = await Promise.all([
      setTask(admin, { project: space, name: 'Twice at once' }, { 'idempotency-key': key }),
      setTask(admin, { project: space, name: 'Twice at once' }, { 'idempotency-key': key }),
    ]);
    expect(first.errors).toBeUndefined();
    expect(second.data).toEqual(first.data);
    expect((await getTasks(admin, space)).filter((task) => task.name === 'Twice at once')).toHaveLength(1);
  });

  it('records one edit for an edit sent twice with its key, while an edit without a key is applied each time', async () => {
    const { admin, space } = await board();
    const task = await createTask(admin, space, 'Before');
    const streamEvents = async () =>
      (await appRow<{ count: number }>(
        server.app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE stream = ${`task:${task.id}`}`,
      ))!.count;
    const before = await streamEvents();
    const key = newKey();
    const edit = { id: task.id, priority: 3 };
    const first = await admin.client.execute(ediPriorityDocument, edit, { 'idempotency-key': key });
    const retry = await admin.client.execute(ediPriorityDocument, edit, { 'idempotency-key': key });
    expect(first.errors).toBeUndefined();
    expect(retry.data).toEqual(first.data);
    expect(await streamEvents()).toBe(before + 1);
    // Another edit without a key is a mutation of its own.
    expectData(await ediTask(admin, { id: task.id, priority: 1 }));
    expect(await streamEvents()).toBe(before + 2);
  });

  it("keeps each person's keys apart: the same key from someone else is their own mutation", async () => {
    const { admin, member, space } = await board();
    const key = newKey();
    const mine = expectData(await setTask(admin, { project: space, name: 'Shared key' }, { 'idempotency-key': key })).setTask;
    const theirs = expectData(await setTask(member, { project: space, name: 'Shared key' }, { 'idempotency-key': key })).setTask;
    expect(theirs.id).not.toBe(mine.id);
    expect((await getTasks(admin, space)).filter((task) => task.name === 'Shared key')).toHaveLength(2);
  });

  it('stores no answer for a refused attempt: the retry runs again', async () => {
    const { admin, space } = await board();
    const key = newKey();
    const refused = await setTask(admin, { project: 'no-such-space', name: 'Refused' }, { 'idempotency-key': key });
    expect(refused.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(await eventsOfKey(key)).toBe(0);
    const other = await setTask(admin, { project: space, name: 'Accepted' }, { 'idempotency-key': key });
    expect(other.errors).toBeUndefined();
  });
});
