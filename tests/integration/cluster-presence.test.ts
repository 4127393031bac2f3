import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, startServerProcess, subscriptionClient, watchSubscription } from './harness';
import { expectData, joinTeam, person, type Person } from './teamFactories';
import { RawSocket } from './ws-harness';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';
import { startRedisServer, type RedisServer } from '../support/redisServer';

/**
 * Presence and the per-user socket cap across three app processes on one PostgreSQL and one Redis (issue 22): a user
 * connected to A and C is online for a teammate on B until both connections closed, and the cap counts a user's
 * connections on every process.
 */

type Presence = { user: string; state: string };

let cluster: PostgresCluster;
let redis: RedisServer;
let outbox: postgres.Sql;
const dataDirectory = mkdtempSync(join(tmpdir(), 'cluster-presence-'));
const processes: Awaited<ReturnType<typeof startServerProcess>>[] = [];
const sockets: RawSocket[] = [];
const subscribers: ReturnType<typeof subscriptionClient>[] = [];

/** A process as the tests' clients see it: its URLs, and the cluster's outbox for sign-up mails. */
function target(process: Awaited<ReturnType<typeof startServerProcess>>) {
  return {
    graphqlUrl: `${process.url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${process.port}/graphql`,
    async outboxText(to: string): Promise<string | undefined> {
      const [mail] = await outbox<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`;
      return mail?.text;
    },
  };
}

let a: ReturnType<typeof target>;
let b: ReturnType<typeof target>;
let c: ReturnType<typeof target>;

beforeAll(async () => {
  [cluster, redis] = await Promise.all([startPostgresCluster(), startRedisServer()]);
  const databaseUrl = await cluster.createDatabase('workspace');
  outbox = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  // One SECRET for the cluster, as a deployment shares it: a session signed in through one process works on all.
  const environment = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    SECRET: randomBytes(32).toString('hex'),
    WS_MAX_SOCKETS_PER_USER: '2',
  };
  // The first one migrates the database; the other two then start together.
  processes.push(await startServerProcess(join(dataDirectory, 'a'), environment));
  processes.push(...(await Promise.all(['b', 'c'].map((name) => startServerProcess(join(dataDirectory, name), environment)))));
  [a, b, c] = processes.map(target) as [typeof a, typeof b, typeof c];
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(subscribers.map((client) => client.dispose()));
  for (const process of processes) {
    process.child.kill('SIGTERM');
    await process.exited;
  }
  await outbox?.end({ timeout: 1 });
  await Promise.all([cluster?.stop(), redis?.stop()]);
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** An authenticated graphql-ws connection of `someone` to a process, once its connection_init was acknowledged. */
async function connect(someone: Person, on: ReturnType<typeof target>): Promise<RawSocket> {
  const socket = await RawSocket.open(on.websocketUrl, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  await socket.init();
  return socket;
}

/** `someone`'s subPresence subscription on a process, once the server listens for it. */
async function watchPresence(someone: Person, on: ReturnType<typeof target>) {
  const client = subscriptionClient(on, { cookie: someone.client.cookieHeader() });
  subscribers.push(client);
  const watched = watchSubscription<Presence>(client, 'subscription { subPresence { user state } }', {});
  await watched.started;
  return watched;
}

/** getPresence as `someone` asks a given process. */
async function presenceOn(someone: Person, on: ReturnType<typeof target>): Promise<Presence[]> {
  const client = new GraphqlTestClient(on);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return expectData(await client.execute<{ getPresence: Presence[] }>('query { getPresence { user state } }')).getPresence;
}

describe('presence across processes', () => {
  it('keeps a user online on B while a connection of theirs is open on A or C, and offline once both closed', async () => {
    const admin = await person(a, 'Ada');
    const [ulla, vera, tom] = [await person(a, 'Ulla'), await person(a, 'Vera'), await person(a, 'Tom')];
    for (const someone of [ulla, vera, tom]) await joinTeam(admin, someone);
    const observer = await watchPresence(tom, b);

    const ullaOnA = await connect(ulla, a);
    const ullaOnC = await connect(ulla, c);
    await expect.poll(() => observer.received).toContainEqual({ user: ulla.id, state: 'online' });
    expect(await presenceOn(tom, b)).toContainEqual({ user: ulla.id, state: 'online' });

    ullaOnA.close();
    // Sentinel: a later change through A, seen on B, so that A's news of Ulla's closed connection reached B first.
    await connect(vera, a);
    await expect.poll(() => observer.received).toContainEqual({ user: vera.id, state: 'online' });
    expect(observer.received.filter((change) => change.user === ulla.id)).toEqual([{ user: ulla.id, state: 'online' }]);
    expect(await presenceOn(tom, b)).toContainEqual({ user: ulla.id, state: 'online' });

    ullaOnC.close();
    await expect.poll(() => observer.received).toContainEqual({ user: ulla.id, state: 'offline' });
    expect(await presenceOn(tom, b)).not.toContainEqual(expect.objectContaining({ user: ulla.id }));
    expect(observer.state.errors).toEqual([]);
  }, 60_000);

  it('tells a teammate on another process that a user is away', async () => {
    const admin = await person(a, 'Ada');
    const [wes, zoe] = [await person(a, 'Wes'), await person(a, 'Zoe')];
    for (const someone of [wes, zoe]) await joinTeam(admin, someone);
    const observer = await watchPresence(zoe, c);
    await connect(wes, a);
    await expect.poll(() => observer.received).toContainEqual({ user: wes.id, state: 'online' });
    // setPresence goes over HTTP, here to B: a process where Wes holds no connection.
    const onB = new GraphqlTestClient(b);
    for (const [name, value] of wes.client.cookies) onB.cookies.set(name, value);
    expectData(await onB.execute('mutation { setPresence(state: "away") }'));
    await expect.poll(() => observer.received).toContainEqual({ user: wes.id, state: 'away' });
    expect(await presenceOn(zoe, a)).toContainEqual({ user: wes.id, state: 'away' });
  }, 60_000);

  it('refuses a third connection on C when a user holds WS_MAX_SOCKETS_PER_USER=2 on A and B', async () => {
    const admin = await person(a, 'Ada');
    const [max, xia, yan] = [await person(a, 'Max'), await person(a, 'Xia'), await person(a, 'Yan')];
    for (const someone of [max, xia, yan]) await joinTeam(admin, someone);
    const observer = await watchPresence(yan, c);
    await connect(max, a);
    await expect.poll(() => observer.received).toContainEqual({ user: max.id, state: 'online' });
    await connect(max, b);
    // Sentinel: a later change through B, seen on C, so that B's news of Max's second connection reached C first.
    await connect(xia, b);
    await expect.poll(() => observer.received).toContainEqual({ user: xia.id, state: 'online' });

    const third = await RawSocket.open(c.websocketUrl, { cookie: max.client.cookieHeader() });
    sockets.push(third);
    third.send({ type: 'connection_init' });
    expect(await third.closed).toEqual({ code: 4430, reason: 'Too many connections for this user' });
  }, 60_000);
});
