import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { databaseEnvironment, startTestServer, type TestServer } from './harness';
import { codeOf, initiateRoom, joinCall, reasonOf, roomFields, signal, until, watchCall, type Room } from './meetingsFactories';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRow, appRows, jsonValue } from '../support/appRows';

let server: TestServer;
let ann: Person;
let bas: Person;
let cleo: Person;
/** Someone of another team. */
let dora: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ MEETING_MESH_LIMIT: '3' });
  ann = await person(server, 'Ann');
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cleo = await joinTeam(ann, await person(server, 'Cleo'));
  dora = await person(server, 'Dora');
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

const rooms = async (someone: Person, project?: string) =>
  expectData(
    await someone.client.execute<{ getMeetingrooms: Room[] }>(
      `query ($project: ID) { getMeetingrooms(project: $project) { ${roomFields} } }`,
      { project },
    ),
  ).getMeetingrooms;

describe('rooms', () => {
  it('gives a space one permanent room, the same however often it is asked for', async () => {
    const space = await createSpace(ann, 'Design');
    const first = await initiateRoom(ann, { project: space });
    const again = await initiateRoom(bas, { project: space });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ name: 'Design', project: space, team: ann.teamId, videocall: null, participants: [] });
    expect(first.guestLink).toMatch(new RegExp(`/meetingroom/${first.id}\\?guest=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(first.guestLinkExpiresAt!)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await rooms(bas, space)).map((room) => room.id)).toEqual([first.id]);
  });

  it('makes ad hoc rooms in the current team, listed for its members only', async () => {
    const room = await initiateRoom(ann, { name: '  Stand-up  ' });
    expect(room).toMatchObject({ name: 'Stand-up', project: null, team: ann.teamId });
    expect((await rooms(bas)).map((listed) => listed.id)).toContain(room.id);
    expect((await rooms(dora)).map((listed) => listed.id)).not.toContain(room.id);
    expect(reasonOf(await dora.client.execute('mutation ($id: ID) { initiateMeetingroom(id: $id) { id } }', { id: room.id }))).toBe(
      'MEETINGROOM_NOT_FOUND',
    );
    expect(codeOf(await ann.client.execute('mutation { initiateMeetingroom(name: "   ") { id } }'))).toBe('MEETINGROOM_NAME_REQUIRED');
    const tooLong = await ann.client.execute('mutation ($name: String) { initiateMeetingroom(name: $name) { id } }', {
      name: 'x'.repeat(101),
    });
    expect(codeOf(tooLong)).toBe('MEETINGROOM_NAME_TOO_LONG');
    expect(tooLong.errors?.[0]?.extensions.params).toEqual({ maximum: 100 });
  });

  it('hides a private space room from those outside the space', async () => {
    const secret = await createSpace(ann, 'Board', 'private');
    const room = await initiateRoom(ann, { project: secret });
    expect((await rooms(bas)).map((listed) => listed.id)).not.toContain(room.id);
    expect(codeOf(await joinCall(bas, { meetingroom: room.id }))).toBe('NOT_FOUND');
    expect(codeOf(await joinCall(dora, { meetingroom: room.id }))).toBe('NOT_FOUND');
  });

  it('gives the room a new guest link on reset, for members only', async () => {
    const room = await initiateRoom(ann, { name: 'Reset' });
    const reset = expectData(
      await bas.client.execute<{ resetMeetingroomLink: Room }>(`mutation ($id: ID!) { resetMeetingroomLink(id: $id) { ${roomFields} } }`, {
        id: room.id,
      }),
    ).resetMeetingroomLink;
    expect(reset.guestLink).not.toBe(room.guestLink);
    expect(codeOf(await dora.client.execute('mutation ($id: ID!) { resetMeetingroomLink(id: $id) { id } }', { id: room.id }))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('calls', () => {
  it('starts a call on the first join, shows who is in it, and finishes it when the last one leaves', async () => {
    const room = await initiateRoom(ann, { name: 'Call' });
    const annJoin = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    expect(annJoin.meeting).toMatchObject({ transport: 'mesh', maximum: 3 });
    expect(annJoin.attendee).toMatchObject({ joinToken: null, externalUserId: ann.id });
    expect(annJoin.users.map((user) => user.id)).toEqual([annJoin.attendee!.id]);
    const annFeed = await watchCall(server, ann, annJoin, sockets);

    const basJoin = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    expect(basJoin.id).toBe(annJoin.id);
    const basFeed = await watchCall(server, bas, basJoin, sockets);
    await until(() => annFeed.items.some((change) => change.type === 'joined'), 'ann hears bas join');
    expect(annFeed.items[0]!.participant).toMatchObject({ id: basJoin.attendee!.id, user: bas.id, name: 'Bas Lovelace' });

    const listed = (await rooms(cleo)).find((candidate) => candidate.id === room.id)!;
    expect(listed.videocall).toBe(annJoin.id);
    expect(listed.participants.map((participant) => participant.user).sort()).toEqual([ann.id, bas.id].sort());

    // Signals reach only the participant they are addressed to.
    expectData(
      await signal(ann, {
        videocall: annJoin.id,
        from: annJoin.attendee!.id,
        to: basJoin.attendee!.id,
        signal: '{"type":"offer","sdp":"v=0"}',
      }),
    );
    await until(() => basFeed.items.some((change) => change.type === 'signal'), 'bas receives the offer');
    expect(basFeed.items.find((change) => change.type === 'signal')).toMatchObject({
      from: annJoin.attendee!.id,
      signal: '{"type":"offer","sdp":"v=0"}',
    });

    // State is relayed and kept for newcomers.
    expectData(
      await bas.client.execute(
        'mutation ($videocall: ID!, $attendee: ID!) { setVideocallState(videocall: $videocall, attendee: $attendee, audio: true, hand: true, reaction: "👍") }',
        {
          videocall: basJoin.id,
          attendee: basJoin.attendee!.id,
        },
      ),
    );
    await until(() => annFeed.items.some((change) => change.type === 'state'), 'ann sees bas raise a hand');
    expect(annFeed.items.find((change) => change.type === 'state')).toMatchObject({
      reaction: '👍',
      participant: { audio: true, hand: true },
    });
    expect(annFeed.items.some((change) => change.type === 'signal')).toBe(false);

    // Bas closes the call (the subscription ends): he leaves, Ann hears it.
    basFeed.stop();
    await until(() => annFeed.items.some((change) => change.type === 'left'), 'ann hears bas leave');
    expect(annFeed.items.find((change) => change.type === 'left')!.participant!.id).toBe(basJoin.attendee!.id);

    expectData(await ann.client.execute('mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: annJoin.id }));
    await until(() => annFeed.completed, 'the last leave ends the call');
    const calls = expectData(
      await ann.client.execute<{ getVideocalls: unknown[] }>(
        'query ($meetingroom: ID) { getVideocalls(meetingroom: $meetingroom) { id } }',
        { meetingroom: room.id },
      ),
    );
    expect(calls.getVideocalls).toEqual([]);
    const finished = await appRow<{ finished_at: string | null }>(
      server.app,
      sql`SELECT finished_at FROM videocalls WHERE id = ${annJoin.id}`,
    );
    expect(finished?.finished_at).not.toBeNull();
  });

  it('takes someone out of the call when their websocket goes, as a closed tab does', async () => {
    const room = await initiateRoom(ann, { name: 'Tabs' });
    const annJoin = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    const annFeed = await watchCall(server, ann, annJoin, sockets);
    const cleoJoin = expectData(await joinCall(cleo, { meetingroom: room.id })).joinVideocall;
    const cleoFeed = await watchCall(server, cleo, cleoJoin, sockets);
    await until(() => annFeed.items.some((change) => change.type === 'joined'), 'cleo is in the call');
    await cleoFeed.socket.dispose();
    await until(
      () => annFeed.items.some((change) => change.type === 'left' && change.participant?.id === cleoJoin.attendee!.id),
      'ann sees cleo leave',
    );
    const listed = (await rooms(ann)).find((candidate) => candidate.id === room.id)!;
    expect(listed.participants.map((participant) => participant.id)).toEqual([annJoin.attendee!.id]);
  });

  it('refuses signals to someone not in the call, from someone not in it, and too large', async () => {
    const room = await initiateRoom(ann, { name: 'Signals' });
    const annJoin = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    await watchCall(server, ann, annJoin, sockets);
    const basJoin = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    await watchCall(server, bas, basJoin, sockets);
    const to = basJoin.attendee!.id;

    const stranger = await signal(cleo, { videocall: annJoin.id, from: annJoin.attendee!.id, to, signal: '{}' });
    expect([codeOf(stranger), reasonOf(stranger)]).toEqual(['NOT_FOUND', 'PARTICIPANT_NOT_FOUND']);
    const nobody = await signal(ann, { videocall: annJoin.id, from: annJoin.attendee!.id, to: '0123456789abcdef01234567', signal: '{}' });
    expect(reasonOf(nobody)).toBe('PARTICIPANT_NOT_FOUND');
    const otherTeam = await signal(dora, { videocall: annJoin.id, from: annJoin.attendee!.id, to, signal: '{}' });
    expect(reasonOf(otherTeam)).toBe('VIDEOCALL_NOT_FOUND');

    const large = await signal(ann, { videocall: annJoin.id, from: annJoin.attendee!.id, to, signal: 'x'.repeat(65_537) });
    expect(codeOf(large)).toBe('SIGNAL_TOO_LARGE');
    expect(large.errors?.[0]?.extensions.params).toEqual({ maximum: 65_536 });
    // 10 MB never reaches the resolver: the body limit refuses it.
    const huge = await signal(ann, { videocall: annJoin.id, from: annJoin.attendee!.id, to, signal: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('caps a peer-to-peer call at MEETING_MESH_LIMIT with its own code', async () => {
    const room = await initiateRoom(ann, { name: 'Full' });
    for (const someone of [ann, bas, cleo]) expectData(await joinCall(someone, { meetingroom: room.id }));
    const before = await countEvents(server);
    const refused = await joinCall(ann, { meetingroom: room.id });
    expect(codeOf(refused)).toBe('MEETING_FULL');
    expect(refused.errors?.[0]?.extensions.params).toEqual({ maximum: 3 });
    expect(await countEvents(server)).toBe(before);
  });

  it('asks for exactly one place, and refuses another team', async () => {
    expect(codeOf(await joinCall(ann, {}))).toBe('MEETING_PLACE_REQUIRED');
    const room = await initiateRoom(ann, { name: 'Mine' });
    expect(codeOf(await joinCall(ann, { meetingroom: room.id, project: 'x' }))).toBe('MEETING_PLACE_REQUIRED');
    expect(reasonOf(await joinCall(dora, { meetingroom: room.id }))).toBe('MEETINGROOM_NOT_FOUND');
    expect(
      codeOf(
        await new (ann.client.constructor as never as new (server: TestServer) => Person['client'])(server).execute(
          'query { getMeetingrooms { id } }',
        ),
      ),
    ).toBe('UNAUTHENTICATED');
  });
});

describe('a restart', () => {
  it('finishes the calls a crash left open, recording everyone as left', async () => {
    const room = await initiateRoom(ann, { name: 'Crash' });
    const call = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    expectData(await joinCall(bas, { meetingroom: room.id }));
    // A second server on the same data starts as the crashed one's successor would: nothing of it is in a call. On
    // PostgreSQL the crashed one has left the process registry (its heartbeat stopped), so the successor is alone.
    await server.app.services.cluster?.stop();
    const successor = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDirectory,
        LOG_LEVEL: 'silent',
        ...(await databaseEnvironment(server.dataDirectory)),
      }),
    );
    try {
      let finishedAt: string | null = null;
      await until(async () => {
        finishedAt = (await appRow<{ finished_at: string | null }>(
          server.app,
          sql`SELECT finished_at FROM videocalls WHERE id = ${call.id}`,
        ))!.finished_at;
        return finishedAt !== null;
      }, 'the call is finished');
      const left = await appRows<{ payload: unknown }>(
        server.app,
        sql`SELECT payload FROM events WHERE stream = ${`videocall:${call.id}`} AND type = 'videocall.left' ORDER BY seq`,
      );
      expect(left.map((row) => jsonValue<{ reason: string }>(row.payload).reason)).toEqual(['restart', 'restart']);
      expect(
        await appRow(
          server.app,
          sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM videocall_attendees WHERE videocall_id = ${call.id} AND left_at IS NULL`,
        ),
      ).toEqual({ count: 0 });
    } finally {
      await successor.server.close();
    }
  });
});
