import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { ringClockOf, type CallEntryBody } from '../../server/src/domains/meetings';
import { appRow, replayedBesideLive } from '../support/appRows';
import { messagesOf, startPrivat } from './chatFactories';
import { startTestServer, type TestServer } from './harness';
import { codeOf, joinCall, reasonOf, until, watch, watchCall, type Call, type Watch } from './meetingsFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';

interface Ring {
  id: string;
  videocall: string;
  caller: string;
  callerName: string;
  callee: string;
  notificationType: string;
  state: string;
  privat: string | null;
  project: string | null;
  meetingroom: string | null;
}
interface RingChange {
  type: string;
  ring: Ring;
}

const ringFields = 'id videocall caller callerName callee notificationType state privat project meetingroom';
const subCalls = `subscription { subCalls { type seq ring { ${ringFields} } } }`;

let server: TestServer;
let ann: Person;
let bas: Person;
let cleo: Person;
/** Someone of another team. */
let dora: Person;
let privat: string;
const sockets: Client[] = [];
const feeds = new Map<string, Watch<RingChange>>();

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cleo = await joinTeam(ann, await person(server, 'Cleo'));
  dora = await person(server, 'Dora');
  privat = expectData(await startPrivat(ann, [bas.id])).setPrivat.id;
  for (const someone of [ann, bas, cleo])
    feeds.set(someone.id, await watch<RingChange>(server, someone, subCalls, {}, 'subCalls', sockets, { followsLog: true }));
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

const ringsHeardBy = (someone: Person) => feeds.get(someone.id)!.items;

function ring(someone: Person, videocall: string, users?: string[]) {
  return someone.client.execute<{ ringVideocall: Ring[] }>(
    `mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { ${ringFields} } }`,
    { videocall, users: users ?? null },
  );
}

function answer(someone: Person, videocall: string, accept: boolean) {
  return someone.client.execute<{ answerVideocall: boolean }>(
    'mutation ($videocall: ID!, $accept: Boolean!) { answerVideocall(videocall: $videocall, accept: $accept) }',
    { videocall, accept },
  );
}

async function leave(someone: Person, call: Call) {
  expectData(await someone.client.execute('mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: call.id }));
}

/** Joins the place's call with its feed open, as the app does. */
async function enter(someone: Person, place: { privat?: string; project?: string }): Promise<Call> {
  const call = expectData(await joinCall(someone, place)).joinVideocall;
  await watchCall(server, someone, call, sockets);
  return call;
}

/** The call entries of a chat, their bodies read as JSON. */
async function callEntries(someone: Person, conversation: { privat?: string; project?: string }) {
  const messages = await messagesOf(someone, conversation);
  return messages
    .filter((message) => message.type === 'call')
    .map((message) => ({ author: message.author?.id, ...(JSON.parse(message.body) as CallEntryBody) }));
}

/** The chat's entry for the call, polled until it is there (the finish is committed before leaveVideocall answers). */
async function waitForEntry(someone: Person, conversation: { privat?: string; project?: string }, videocall: string) {
  const started = Date.now();
  for (;;) {
    const entry = (await callEntries(someone, conversation)).find((candidate) => candidate.videocall === videocall);
    if (entry) return entry;
    if (Date.now() - started > 5000) throw new Error(`no call entry for ${videocall}`);
    await wait(25);
  }
}

describe('a private chat call', () => {
  it('rings the other member live; accepted, both are in the call, and it ends as made with its duration', async () => {
    const annCall = await enter(ann, { privat });
    expect(annCall).toMatchObject({ meetingroom: null });
    const rung = expectData(await ring(ann, annCall.id)).ringVideocall;
    expect(rung).toEqual([
      expect.objectContaining({
        caller: ann.id,
        callerName: 'Ann Lovelace',
        callee: bas.id,
        notificationType: 'INVITATION_PVIDEOCALL',
        state: 'ringing',
        privat,
        meetingroom: null,
      }),
    ]);
    await until(() => ringsHeardBy(bas).some((change) => change.type === 'rung' && change.ring.id === rung[0]!.id), 'bas hears the ring');
    const pending = expectData(await bas.client.execute<{ getRings: Ring[] }>(`{ getRings { ${ringFields} } }`)).getRings;
    expect(pending.map((candidate) => candidate.id)).toEqual([rung[0]!.id]);

    expectData(await answer(bas, annCall.id, true));
    await until(
      () =>
        ringsHeardBy(ann).some((change) => change.type === 'ended' && change.ring.id === rung[0]!.id && change.ring.state === 'accepted'),
      'ann hears the ring accepted',
    );
    // Only the callee hears the ring itself; the caller hears its end; nobody else hears either.
    expect(
      ringsHeardBy(ann)
        .filter((change) => change.ring.id === rung[0]!.id)
        .map((change) => change.type),
    ).toEqual(['ended']);
    expect(ringsHeardBy(cleo).some((change) => change.ring.id === rung[0]!.id)).toBe(false);
    const basCall = await enter(bas, { privat });
    expect(basCall.id).toBe(annCall.id);
    expect(basCall.users.map((user) => user.user).sort()).toEqual([ann.id, bas.id].sort());
    const active = expectData(
      await bas.client.execute<{ getVideocalls: { id: string; privat: string }[] }>(
        'query ($privat: ID) { getVideocalls(privat: $privat) { id privat } }',
        { privat },
      ),
    ).getVideocalls;
    expect(active).toEqual([{ id: annCall.id, privat }]);

    await leave(ann, annCall);
    await leave(bas, basCall);
    const entry = await waitForEntry(ann, { privat }, annCall.id);
    expect(entry).toMatchObject({ outcome: 'made', startedBy: ann.id, author: bas.id });
    expect(typeof entry.durationMs).toBe('number');
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    // The answered ring cannot be answered again.
    expect(reasonOf(await answer(bas, annCall.id, false))).toBe('RING_NOT_FOUND');
  });

  it('takes a join while rung as the answer: the ring ends accepted', async () => {
    const call = await enter(ann, { privat });
    const [rung] = expectData(await ring(ann, call.id)).ringVideocall;
    const basCall = await enter(bas, { privat });
    await until(
      () => ringsHeardBy(ann).some((change) => change.type === 'ended' && change.ring.id === rung!.id && change.ring.state === 'accepted'),
      'ann hears the ring accepted by the join',
    );
    await leave(bas, basCall);
    await leave(ann, call);
    expect(await waitForEntry(ann, { privat }, call.id)).toMatchObject({ outcome: 'made', author: ann.id });
  });

  it('ends as missed when the ring is declined', async () => {
    const call = await enter(ann, { privat });
    const [rung] = expectData(await ring(ann, call.id)).ringVideocall;
    await until(() => ringsHeardBy(bas).some((change) => change.ring.id === rung!.id), 'bas hears the ring');
    expectData(await answer(bas, call.id, false));
    await until(
      () => ringsHeardBy(ann).some((change) => change.type === 'ended' && change.ring.id === rung!.id && change.ring.state === 'declined'),
      'ann hears the decline',
    );
    await leave(ann, call);
    expect(await waitForEntry(bas, { privat }, call.id)).toMatchObject({ outcome: 'missed', durationMs: 0 });
  });

  it('ends as missed when nobody answers in time', async () => {
    const clock = ringClockOf(server.app.services);
    clock.timeoutMs = 150;
    try {
      const call = await enter(ann, { privat });
      const [rung] = expectData(await ring(ann, call.id)).ringVideocall;
      await until(
        () => ringsHeardBy(bas).some((change) => change.type === 'ended' && change.ring.id === rung!.id && change.ring.state === 'missed'),
        'the ring times out for bas',
      );
      // Each subscriber's delivery is its own: the caller's can come a moment after the callee's.
      await until(() => ringsHeardBy(ann).some((change) => change.type === 'ended' && change.ring.id === rung!.id), 'ann hears it end');
      expect(reasonOf(await answer(bas, call.id, true))).toBe('RING_NOT_FOUND');
      await leave(ann, call);
      expect(await waitForEntry(ann, { privat }, call.id)).toMatchObject({ outcome: 'missed' });
      // The ring ended once, however many ends were attempted.
      const ends = await appRow<{ count: number }>(
        server.app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE type = 'videocall.ringEnded' AND stream = ${`videocallRing:${rung!.id}`}`,
      );
      expect(ends!.count).toBe(1);
    } finally {
      clock.timeoutMs = 30_000;
    }
  });

  it('ends as cancelled when the caller hangs up first', async () => {
    const call = await enter(ann, { privat });
    const [rung] = expectData(await ring(ann, call.id)).ringVideocall;
    await until(() => ringsHeardBy(bas).some((change) => change.ring.id === rung!.id), 'bas hears the ring');
    await leave(ann, call);
    await until(
      () => ringsHeardBy(bas).some((change) => change.type === 'ended' && change.ring.id === rung!.id && change.ring.state === 'cancelled'),
      'bas hears the call cancelled',
    );
    expect(await waitForEntry(ann, { privat }, call.id)).toMatchObject({ outcome: 'cancelled', durationMs: 0 });
  });

  it('keeps everyone outside the chat out of its call: no join, no ring, no sight, nothing heard', async () => {
    const call = await enter(ann, { privat });
    expect(reasonOf(await joinCall(cleo, { privat }))).toBe('VIDEOCALL_NOT_FOUND');
    expect(reasonOf(await joinCall(dora, { privat }))).toBe('VIDEOCALL_NOT_FOUND');
    expect(reasonOf(await ring(cleo, call.id))).toBe('VIDEOCALL_NOT_FOUND');
    expect(reasonOf(await answer(cleo, call.id, true))).toBe('RING_NOT_FOUND');
    const seen = expectData(
      await cleo.client.execute<{ getVideocalls: unknown[] }>('query ($privat: ID) { getVideocalls(privat: $privat) { id } }', { privat }),
    );
    expect(seen.getVideocalls).toEqual([]);
    const feed = await watch(
      server,
      cleo,
      'subscription ($videocall: ID!, $attendee: ID!) { subVideocall(videocall: $videocall, attendee: $attendee) { type } }',
      { videocall: call.id, attendee: call.attendee!.id },
      'subVideocall',
      sockets,
    );
    await until(() => feed.completed, 'cleo is refused the call feed');
    expect(JSON.stringify(feed.errors)).toContain('NOT_FOUND');
    // Ringing someone outside the chat (another team's user, or a team member not in it) is refused, and nobody is rung.
    expect(reasonOf(await ring(ann, call.id, [dora.id]))).toBe('CALLEE_NOT_FOUND');
    expect(reasonOf(await ring(ann, call.id, [cleo.id]))).toBe('CALLEE_NOT_FOUND');
    await leave(ann, call);
    expect(ringsHeardBy(cleo)).toEqual([]);
  });
});

describe('a space call', () => {
  it('rings listed members with INVITATION_TVIDEOCALL, refuses another team, and leaves its entry in the space chat', async () => {
    const space = await createSpace(ann, 'Calls');
    const call = await enter(ann, { project: space });
    expect(reasonOf(await ring(ann, call.id, [dora.id]))).toBe('CALLEE_NOT_FOUND');
    expect(codeOf(await ring(ann, call.id))).toBe('RING_USERS_REQUIRED');
    const [rung] = expectData(await ring(ann, call.id, [cleo.id])).ringVideocall;
    expect(rung).toMatchObject({ callee: cleo.id, notificationType: 'INVITATION_TVIDEOCALL', project: space });
    await until(() => ringsHeardBy(cleo).some((change) => change.ring.id === rung!.id), 'cleo hears the ring');
    expectData(await answer(cleo, call.id, true));
    const cleoCall = await enter(cleo, { project: space });
    expect(cleoCall.id).toBe(call.id);
    await leave(cleo, cleoCall);
    await leave(ann, call);
    expect(await waitForEntry(bas, { project: space }, call.id)).toMatchObject({ outcome: 'made', startedBy: ann.id, author: ann.id });
  });
});

describe('the log', () => {
  it('rebuilds the same calls, rings and chat entries as the live run made', async () => {
    const projections = domains.flatMap((module) => module.projections);
    const kept = projections.filter((projection) => ['meetings', 'meetingRings', 'chat'].includes(projection.name));
    const { live, rebuilt } = await replayedBesideLive(server, projections, kept);
    expect(live['videocall_rings']?.length).toBe(6);
    expect(rebuilt).toEqual(live);
  });
});
