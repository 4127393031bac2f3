import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { postMessage, readMessages, sendMessage } from './chatFactories';
import { freePort, nextResults, startServerProcess, subscriptionClient } from './harness';
import { createTask, getTasks } from './taskFactories';
import { createSpace, expectData, joinTeam, person } from './teamFactories';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

/**
 * The whole server on PostgreSQL (issue 21): `npm start`'s entry point with DATABASE_URL naming a throw-away cluster,
 * driven through GraphQL and graphql-ws as the client drives it. People sign up, a team, a space, a task, a message
 * delivered live to a subscriber, search; then the process is killed and started again, and what it acknowledged is
 * all there. And a start against a PostgreSQL that is not there ends with one line naming the problem.
 */

let cluster: PostgresCluster;
let databaseUrl: string;
let outbox: postgres.Sql;
const dataDirectory = mkdtempSync(join(tmpdir(), 'app-postgres-'));

beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase('workspace');
  outbox = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
});

afterAll(async () => {
  await outbox?.end({ timeout: 1 });
  await cluster?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

/**
 * Where the clients send their requests: the server process running now (a restarted one listens on another port),
 * with the mails it kept read from its outbox table.
 */
const target = {
  graphqlUrl: '',
  websocketUrl: '',
  async outboxText(to: string): Promise<string | undefined> {
    const [mail] = await outbox<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`;
    return mail?.text;
  },
};

/** The server process on the cluster, once healthy; the clients are pointed at it. */
async function startOnPostgres() {
  const started = await startServerProcess(dataDirectory, { DATABASE_URL: databaseUrl });
  target.graphqlUrl = `${started.url}/graphql`;
  target.websocketUrl = `ws://127.0.0.1:${started.port}/graphql`;
  return started;
}

async function stopped(server: Awaited<ReturnType<typeof startOnPostgres>>, signal: NodeJS.Signals): Promise<number | null> {
  server.child.kill(signal);
  return await server.exited;
}

describe('the server on PostgreSQL', () => {
  it('serves teams, spaces, tasks, live chat and search, and keeps what it acknowledged across a kill', async () => {
    let server = await startOnPostgres();
    const ada = await person(target, 'Ada');
    const bob = await joinTeam(ada, await person(target, 'Bob'));
    const space = await createSpace(ada, 'Launch');
    expectData(await bob.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));

    const task = await createTask(ada, space, 'Write the harbour checklist');
    // Bob hears Ada's message live: the follower hands the commit to the subscription through LISTEN/NOTIFY's door.
    const listening = subscriptionClient(target, { cookie: bob.client.cookieHeader() });
    const heard = nextResults<{ subMessage: { message: { body: string } | null } }>(
      listening,
      'subscription ($project: ID) { subMessage(project: $project) { type message { body } } }',
      { project: space },
      1,
    );
    await heard.started;
    await postMessage(ada, { project: space, body: 'The checklist is up' });
    expect((await heard.done).map((result) => result.subMessage.message?.body)).toEqual(['The checklist is up']);
    await listening.dispose();

    const search = await bob.client.execute<{ getSearch: { id: string; type: string }[] }>(
      'query ($text: String!) { getSearch(text: $text) { id type } }',
      { text: 'harbour' },
    );
    expect(expectData(search).getSearch).toContainEqual({ id: task.id, type: 'task' });

    // Access is read again once it changes: a private space's member reads its tasks, is removed, and is refused.
    const board = await createSpace(ada, 'Board', 'private');
    expectData(
      await ada.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: bob.id, project: board },
      ),
    );
    expect(await getTasks(bob, board)).toEqual([]);
    expectData(
      await ada.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: bob.id, project: board },
      ),
    );
    const refused = await bob.client.execute('query ($project: ID!) { getTasks(project: $project) { id } }', { project: board });
    expect(refused.errors?.[0]?.extensions?.['code']).toBe('NOT_FOUND');

    // One client id sent in two conversations at once: one message, and the other refused as a reused key.
    const sentTwice = await Promise.all(
      [space, board].map((project) => sendMessage(ada, { project, body: 'Sent from one draft', clientId: 'draft-7f3a9c21' })),
    );
    expect(sentTwice.map((result) => (result.data ? 'sent' : result.errors?.[0]?.extensions?.['code'])).sort()).toEqual([
      'IDEMPOTENCY_KEY_REUSED',
      'sent',
    ]);

    // Killed without a chance to flush anything: PostgreSQL committed what the server acknowledged.
    expect(await stopped(server, 'SIGKILL')).toBeNull();
    server = await startOnPostgres();
    // The signed-in sessions are PostgreSQL's rows too: the same cookies work against the new process.
    expect((await getTasks(ada, space)).map((each) => each.name)).toEqual(['Write the harbour checklist']);
    const messages = expectData(await readMessages(bob, { project: space })).getMessages;
    expect(messages.map((message) => message.body)).toContain('The checklist is up');
    expect(await stopped(server, 'SIGTERM')).toBe(0);
  }, 120_000);

  it('answers 503 and a clear error while PostgreSQL is away, and serves again by itself once it is back', async () => {
    const server = await startOnPostgres();
    try {
      const ada = await person(target, 'Ada');
      const space = await createSpace(ada, 'Outage');
      await createTask(ada, space, 'Written before the outage');

      await cluster.stopServer();
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      const read = await fetch(target.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ada.client.cookieHeader() },
        body: JSON.stringify({ query: 'query ($project: ID!) { getTasks(project: $project) { id } }', variables: { project: space } }),
      });
      // 503 is what the app resends a mutation after (with its Idempotency-Key), so nothing is lost or doubled.
      expect({ status: read.status, body: await read.json() }).toMatchObject({
        status: 503,
        body: { errors: [{ message: errorMessages.DATABASE_UNAVAILABLE, extensions: { code: 'DATABASE_UNAVAILABLE' } }] },
      });
      const write = await ada.client.execute('mutation ($project: ID!) { setTask(project: $project, name: "During") { id } }', {
        project: space,
      });
      expect(write.status).toBe(503);
      expect(write.errors?.[0]?.extensions.code).toBe('DATABASE_UNAVAILABLE');

      await cluster.startServer();
      await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 30_000 }).toBe(200);
      await createTask(ada, space, 'Written after the outage');
      expect((await getTasks(ada, space)).map((each) => each.name).sort()).toEqual([
        'Written after the outage',
        'Written before the outage',
      ]);
    } finally {
      await stopped(server, 'SIGTERM');
    }
  }, 120_000);

  it('refuses to start when PostgreSQL is not there, in one line that names where it looked', async () => {
    const closedPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDirectory,
        NODE_ENV: 'test',
        DATABASE_URL: `postgres://workspace:secret-password@127.0.0.1:${closedPort}/workspace`,
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors.trim().split('\n')).toHaveLength(1);
    expect(errors).toContain(`127.0.0.1:${closedPort}`);
    expect(errors).not.toContain('secret-password');
  }, 120_000);
});
