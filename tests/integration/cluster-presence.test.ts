import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, subscriptionClient, watchSubscription } from './harness';
import { expectData, joinTeam, person, type Person } from './teamFactories';
import { RawSocket } from './ws-harness';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';

/**
 * Presence and the per-user socket cap across three app processes on one PostgreSQL and one Redis (issue 22): a user
 * connected to A and C is online for a teammate on B until both connections closed, a killed process's users go
 * offline on the others, and the cap counts a user's connections on every process.
 */

type Presence = { user: string; state: string };
/** A process as the tests' clients see it: its URLs, and the cluster's outbox for sign-up mails. */
type Target = Pick<AppProcess, 'graphqlUrl' | 'websocketUrl'> & AppCluster['mail'];

let cluster: AppCluster;
let a: Target;
let b: Target;
let c: Target;
const sockets: RawSocket[] = [];
const subscribers: ReturnType<typeof subscriptionClient>[] = [];

beforeAll(async () => {
  // CLUSTER_PROCESS_TIMEOUT_MS is 3 s there: a killed process's connections are gone from Redis 3 s after its last beat.
  cluster = await startAppCluster(3, { WS_MAX_SOCKETS_PER_USER: '2' });
  const [first, second, third] = cluster.processes.map((process): Target => ({ ...process, ...cluster.mail }));
  [a, b, c] = [first!, second!, third!];
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(subscribers.map((client) => client.dispose()));
  await cluster?.stop();
});

/** An authenticated graphql-ws connection of `someone` to a process, once its connection_init was acknowledged. */
async function connect(someone: Person, on: Target): Promise<RawSocket> {
  const socket = await RawSocket.open(on.websocketUrl, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  await socket.init();
  return socket;
}

/** `someone`'s subPresence subscription on a process, once the server listens for it. */
async function watchPresence(someone: Person, on: Target) {
  const client = subscriptionClient(on, { cookie: someone.client.cookieHeader() });
  subscribers.push(client);
  const watched = watchSubscription<Presence>(client, 'subscription { subPresence { user state } }', {});
  await watched.started;
  return watched;
}

/** People who signed up through A and joined one team (Ada's), in the order named. */
async function teammates<const Names extends readonly string[]>(...names: Names): Promise<{ [Index in keyof Names]: Person }> {
  const admin = await person(a, 'Ada');
  const people: Person[] = [];
  for (const name of names) people.push(await person(a, name));
  for (const someone of people) await joinTeam(admin, someone);
  return people as { [Index in keyof Names]: Person };
}

/** getPresence as `someone` asks a given process. */
async function presenceOn(someone: Person, on: Target): Promise<Presence[]> {
  const client = new GraphqlTestClient(on);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return expectData(await client.execute<{ getPresence: Presence[] }>('query { getPresence { user state } }')).getPresence;
}

describe('presence across processes', () => {
  it('keeps a user online on B while a connection of theirs is open on A or C, and offline once both closed', async () => {
    const [ulla, vera, tom] = await teammates('Ulla', 'Vera', 'Tom');
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
    const [wes, zoe] = await teammates('Wes', 'Zoe');
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

  it('takes the users of a killed process offline on the others', async () => {
    const [kim, lou, ned] = await teammates('Kim', 'Lou', 'Ned');
    const fourth = await cluster.start({ WS_MAX_SOCKETS_PER_USER: '2' });
    const d = { ...fourth, ...cluster.mail };
    const observer = await watchPresence(ned, b);
    await connect(kim, d);
    await connect(lou, d);
    await connect(lou, c);
    await expect.poll(() => observer.received).toContainEqual({ user: kim.id, state: 'online' });
    await expect.poll(() => observer.received).toContainEqual({ user: lou.id, state: 'online' });

    // Killed: no goodbye, its Redis facts expire after CLUSTER_PROCESS_TIMEOUT_MS, and B's heartbeat finds them gone.
    await fourth.stop('SIGKILL');
    await expect.poll(() => observer.received, { timeout: 15_000 }).toContainEqual({ user: kim.id, state: 'offline' });
    // Each process finds it gone at its own heartbeat.
    await expect.poll(() => presenceOn(ned, a)).not.toContainEqual(expect.objectContaining({ user: kim.id }));
    // Lou is still connected to C.
    expect(observer.received.filter((change) => change.user === lou.id)).toEqual([{ user: lou.id, state: 'online' }]);
    expect(await presenceOn(ned, b)).toContainEqual({ user: lou.id, state: 'online' });
  }, 60_000);

  it('refuses a third connection on C when a user holds WS_MAX_SOCKETS_PER_USER=2 on A and B', async () => {
    const [max, xia, yan] = await teammates('Max', 'Xia', 'Yan');
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
