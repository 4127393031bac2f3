import { EgressStatus, TokenVerifier, TrackSource, WebhookEvent } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { decideStartRecording, decideStopRecording } from './commands';
import { egressOutcome, joinTokenTtlSeconds, LivekitMediaServer, participantGrant, recordingOutput } from './livekit';
import { meetingsPolicy } from './policies';

const livekit = { url: 'wss://livekit.example.com', apiKey: 'key', apiSecret: 'a-secret-of-at-least-thirty-two-characters' };
const s3 = {
  driver: 's3' as const,
  endpoint: 'http://minio:9000',
  publicEndpoint: null,
  region: 'us-east-1',
  bucket: 'workspace',
  accessKeyId: 'app',
  secretAccessKey: 'bucket-secret',
  forcePathStyle: true,
};

describe('participant grants', () => {
  it('let a member publish every source and a guest camera and microphone only, and record nobody', () => {
    expect(participantGrant('call-1', false)).toEqual({
      room: 'call-1',
      roomJoin: true,
      canSubscribe: true,
      canPublish: true,
      canPublishData: true,
      canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE, TrackSource.SCREEN_SHARE, TrackSource.SCREEN_SHARE_AUDIO],
    });
    const guest = participantGrant('call-1', true);
    expect(guest.canPublishSources).toEqual([TrackSource.CAMERA, TrackSource.MICROPHONE]);
    expect(guest.roomRecord).toBeUndefined();
    expect(guest.roomAdmin).toBeUndefined();
  });

  it('are signed into a token that names the attendee and expires after the ttl', async () => {
    const server = new LivekitMediaServer(livekit, { driver: 'local' });
    const token = await server.joinToken({
      roomName: 'call-1',
      identity: 'attendee-1',
      name: 'Ada',
      guest: true,
      metadata: { user: null, invited: 'g' },
    });
    const claims = await new TokenVerifier(livekit.apiKey, livekit.apiSecret).verify(token);
    expect(claims).toMatchObject({
      sub: 'attendee-1',
      name: 'Ada',
      video: { room: 'call-1', canPublishSources: ['camera', 'microphone'] },
    });
    expect(claims.exp! - claims.nbf!).toBe(joinTokenTtlSeconds);
    expect(server.url).toBe(livekit.url);
  });
});

describe('recording output', () => {
  it('goes to the app’s bucket with S3 storage, and to the egress host’s disk otherwise', () => {
    const bucket = recordingOutput(s3, 'call-1');
    expect(bucket.filepath).toBe('meeting-recordings/call-1-{time}.mp4');
    expect(bucket.output.case).toBe('s3');
    expect(bucket.output.value).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'workspace',
      accessKey: 'app',
      secret: 'bucket-secret',
      forcePathStyle: true,
    });
    const local = recordingOutput({ driver: 'local' }, 'call-1');
    expect(local.filepath).toBe('/out/meeting-recordings/call-1-{time}.mp4');
    expect(local.output.case).toBeUndefined();
  });
});

describe('an ended egress', () => {
  const ended = (egressInfo: { [key: string]: string | { [key: string]: string }[] }) =>
    WebhookEvent.fromJson({ event: 'egress_ended', egressInfo });

  it('gives the file, its size and its duration in milliseconds when complete', () => {
    expect(
      egressOutcome(
        ended({
          egressId: 'EG_1',
          status: 'EGRESS_COMPLETE',
          fileResults: [{ filename: 'a.mp4', location: 's3://workspace/a.mp4', size: '1000', duration: '2500000000' }],
        }),
      ),
    ).toEqual({
      egressId: 'EG_1',
      status: 'complete',
      location: 's3://workspace/a.mp4',
      filename: 'a.mp4',
      size: 1000,
      durationMs: 2500,
      error: null,
    });
  });

  it('is a failure with LiveKit’s reason otherwise, and nothing without an egress id', () => {
    expect(egressOutcome(ended({ egressId: 'EG_2', status: 'EGRESS_FAILED', error: 'no space left' }))).toMatchObject({
      status: 'failed',
      location: null,
      error: 'no space left',
    });
    expect(egressOutcome(ended({ egressId: 'EG_3', status: 'EGRESS_ABORTED' }))!.error).toBe(
      `egress ended with status ${EgressStatus[EgressStatus.EGRESS_ABORTED]}`,
    );
    expect(egressOutcome(WebhookEvent.fromJson({ event: 'egress_ended' }))).toBeNull();
  });
});

describe('recording rules', () => {
  const room = { id: 'room', teamId: 'team', projectId: null };

  it('start once per call, by a member in it', () => {
    expect(meetingsPolicy.startRecording({ kind: 'member' }, true)).toBe(true);
    expect(meetingsPolicy.startRecording({ kind: 'member' }, false)).toBe(false);
    expect(meetingsPolicy.startRecording({ kind: 'guest' }, true)).toBe(false);
    const recording = { recordingId: 'r', userId: 'u', attendeeId: 'a', transport: 'mesh' as const };
    expect(decideStartRecording(room, { id: 'call', recording: null }, recording)).toEqual([
      {
        type: 'videocall.recordingStarted',
        payload: { meetingroomId: 'room', teamId: 'team', projectId: null, videocallId: 'call', ...recording },
      },
    ]);
    expect(() => decideStartRecording(room, { id: 'call', recording: 'other' }, recording)).toThrow(
      expect.objectContaining({ code: 'RECORDING_ALREADY_STARTED' }),
    );
  });

  it('stop by the starter or who manages the room, once', () => {
    expect(meetingsPolicy.stopRecording({ userId: 'u' }, 'u', false)).toBe(true);
    expect(meetingsPolicy.stopRecording({ userId: 'u' }, 'v', true)).toBe(true);
    expect(meetingsPolicy.stopRecording({ userId: 'u' }, 'v', false)).toBe(false);
    expect(decideStopRecording(room, { id: 'r', videocallId: 'call', status: 'recording' }, 'stopped')).toHaveLength(1);
    expect(decideStopRecording(room, { id: 'r', videocallId: 'call', status: 'stopped' }, 'stopped')).toEqual([]);
    expect(decideStopRecording(room, { id: 'r', videocallId: 'call', status: 'saved' }, 'finished')).toEqual([]);
  });
});
