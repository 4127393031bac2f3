import type { JobRunner } from '../../core/jobs';
import type { RedisConnections } from '../../core/redis/connection';
import type { ParticipantState } from './board';

/** Each attendee's media state in one call: fields `<attendee>:<audio|video|screen|hand>` → '1' or '0'. */
const statesKey = (videocallId: string) => `call-states:${videocallId}`;
/** One process's open call feeds: attendee → open feeds there, plus `aliveField`, so the hash exists while it lives. */
const feedsKey = (processId: string) => `call-feeds:${processId}`;
/** The processes that keep a feeds hash; one whose hash is gone has stopped or died. */
const feedProcessesKey = 'call-feeds:processes';
/** An attendee LiveKit said joined: not dropped for a feed it has not opened, whichever process's timer asks. */
const keptKey = (attendeeId: string) => `call-kept:${attendeeId}`;
/** A call seen with nobody in it by the periodic job; its age (from its time to live) is how long it has been so. */
const nobodyInKey = (videocallId: string) => `call-nobody-in:${videocallId}`;
/** Never an attendee id (ids are letters and digits). */
const aliveField = '~alive';
const stateFields = ['audio', 'video', 'screen', 'hand'] as const;
/**
 * A call's states are deleted when it finishes; this only bounds what a call finished while Redis was away leaves.
 * Renewed by every write.
 */
const statesTimeToLiveMs = 24 * 60 * 60 * 1000;

export interface SharedCallFactsOptions {
  processId: string;
  /** CLUSTER_PROCESS_TIMEOUT_MS: a process's feeds vanish this long after its last heartbeat. */
  processTimeoutMs: number;
  /** This process's open feeds per attendee (the board's own count), written again after an outage. */
  localFeeds: () => ReadonlyMap<string, number>;
}

/**
 * The call board's facts that several processes must share (docs/cluster-plan.md §2.3), in Redis: media states per
 * call, and each process's open call feeds, which a killed process's expiry removes. All of it may be lost: media
 * states reset to quiet (as a restart does with one process), and feeds are written again after an outage.
 * Every method answers without throwing while Redis is away; the callers then keep to this process's knowledge.
 */
export class SharedCallFacts {
  constructor(
    private readonly redis: RedisConnections,
    private readonly options: SharedCallFactsOptions,
  ) {}

  start(jobs: JobRunner): void {
    this.redis.onReconnected(() => void this.rewrite().catch(() => undefined));
    void this.rewrite().catch(() => undefined);
    this.scheduleHeartbeat(jobs);
  }

  /** Writes the changed fields only: another process may have written the others. False when Redis is away. */
  async writeState(videocallId: string, attendeeId: string, change: Partial<ParticipantState>): Promise<boolean> {
    const fields = Object.fromEntries(
      stateFields.flatMap((key) => (change[key] === undefined ? [] : [[`${attendeeId}:${key}`, change[key] ? '1' : '0']])),
    );
    if (Object.keys(fields).length === 0) return true;
    try {
      await this.redis.commands.multi().hset(statesKey(videocallId), fields).pexpire(statesKey(videocallId), statesTimeToLiveMs).exec();
      return true;
    } catch {
      return false;
    }
  }

  /** Every attendee's state in the call that Redis holds, or null while Redis is away. */
  async readStates(videocallId: string): Promise<Map<string, Partial<ParticipantState>> | null> {
    try {
      const hash = await this.redis.commands.hgetall(statesKey(videocallId));
      const states = new Map<string, Partial<ParticipantState>>();
      for (const [field, value] of Object.entries(hash)) {
        const separator = field.lastIndexOf(':');
        const key = field.slice(separator + 1) as (typeof stateFields)[number];
        if (separator < 0 || !stateFields.includes(key)) continue;
        const attendeeId = field.slice(0, separator);
        const state = states.get(attendeeId) ?? {};
        state[key] = value === '1';
        states.set(attendeeId, state);
      }
      return states;
    } catch {
      return null;
    }
  }

  forgetState(videocallId: string, attendeeId: string): void {
    this.redis.commands.hdel(statesKey(videocallId), ...stateFields.map((key) => `${attendeeId}:${key}`)).catch(() => undefined);
  }

  /** The call finished: its states and its nobody-in marker go (every process hears the finish and deletes them; deleting twice is harmless). */
  finish(videocallId: string): void {
    this.redis.commands.del(statesKey(videocallId), nobodyInKey(videocallId)).catch(() => undefined);
  }

  /** This process's count of the attendee's open feeds changed. Skipped while Redis is away: rewritten on reconnection. */
  feedsChanged(attendeeId: string, count: number): void {
    if (this.redis.state() !== 'ready') return;
    const key = feedsKey(this.options.processId);
    const multi = this.redis.commands.multi();
    if (count > 0) multi.hset(key, attendeeId, count);
    else multi.hdel(key, attendeeId);
    multi
      .hset(key, aliveField, 1)
      .pexpire(key, this.options.processTimeoutMs)
      .exec()
      .catch(() => undefined);
  }

  /** LiveKit said the attendee joined (a webhook, on any process): no process's timer drops it for want of a feed. */
  keep(attendeeId: string, forMs: number): void {
    this.redis.commands.set(keptKey(attendeeId), '1', 'PX', forMs).catch(() => undefined);
  }

  /**
   * Whether another living process has the attendee's feed open, or LiveKit said it joined; null while Redis is away
   * (the caller then keeps the attendee: a wrong drop ends someone's call, a missed one only lists them a while).
   */
  async openElsewhere(attendeeId: string): Promise<boolean | null> {
    try {
      const processes = (await this.redis.commands.smembers(feedProcessesKey)).filter((id) => id !== this.options.processId);
      const ask = this.redis.commands.pipeline().exists(keptKey(attendeeId));
      for (const id of processes) ask.hexists(feedsKey(id), attendeeId);
      const answers = (await ask.exec()) ?? [];
      if (answers.some(([error]) => error !== null)) return null;
      return answers.some(([, answer]) => answer === 1);
    } catch {
      return null;
    }
  }

  /**
   * Which of the attendees have a call feed open on a living process (this one included: its hash is written as its
   * feeds change) or were said joined by LiveKit lately; null while Redis is away. A killed process's hash expires
   * with its heartbeat, so its feeds no longer count.
   */
  async attendeesWithOpenFeeds(attendeeIds: readonly string[]): Promise<Set<string> | null> {
    if (attendeeIds.length === 0) return new Set();
    try {
      const processes = await this.redis.commands.smembers(feedProcessesKey);
      const ask = this.redis.commands.pipeline();
      for (const attendeeId of attendeeIds) {
        ask.exists(keptKey(attendeeId));
        for (const id of processes) ask.hexists(feedsKey(id), attendeeId);
      }
      const answers = (await ask.exec()) ?? [];
      if (answers.some(([error]) => error !== null)) return null;
      const perAttendee = processes.length + 1;
      return new Set(
        attendeeIds.filter((_, index) => answers.slice(index * perAttendee, (index + 1) * perAttendee).some(([, answer]) => answer === 1)),
      );
    } catch {
      return null;
    }
  }

  /**
   * The call has nobody in it at this look: answers how long it has been so by the marker's age in Redis (0 at the
   * first look), or null while Redis is away. The marker lives `markerTtlMs` from the first look: a marker not looked
   * at again in time lapses and the wait starts over, which only delays a finish. Redis's own clock measures the age.
   */
  async nobodyInFor(videocallId: string, markerTtlMs: number): Promise<number | null> {
    try {
      const answers = await this.redis.commands
        .multi()
        .set(nobodyInKey(videocallId), '1', 'PX', markerTtlMs, 'NX')
        .pttl(nobodyInKey(videocallId))
        .exec();
      const remainingMs = answers?.[1]?.[1];
      if (typeof remainingMs !== 'number' || remainingMs < 0) return null;
      return markerTtlMs - remainingMs;
    } catch {
      return null;
    }
  }

  /** Someone is in the call again (or it finished): the wait starts over at the next empty look. */
  somebodyIn(videocallId: string): void {
    this.redis.commands.del(nobodyInKey(videocallId)).catch(() => undefined);
  }

  /** This process's feeds hash anew, in one MULTI. */
  private async rewrite(): Promise<void> {
    const key = feedsKey(this.options.processId);
    await this.redis.commands
      .multi()
      .del(key)
      .hset(key, { [aliveField]: '1', ...Object.fromEntries(this.options.localFeeds()) })
      .pexpire(key, this.options.processTimeoutMs)
      .sadd(feedProcessesKey, this.options.processId)
      .exec();
  }

  private scheduleHeartbeat(jobs: JobRunner): void {
    // One-off jobs in a chain rather than `every`: each process renews its own facts, while a cluster's periodic jobs
    // run on one process per period. The chain ends when the app stops its jobs.
    jobs.after('meetings: call feeds heartbeat', this.options.processTimeoutMs / 3, async () => {
      try {
        await this.beat();
      } finally {
        this.scheduleHeartbeat(jobs);
      }
    });
  }

  /** Renews this process's feeds (anew when they expired or a lone write recreated them) and forgets dead processes. */
  private async beat(): Promise<void> {
    if (this.redis.state() !== 'ready') return;
    try {
      const key = feedsKey(this.options.processId);
      const expectedFields = this.options.localFeeds().size + 1;
      const renewed = await this.redis.commands
        .multi()
        .pexpire(key, this.options.processTimeoutMs)
        .hlen(key)
        .sadd(feedProcessesKey, this.options.processId)
        .exec();
      if (renewed?.[0]?.[1] !== 1 || renewed[1]?.[1] !== expectedFields) await this.rewrite();
      const processes = await this.redis.commands.smembers(feedProcessesKey);
      const check = this.redis.commands.pipeline();
      for (const id of processes) check.exists(feedsKey(id));
      const exists = (await check.exec()) ?? [];
      const gone = processes.filter((_, index) => exists[index]?.[0] === null && exists[index]?.[1] === 0);
      if (gone.length > 0) await this.redis.commands.srem(feedProcessesKey, ...gone);
    } catch {
      // Redis went away during the beat: the reconnection writes the feeds again.
    }
  }
}
