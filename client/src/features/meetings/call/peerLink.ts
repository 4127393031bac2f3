/**
 * One RTCPeerConnection to one other participant, negotiated with the "perfect negotiation" pattern
 * (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example): either side may offer whenever its tracks change;
 * when both offer at once, the impolite side ignores the other's offer and the polite side rolls its own back. Which
 * side is polite is decided by participant id order, so both agree without talking.
 */
import type { PeerMessage } from './signalling';
import type { ConnectionQuality } from './types';

export type CreatePeerConnection = (configuration: RTCConfiguration) => RTCPeerConnection;

/** How long a negotiated connection may stay unconnected before a new ICE round is asked for (lost candidates, a NAT that changed). */
export const connectTimeoutMs = 6000;
const maximumRestarts = 3;

export interface PeerLinkOptions {
  remoteId: string;
  polite: boolean;
  configuration: RTCConfiguration;
  createPeerConnection: CreatePeerConnection;
  send: (message: PeerMessage) => void;
  /** The remote streams or the connection's state changed. */
  onChange: () => void;
  log?: (message: string, error?: unknown) => void;
  /**
   * The link was made for an offer that came: this side answers it before it offers anything itself. Its own offer
   * racing the remote one would be rolled back, and Chromium then gathers no candidates for the answer (seen as calls
   * whose newcomer never connects). Offers are made again once the first one is answered, or after connectTimeoutMs.
   */
  answerFirst?: boolean;
}

export class PeerLink {
  readonly connection: RTCPeerConnection;
  camera: MediaStream | null = null;
  screen: MediaStream | null = null;
  quality: ConnectionQuality = 'connecting';

  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswerPending = false;
  /** Messages are handled one at a time, in the order they came: a candidate must not overtake its description. */
  private queue: Promise<void> = Promise.resolve();
  /** Candidates that came before the description they belong to (signals may overtake each other): added once it is set. */
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private readonly remoteStreams = new Map<string, MediaStream>();
  private remoteRoles: { camera: string | null; screen: string | null } | null = null;
  private readonly cameraSenders = new Map<'audio' | 'video', RTCRtpSender>();
  private screenSenders: RTCRtpSender[] = [];
  private localCamera: MediaStream | null = null;
  private localScreen: MediaStream | null = null;
  private closed = false;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private restarts = 0;
  /** While true, this side's own offers wait for the remote one (see answerFirst). */
  private answering: boolean;
  private offerWaiting = false;
  private answerDeadline: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PeerLinkOptions) {
    const connection = options.createPeerConnection(options.configuration);
    this.connection = connection;
    this.answering = options.answerFirst ?? false;
    // An offer that never comes must not keep this side from offering for ever.
    if (this.answering) this.answerDeadline = setTimeout(() => this.stopAnswering(), connectTimeoutMs);
    connection.onnegotiationneeded = () => {
      if (this.answering) this.offerWaiting = true;
      else void this.offer();
    };
    connection.onicecandidate = ({ candidate }) => {
      if (candidate) options.send({ kind: 'candidate', candidate: candidate.toJSON() });
    };
    connection.ontrack = ({ track, streams }) => {
      for (const stream of streams) this.remoteStreams.set(stream.id, stream);
      this.classifyStreams();
      // A track that starts muted (no packets yet) unmutes when media arrives: the tiles redraw then.
      track.onunmute = () => options.onChange();
      track.onmute = () => options.onChange();
      track.onended = () => options.onChange();
    };
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState;
      if (state === 'connected') {
        this.quality = 'connected';
        this.restarts = 0;
      } else if (state === 'disconnected') this.quality = 'reconnecting';
      else if (state === 'failed') {
        this.quality = 'reconnecting';
        // A new ICE round (fresh candidates, TURN if configured) instead of giving up: the offer follows by itself.
        connection.restartIce();
      } else if (state === 'closed') this.quality = 'failed';
      options.onChange();
    };
  }

  /** Sends this side's camera and microphone (all their tracks). */
  setCamera(stream: MediaStream): void {
    this.localCamera = stream;
    this.announceStreams();
    for (const track of stream.getTracks()) {
      const kind = track.kind === 'audio' ? 'audio' : 'video';
      if (this.cameraSenders.has(kind)) continue;
      this.cameraSenders.set(kind, this.connection.addTrack(track, stream));
    }
  }

  /** A new microphone or camera in place of the old one: no renegotiation unless nothing of that kind was sent yet. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const sender = this.cameraSenders.get(kind);
    if (sender) {
      await sender.replaceTrack(track);
      return;
    }
    if (track && this.localCamera) this.cameraSenders.set(kind, this.connection.addTrack(track, this.localCamera));
  }

  startScreen(stream: MediaStream): void {
    this.stopScreen();
    this.localScreen = stream;
    this.announceStreams();
    this.screenSenders = stream.getTracks().map((track) => this.connection.addTrack(track, stream));
  }

  stopScreen(): void {
    if (!this.localScreen) return;
    for (const sender of this.screenSenders) this.connection.removeTrack(sender);
    this.screenSenders = [];
    this.localScreen = null;
    this.announceStreams();
  }

  /** Handles a message from the remote side, after the ones before it. */
  receive(message: PeerMessage): Promise<void> {
    this.queue = this.queue.then(() => this.handle(message)).catch((error: unknown) => this.options.log?.('signal failed', error));
    return this.queue;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.connection.onnegotiationneeded = null;
    this.connection.onicecandidate = null;
    this.connection.ontrack = null;
    this.connection.onconnectionstatechange = null;
    if (this.watchdog) clearTimeout(this.watchdog);
    if (this.answerDeadline) clearTimeout(this.answerDeadline);
    this.connection.close();
  }

  /** This side may offer again; an offer it held back goes now. */
  private stopAnswering(): void {
    if (!this.answering) return;
    this.answering = false;
    if (this.answerDeadline) clearTimeout(this.answerDeadline);
    this.answerDeadline = null;
    if (!this.offerWaiting || this.closed) return;
    this.offerWaiting = false;
    void this.offer();
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.connection.setLocalDescription();
      const description = this.connection.localDescription;
      if (description) this.options.send({ kind: 'description', description: { type: description.type, sdp: description.sdp } });
    } catch (error) {
      this.options.log?.('offer failed', error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async handle(message: PeerMessage): Promise<void> {
    if (this.closed) return;
    const connection = this.connection;
    if (message.kind === 'streams') {
      this.remoteRoles = { camera: message.camera, screen: message.screen };
      this.classifyStreams();
      return;
    }
    if (message.kind === 'candidate') {
      if (!connection.remoteDescription) {
        this.pendingCandidates.push(message.candidate);
        return;
      }
      await this.addCandidate(message.candidate);
      return;
    }
    const description = message.description;
    const readyForOffer = !this.makingOffer && (connection.signalingState === 'stable' || this.settingRemoteAnswerPending);
    const offerCollision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && offerCollision;
    if (this.ignoreOffer) return;
    this.settingRemoteAnswerPending = description.type === 'answer';
    try {
      // For a polite side in a collision this rolls its own offer back first (implicit rollback).
      await connection.setRemoteDescription(description);
    } finally {
      this.settingRemoteAnswerPending = false;
    }
    const pending = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of pending) await this.addCandidate(candidate);
    if (description.type === 'offer') {
      await connection.setLocalDescription();
      const answer = connection.localDescription;
      if (answer) this.options.send({ kind: 'description', description: { type: answer.type, sdp: answer.sdp } });
      this.stopAnswering();
    }
    this.armWatchdog();
  }

  /** After a negotiation: if the connection has not come up in time, restart ICE (a new offer with fresh candidates). */
  private armWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.closed || this.connection.connectionState === 'connected' || this.restarts >= maximumRestarts) return;
      this.restarts += 1;
      this.options.log?.(`no connection after ${connectTimeoutMs} ms: restarting ICE`);
      this.connection.restartIce();
    }, connectTimeoutMs);
  }

  private async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    try {
      await this.connection.addIceCandidate(candidate);
    } catch (error) {
      // Candidates of an offer this side ignored, or of one rolled back, fail to apply: expected, not an error.
      if (!this.ignoreOffer) this.options.log?.('candidate not added', error);
    }
  }

  private announceStreams(): void {
    this.options.send({ kind: 'streams', camera: this.localCamera?.id ?? null, screen: this.localScreen?.id ?? null });
  }

  /** Which remote stream is the camera and which the screen: as the remote side said, else the first one is the camera. */
  private classifyStreams(): void {
    const roles = this.remoteRoles;
    const streams = [...this.remoteStreams.values()];
    if (roles) {
      this.camera = (roles.camera && this.remoteStreams.get(roles.camera)) || null;
      this.screen = (roles.screen && this.remoteStreams.get(roles.screen)) || null;
    } else {
      this.camera = streams[0] ?? null;
      this.screen = null;
    }
    this.options.onChange();
  }
}
