/**
 * The incoming calls: rings to the signed-in person that still ring, in the order they came.
 */
import type { RingChange, VideocallRing } from './operations';

export function isIncoming(ring: VideocallRing, me: string): boolean {
  return ring.callee === me && ring.state === 'ringing';
}

/** Adds a ring; a later copy of the same ring replaces the earlier one. */
function addRing(rings: readonly VideocallRing[], ring: VideocallRing): VideocallRing[] {
  if (rings.some((known) => known.id === ring.id)) return rings.map((known) => (known.id === ring.id ? ring : known));
  return [...rings, ring];
}

/** One ring per call (the first), since answering answers every ring to the person in that call. */
export function callsToShow(rings: readonly VideocallRing[]): VideocallRing[] {
  return rings.filter((ring, index) => rings.findIndex((other) => other.videocall === ring.videocall) === index);
}

/** Without the rings of a call that was just answered here. */
export function withoutCall(rings: readonly VideocallRing[], videocall: string): readonly VideocallRing[] {
  return rings.filter((ring) => ring.videocall !== videocall);
}

/** What getRings answered (outgoing rings are in it too), kept to the person's incoming ones. */
export function incomingFrom(rings: readonly VideocallRing[], me: string): VideocallRing[] {
  return rings.filter((ring) => isIncoming(ring, me)).reduce<VideocallRing[]>(addRing, []);
}

/** A live change: `rung` adds an incoming ring; `ended` (answered here or elsewhere, cancelled, missed) takes it away. */
export function applyRingChange(rings: readonly VideocallRing[], change: RingChange, me: string): readonly VideocallRing[] {
  const { ring } = change;
  if (change.type === 'rung' && isIncoming(ring, me)) return addRing(rings, ring);
  if (change.type === 'ended' || ring.state !== 'ringing') {
    const left = rings.filter((known) => known.id !== ring.id);
    return left.length === rings.length ? rings : left;
  }
  return rings;
}

/**
 * Where accepting takes the callee: a private chat's call page, which joins the call at once (it was the question the
 * ring asked), or the meeting room of a room or space call, whose page joins it.
 */
export function acceptPathOf(ring: VideocallRing): string | null {
  if (ring.privat) return `/chats/${ring.privat}/call?answered=${encodeURIComponent(ring.videocall)}`;
  return ring.meetingroom ? `/meetingroom/${ring.meetingroom}` : null;
}
