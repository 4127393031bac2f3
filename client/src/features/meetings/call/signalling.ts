/**
 * How a mesh call's participants reach each other before media flows: the server's signal mutation and the call's
 * subscription (graphqlSignalling.ts), behind this interface so the transport is tested with an in-memory bus.
 */
import type { ParticipantId, ParticipantIdentity, ParticipantState } from './types';

export type SignallingEvent =
  | { type: 'joined'; participant: ParticipantIdentity; state: ParticipantState }
  | { type: 'left'; participantId: ParticipantId }
  | { type: 'state'; participantId: ParticipantId; state: ParticipantState }
  | { type: 'reaction'; participantId: ParticipantId; emoji: string }
  | { type: 'signal'; from: ParticipantId; signal: string }
  | { type: 'ended'; reason: 'removed' | 'finished' | 'lost' };

export interface Signalling {
  /** Sends an opaque message (JSON text) to one participant of the call. */
  send(to: ParticipantId, signal: string): Promise<void>;
  publishState(state: ParticipantState, reaction?: string): Promise<void>;
  subscribe(listener: (event: SignallingEvent) => void): () => void;
}

/** What one peer tells another, as JSON text inside a signal. */
export type PeerMessage =
  | { kind: 'description'; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit }
  /** Which of the sender's streams is the camera and which the screen, so the receiver can tell them apart. */
  | { kind: 'streams'; camera: string | null; screen: string | null };

export function encodePeerMessage(message: PeerMessage): string {
  return JSON.stringify(message);
}

/** A peer message, or null for anything malformed (a peer is never trusted to send valid JSON). */
export function decodePeerMessage(text: string): PeerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.kind === 'description' && isDescription(message.description))
    return { kind: 'description', description: message.description };
  if (message.kind === 'candidate' && typeof message.candidate === 'object' && message.candidate !== null) {
    return { kind: 'candidate', candidate: message.candidate as RTCIceCandidateInit };
  }
  if (message.kind === 'streams' && isStreamId(message.camera) && isStreamId(message.screen)) {
    return { kind: 'streams', camera: message.camera, screen: message.screen };
  }
  return null;
}

function isDescription(value: unknown): value is RTCSessionDescriptionInit {
  if (typeof value !== 'object' || value === null) return false;
  const description = value as Record<string, unknown>;
  return (description.type === 'offer' || description.type === 'answer') && typeof description.sdp === 'string';
}

function isStreamId(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}
