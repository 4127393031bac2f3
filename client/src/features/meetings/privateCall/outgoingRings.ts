/**
 * The rings a caller made into a private chat's call, as the caller's page follows them: what ringVideocall answered
 * and what subCalls tells of their end, merged per ring, and what the page should say about them.
 */
import type { RingChange, VideocallRing } from '../ringing/operations';

export type OutgoingRings = ReadonlyMap<string, VideocallRing>;

/**
 * Adds rings (ringVideocall's answer, or one live change). An ended ring is never brought back to ringing: the
 * mutation's answer can arrive after the ring's end was heard live.
 */
export function withRings(rings: OutgoingRings, added: readonly VideocallRing[]): OutgoingRings {
  const next = new Map(rings);
  for (const ring of added) {
    const known = next.get(ring.id);
    if (known && known.state !== 'ringing' && ring.state === 'ringing') continue;
    next.set(ring.id, ring);
  }
  return next;
}

/** A live change concerns the page when it is a ring this person made into this call. */
export function isOwnRing(change: RingChange, videocall: string, me: string): boolean {
  return change.ring.videocall === videocall && change.ring.caller === me;
}

/**
 * What the rings say now: nobody rung yet, still ringing, someone accepted (and is joining), or every ring ended
 * without an answer: all of them declined, or at least one went unanswered.
 */
export type RingingState = 'none' | 'ringing' | 'accepted' | 'declined' | 'unanswered';

export function ringingState(rings: OutgoingRings): RingingState {
  const states = [...rings.values()].map((ring) => ring.state);
  if (states.length === 0) return 'none';
  if (states.includes('accepted')) return 'accepted';
  if (states.includes('ringing')) return 'ringing';
  return states.every((state) => state === 'declined') ? 'declined' : 'unanswered';
}
