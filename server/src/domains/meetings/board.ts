import type { Cancel } from '../../core/jobs';
import type { Services } from '../../graphql/context';
import { SharedCallFacts } from './sharedBoard';

/** What a participant last said of their media; not in the log, lost (reset) on restart (in a cluster, with Redis). */
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
 * The live side of calls: each attendee's media state, whose call feed is open, and the timers that drop an
 * attendee whose feed never opened. One board per services instance (the app owns it), so two apps in one process
 * (tests) never share calls. In a cluster (REDIS_URL) the states and every process's open feeds are shared through
 * Redis (SharedCallFacts): a state set through one process is read on another, and a drop timer on the process that
 * took the join sees a feed opened on another. While Redis is away the board answers from this process's knowledge.
 */
export class CallBoard {
  private readonly states = new Map<string, ParticipantState>();
  private readonly openFeeds = new Map<string, number>();
  private readonly pendingDrops = new Map<string, Cancel>();
  private readonly shared: SharedCallFacts | null;

  constructor(private readonly services: Services) {
    const { redis, cluster } = services;
    this.shared =
      redis && cluster
        ? new SharedCallFacts(redis, {
            processId: cluster.processId,
            processTimeoutMs: services.config.cluster.processTimeoutMs,
            localFeeds: () => this.openFeeds,
          })
        : null;
    this.shared?.start(services.jobs);
  }

  /** The media states of a call's attendees, read once for a whole answer (one Redis read in a cluster). */
  async statesOf(videocallId: string): Promise<(attendeeId: string) => ParticipantState> {
    const shared = await this.shared?.readStates(videocallId);
    if (!shared) return (attendeeId) => this.states.get(attendeeId) ?? quiet;
    return (attendeeId) => ({ ...quiet, ...shared.get(attendeeId) });
  }

  async setState(videocallId: string, attendeeId: string, change: Partial<ParticipantState>): Promise<void> {
    this.states.set(attendeeId, { ...(this.states.get(attendeeId) ?? quiet), ...change });
    // Written before the state notice is published, on the connection that publishes it: a process that hears the
    // notice reads the new state.
    await this.shared?.writeState(videocallId, attendeeId, change);
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
    this.shared?.feedsChanged(attendeeId, count);
    return count === 1;
  }

  /** The attendee's feed closed: answers whether it was its last open feed (then it leaves). */
  closed(attendeeId: string): boolean {
    const count = (this.openFeeds.get(attendeeId) ?? 1) - 1;
    this.shared?.feedsChanged(attendeeId, count);
    if (count > 0) {
      this.openFeeds.set(attendeeId, count);
      return false;
    }
    this.openFeeds.delete(attendeeId);
    return true;
  }

  /** Drops the attendee after `delayMs` unless its feed opens first (on any process of a cluster). */
  dropUnlessOpened(attendeeId: string, delayMs: number, drop: () => Promise<void>): void {
    this.pendingDrops.set(
      attendeeId,
      this.services.jobs.after(`meetings: drop attendee ${attendeeId}`, delayMs, async () => {
        this.pendingDrops.delete(attendeeId);
        if (this.openFeeds.has(attendeeId)) return;
        // Open on another process, or Redis away (null): kept. A wrong drop ends someone's call; a missed one only
        // lists them until their feed closes or the call ends.
        if (this.shared && (await this.shared.openElsewhere(attendeeId)) !== false) return;
        await drop();
      }),
    );
  }

  /**
   * The attendee is in the call by other means (LiveKit said it joined): it is not dropped for a feed it has not
   * opened, also by another process's timer (`keepForMs`: as long as such a timer may run).
   */
  keep(attendeeId: string, keepForMs: number): void {
    this.pendingDrops.get(attendeeId)?.();
    this.pendingDrops.delete(attendeeId);
    this.shared?.keep(attendeeId, keepForMs);
  }

  /**
   * Of the attendees, those with a call feed open on any living process of the cluster or kept by LiveKit's word; null
   * without Redis or while it is away (then no process can tell).
   */
  async attendeesWithOpenFeeds(attendeeIds: readonly string[]): Promise<Set<string> | null> {
    if (!this.shared) return null;
    const open = await this.shared.attendeesWithOpenFeeds(attendeeIds);
    if (!open) return null;
    for (const attendeeId of attendeeIds) if (this.openFeeds.has(attendeeId)) open.add(attendeeId);
    return open;
  }

  /** How long the call has been seen with nobody in it (see SharedCallFacts.nobodyInFor); null without Redis. */
  async nobodyInFor(videocallId: string, markerTtlMs: number): Promise<number | null> {
    return (await this.shared?.nobodyInFor(videocallId, markerTtlMs)) ?? null;
  }

  somebodyIn(videocallId: string): void {
    this.shared?.somebodyIn(videocallId);
  }

  /** The attendee left: forget its state and any pending drop. */
  forget(videocallId: string, attendeeId: string): void {
    this.states.delete(attendeeId);
    this.shared?.forgetState(videocallId, attendeeId);
    this.pendingDrops.get(attendeeId)?.();
    this.pendingDrops.delete(attendeeId);
  }

  /** The call finished: its shared states go. */
  finished(videocallId: string): void {
    this.shared?.finish(videocallId);
  }
}

const boards = new WeakMap<Services, CallBoard>();

export function callBoardOf(services: Services): CallBoard {
  let board = boards.get(services);
  if (!board) boards.set(services, (board = new CallBoard(services)));
  return board;
}
