import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, subscriptionClient } from './harness';
import { initiateRoom, joinCall, subVideocall, type Call, type CallChange, type Room } from './meetingsFactories';
import { expectData, joinTeam, person, type Person } from './teamFactories';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';

/**
 * Rings and calls of an app process killed while another lives (issue 22): the living process's leased jobs end the
 * killed one's ring at its time-out ('meetings: ring time-outs') and finish its call once nobody has been in it for the
 * grace ('meetings: calls nobody is in', four of its intervals), while a call whose attendee's feed is open on the
 * living process stays open.
 */
const ringTimeoutsJob = 'meetings: ring time-outs';
const emptyCallsJob = 'meetings: calls nobody is in';
const emptyCallsIntervalMs = 500;
const graceMs = 4 * emptyCallsIntervalMs;

type Target = Pick<AppProcess, 'graphqlUrl' | 'websocketUrl'> & AppCluster['mail'];

interface RingChange {
  type: string;
  ring: { id: string; videocall: string; callee: string; state: string };
}

let cluster: AppCluster;
let a: Target;
let b: AppProcess;
let ada: Person;
let bob: Person;
let cy: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  cluster = await startAppCluster(2, {
    CLUSTER_PROCESS_TIMEOUT_MS: '2000',
    JOB_INTERVALS_MS: `${ringTimeoutsJob}=500,${emptyCallsJob}=${emptyCallsIntervalMs}`,
    MEETING_RING_SECONDS: '5',
  });
  a = { ...cluster.processes[0]!, ...cluster.mail };
  b = cluster.processes[1]!;
  ada = await person(a, 'Ada');
  bob = await joinTeam(ada, await person(a, 'Bob'));
  cy = await joinTeam(ada, await person(a, 'Cy'));
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await cluster?.stop();
});

/** `someone`'s browser pointed at another process: the same session (the processes share SECRET and the database). */
function on(target: Pick<AppProcess, 'graphqlUrl' | 'websocketUrl'>, someone: Person): Person {
  const client = new GraphqlTestClient({ ...target, ...cluster.mail });
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

/** An attendee's call feed (subVideocall) on a process, open once its socket is connected. */
async function openCallFeed(target: Pick<AppProcess, 'graphqlUrl' | 'websocketUrl'>, someone: Person, call: Call): Promise<void> {
  const socket = subscriptionClient(target, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const connected = new Promise<void>((resolve) => socket.on('connected', () => resolve()));
  socket.subscribe<{ subVideocall: CallChange }>(
    { query: subVideocall, variables: { videocall: call.id, attendee: call.attendee!.id } },
    { next: () => undefined, error: () => undefined, complete: () => undefined },
  );
  await connected;
}

/**
 * Someone's rings feed (subCalls) on a process, once it listens: it follows the log and says so with a message without
 * data; what it hears after that, in order.
 */
async function watchRings(target: Pick<AppProcess, 'websocketUrl'>, someone: Person): Promise<RingChange[]> {
  const socket = subscriptionClient(target, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const heard: RingChange[] = [];
  let listen!: () => void;
  const listening = new Promise<void>((resolve) => (listen = resolve));
  socket.subscribe<{ subCalls: RingChange }>(
    { query: 'subscription { subCalls { type seq ring { id videocall callee state } } }', extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.data) heard.push(value.data.subCalls);
        else listen();
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  await listening;
  return heard;
}

async function callState(videocallId: string) {
  const [call] = await cluster.query<{ finishedAt: string | null }>('SELECT finished_at AS "finishedAt" FROM videocalls WHERE id = $1', [
    videocallId,
  ]);
  const attendees = await cluster.query<{ id: string; leftAt: string | null }>(
    'SELECT id, left_at AS "leftAt" FROM videocall_attendees WHERE videocall_id = $1',
    [videocallId],
  );
  return { finishedAt: call!.finishedAt, attendees };
}

/** The job's finished runs after a database time, by living processes. */
async function finishedRuns(job: string, after: Date): Promise<{ processId: string }[]> {
  return await cluster.query<{ processId: string }>(
    'SELECT process_id AS "processId" FROM job_runs WHERE name = $1 AND finished_at > $2 AND error IS NULL ORDER BY finished_at',
    [job, after],
  );
}

async function databaseNow(): Promise<Date> {
  const [row] = await cluster.query<{ now: Date }>('SELECT now() AS now');
  return row!.now;
}

async function processIdOf(process: Pick<AppProcess, 'url'>): Promise<string> {
  const port = new URL(process.url).port;
  const [row] = await cluster.query<{ id: string }>('SELECT id FROM cluster_processes WHERE internal_url LIKE $1', [`%:${port}`]);
  return row!.id;
}

describe('rings and calls of a killed process', () => {
  let adaRoom: Room;
  let adaCall: Call;

  it("ends the ring of a killed process at its time-out through the living process's job", async () => {
    const processA = await processIdOf(cluster.processes[0]!);
    const bobRings = await watchRings(a, bob);
    adaRoom = await initiateRoom(ada, { name: 'Rung through B' });
    // Ada joins and rings through B, and keeps her call feed open on A (her call stays: see the last test).
    adaCall = expectData(await joinCall(on(b, ada), { meetingroom: adaRoom.id })).joinVideocall;
    await openCallFeed(a, ada, adaCall);
    const [ring] = expectData(
      await on(b, ada).client.execute<{ ringVideocall: { id: string }[] }>(
        'mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { id } }',
        { videocall: adaCall.id, users: [bob.id] },
      ),
    ).ringVideocall;
    await expect.poll(() => bobRings.map((change) => change.type)).toContain('rung');

    const killedAt = await databaseNow();
    await b.stop('SIGKILL');
    await expect
      .poll(() => bobRings.find((change) => change.type === 'ended'), { timeout: 30_000 })
      .toMatchObject({ ring: { id: ring!.id, state: 'missed' } });
    const [row] = await cluster.query<{ state: string }>('SELECT state FROM videocall_rings WHERE id = $1', [ring!.id]);
    expect(row!.state).toBe('missed');
    // Only A lives: the job that ended it ran there.
    expect((await finishedRuns(ringTimeoutsJob, killedAt)).map((run) => run.processId)).toContain(processA);
  }, 60_000);

  it("finishes, after the grace, a call whose only attendee's feed was on a killed process", async () => {
    const c = await cluster.start();
    const room = await initiateRoom(cy, { name: 'Joined through C' });
    const call = expectData(await joinCall(on(c, cy), { meetingroom: room.id })).joinVideocall;
    await openCallFeed(c, cy, call);
    // Open while C lives: two more runs of the job than the grace would need, and the call is still open.
    const opened = await databaseNow();
    await expect.poll(async () => (await finishedRuns(emptyCallsJob, opened)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    expect((await callState(call.id)).finishedAt).toBeNull();

    const killedAt = await databaseNow();
    await c.stop('SIGKILL');
    await expect.poll(async () => (await callState(call.id)).finishedAt, { timeout: 30_000 }).not.toBeNull();
    const { finishedAt, attendees } = await callState(call.id);
    expect(Date.parse(finishedAt!) - killedAt.getTime()).toBeGreaterThanOrEqual(graceMs);
    expect(attendees.map((attendee) => attendee.leftAt)).not.toContain(null);
  }, 90_000);

  it('keeps open a call whose attendee has a feed open on the living process', async () => {
    // Sentinel: the job finished the other call (above); after more runs than the grace, Ada's call is still open.
    const since = await databaseNow();
    await expect.poll(async () => (await finishedRuns(emptyCallsJob, since)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    const { finishedAt, attendees } = await callState(adaCall.id);
    expect(finishedAt).toBeNull();
    expect(attendees).toEqual([{ id: adaCall.attendee!.id, leftAt: null }]);
  }, 60_000);
});
