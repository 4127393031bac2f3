import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, subscriptionClient } from './harness';
import { initiateRoom, joinCall, subVideocall, type Call, type CallChange } from './meetingsFactories';
import { expectData, joinTeam, person, type Person } from './teamFactories';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';

/**
 * The call board across two app processes on one PostgreSQL and one Redis (issue 22, plan §2.3): a media state set
 * through A is what a feed on B presents, and the drop timer of the process that took a join sees the attendee's feed
 * open on the other process.
 */

type Target = Pick<AppProcess, 'graphqlUrl' | 'websocketUrl'> & AppCluster['mail'];

let cluster: AppCluster;
let a: Target;
let b: Target;
const sockets: Client[] = [];

beforeAll(async () => {
  cluster = await startAppCluster(2);
  const [first, second] = cluster.processes.map((process): Target => ({ ...process, ...cluster.mail }));
  [a, b] = [first!, second!];
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await cluster?.stop();
});

/** `someone`'s browser pointed at another process: the same session (the processes share SECRET and the database). */
function on(target: Target, someone: Person): Person {
  const client = new GraphqlTestClient(target);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

/** An attendee's call feed (subVideocall) on a process, once its socket is connected; what it hears, in order. */
async function watchCallOn(target: Target, someone: Person, call: Call): Promise<CallChange[]> {
  const socket = subscriptionClient(target, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const heard: CallChange[] = [];
  const connected = new Promise<void>((resolve) => socket.on('connected', () => resolve()));
  socket.subscribe<{ subVideocall: CallChange }>(
    { query: subVideocall, variables: { videocall: call.id, attendee: call.attendee!.id } },
    { next: (value) => value.data && heard.push(value.data.subVideocall), error: () => undefined, complete: () => undefined },
  );
  await connected;
  return heard;
}

describe('calls across processes', () => {
  it('presents on B the state set through A, and never drops an attendee whose feed is open on the other process', async () => {
    const ada = await person(a, 'Ada');
    const [bob, cy] = [await joinTeam(ada, await person(a, 'Bob')), await joinTeam(ada, await person(a, 'Cy'))];
    const room = await initiateRoom(ada, { name: 'Across' });

    const bobJoin = expectData(await joinCall(on(b, bob), { meetingroom: room.id })).joinVideocall;
    const bobHears = await watchCallOn(b, bob, bobJoin);
    // Ada joins through A (A's timer would drop her without a feed) and opens her feed on B.
    const adaJoin = expectData(await joinCall(ada, { meetingroom: room.id })).joinVideocall;
    await watchCallOn(b, ada, adaJoin);
    await expect
      .poll(() => bobHears)
      .toContainEqual(expect.objectContaining({ type: 'joined', participant: expect.objectContaining({ id: adaJoin.attendee!.id }) }));

    expectData(
      await ada.client.execute(
        'mutation ($videocall: ID!, $attendee: ID!) { setVideocallState(videocall: $videocall, attendee: $attendee, audio: true, hand: true) }',
        { videocall: adaJoin.id, attendee: adaJoin.attendee!.id },
      ),
    );
    await expect
      .poll(() => bobHears.find((change) => change.type === 'state'))
      .toMatchObject({
        participant: { id: adaJoin.attendee!.id, audio: true, hand: true },
      });

    // Sentinel: Cy joins through A after Ada and never opens a feed. A drops him when his timer runs, after Ada's.
    const cyJoin = expectData(await joinCall(cy, { meetingroom: room.id })).joinVideocall;
    await expect
      .poll(() => bobHears, { timeout: 60_000, interval: 500 })
      .toContainEqual(expect.objectContaining({ type: 'left', participant: expect.objectContaining({ id: cyJoin.attendee!.id }) }));
    expect(bobHears.filter((change) => change.type === 'left').map((change) => change.participant?.id)).toEqual([cyJoin.attendee!.id]);
    const participants = expectData(
      await on(b, bob).client.execute<{ getVideocalls: { id: string; users: { id: string }[] }[] }>(
        'query ($meetingroom: ID) { getVideocalls(meetingroom: $meetingroom) { id users { id } } }',
        { meetingroom: room.id },
      ),
    ).getVideocalls;
    expect(participants.flatMap((call) => call.users.map((user) => user.id)).sort()).toEqual(
      [bobJoin.attendee!.id, adaJoin.attendee!.id].sort(),
    );
  }, 120_000);
});
