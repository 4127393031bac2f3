/**
 * Test doubles for the call module: an RTCPeerConnection that follows the signalling state machine (offers, answers,
 * implicit rollback, negotiationneeded only when stable) with descriptions that list the sender's tracks, media streams
 * and tracks without devices, and a signalling bus that delivers asynchronously like the server does.
 */
import type { Signalling, SignallingEvent } from './signalling';
import type { ParticipantState } from './types';

let nextId = 0;

export class FakeTrack {
  readonly id = `track${++nextId}`;
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  onunmute: (() => void) | null = null;
  onmute: (() => void) | null = null;
  onended: (() => void) | null = null;
  constructor(readonly kind: 'audio' | 'video') {}
  stop(): void {
    this.readyState = 'ended';
  }
}

export class FakeStream {
  private readonly tracks: FakeTrack[] = [];
  constructor(
    readonly id = `stream${++nextId}`,
    tracks: FakeTrack[] = [],
  ) {
    this.tracks.push(...tracks);
  }
  getTracks(): FakeTrack[] {
    return [...this.tracks];
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack): void {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }
  removeTrack(track: FakeTrack): void {
    const index = this.tracks.indexOf(track);
    if (index >= 0) this.tracks.splice(index, 1);
  }
}

export function fakeCameraStream(): MediaStream {
  return new FakeStream(undefined, [new FakeTrack('audio'), new FakeTrack('video')]) as unknown as MediaStream;
}

interface DescribedTrack {
  id: string;
  kind: 'audio' | 'video';
  streamId: string;
}

interface FakeSender {
  track: FakeTrack | null;
  streamId: string;
  replaceTrack(track: FakeTrack | null): Promise<void>;
}

type Description = { type: 'offer' | 'answer' | 'rollback'; sdp?: string };

export class FakePeerConnection {
  static readonly all: FakePeerConnection[] = [];
  /** False simulates candidates that never arrive: negotiation completes, the connection never comes up. */
  static connects = true;
  /** How long applying a remote description takes (a browser does it off the main thread; 0: at once). */
  static remoteDescriptionDelayMs = 0;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly senders: FakeSender[] = [];
  readonly remoteTracks = new Map<string, FakeTrack>();
  readonly remoteStreams = new Map<string, FakeStream>();
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  offersMade = 0;
  rollbacks = 0;
  iceRestarts = 0;
  private negotiationNeeded = false;

  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }

  addTrack(track: FakeTrack, stream: FakeStream): FakeSender {
    const sender: FakeSender = {
      track,
      streamId: stream.id,
      replaceTrack: (replacement) => {
        sender.track = replacement;
        return Promise.resolve();
      },
    };
    this.senders.push(sender);
    this.markNegotiationNeeded();
    return sender;
  }

  removeTrack(sender: FakeSender): void {
    const index = this.senders.indexOf(sender);
    if (index >= 0) this.senders.splice(index, 1);
    this.markNegotiationNeeded();
  }

  async setLocalDescription(description?: Description): Promise<void> {
    await Promise.resolve();
    if (description?.type === 'rollback') return this.rollback();
    if (this.signalingState === 'stable') {
      this.offersMade += 1;
      this.negotiationNeeded = false;
      this.localDescription = { type: 'offer', sdp: this.describeTracks() };
      this.signalingState = 'have-local-offer';
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: this.describeTracks() };
      this.becomeStable();
    } else throw new Error(`InvalidStateError: setLocalDescription in ${this.signalingState}`);
    setTimeout(
      () => this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: `candidate:${this.offersMade}`, sdpMid: '0' }) } }),
      0,
    );
  }

  async setRemoteDescription(description: Description): Promise<void> {
    await (FakePeerConnection.remoteDescriptionDelayMs > 0
      ? new Promise((resolve) => setTimeout(resolve, FakePeerConnection.remoteDescriptionDelayMs))
      : Promise.resolve());
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') this.rollback();
      if (this.signalingState !== 'stable') throw new Error(`InvalidStateError: remote offer in ${this.signalingState}`);
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw new Error(`InvalidStateError: answer in ${this.signalingState}`);
      this.remoteDescription = description;
      this.becomeStable();
    }
    this.applyRemoteTracks(JSON.parse(description.sdp ?? '[]') as DescribedTrack[]);
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.addedCandidates.push(candidate);
  }

  restartIce(): void {
    this.iceRestarts += 1;
    this.markNegotiationNeeded();
  }

  close(): void {
    this.signalingState = 'closed';
    this.connectionState = 'closed';
  }

  /** Simulates the network dropping the connection. */
  fail(): void {
    this.connectionState = 'failed';
    this.onconnectionstatechange?.();
  }

  private rollback(): void {
    this.rollbacks += 1;
    this.localDescription = null;
    this.signalingState = 'stable';
    // The rolled-back offer's changes still need negotiating.
    this.negotiationNeeded = true;
  }

  private becomeStable(): void {
    this.signalingState = 'stable';
    if (FakePeerConnection.connects && this.connectionState !== 'connected') {
      this.connectionState = 'connected';
      this.onconnectionstatechange?.();
    }
    if (this.negotiationNeeded) this.fireNegotiationNeeded();
  }

  private markNegotiationNeeded(): void {
    this.negotiationNeeded = true;
    if (this.signalingState === 'stable') this.fireNegotiationNeeded();
  }

  private fireNegotiationNeeded(): void {
    setTimeout(() => {
      if (this.negotiationNeeded && this.signalingState === 'stable') this.onnegotiationneeded?.();
    }, 0);
  }

  private describeTracks(): string {
    const tracks: DescribedTrack[] = this.senders.flatMap((sender) =>
      sender.track ? [{ id: sender.track.id, kind: sender.track.kind, streamId: sender.streamId }] : [],
    );
    return JSON.stringify(tracks);
  }

  private applyRemoteTracks(tracks: DescribedTrack[]): void {
    for (const described of tracks) {
      if (this.remoteTracks.has(described.id)) continue;
      const track = new FakeTrack(described.kind);
      this.remoteTracks.set(described.id, track);
      let stream = this.remoteStreams.get(described.streamId);
      if (!stream) {
        stream = new FakeStream(described.streamId);
        this.remoteStreams.set(described.streamId, stream);
      }
      stream.addTrack(track);
      this.ontrack?.({ track, streams: [stream] });
    }
  }
}

export function createFakePeerConnection(configuration: RTCConfiguration): RTCPeerConnection {
  return new FakePeerConnection(configuration) as unknown as RTCPeerConnection;
}

/** A call's server in memory: each participant's signals and states reach the others after a turn of the event loop. */
export class FakeSignallingBus {
  private readonly listeners = new Map<string, Set<(event: SignallingEvent) => void>>();
  readonly states = new Map<string, ParticipantState>();
  readonly sent: { from: string; to: string; signal: string }[] = [];

  for(participantId: string): Signalling {
    return {
      send: (to, signal) => {
        this.sent.push({ from: participantId, to, signal });
        this.deliver(to, { type: 'signal', from: participantId, signal });
        return Promise.resolve();
      },
      publishState: (state, reaction) => {
        this.states.set(participantId, state);
        for (const other of this.listeners.keys()) {
          if (other === participantId) continue;
          this.deliver(other, { type: 'state', participantId, state });
          if (reaction) this.deliver(other, { type: 'reaction', participantId, emoji: reaction });
        }
        return Promise.resolve();
      },
      subscribe: (listener) => {
        const set = this.listeners.get(participantId) ?? new Set();
        set.add(listener);
        this.listeners.set(participantId, set);
        return () => set.delete(listener);
      },
    };
  }

  /** Sends an event from the server to one participant. */
  deliver(to: string, event: SignallingEvent): void {
    setTimeout(() => {
      for (const listener of this.listeners.get(to) ?? []) listener(event);
    }, 0);
  }
}
