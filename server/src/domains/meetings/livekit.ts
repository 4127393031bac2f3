import {
  AccessToken,
  EgressClient,
  EgressStatus,
  EncodedFileOutput,
  EncodedFileType,
  RoomServiceClient,
  S3Upload,
  type EgressInfo,
  TrackSource,
  WebhookReceiver,
  type VideoGrant,
  type WebhookEvent,
} from 'livekit-server-sdk';
import type { Config } from '../../config';
import type { Services } from '../../graphql/context';

/** A LiveKit join token lives this long: enough to connect; LiveKit refreshes a connected participant's token itself. */
export const joinTokenTtlSeconds = 10 * 60;

/** Where LiveKit egress writes recordings: under this prefix of the bucket. */
export const recordingPrefix = 'meeting-recordings';
/** Without S3, the egress container's own disk: a team mounts a volume at /out (see the README's LiveKit section). */
export const localRecordingFolder = '/out';

export interface JoinTokenRequest {
  /** The LiveKit room: the call's id, the same for everyone in the call. */
  roomName: string;
  /** The attendee id (one per join), so one person in two tabs is two LiveKit participants. */
  identity: string;
  name: string;
  /** A guest may not share a screen. */
  guest: boolean;
  /** Who the participant is in the app, for the client to match LiveKit participants with MeetingParticipant. */
  metadata: { user: string | null; invited: string | null };
}

/** What the server needs from a LiveKit deployment; the SDK does the work, a test points it at a local HTTP server. */
export interface MediaServer {
  readonly url: string;
  joinToken(request: JoinTokenRequest): Promise<string>;
  /** Starts a room composite recording of the room; answers the egress id. */
  startRecording(roomName: string): Promise<string>;
  stopRecording(egressId: string): Promise<void>;
  /** What LiveKit says of a recording's egress now; throws when LiveKit cannot say. */
  recordingState(egressId: string): Promise<EgressState>;
  /** How many participants LiveKit has in the room now (0 when it has no such room); throws when LiveKit cannot say. */
  participantCount(roomName: string): Promise<number>;
  /** The webhook's event, or a thrown error when its signature or body checksum is wrong. */
  receiveWebhook(body: string, authorization: string | undefined): Promise<WebhookEvent>;
}

/** The grants of a call participant: join, subscribe and publish; a guest's sources leave screen sharing out. */
export function participantGrant(roomName: string, guest: boolean): VideoGrant {
  const sources = guest
    ? [TrackSource.CAMERA, TrackSource.MICROPHONE]
    : [TrackSource.CAMERA, TrackSource.MICROPHONE, TrackSource.SCREEN_SHARE, TrackSource.SCREEN_SHARE_AUDIO];
  // No roomRecord, roomAdmin or roomCreate: recordings go through startRecording, so the app knows of each one.
  return { room: roomName, roomJoin: true, canSubscribe: true, canPublish: true, canPublishData: true, canPublishSources: sources };
}

/**
 * The file egress writes: to the app's bucket with STORAGE_DRIVER=s3 (LiveKit egress reaches S3_ENDPOINT itself),
 * otherwise to the egress host's disk (its container mounts a volume there; the webhook reports the path).
 */
export function recordingOutput(storage: Config['storage'], roomName: string): EncodedFileOutput {
  const filepath = `${recordingPrefix}/${roomName}-{time}.mp4`;
  if (storage.driver !== 's3')
    return new EncodedFileOutput({ fileType: EncodedFileType.MP4, filepath: `${localRecordingFolder}/${filepath}` });
  return new EncodedFileOutput({
    fileType: EncodedFileType.MP4,
    filepath,
    output: {
      case: 's3',
      value: new S3Upload({
        accessKey: storage.accessKeyId,
        secret: storage.secretAccessKey,
        region: storage.region,
        endpoint: storage.endpoint ?? '',
        bucket: storage.bucket,
        forcePathStyle: storage.forcePathStyle,
      }),
    },
  });
}

export class LivekitMediaServer implements MediaServer {
  private readonly egress: EgressClient;
  private readonly rooms: RoomServiceClient;
  private readonly webhooks: WebhookReceiver;

  constructor(
    private readonly livekit: NonNullable<Config['meetings']['livekit']>,
    private readonly storage: Config['storage'],
  ) {
    // No failover: it is for LiveKit Cloud's regions, and a team's own server has none.
    this.egress = new EgressClient(livekit.url, livekit.apiKey, livekit.apiSecret, { failover: false });
    this.rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret, { failover: false });
    this.webhooks = new WebhookReceiver(livekit.apiKey, livekit.apiSecret);
  }

  get url(): string {
    return this.livekit.url;
  }

  async joinToken(request: JoinTokenRequest): Promise<string> {
    const token = new AccessToken(this.livekit.apiKey, this.livekit.apiSecret, {
      identity: request.identity,
      name: request.name,
      ttl: joinTokenTtlSeconds,
      metadata: JSON.stringify(request.metadata),
    });
    token.addGrant(participantGrant(request.roomName, request.guest));
    return token.toJwt();
  }

  async startRecording(roomName: string): Promise<string> {
    const info = await this.egress.startRoomCompositeEgress(
      roomName,
      { file: recordingOutput(this.storage, roomName) },
      { layout: 'grid' },
    );
    return info.egressId;
  }

  async stopRecording(egressId: string): Promise<void> {
    await this.egress.stopEgress(egressId);
  }

  async recordingState(egressId: string): Promise<EgressState> {
    const [info] = await this.egress.listEgress({ egressId });
    if (!info) return { state: 'unknown' };
    if (runningEgress.has(info.status)) return { state: 'running' };
    const outcome = outcomeOfEgress(info);
    return outcome ? { state: 'ended', outcome } : { state: 'unknown' };
  }

  async participantCount(roomName: string): Promise<number> {
    const [room] = await this.rooms.listRooms([roomName]);
    return room?.numParticipants ?? 0;
  }

  receiveWebhook(body: string, authorization: string | undefined): Promise<WebhookEvent> {
    return this.webhooks.receive(body, authorization);
  }
}

/** What an ended egress left: the file and its facts, or why there is none. */
export interface EgressOutcome {
  egressId: string;
  status: 'complete' | 'failed';
  location: string | null;
  filename: string | null;
  size: number | null;
  durationMs: number | null;
  error: string | null;
}

/** An egress as LiveKit knows it now: still recording or writing its file, ended, or not known (never, or no longer). */
export type EgressState = { state: 'running' } | { state: 'ended'; outcome: EgressOutcome } | { state: 'unknown' };

/** The statuses of an egress that has not ended: LiveKit sends egress_ended once it leaves them. */
const runningEgress: ReadonlySet<EgressStatus> = new Set([
  EgressStatus.EGRESS_STARTING,
  EgressStatus.EGRESS_ACTIVE,
  EgressStatus.EGRESS_ENDING,
]);

/** The outcome an egress_ended webhook reports. */
export function egressOutcome(event: WebhookEvent): EgressOutcome | null {
  return outcomeOfEgress(event.egressInfo);
}

function outcomeOfEgress(info: EgressInfo | undefined): EgressOutcome | null {
  if (!info?.egressId) return null;
  const file = info.fileResults[0] ?? (info.result.case === 'file' ? info.result.value : undefined);
  const complete = info.status === EgressStatus.EGRESS_COMPLETE && file !== undefined;
  return {
    egressId: info.egressId,
    status: complete ? 'complete' : 'failed',
    location: file?.location || null,
    filename: file?.filename || null,
    size: file ? Number(file.size) : null,
    // LiveKit reports durations in nanoseconds.
    durationMs: file ? Math.round(Number(file.duration) / 1_000_000) : null,
    error: complete ? null : info.error || `egress ended with status ${EgressStatus[info.status] ?? info.status}`,
  };
}

const servers = new WeakMap<Services, MediaServer | null>();

/** The app's LiveKit server, or null when calls run peer-to-peer (one per services instance, like the call board). */
export function mediaServerOf(services: Services): MediaServer | null {
  if (!servers.has(services)) {
    const { livekit } = services.config.meetings;
    servers.set(services, livekit ? new LivekitMediaServer(livekit, services.config.storage) : null);
  }
  return servers.get(services)!;
}
