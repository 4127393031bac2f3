import type { Cancel } from '../../core/jobs';
import type { Services } from '../../graphql/context';

/** What a participant last said of their media; not in the log, lost (reset) on restart. */
export interface ParticipantState {
  audio: boolean;
  video: boolean;
  screen: boolean;
  hand: boolean;
}

const quiet: ParticipantState = { audio: false, video: false, screen: false, hand: false };

/** Topic of one call's transient notices: joined, left, state, signal, recording, finished (never in the log). */
export const callTopic = (videocallId: string) => `videocall-live:${videocallId}`;

/** A call's notice as subVideocall's feed receives it. `attendeeId` is whom it is about; `to` a signal's addressee. */
export type CallNotice =
  | { type: 'joined' | 'left' | 'state'; videocallId: string; attendeeId: string; reaction?: string | null }
  | { type: 'signal'; videocallId: string; attendeeId: string; to: string; signal: string }
  | { type: 'recording'; videocallId: string; recordingId: string }
  | { type: 'finished'; videocallId: string };

/**
 * The live side of calls in this process: each attendee's media state, whose call feed is open, and the
 * timers that drop an attendee whose feed never opened. One board per services instance (the app owns it),
 * so two apps in one process (tests) never share calls.
 */
export class CallBoard {
  private readonly states = new Map<string, ParticipantState>();
  private readonly openFeeds = new Map<string, number>();
  private readonly pendingDrops = new Map<string, Cancel>();

  constructor(private readonly services: Services) {}

  stateOf(attendeeId: string): ParticipantState {
    return this.states.get(attendeeId) ?? quiet;
  }

  setState(attendeeId: string, change: Partial<ParticipantState>): ParticipantState {
    const next = { ...this.stateOf(attendeeId), ...change };
    this.states.set(attendeeId, next);
    return next;
  }

  publish(notice: CallNotice): void {
    this.services.live.emitter.emit({ topic: callTopic(notice.videocallId), payload: notice });
  }

  /** The attendee's feed opened: no drop is due any more. Answers whether it is the attendee's first open feed. */
  opened(attendeeId: string): boolean {
    this.pendingDrops.get(attendeeId)?.();
    this.pendingDrops.delete(attendeeId);
    const count = (this.openFeeds.get(attendeeId) ?? 0) + 1;
    this.openFeeds.set(attendeeId, count);
    return count === 1;
  }

  /** The attendee's feed closed: answers whether it was its last open feed (then it leaves). */
  closed(attendeeId: string): boolean {
    const count = (this.openFeeds.get(attendeeId) ?? 1) - 1;
    if (count > 0) {
      this.openFeeds.set(attendeeId, count);
      return false;
    }
    this.openFeeds.delete(attendeeId);
    return true;
  }

  /** Drops the attendee after `delayMs` unless its feed opens first. */
  dropUnlessOpened(attendeeId: string, delayMs: number, drop: () => Promise<void>): void {
    this.pendingDrops.set(
      attendeeId,
      this.services.jobs.after(`meetings: drop attendee ${attendeeId}`, delayMs, async () => {
        this.pendingDrops.delete(attendeeId);
        if (!this.openFeeds.has(attendeeId)) await drop();
      }),
    );
  }

  /** The attendee is in the call by other means (LiveKit said it joined): it is not dropped for a feed it has not opened. */
  keep(attendeeId: string): void {
    this.pendingDrops.get(attendeeId)?.();
    this.pendingDrops.delete(attendeeId);
  }

  /** The attendee left: forget its state and any pending drop. */
  forget(attendeeId: string): void {
    this.states.delete(attendeeId);
    this.pendingDrops.get(attendeeId)?.();
    this.pendingDrops.delete(attendeeId);
  }
}

const boards = new WeakMap<Services, CallBoard>();

export function callBoardOf(services: Services): CallBoard {
  let board = boards.get(services);
  if (!board) boards.set(services, (board = new CallBoard(services)));
  return board;
}
