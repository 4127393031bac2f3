import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow, appRows, jsonValue } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { FakeLivekit, postWebhook, signedWebhook } from './meetings-livekitFake';
import {
  askToEnter,
  closeServer,
  codeOf,
  guestBrowser,
  initiateRoom,
  joinCall,
  reasonOf,
  setGuestState,
  teamOf,
  until,
  watch,
  type Browser,
  type Call,
  type CallChange,
} from './meetingsFactories';
import { countEvents, createSpace, expectData, person, type Person } from './teamFactories';
import { recordingEndsJob } from '../../server/src/domains/meetings/recordings';

const apiKey = 'workspace-test-key';
const recordingEndsIntervalMs = 250;
const apiSecret = 'a-livekit-api-secret-of-at-least-32-characters';

let livekit: FakeLivekit;
let server: TestServer;
let ann: Person;
let bas: Person;
let carl: Person;
let dora: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  livekit = new FakeLivekit();
  await livekit.start();
  server = await startTestServer({
    LIVEKIT_URL: livekit.url,
    LIVEKIT_API_KEY: apiKey,
    LIVEKIT_API_SECRET: apiSecret,
    MEETING_MESH_LIMIT: '2',
    // The check of recordings whose end LiveKit never told: often, so a test waits little for it.
    JOB_INTERVALS_MS: `${recordingEndsJob}=${recordingEndsIntervalMs}`,
  });
  [ann, bas, carl] = await teamOf(server, 'Ann', 'Bas', 'Carl');
  dora = await person(server, 'Dora');
});
afterAll(async () => {
  await closeServer(server, sockets);
  await livekit.stop();
});

interface Recording {
  id: string;
  active: boolean;
  status: string;
  startedBy: string;
  startedByName: string;
}
type Change = CallChange & { recording: Recording | null };

const callSubscription = `subscription ($videocall: ID!, $attendee: ID!) { subVideocall(videocall: $videocall, attendee: $attendee) {
  type videocall participant { id user invited name } recording { id active status startedBy startedByName } } }`;
const watchCall = (someone: Browser, call: Call) =>
  watch<Change>(server, someone, callSubscription, { videocall: call.id, attendee: call.attendee!.id }, 'subVideocall', sockets);

const startRecording = (someone: Browser, videocall: string) =>
  someone.client.execute<{ startRecording: string }>('mutation ($v: ID!) { startRecording(videocall: $v) }', { v: videocall });
const stopRecording = (someone: Browser, pipelineId: string) =>
  someone.client.execute<{ stopRecording: boolean }>('mutation ($p: String!) { stopRecording(pipelineId: $p) }', { p: pipelineId });
// The size is a bigint on PostgreSQL, which arrives as text: cast, as a recording's size here fits an integer.
const recordingRow = (id: string) =>
  appRow<{ status: string; location: string | null; duration_ms: number | null; size: number | null; stopped_at: string | null }>(
    server.app,
    sql`SELECT status, location, duration_ms, CAST(size AS INTEGER) AS size, stopped_at FROM videocall_recordings WHERE id = ${id}`,
  );
const attendeeLeft = async (id: string) =>
  (await appRow<{ left_at: string | null }>(server.app, sql`SELECT left_at FROM videocall_attendees WHERE id = ${id}`))!.left_at !== null;

/** An admitted guest of the room, in its own signed-out browser. */
async function admittedGuest(room: { id: string; guestLink: string | null }, name: string): Promise<Browser> {
  const guest = guestBrowser(server);
  const pass = expectData(await askToEnter(guest, room as Parameters<typeof askToEnter>[1], name)).setInvited;
  expectData(await setGuestState(ann, pass.invited.id, 'admitted'));
  return guest;
}

describe('joining a call on LiveKit', () => {
  it('lets the app’s pages reach LiveKit’s HTTP origin (its client checks a failed connection there)', async () => {
    const response = await fetch(server.url);
    const policy = response.headers.get('content-security-policy') ?? '';
    const connect = policy.split(';').find((directive) => directive.trim().startsWith('connect-src')) ?? '';
    expect(connect).toContain(new URL(livekit.url).origin);
  });

  it('hands each attendee a short-lived token for the call’s room, with screen sharing for members only, and no mesh cap', async () => {
    const room = await initiateRoom(ann, { name: 'Town hall' });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    expect(annCall.meeting).toEqual({ transport: 'livekit', url: livekit.url, iceServers: [], maximum: null });

    const verifier = new TokenVerifier(apiKey, apiSecret);
    const claims = await verifier.verify(annCall.attendee!.joinToken!);
    expect(claims.sub).toBe(annCall.attendee!.id);
    expect(claims.name).toBe('Ann Lovelace');
    expect(JSON.parse(claims.metadata!)).toEqual({ user: ann.id, invited: null });
    expect(claims.video).toMatchObject({ room: annCall.id, roomJoin: true, canSubscribe: true, canPublish: true });
    expect(claims.video!.canPublishSources).toEqual(['camera', 'microphone', 'screen_share', 'screen_share_audio']);
    expect(claims.video!.roomRecord).toBeFalsy();
    expect(claims.video!.roomAdmin).toBeFalsy();
    expect(claims.exp! - claims.nbf!).toBe(600);
    expect(Math.abs(claims.exp! - (Date.now() / 1000 + 600))).toBeLessThan(30);
    // Signed with the configured secret only.
    await expect(
      new TokenVerifier(apiKey, 'another-secret-of-at-least-32-characters!').verify(annCall.attendee!.joinToken!),
    ).rejects.toThrow();

    // MEETING_MESH_LIMIT is 2 here, but LiveKit forwards the media: a third and a fourth join.
    const basCall = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    expect(basCall.id).toBe(annCall.id);
    expectData(await joinCall(carl, { meetingroom: room.id }));
    const guest = await admittedGuest(room, 'Grace Guest');
    const guestCall = expectData(await joinCall(guest, { meetingroom: room.id })).joinVideocall;
    const guestClaims = await verifier.verify(guestCall.attendee!.joinToken!);
    expect(guestClaims.sub).toBe(guestCall.attendee!.id);
    expect(guestClaims.name).toBe('Grace Guest');
    expect(guestClaims.video).toMatchObject({ room: annCall.id, roomJoin: true, canSubscribe: true, canPublish: true });
    expect(guestClaims.video!.canPublishSources).toEqual(['camera', 'microphone']);
    expect(guestClaims.video!.roomRecord).toBeFalsy();
    expect(guestCall.users).toHaveLength(4);
  });
});

describe('LiveKit webhooks', () => {
  it('accept signed bodies (participants leaving, the room finishing) once, and refuse tampered or unsigned ones with 401', async () => {
    const room = await initiateRoom(ann, { name: 'Webhooks' });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    const annFeed = await watchCall(ann, annCall);
    const basCall = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    const basAttendee = basCall.attendee!.id;
    const roomJson = { sid: 'RM_test', name: annCall.id };

    const joined = await signedWebhook(apiKey, apiSecret, {
      event: 'participant_joined',
      room: roomJson,
      participant: { sid: 'PA_b', identity: basAttendee },
    });
    const before = await countEvents(server);
    expect(await postWebhook(server.url, joined)).toBe(200);
    expect(await countEvents(server)).toBe(before);

    const left = await signedWebhook(apiKey, apiSecret, {
      event: 'participant_left',
      room: roomJson,
      participant: { sid: 'PA_b', identity: basAttendee },
    });
    // Tampered: the same signature over another body; signed with another secret; no signature at all.
    const tampered = { ...left, body: left.body.replace(basAttendee, annCall.attendee!.id) };
    const forged = await signedWebhook(apiKey, 'not-the-secret-but-long-enough-to-sign-with', {
      event: 'room_finished',
      room: roomJson,
    });
    const eventsBefore = await countEvents(server);
    expect(await postWebhook(server.url, tampered)).toBe(401);
    expect(await postWebhook(server.url, forged)).toBe(401);
    expect(await postWebhook(server.url, { body: left.body })).toBe(401);
    expect(await postWebhook(server.url, { body: left.body, authorization: 'Bearer nonsense' })).toBe(401);
    expect(await countEvents(server)).toBe(eventsBefore);
    expect(await attendeeLeft(annCall.attendee!.id)).toBe(false);
    expect(await attendeeLeft(basAttendee)).toBe(false);

    expect(await postWebhook(server.url, left)).toBe(200);
    expect(await attendeeLeft(basAttendee)).toBe(true);
    await until(
      () => annFeed.items.some((change) => change.type === 'left' && change.participant?.id === basAttendee),
      'ann sees bas leave',
    );
    // LiveKit retries: the same event again changes nothing.
    const afterLeave = await countEvents(server);
    expect(await postWebhook(server.url, left)).toBe(200);
    expect(await countEvents(server)).toBe(afterLeave);

    const finished = await signedWebhook(apiKey, apiSecret, { event: 'room_finished', room: roomJson });
    expect(await postWebhook(server.url, finished)).toBe(200);
    await until(() => annFeed.items.some((change) => change.type === 'finished'), 'ann hears the call finish');
    const call = await appRow<{ finished_at: string | null }>(server.app, sql`SELECT finished_at FROM videocalls WHERE id = ${annCall.id}`);
    expect(call!.finished_at).not.toBeNull();
    expect(await attendeeLeft(annCall.attendee!.id)).toBe(true);

    // A room LiveKit has that is no call of the app, and an unknown participant: accepted, nothing changes.
    const stranger = await signedWebhook(apiKey, apiSecret, {
      event: 'participant_left',
      room: { name: 'other-app' },
      participant: { identity: 'x' },
    });
    const quiet = await countEvents(server);
    expect(await postWebhook(server.url, stranger)).toBe(200);
    expect(await countEvents(server)).toBe(quiet);
  });
});

describe('recording on LiveKit', () => {
  it('starts a room composite egress, shows everyone who records, and stops it for its starter only', async () => {
    const room = await initiateRoom(ann, { name: 'Recorded' });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    const annFeed = await watchCall(ann, annCall);
    const basCall = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    const basFeed = await watchCall(bas, basCall);
    const guest = await admittedGuest(room, 'Gus Guest');
    expectData(await joinCall(guest, { meetingroom: room.id }));

    // Refusals before anything is asked of LiveKit: a guest, a member not in the call, another team (the periodic
    // check of unheard recording ends lists egresses meanwhile, and asks nothing else).
    const asked = () => livekit.calls.filter((call) => call.method !== 'Egress/ListEgress').length;
    const egressCalls = asked();
    expect(codeOf(await startRecording(guest, annCall.id))).toBe('UNAUTHENTICATED');
    expect(reasonOf(await startRecording(carl, annCall.id))).toBe('PARTICIPANT_NOT_FOUND');
    expect(reasonOf(await startRecording(dora, annCall.id))).toBe('VIDEOCALL_NOT_FOUND');
    expect(asked()).toBe(egressCalls);

    const recordingId = expectData(await startRecording(ann, annCall.id)).startRecording;
    const [start] = livekit.callsTo('Egress/StartRoomCompositeEgress').slice(-1);
    expect(start!.body).toMatchObject({ roomName: annCall.id, layout: 'grid' });
    const fileOutputs = start!.body.fileOutputs as { filepath: string; fileType?: string; s3?: unknown }[];
    expect(fileOutputs).toHaveLength(1);
    expect(fileOutputs[0]!.filepath).toBe(`/out/meeting-recordings/${annCall.id}-{time}.mp4`);
    expect(fileOutputs[0]!.fileType).toBe('MP4');
    expect(fileOutputs[0]!.s3).toBeUndefined();
    const egressClaims = await new TokenVerifier(apiKey, apiSecret).verify(start!.authorization!.replace(/^Bearer /, ''));
    expect(egressClaims.video!.roomRecord).toBe(true);
    expect(recordingId).toMatch(/^EG_fake/);

    const expected = { id: recordingId, active: true, status: 'recording', startedBy: ann.id, startedByName: 'Ann Lovelace' };
    for (const feed of [annFeed, basFeed])
      await until(
        () => feed.items.some((change) => change.type === 'recording' && change.recording?.active === true),
        'the call hears it is recorded',
      );
    expect(basFeed.items.find((change) => change.type === 'recording')!.recording).toEqual(expected);
    const listed = expectData(
      await bas.client.execute<{ getVideocalls: { recording: Recording | null }[] }>(
        'query ($m: ID) { getVideocalls(meetingroom: $m) { recording { id active status startedBy startedByName } } }',
        { m: room.id },
      ),
    );
    expect(listed.getVideocalls[0]!.recording).toEqual(expected);

    // One recording at a time; bas did not start it and manages nothing; dora sees no such recording.
    expect(codeOf(await startRecording(bas, annCall.id))).toBe('RECORDING_ALREADY_STARTED');
    expect([codeOf(await stopRecording(bas, recordingId)), reasonOf(await stopRecording(bas, recordingId))]).toEqual([
      'PERMISSION_DENIED',
      'RECORDING_NOT_YOURS',
    ]);
    expect(reasonOf(await stopRecording(dora, recordingId))).toBe('RECORDING_NOT_FOUND');
    expect(reasonOf(await stopRecording(ann, 'EG_never_started'))).toBe('RECORDING_NOT_FOUND');
    expect(livekit.callsTo('Egress/StartRoomCompositeEgress')).toHaveLength(1);
    expect(livekit.callsTo('Egress/StopEgress')).toHaveLength(0);
    expect((await recordingRow(recordingId))!.status).toBe('recording');

    expect(expectData(await stopRecording(ann, recordingId)).stopRecording).toBe(true);
    expect(livekit.callsTo('Egress/StopEgress').map((call) => call.body)).toEqual([{ egressId: recordingId }]);
    await until(
      () => basFeed.items.some((change) => change.type === 'recording' && change.recording?.active === false),
      'bas hears the recording stop',
    );
    expect((await recordingRow(recordingId))!.status).toBe('stopped');
    expect(reasonOf(await stopRecording(ann, recordingId))).toBe('RECORDING_NOT_FOUND');

    // LiveKit reports where the file went: the recording is saved with it, once.
    const ended = await signedWebhook(apiKey, apiSecret, {
      event: 'egress_ended',
      egressInfo: {
        egressId: recordingId,
        roomName: annCall.id,
        status: 'EGRESS_COMPLETE',
        fileResults: [
          {
            filename: `meeting-recordings/${annCall.id}-1.mp4`,
            location: `/out/meeting-recordings/${annCall.id}-1.mp4`,
            size: '2048000',
            duration: '61500000000',
          },
        ],
      },
    });
    expect(await postWebhook(server.url, ended)).toBe(200);
    expect(await recordingRow(recordingId)).toMatchObject({
      status: 'saved',
      location: `/out/meeting-recordings/${annCall.id}-1.mp4`,
      size: 2048000,
      duration_ms: 61500,
    });
    const saved = await countEvents(server);
    expect(await postWebhook(server.url, ended)).toBe(200);
    expect(await countEvents(server)).toBe(saved);
  });

  it('lets the room’s admin stop a member’s recording, reports a media server that refuses, and stops recording with the call', async () => {
    const room = await initiateRoom(ann, { name: 'Admin stop' });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    await watchCall(ann, annCall);
    const basCall = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    const basFeed = await watchCall(bas, basCall);

    livekit.failNext = true;
    const refused = await startRecording(bas, basCall.id);
    expect(codeOf(refused)).toBe('RECORDING_UNAVAILABLE');
    expect(
      await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM videocall_recordings WHERE videocall_id = ${basCall.id}`),
    ).toEqual({ count: 0 });

    // Ann is the team's admin: she may stop what bas started in the team's ad hoc room.
    const first = expectData(await startRecording(bas, basCall.id)).startRecording;
    expect(expectData(await stopRecording(ann, first)).stopRecording).toBe(true);
    expect((await recordingRow(first))!.status).toBe('stopped');

    // A recording still running when the call finishes stops with it.
    const second = expectData(await startRecording(bas, basCall.id)).startRecording;
    await until(() => basFeed.items.filter((change) => change.type === 'recording').length >= 3, 'bas hears the second recording');
    const finished = await signedWebhook(apiKey, apiSecret, { event: 'room_finished', room: { name: basCall.id } });
    expect(await postWebhook(server.url, finished)).toBe(200);
    expect((await recordingRow(second))!.status).toBe('stopped');
    const stops = await appRows<{ payload: unknown }>(
      server.app,
      sql`SELECT payload FROM events WHERE type = 'videocall.recordingStopped'`,
    );
    const stop = stops
      .map((row) => jsonValue<{ recordingId: string; reason: string }>(row.payload))
      .find((payload) => payload.recordingId === second);
    expect(stop?.reason).toBe('finished');
  });
});

describe('a recording of a space’s room on LiveKit', () => {
  it('lands in the space’s files as its starter’s video, with its duration, once egress saved it in the bucket', async () => {
    const space = await createSpace(ann, 'Recorded space');
    const room = await initiateRoom(ann, { project: space });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    await watchCall(ann, annCall);
    const recordingId = expectData(await startRecording(ann, annCall.id)).startRecording;
    const key = `meeting-recordings/${annCall.id}-2.mp4`;
    const ended = await signedWebhook(apiKey, apiSecret, {
      event: 'egress_ended',
      egressInfo: {
        egressId: recordingId,
        roomName: annCall.id,
        status: 'EGRESS_COMPLETE',
        fileResults: [
          { filename: key, location: `https://files.example.com/workspace-files/${key}`, size: '4096000', duration: '90000000000' },
        ],
      },
    });
    expect(await postWebhook(server.url, ended)).toBe(200);
    const files = () =>
      ann.client.execute<{ getFiles: { name: string; type: string; size: number; duration: number | null; author: { id: string } }[] }>(
        'query ($project: ID!) { getFiles(project: $project) { name type size duration author { id } } }',
        { project: space },
      );
    const listed = expectData(await files()).getFiles;
    expect(listed).toEqual([
      {
        name: expect.stringMatching(/^Call recording \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.mp4$/),
        type: 'video/mp4',
        size: 4096000,
        duration: 90,
        author: { id: ann.id },
      },
    ]);
    // LiveKit may send the same webhook again: still one file.
    expect(await postWebhook(server.url, ended)).toBe(200);
    expect(expectData(await files()).getFiles).toHaveLength(1);
  });

  it('is saved from what LiveKit lists when its egress_ended webhook never came, and a later webhook changes nothing', async () => {
    const space = await createSpace(ann, 'Webhook lost');
    const room = await initiateRoom(ann, { project: space });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    await watchCall(ann, annCall);
    const recordingId = expectData(await startRecording(ann, annCall.id)).startRecording;
    expect(expectData(await stopRecording(ann, recordingId)).stopRecording).toBe(true);
    // Ending (the file still being written): the check leaves it stopped.
    const listedBefore = livekit.callsTo('Egress/ListEgress').length;
    await until(() => livekit.callsTo('Egress/ListEgress').length >= listedBefore + 2, 'the check asks LiveKit twice');
    expect((await recordingRow(recordingId))!.status).toBe('stopped');

    const key = `meeting-recordings/${annCall.id}-3.mp4`;
    const file = { filename: key, location: `https://files.example.com/workspace-files/${key}`, size: '1024000', duration: '30000000000' };
    livekit.endEgress(recordingId, { file });
    await until(async () => (await recordingRow(recordingId))!.status === 'saved', 'the recording is saved from LiveKit’s list');
    expect(await recordingRow(recordingId)).toMatchObject({ location: file.location, size: 1024000, duration_ms: 30000 });
    const files = async () =>
      expectData(
        await ann.client.execute<{ getFiles: { type: string; size: number; duration: number | null }[] }>(
          'query ($project: ID!) { getFiles(project: $project) { type size duration } }',
          { project: space },
        ),
      ).getFiles;
    expect(await files()).toEqual([{ type: 'video/mp4', size: 1024000, duration: 30 }]);

    const saved = await countEvents(server);
    const ended = await signedWebhook(apiKey, apiSecret, {
      event: 'egress_ended',
      egressInfo: { egressId: recordingId, roomName: annCall.id, status: 'EGRESS_COMPLETE', fileResults: [file] },
    });
    expect(await postWebhook(server.url, ended)).toBe(200);
    expect(await countEvents(server)).toBe(saved);
    expect(await files()).toHaveLength(1);
  });

  it('is marked failed when LiveKit lists its egress as failed, or no longer knows it; one LiveKit cannot be asked about is left', async () => {
    const room = await initiateRoom(ann, { name: 'Egress trouble' });
    const annCall = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    await watchCall(ann, annCall);
    const failing = expectData(await startRecording(ann, annCall.id)).startRecording;
    livekit.endEgress(failing, { error: 'no space left on the egress host' });
    await until(async () => (await recordingRow(failing))!.status === 'failed', 'the failed egress is recorded');
    const failures = await appRows<{ payload: unknown }>(
      server.app,
      sql`SELECT payload FROM events WHERE type = 'videocall.recordingSaved'`,
    );
    expect(
      failures
        .map((row) => jsonValue<{ recordingId: string; error: string | null }>(row.payload))
        .find((payload) => payload.recordingId === failing)?.error,
    ).toBe('no space left on the egress host');

    // LiveKit unreachable for a while: nothing is decided; once it answers and no longer knows the egress, failed.
    const lost = expectData(await startRecording(ann, annCall.id)).startRecording;
    livekit.unreachable = true;
    const listedBefore = livekit.callsTo('Egress/ListEgress').length;
    await until(() => livekit.callsTo('Egress/ListEgress').length >= listedBefore + 2, 'the check asks LiveKit twice');
    expect((await recordingRow(lost))!.status).toBe('recording');
    livekit.forgetEgress(lost);
    livekit.unreachable = false;
    await until(async () => (await recordingRow(lost))!.status === 'failed', 'the forgotten egress is recorded as failed');
  });
});

describe('a meeting room’s chat on the room', () => {
  it('gives each member the room’s last message and their own unread count', async () => {
    const room = await initiateRoom(ann, { name: 'Chatty' });
    const roomsOf = async (someone: Person) =>
      expectData(
        await someone.client.execute<{ getMeetingrooms: { id: string; unread: number; lastMessage: { body: string } | null }[] }>(
          '{ getMeetingrooms { id unread lastMessage { body } } }',
        ),
      ).getMeetingrooms.find((candidate) => candidate.id === room.id)!;
    expect(await roomsOf(bas)).toEqual({ id: room.id, unread: 0, lastMessage: null });
    for (const body of ['first', 'second'])
      expectData(
        await ann.client.execute('mutation ($m: ID, $body: String!) { setMessage(meetingroom: $m, body: $body) { id } }', {
          m: room.id,
          body,
        }),
      );
    expect(await roomsOf(bas)).toEqual({ id: room.id, unread: 2, lastMessage: { body: 'second' } });
    expect(await roomsOf(ann)).toEqual({ id: room.id, unread: 0, lastMessage: { body: 'second' } });
    expectData(await bas.client.execute('mutation ($m: ID) { lastViewed(meetingroom: $m) }', { m: room.id }));
    expect((await roomsOf(bas)).unread).toBe(0);
  });
});
