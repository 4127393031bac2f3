import type { TeamSeat } from '../../core/access';
import type { GuestState } from './events';

/** The guest states a member may set, from each state: a refused guest may still be let in; removed is final. */
const nextStates: Record<GuestState, readonly GuestState[]> = {
  waiting: ['admitted', 'refused', 'removed'],
  refused: ['admitted', 'removed'],
  admitted: ['removed'],
  removed: [],
};

/** What the guest link answers at a moment: usable, replaced by a newer one (or never valid), or past its time. */
export type LinkVerdict = 'valid' | 'revoked' | 'expired';

/**
 * Who may do what in the meetings area:
 * - an ad hoc room is the team's: its members (not the team's external guests) use it;
 * - a space's room follows the space: whoever may read the space uses it (the rule is the core's);
 * - a guest of a room uses only that room's call, and only while admitted;
 * - a mesh call takes at most `maximum` participants; LiveKit has no cap here.
 */
export const meetingsPolicy = {
  useAdHocRoom: (seat: TeamSeat | null): boolean => seat !== null && seat.role !== 'guest',
  changeGuest: (from: GuestState, to: GuestState): boolean => nextStates[from].includes(to),
  guestInCall: (state: GuestState): boolean => state === 'admitted',
  link(room: { linkSecret: string; linkExpiresAt: string }, secret: string, now: Date): LinkVerdict {
    if (!secretsEqual(room.linkSecret, secret)) return 'revoked';
    return Date.parse(room.linkExpiresAt) > now.getTime() ? 'valid' : 'expired';
  },
  joinFits: (present: number, maximum: number | null): boolean => maximum === null || present < maximum,
  /** Recording: a member present in the call starts it (guests never record); who started it stops it, or who manages the room. */
  startRecording: (caller: { kind: 'member' | 'guest' }, presentInCall: boolean): boolean => caller.kind === 'member' && presentInCall,
  stopRecording: (recording: { userId: string }, userId: string, managesRoom: boolean): boolean =>
    recording.userId === userId || managesRoom,
};

/** Compared in time independent of where they differ; the secret is random, but a link is a credential. */
function secretsEqual(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected.charCodeAt(index) ^ given.charCodeAt(index);
  return difference === 0;
}
