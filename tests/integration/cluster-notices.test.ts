import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, postMessage } from './chatFactories';
import { freePort, GraphqlTestClient, subscriptionClient, watchSubscription } from './harness';
import { joinSpace } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';

/**
 * Notices across two app processes A and B on one PostgreSQL and one Redis (issue 22): a typing notice sent through A
 * reaches a subscriber on B, the sign-in throttle counts attempts made through both, a process refuses to start with a
 * Redis it cannot use, and while Redis is away log events (chat messages) still reach B and nothing that does not need
 * Redis fails; once it is back, notices cross again.
 */

let cluster: AppCluster;
const dataDirectory = mkdtempSync(join(tmpdir(), 'cluster-notices-'));
const sockets: Client[] = [];

/** Where a client sends its requests: one app process, with the mails read from the cluster's outbox table. */
type Target = AppProcess & AppCluster['mail'];
let a: Target;
let b: Target;

beforeAll(async () => {
  // The sign-in throttle counts across processes; the harness turns rate limits off by default.
  cluster = await startAppCluster(2, { RATE_LIMITS: 'true' });
  [a, b] = cluster.processes.map((started) => ({ ...started, ...cluster.mail })) as [Target, Target];
}, 180_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await cluster?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
}, 60_000);

/** The same signed-in person, their requests sent to another process (the session is the database's). */
function through(someone: Person, target: Target): Person {
  const client = new GraphqlTestClient(target);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

type Change = { type: string; user: { id: string } | null; message: { id: string; body: string } | null };
const subMessage = 'subscription ($project: ID) { subMessage(project: $project) { type user { id } message { id body } } }';

/** Everything someone's subscription on a process to a space's channel delivers, once that process listens for it. */
async function watchOn(target: Target, someone: Person, space: string) {
  const socket = subscriptionClient(target, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const watched = watchSubscription<Change>(socket, subMessage, { project: space });
  await watched.started;
  return watched;
}

const typing = async (someone: Person, project: string) =>
  expectData(
    await someone.client.execute<{ typingMessage: boolean }>('mutation ($project: ID) { typingMessage(project: $project) }', { project }),
  ).typingMessage;

const health = async (target: Target) => {
  const response = await fetch(`${target.url}/healthz`);
  return { status: response.status, body: (await response.json()) as { redis?: string } };
};

const login = (target: Target, email: string, password: string) =>
  new GraphqlTestClient(target).execute<{ login: { token: string } }>(
    'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
    { email, password },
  );

/** Ann and Bas in one team, both members of a new space; Ann's requests go to A. */
async function teamWithSpace(name: string) {
  const ann = await person(a, 'Ann');
  const bas = await joinTeam(ann, await person(a, 'Bas'));
  const space = await createSpace(ann, name);
  await joinSpace(bas, space);
  return { ann, bas, space };
}

describe('notices across processes', () => {
  it('hands a typing notice sent through A to a subscriber on B', async () => {
    const { ann, bas, space } = await teamWithSpace('Typing');
    const onB = await watchOn(b, through(bas, b), space);
    expect(await typing(ann, space)).toBe(true);
    await expect.poll(() => onB.received).toEqual([{ type: 'typing', user: { id: ann.id }, message: null }]);
    // The throttle holds across processes: the same person typing again at once, through B, is not relayed.
    expect(await typing(through(ann, b), space)).toBe(false);
    // Behind a sentinel (a message through A, heard on B from the log): the notice came once, and nothing else did.
    const sentinel = await postMessage(ann, { project: space, body: 'sentinel' });
    await expect.poll(() => onB.received.length).toBe(2);
    expect(onB.received).toEqual([
      { type: 'typing', user: { id: ann.id }, message: null },
      { type: 'message.created', user: null, message: { id: sentinel.id, body: 'sentinel' } },
    ]);
  }, 60_000);

  it('counts sign-in attempts for one e-mail made through A and B together', async () => {
    const email = `throttled-${Date.now().toString(36)}@example.com`;
    const attempts = 10;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const answer = await login(attempt % 2 === 0 ? a : b, email, 'not-the-password');
      expect(answer.errors?.[0]?.extensions.code).toBe('WRONG_CREDENTIALS');
    }
    // Five through each: a limit counted per process would let both through.
    for (const target of [a, b]) expect((await login(target, email, 'not-the-password')).errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
  }, 60_000);
});

describe('a start with a Redis it cannot use', () => {
  /** The server's entry point with these settings; its exit code and what it wrote to stderr. */
  async function refusedStart(environment: Record<string, string>) {
    const settings: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDirectory, 'refused'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...environment,
    };
    if (!('DATABASE_URL' in environment)) delete settings['DATABASE_URL'];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, errors: errors.trim() };
  }

  it('exits 1 with one line naming REDIS_URL when Redis is not there', async () => {
    const closedPort = await freePort();
    const { code, errors } = await refusedStart({
      DATABASE_URL: cluster.databaseUrl,
      REDIS_URL: `redis://:hidden-password@127.0.0.1:${closedPort}`,
    });
    expect(code).toBe(1);
    expect(errors.split('\n')).toHaveLength(1);
    expect(errors).toContain('REDIS_URL');
    expect(errors).toContain(`127.0.0.1:${closedPort}`);
    expect(errors).not.toContain('hidden-password');
  }, 60_000);

  it('exits 1 naming REDIS_URL when it is not a Redis URL', async () => {
    const { code, errors } = await refusedStart({ DATABASE_URL: cluster.databaseUrl, REDIS_URL: 'http://x' });
    expect(code).toBe(1);
    expect(errors).toContain('REDIS_URL');
  }, 60_000);

  it('exits 1 when REDIS_URL is set without DATABASE_URL', async () => {
    const { code, errors } = await refusedStart({ REDIS_URL: cluster.redis.url });
    expect(code).toBe(1);
    expect(errors).toContain('DATABASE_URL');
  }, 60_000);
});

describe('Redis going away while the processes run', () => {
  it('keeps chat delivery and every request that does not need Redis, and relays notices again once it is back', async () => {
    const { ann, bas, space } = await teamWithSpace('Outage');
    const onB = await watchOn(b, through(bas, b), space);
    const deliveredOnB = () => onB.received.filter((change) => change.type === 'message.created').map((change) => change.message!.body);
    await postMessage(ann, { project: space, body: 'before' });
    await expect.poll(deliveredOnB).toEqual(['before']);

    await cluster.redis.kill();
    for (const target of [a, b])
      await expect.poll(() => health(target)).toEqual({ status: 200, body: expect.objectContaining({ redis: 'unavailable' }) });
    // Log events do not travel through Redis: B hears A's commits from PostgreSQL.
    await postMessage(ann, { project: space, body: 'during 1' });
    await postMessage(through(ann, b), { project: space, body: 'during 2' });
    await expect.poll(deliveredOnB).toEqual(['before', 'during 1', 'during 2']);
    // A query, a sign-in (the throttle counts in the process meanwhile) and a typing mutation answer as usual.
    expect((await messagesOf(through(bas, b), { project: space })).map((message) => message.body)).toEqual([
      'during 2',
      'during 1',
      'before',
    ]);
    for (const target of [a, b]) expect(expectData(await login(target, ann.email, 'analytical1')).login.token).toEqual(expect.any(String));
    expect(typeof (await typing(ann, space))).toBe('boolean');
    expect(onB.state.errors).toEqual([]);

    await cluster.redis.start();
    for (const target of [a, b])
      await expect.poll(() => health(target), { timeout: 30_000 }).toEqual({ status: 200, body: expect.objectContaining({ redis: 'ok' }) });
    // Until B's subscriber connection has subscribed again a notice finds nobody there: Ann keeps typing until one arrives.
    const typingOnB = () => onB.received.filter((change) => change.type === 'typing').length;
    const typedBefore = typingOnB();
    await expect
      .poll(
        async () => {
          await typing(ann, space);
          return typingOnB() > typedBefore;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    await postMessage(ann, { project: space, body: 'after' });
    const stored = (await messagesOf(ann, { project: space })).map((message) => message.body).reverse();
    expect(stored).toEqual(['before', 'during 1', 'during 2', 'after']);
    await expect.poll(deliveredOnB).toEqual(stored);
    // Every message once, in order, with no error on the subscription.
    const ids = onB.received.filter((change) => change.type === 'message.created').map((change) => change.message!.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(onB.state).toEqual({ errors: [], completed: false });
  }, 120_000);
});
