/**
 * The call on a LiveKit media server: this side publishes its camera and microphone once to the server, which forwards
 * them to everyone. The server's call subscription (the Signalling) still makes this attendee present and carries who is
 * in the call with their names and states (mute, hand, reactions); LiveKit carries only the media. Participants are
 * matched by identity: the LiveKit identity is the attendee id.
 */
import {
  ConnectionState,
  DisconnectReason,
  Room,
  RoomEvent,
  Track,
  type LocalTrackPublication,
  type Participant,
  type RemoteParticipant as LivekitParticipant,
  type RemoteTrack,
  type RemoteTrackPublication,
} from 'livekit-client';
import type { Signalling, SignallingEvent } from './signalling';
import { TransportBase } from './transportBase';
import {
  initialParticipantState,
  type CallEndReason,
  type CallTransport,
  type LocalMedia,
  type ParticipantId,
  type ParticipantIdentity,
  type ParticipantState,
  type RemoteParticipant,
} from './types';

/** Connecting to the media server failed: the call cannot carry media for this tab. */
export class LivekitConnectionError extends Error {
  override readonly name = 'LivekitConnectionError';
}

export interface LivekitTransportOptions {
  selfId: ParticipantId;
  /** The media server's address and this attendee's access token, as joinVideocall answered. */
  url: string;
  token: string;
  signalling: Signalling;
  /** Who was in the call when this side joined, as the join answered. */
  present: readonly { participant: ParticipantIdentity; state: ParticipantState }[];
  initialState?: ParticipantState;
  /** Makes the LiveKit room; tests pass a fake one. */
  createRoom?: () => Room;
  /** Makes an empty MediaStream for a remote participant's tracks; tests pass a fake one. */
  createStream?: () => MediaStream;
  log?: (message: string, error?: unknown) => void;
}

interface Remote {
  /** As the server introduced them (joinVideocall's users, then `joined`); null until then. */
  identity: ParticipantIdentity | null;
  state: ParticipantState;
  /** Present in the LiveKit room: their name there, and the metadata the server put in their token. */
  media: { name: string; metadata: string | null } | null;
  camera: MediaStream | null;
  screen: MediaStream | null;
}

const cameraSources = new Set<Track.Source>([Track.Source.Camera, Track.Source.Microphone, Track.Source.Unknown]);

/** The user and guest ids the server puts in a LiveKit participant's metadata (JSON), or nulls for anything else. */
export function metadataIdentity(metadata: string | null): { userId: string | null; invitedId: string | null } {
  try {
    const value: unknown = JSON.parse(metadata ?? '');
    if (typeof value === 'object' && value !== null) {
      const { user, invited } = value as Record<string, unknown>;
      return { userId: typeof user === 'string' ? user : null, invitedId: typeof invited === 'string' ? invited : null };
    }
  } catch {
    // Metadata the server did not write is not an identity.
  }
  return { userId: null, invitedId: null };
}

function endReasonOf(reason: DisconnectReason | undefined): CallEndReason {
  if (reason === DisconnectReason.ROOM_DELETED) return 'finished';
  if (reason === DisconnectReason.PARTICIPANT_REMOVED) return 'removed';
  return 'lost';
}

export class LivekitTransport extends TransportBase implements CallTransport {
  readonly kind = 'livekit';
  readonly selfId: ParticipantId;
  private readonly room: Room;
  private readonly remotes = new Map<ParticipantId, Remote>();
  /** This side's published microphone, camera and screen tracks, by LiveKit source. */
  private readonly publications = new Map<Track.Source, LocalTrackPublication[]>();
  /** Publishing, muting and unpublishing run one after another, in the order asked, once connected. */
  private queue: Promise<void> = Promise.resolve();
  private connection: Promise<void> | null = null;
  private media: LocalMedia | null = null;
  private reconnecting = false;

  constructor(private readonly options: LivekitTransportOptions) {
    super(options);
    this.selfId = options.selfId;
    // No adaptiveStream: it pauses every video not attached through LiveKit's own attach(), and the tiles play the tracks
    // in their own elements. Dynacast only stops sending camera layers nobody watches.
    this.room = (options.createRoom ?? (() => new Room({ dynacast: true })))();
    for (const { participant, state } of options.present) {
      if (participant.id !== this.selfId) this.remote(participant.id, { identity: participant, state });
    }
  }

  join(media: LocalMedia): void {
    if (this.media || this.ended) return;
    this.media = media;
    this.listen((event) => this.onSignallingEvent(event));
    this.listenToRoom();
    this.connection = this.connect(media);
    // Whoever waits for the connection gets the error; nobody waiting must not make it an unhandled rejection.
    this.connection.catch(() => undefined);
    void this.publishState();
    this.emitParticipants();
  }

  /** Settles once connected to the media server and this side's camera and microphone are published. */
  whenConnected(): Promise<void> {
    return this.connection ?? Promise.reject(new LivekitConnectionError('The call was not joined.'));
  }

  participants(): readonly RemoteParticipant[] {
    const participants: RemoteParticipant[] = [];
    for (const [id, remote] of this.remotes) {
      const identity = remote.identity ?? (remote.media ? this.identityFromMedia(id, remote.media) : null);
      if (!identity) continue;
      participants.push({
        ...identity,
        state: remote.state,
        camera: remote.camera?.getTracks().length ? remote.camera : null,
        screen: remote.screen?.getTracks().length ? remote.screen : null,
        connection: !remote.media ? 'connecting' : this.reconnecting ? 'reconnecting' : 'connected',
      });
    }
    return participants;
  }

  setState(state: Partial<ParticipantState>): void {
    this.state = { ...this.state, ...state };
    if (state.audio !== undefined || state.video !== undefined) this.enqueue(() => this.applyMute());
    void this.publishState();
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const camera = this.media?.camera;
    if (camera) {
      for (const old of kind === 'audio' ? camera.getAudioTracks() : camera.getVideoTracks()) camera.removeTrack(old);
      if (track) camera.addTrack(track);
    }
    const source = kind === 'audio' ? Track.Source.Microphone : Track.Source.Camera;
    await this.enqueue(async () => {
      const [publication] = this.publications.get(source) ?? [];
      if (publication?.track && track) {
        await publication.track.replaceTrack(track, { userProvidedTrack: true });
      } else if (publication?.track) {
        await this.room.localParticipant.unpublishTrack(publication.track, false);
        this.publications.delete(source);
      } else if (track) {
        await this.publish(track, source);
      }
      await this.applyMute();
    });
  }

  startScreenShare(stream: MediaStream): void {
    if (!this.media || this.ended) return;
    this.media = { ...this.media, screen: stream };
    this.setState({ screen: true });
    this.enqueue(async () => {
      try {
        for (const track of stream.getVideoTracks()) await this.publish(track, Track.Source.ScreenShare);
        for (const track of stream.getAudioTracks()) await this.publish(track, Track.Source.ScreenShareAudio);
      } catch (error) {
        // The media server refuses a guest's screen share: the others must not wait for a screen that never comes.
        this.options.log?.('screen share refused', error);
        await this.unpublishScreen();
        if (this.media?.screen === stream) this.media = { ...this.media, screen: null };
        this.setState({ screen: false });
      }
    });
  }

  stopScreenShare(): void {
    if (!this.media?.screen) return;
    this.media = { ...this.media, screen: null };
    this.enqueue(() => this.unpublishScreen());
    this.setState({ screen: false });
  }

  private async connect(media: LocalMedia): Promise<void> {
    try {
      await this.room.connect(this.options.url, this.options.token);
    } catch (error) {
      this.options.log?.('connecting to the media server failed', error);
      this.end('lost');
      throw new LivekitConnectionError(`Could not connect to the media server: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.ended) {
      void this.room.disconnect();
      return;
    }
    // Those already in the room when this side arrives get no "connected" event.
    for (const participant of this.room.remoteParticipants.values()) {
      this.onMediaParticipant(participant);
      for (const publication of participant.trackPublications.values()) {
        if (publication.track) this.onTrackSubscribed(publication.track, publication, participant);
      }
    }
    this.emitParticipants();
    await this.enqueue(async () => {
      for (const track of media.camera.getAudioTracks()) await this.publish(track, Track.Source.Microphone);
      for (const track of media.camera.getVideoTracks()) await this.publish(track, Track.Source.Camera);
      await this.applyMute();
    });
  }

  private listenToRoom(): void {
    const room = this.room;
    room.on(RoomEvent.ParticipantConnected, (participant) => {
      this.onMediaParticipant(participant);
      this.emitParticipants();
    });
    room.on(RoomEvent.ParticipantDisconnected, (participant) => {
      const remote = this.remotes.get(participant.identity);
      if (!remote) return;
      remote.media = null;
      remote.camera = null;
      remote.screen = null;
      if (!remote.identity) this.remotes.delete(participant.identity);
      this.emitParticipants();
    });
    room.on(RoomEvent.ParticipantNameChanged, (name, participant) => {
      const remote = this.remotes.get(participant.identity);
      if (remote?.media) remote.media = { ...remote.media, name };
      this.emitParticipants();
    });
    room.on(RoomEvent.TrackSubscribed, (track, publication, participant) => {
      this.onTrackSubscribed(track, publication, participant);
      this.emitParticipants();
    });
    room.on(RoomEvent.TrackUnsubscribed, (track, publication, participant) => {
      const remote = this.remotes.get(participant.identity);
      const stream = cameraSources.has(publication.source) ? remote?.camera : remote?.screen;
      stream?.removeTrack(track.mediaStreamTrack);
      this.emitParticipants();
    });
    room.on(RoomEvent.Reconnecting, () => this.setReconnecting(true));
    room.on(RoomEvent.Reconnected, () => this.setReconnecting(false));
    room.on(RoomEvent.Disconnected, (reason) => this.end(endReasonOf(reason)));
  }

  private onMediaParticipant(participant: LivekitParticipant | Participant): void {
    if (participant.identity === this.selfId) return;
    this.remote(participant.identity).media = { name: participant.name ?? '', metadata: participant.metadata ?? null };
  }

  private onTrackSubscribed(track: RemoteTrack, publication: RemoteTrackPublication, participant: LivekitParticipant): void {
    if (participant.identity === this.selfId) return;
    const remote = this.remote(participant.identity);
    if (!remote.media) remote.media = { name: participant.name ?? '', metadata: participant.metadata ?? null };
    const createStream = this.options.createStream ?? (() => new MediaStream());
    if (cameraSources.has(publication.source)) {
      remote.camera ??= createStream();
      remote.camera.addTrack(track.mediaStreamTrack);
    } else {
      remote.screen ??= createStream();
      remote.screen.addTrack(track.mediaStreamTrack);
    }
  }

  private onSignallingEvent(event: SignallingEvent): void {
    if (this.ended) return;
    switch (event.type) {
      case 'joined':
        if (event.participant.id === this.selfId) return;
        this.remote(event.participant.id, { identity: event.participant, state: event.state });
        break;
      case 'left': {
        const remote = this.remotes.get(event.participantId);
        if (!remote) return;
        // Still in the media room (the server heard of the leave first): shown by their LiveKit name until that ends too.
        if (remote.media) remote.identity = null;
        else this.remotes.delete(event.participantId);
        break;
      }
      case 'state':
        if (event.participantId === this.selfId) return;
        this.remote(event.participantId).state = event.state;
        break;
      case 'reaction':
        this.emit({ type: 'reaction', participantId: event.participantId, emoji: event.emoji });
        return;
      case 'signal':
        // Peer connection signals belong to the mesh; the media server needs none.
        return;
      case 'ended':
        this.end(event.reason);
        return;
    }
    this.emitParticipants();
  }

  /** The record of a remote participant, made the first time either the server or the media room mentions them. */
  private remote(id: ParticipantId, update: { identity: ParticipantIdentity; state: ParticipantState } | null = null): Remote {
    let remote = this.remotes.get(id);
    if (!remote) {
      remote = { identity: null, state: initialParticipantState, media: null, camera: null, screen: null };
      this.remotes.set(id, remote);
    }
    if (update) {
      remote.identity = update.identity;
      remote.state = update.state;
    }
    return remote;
  }

  private identityFromMedia(id: ParticipantId, media: { name: string; metadata: string | null }): ParticipantIdentity {
    return { id, name: media.name, ...metadataIdentity(media.metadata), profileImg: null };
  }

  private async publish(track: MediaStreamTrack, source: Track.Source): Promise<void> {
    if (this.ended) return;
    const publication = await this.room.localParticipant.publishTrack(track, { source });
    this.publications.set(source, [...(this.publications.get(source) ?? []), publication]);
  }

  private async unpublishScreen(): Promise<void> {
    for (const source of [Track.Source.ScreenShare, Track.Source.ScreenShareAudio]) {
      for (const publication of this.publications.get(source) ?? []) {
        // The screen's tracks belong to whoever captured them: they stop them, not the media server's client.
        if (publication.track && !this.ended) await this.room.localParticipant.unpublishTrack(publication.track, false);
      }
      this.publications.delete(source);
    }
  }

  /** Mutes or unmutes the published microphone and camera as the state says (the server then tells the others too). */
  private async applyMute(): Promise<void> {
    const wanted: [Track.Source, boolean][] = [
      [Track.Source.Microphone, this.state.audio],
      [Track.Source.Camera, this.state.video],
    ];
    for (const [source, on] of wanted) {
      for (const publication of this.publications.get(source) ?? []) {
        if (on && publication.isMuted) await publication.unmute();
        else if (!on && !publication.isMuted) await publication.mute();
      }
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(async () => {
      // Before connecting there is nothing to change on the server: the connection publishes with the state at that time.
      if (this.ended || this.room.state !== ConnectionState.Connected) return;
      try {
        await task();
      } catch (error) {
        this.options.log?.('media change failed', error);
      }
    });
    return this.queue;
  }

  private setReconnecting(reconnecting: boolean): void {
    this.reconnecting = reconnecting;
    this.emitParticipants();
  }

  protected release(): void {
    void this.room.disconnect().catch((error: unknown) => this.options.log?.('disconnect failed', error));
    this.remotes.clear();
    this.publications.clear();
  }
}
