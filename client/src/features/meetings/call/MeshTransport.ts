/**
 * The peer-to-peer call: one PeerLink per other participant (a full mesh), signalled through the server. Those already
 * in the call offer to a newcomer when the server says it joined (its subscription is open then, so no offer is lost);
 * the newcomer answers each first offer as it comes. Each link then renegotiates by itself (perfect negotiation) when
 * tracks change: screen share, a camera turned on for the first time.
 */
import { PeerLink, type CreatePeerConnection } from './peerLink';
import { decodePeerMessage, encodePeerMessage, type Signalling, type SignallingEvent } from './signalling';
import { TransportBase } from './transportBase';
import {
  initialParticipantState,
  type CallTransport,
  type LocalMedia,
  type ParticipantId,
  type ParticipantIdentity,
  type ParticipantState,
  type RemoteParticipant,
} from './types';

export interface MeshTransportOptions {
  selfId: ParticipantId;
  iceServers: RTCIceServer[];
  signalling: Signalling;
  /** Who was in the call when this side joined, as the join answered. */
  present: readonly { participant: ParticipantIdentity; state: ParticipantState }[];
  initialState?: ParticipantState;
  createPeerConnection?: CreatePeerConnection;
  log?: (message: string, error?: unknown) => void;
}

/** How long one signal may take before the next one to the same participant is sent regardless. */
const sendDeadlineMs = 4000;

function withDeadline(promise: Promise<void>, milliseconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface Remote {
  identity: ParticipantIdentity | null;
  state: ParticipantState;
}

export class MeshTransport extends TransportBase implements CallTransport {
  readonly kind = 'mesh';
  readonly selfId: ParticipantId;
  private readonly links = new Map<ParticipantId, PeerLink>();
  private readonly remotes = new Map<ParticipantId, Remote>();
  /** Per participant, the last signal sent: each waits for the one before, so they reach the server in order. */
  private readonly sending = new Map<ParticipantId, Promise<void>>();
  private media: LocalMedia | null = null;

  constructor(private readonly options: MeshTransportOptions) {
    super(options);
    this.selfId = options.selfId;
    for (const { participant, state } of options.present) {
      if (participant.id !== this.selfId) this.remotes.set(participant.id, { identity: participant, state });
    }
  }

  join(media: LocalMedia): void {
    if (this.media || this.ended) return;
    this.media = media;
    this.listen((event) => this.onSignallingEvent(event));
    void this.publishState();
    this.emitParticipants();
  }

  participants(): readonly RemoteParticipant[] {
    const participants: RemoteParticipant[] = [];
    for (const [id, remote] of this.remotes) {
      if (!remote.identity) continue;
      const link = this.links.get(id);
      participants.push({
        ...remote.identity,
        state: remote.state,
        camera: link?.camera ?? null,
        screen: link?.screen ?? null,
        connection: link?.quality ?? 'connecting',
      });
    }
    return participants;
  }

  setState(state: Partial<ParticipantState>): void {
    this.state = { ...this.state, ...state };
    if (this.media) {
      for (const track of this.media.camera.getAudioTracks()) track.enabled = this.state.audio;
      for (const track of this.media.camera.getVideoTracks()) track.enabled = this.state.video;
    }
    void this.publishState();
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const camera = this.media?.camera;
    if (camera) {
      for (const old of kind === 'audio' ? camera.getAudioTracks() : camera.getVideoTracks()) camera.removeTrack(old);
      if (track) {
        track.enabled = kind === 'audio' ? this.state.audio : this.state.video;
        camera.addTrack(track);
      }
    }
    await Promise.all([...this.links.values()].map((link) => link.replaceTrack(kind, track)));
  }

  startScreenShare(stream: MediaStream): void {
    if (!this.media) return;
    this.media = { ...this.media, screen: stream };
    for (const link of this.links.values()) link.startScreen(stream);
    this.setState({ screen: true });
  }

  stopScreenShare(): void {
    if (!this.media?.screen) return;
    this.media = { ...this.media, screen: null };
    for (const link of this.links.values()) link.stopScreen();
    this.setState({ screen: false });
  }

  private onSignallingEvent(event: SignallingEvent): void {
    if (this.ended) return;
    switch (event.type) {
      case 'joined': {
        if (event.participant.id === this.selfId) return;
        const remote = this.remotes.get(event.participant.id);
        this.remotes.set(event.participant.id, { identity: event.participant, state: remote?.state ?? event.state });
        this.linkTo(event.participant.id);
        break;
      }
      case 'left':
        this.links.get(event.participantId)?.close();
        this.links.delete(event.participantId);
        this.sending.delete(event.participantId);
        this.remotes.delete(event.participantId);
        break;
      case 'state': {
        const remote = this.remotes.get(event.participantId);
        if (remote) remote.state = event.state;
        else this.remotes.set(event.participantId, { identity: null, state: event.state });
        break;
      }
      case 'reaction':
        this.emit({ type: 'reaction', participantId: event.participantId, emoji: event.emoji });
        return;
      case 'signal': {
        const message = decodePeerMessage(event.signal);
        if (!message || event.from === this.selfId) return;
        if (!this.remotes.has(event.from)) this.remotes.set(event.from, { identity: null, state: initialParticipantState });
        // A link made for a message (the first offer of someone already in the call) answers before it offers.
        void this.linkTo(event.from, { answerFirst: true }).receive(message);
        return;
      }
      case 'ended':
        this.end(event.reason);
        return;
    }
    this.emitParticipants();
  }

  /** The link to a participant, made (with this side's media on it) the first time it is needed. */
  private linkTo(remoteId: ParticipantId, { answerFirst = false } = {}): PeerLink {
    const existing = this.links.get(remoteId);
    if (existing) return existing;
    const link = new PeerLink({
      remoteId,
      answerFirst,
      // Both sides compute the same order, so exactly one of them is polite.
      polite: this.selfId > remoteId,
      configuration: { iceServers: this.options.iceServers },
      createPeerConnection: this.options.createPeerConnection ?? ((configuration) => new RTCPeerConnection(configuration)),
      send: (message) => this.sendInOrder(remoteId, encodePeerMessage(message)),
      onChange: () => this.emitParticipants(),
      ...(this.options.log ? { log: this.options.log } : {}),
    });
    this.links.set(remoteId, link);
    if (this.media) {
      link.setCamera(this.media.camera);
      if (this.media.screen) link.startScreen(this.media.screen);
    }
    return link;
  }

  private sendInOrder(remoteId: ParticipantId, signal: string): void {
    const previous = this.sending.get(remoteId) ?? Promise.resolve();
    // A send that hangs must not hold the ones after it for long: after a while the next goes anyway.
    const next = previous
      .then(() => withDeadline(this.options.signalling.send(remoteId, signal), sendDeadlineMs))
      .catch((error: unknown) => this.options.log?.('send failed', error));
    this.sending.set(remoteId, next);
  }

  protected release(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.remotes.clear();
  }
}
