import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, onSqlite } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { fsyncOnThreadPool, type FileSync } from '../../server/src/core/sqlite/walSync';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection';
import { subscriptionClient, type GraphqlResponse, type TestServer } from './harness';
import { setTask, type Task } from './taskFactories';
import { createSpace, expectData, person, wait, type Person } from './teamFactories';

/**
 * The server with synchronous=FULL, its WAL synced off the event loop through a sync the test can hold:
 * while held, each WAL fsync waits until the test lets it go (or fails it).
 */
const syncs = {
  held: false,
  pending: [] as { descriptor: number; finish: () => void; fail: (error: Error) => void }[],
  releaseAll() {
    this.held = false;
    for (const sync of this.pending.splice(0)) sync.finish();
  },
};
const heldSync: FileSync = (descriptor) => {
  if (!syncs.held) return fsyncOnThreadPool(descriptor);
  return new Promise<void>((resolve, reject) => {
    syncs.pending.push({ descriptor, finish: () => fsyncOnThreadPool(descriptor).then(resolve, reject), fail: reject });
  });
};

let server: TestServer;
let database: DatabaseHandle;
let owner: Person;
let space: string;
const sockets: Client[] = [];

beforeAll(async () => {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-wal-sync-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    SQLITE_SYNCHRONOUS: 'FULL',
    RATE_LIMITS: 'false',
  });
  database = openDatabase(config.databaseFile, { synchronous: 'FULL', syncFile: heldSync });
  const app = onSqlite(await buildApp(config, { database }));
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  server = {
    url,
    graphqlUrl: `${url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${address.port}/graphql`,
    app,
    dataDirectory,
    async close() {
      await app.server.close();
      database.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  owner = await person(server, 'Dora');
  space = await createSpace(owner, 'Durable board');
});
afterAll(async () => {
  syncs.releaseAll();
  for (const socket of sockets) await socket.dispose();
  await server.close();
});

const subTask = 'subscription ($project: ID!) { subTask(project: $project) { type task { id name } } }';

/** The names of the tasks a subTask subscription of the owner delivered, once it is delivering. */
async function watchTasks(): Promise<string[]> {
  const socket = subscriptionClient(server, { cookie: owner.client.cookieHeader() });
  sockets.push(socket);
  const names: string[] = [];
  socket.subscribe<{ subTask: { type: string; task: { name: string } | null } }>(
    { query: subTask, variables: { project: space } },
    {
      next: (value) => value.data?.subTask.task && names.push(value.data.subTask.task.name),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  // Delivering once a task made now arrives: the subscription listens from then on.
  await until(async () => {
    expectData(await setTask(owner, { project: space, name: `Warm-up ${names.length}` }));
    return until(() => names.length > 0, 1000).then(
      () => true,
      () => false,
    );
  });
  return names;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a state');
    await wait(10);
  }
}

const taskCommitted = (name: string) => database.sqlite.prepare('SELECT count(*) FROM tasks WHERE name = ?').pluck().get(name) === 1;

/** A request's answer, recorded when it arrives. */
function track(request: Promise<GraphqlResponse<{ setTask: Task }>>) {
  const state: { answer: GraphqlResponse<{ setTask: Task }> | null } = { answer: null };
  void request.then((answer) => (state.answer = answer));
  return state;
}

/** A round trip through the server's event loop: whatever it answers after this was not blocked before it. */
async function serverTurn(): Promise<void> {
  const response = await fetch(`${server.url}/healthz`);
  expect(response.ok).toBe(true);
}

describe('durability with the WAL synced off the event loop (synchronous=FULL)', () => {
  it('answers a mutation and publishes its live event only once the WAL fsync after its commit has finished', async () => {
    const delivered = await watchTasks();
    syncs.held = true;
    const request = track(setTask(owner, { project: space, name: 'Held task' }));
    await until(() => taskCommitted('Held task') && syncs.pending.length > 0);
    // Committed, the event loop free (the server answers other requests), but nothing told before the disk confirms.
    await serverTurn();
    await serverTurn();
    expect(request.answer).toBeNull();
    expect(delivered).not.toContain('Held task');
    syncs.releaseAll();
    await until(() => request.answer !== null);
    expect(expectData(request.answer!).setTask.name).toBe('Held task');
    await until(() => delivered.includes('Held task'));
  });

  it('fails the answers of the units a failed fsync covered, and refuses later writes', async () => {
    const delivered = await watchTasks();
    syncs.held = true;
    const request = track(setTask(owner, { project: space, name: 'Lost task' }));
    await until(() => taskCommitted('Lost task') && syncs.pending.length > 0);
    syncs.held = false;
    syncs.pending.shift()!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await until(() => request.answer !== null);
    expect(request.answer!.data?.setTask ?? null).toBeNull();
    expect(request.answer!.errors?.[0]?.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    const later = await setTask(owner, { project: space, name: 'Later task' });
    expect(later.data?.setTask ?? null).toBeNull();
    expect(taskCommitted('Later task')).toBe(false);
    await serverTurn();
    expect(delivered).not.toContain('Lost task');
  });
});
