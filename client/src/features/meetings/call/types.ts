/**
 * The call module's contract: what a screen needs from a call, whatever carries the media. The peer-to-peer mesh
 * (MeshTransport) implements it today; a LiveKit transport will implement the same interface, so no screen knows which
 * one runs.
 */

/** One participant of a call: one join of one person (the same person in two tabs is two participants). */
export type ParticipantId = string;

/** What a participant tells the others about themselves. */
export interface ParticipantState {
  audio: boolean;
  video: boolean;
  screen: boolean;
  hand: boolean;
}

export const initialParticipantState: ParticipantState = { audio: true, video: true, screen: false, hand: false };

/** Who a participant is, as the server introduced them. */
export interface ParticipantIdentity {
  id: ParticipantId;
  name: string;
  userId: string | null;
  /** The guest record (invited by link) this participant joined as, or null for a member. */
  invitedId: string | null;
  profileImg: string | null;
}

export type ConnectionQuality = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface RemoteParticipant extends ParticipantIdentity {
  state: ParticipantState;
  /** Camera and microphone. */
  camera: MediaStream | null;
  /** A shared screen, while one is shared. */
  screen: MediaStream | null;
  connection: ConnectionQuality;
}

export type CallEvent =
  | { type: 'participants'; participants: readonly RemoteParticipant[] }
  | { type: 'reaction'; participantId: ParticipantId; emoji: string }
  /** The call ended for this participant: they were removed, the call finished, or the connection to it was lost for good. */
  | { type: 'ended'; reason: CallEndReason };

export type CallEndReason = 'left' | 'removed' | 'finished' | 'lost';

/** The media this side sends. */
export interface LocalMedia {
  /** Microphone and camera tracks (either may be missing: no device, or refused). */
  camera: MediaStream;
  screen: MediaStream | null;
}

export interface CallTransport {
  readonly selfId: ParticipantId;
  /** Peer-to-peer, or a LiveKit media server (which records by itself and refuses a guest's screen share). */
  readonly kind: 'mesh' | 'livekit';
  /** Starts exchanging media with everyone already in the call and anyone who arrives. */
  join(media: LocalMedia): void;
  /** Stops everything and tells the others; the transport is unusable afterwards. */
  leave(): void;
  participants(): readonly RemoteParticipant[];
  setState(state: Partial<ParticipantState>): void;
  /** Puts a new microphone or camera track in place of the current one (device switch), without renegotiating. */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  startScreenShare(stream: MediaStream): void;
  stopScreenShare(): void;
  sendReaction(emoji: string): void;
  subscribe(listener: (event: CallEvent) => void): () => void;
}
