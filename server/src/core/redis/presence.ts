import type { PresenceState } from '#shared/chatRules';
import {
  ConnectionCounts,
  tellListeners,
  type PresenceDirectory,
  type PresenceListener,
  type SocketConnection,
} from '../../graphql/sockets';
import { randomHex } from '../ids';
import { WorkUnderWay, type Cancel, type JobRunner } from '../jobs';
import type { RedisConnections } from './connection';

/** The Redis channel on which processes announce changes of their presence facts (not the live notices' channel). */
export const presenceChannel = 'workspace:presence';
/** The ids of the processes that wrote presence facts; one whose hash is gone has stopped or died. */
const processesKey = 'presence:processes';
/** Users who said they are away, for the whole cluster. */
const awayKey = 'presence:away';
/** A process's facts: userId → its open connections there, plus the sequence of its latest write. */
const factsKey = (processId: string) => `presence:${processId}`;
/** Never a user id (ids are letters and digits), so it shares the hash with the counts. */
const sequenceField = '~sequence';

/** What a process publishes on `presenceChannel`. */
type PresenceMessage =
  /** The process's count for one user is now `count` (0: none). */
  | { kind: 'count'; process: string; sequence: number; userId: string; count: number }
  /** The process wrote its whole hash again (start, reconnection, expiry): read it. */
  | { kind: 'written'; process: string; sequence: number }
  /** The process stopped and deleted its facts. */
  | { kind: 'gone'; process: string }
  | { kind: 'away'; process: string; userId: string; away: boolean };

/** Another process's connections as this process last heard of them. */
interface ProcessFacts {
  sequence: number;
  counts: Map<string, number>;
}

export interface RedisPresenceOptions {
  /** CLUSTER_PROCESS_TIMEOUT_MS: a process not heard of for this long is gone; it renews its facts every third of it. */
  processTimeoutMs: number;
  /** WS_MAX_SOCKETS_PER_USER, across the cluster; unlimited when absent. */
  maxSocketsPerUser?: number;
  /** This process among the cluster's; random per start when absent. */
  processId?: string;
}

/**
 * The presence directory of a cluster (docs/cluster-plan.md §2.2). Redis holds each process's facts: the hash
 * `presence:<process>` (user → connections open on that process), whose expiry the process's heartbeat renews, so a
 * killed process's connections vanish by themselves; and the away set. Every change is announced on
 * `presenceChannel`.
 *
 * Each process keeps a mirror of the other processes' hashes, filled at start and after each reconnection to Redis,
 * kept up by the announcements and checked at every heartbeat (a process whose hash is gone is dropped; one whose
 * sequence moved past what was heard is read again). `state` reads the mirror synchronously: a user is online while
 * any live process counts a connection of theirs. Listeners hear whenever the mirror's answer changes, whatever the
 * process that caused it, so each process tells its own subscribers; all derive it from the same facts, so
 * concurrent changes on two processes end in the same answer everywhere.
 *
 * While Redis is away, local changes still change the answer and reach the listeners; writes are skipped and the
 * whole hash is written again on reconnection. Nothing acknowledged lives here: it is all rebuilt from the processes'
 * open connections.
 */
export class RedisPresenceDirectory implements PresenceDirectory {
  readonly processId: string;
  /** This process's open connections per user: the facts it owns and writes. */
  private readonly local = new ConnectionCounts();
  private readonly others = new Map<string, ProcessFacts>();
  /** The sum of `others`' counts per user, so that `state` and the cap are one lookup. */
  private readonly elsewhere = new Map<string, number>();
  private readonly away = new Set<string>();
  private readonly listeners = new Set<PresenceListener>();
  private readonly maxSocketsPerUser: number;
  /** Numbers this process's writes, so that older news of it (a late read, a missed announcement) is told apart. */
  private sequence = 0;
  /** performance.now() of the latest reconnection to Redis (this process's own elapsed time, never compared elsewhere). */
  private reconnectedAt = Number.NEGATIVE_INFINITY;
  private heartbeat: Cancel = () => undefined;
  /** The heartbeat under way, which a close waits for before deleting this process's facts. */
  private readonly beating = new WorkUnderWay();
  /** Counts changes of away marks, so that a read of the away set that crossed one does not undo it. */
  private awayChanges = 0;
  private closed = false;
  private readonly heard = (channel: string, text: string) => this.receive(channel, text);

  constructor(
    private readonly redis: RedisConnections,
    private readonly options: RedisPresenceOptions,
  ) {
    this.processId = options.processId ?? randomHex(8);
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? Number.POSITIVE_INFINITY;
  }

  /** Listens first, so that no announcement made after the mirror's first read is missed; then writes and reads. */
  async start(jobs: JobRunner): Promise<void> {
    this.redis.subscriber.on('message', this.heard);
    // ioredis subscribes again by itself after a reconnection (autoResubscribe).
    await this.redis.subscriber.subscribe(presenceChannel);
    await this.rewrite().catch(() => undefined);
    await this.readAll().catch(() => undefined);
    this.redis.onReconnected(() => void this.reconnected());
    this.scheduleHeartbeat(jobs);
  }

  onChange(listener: PresenceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(userId: string): PresenceState {
    if (this.countOf(userId) === 0) return 'offline';
    return this.away.has(userId) ? 'away' : 'online';
  }

  countOf(userId: string): number {
    return this.local.of(userId) + (this.elsewhere.get(userId) ?? 0);
  }

  /** How many connections the user holds on this process and on the others, as far as this process knows. */
  countsOf(userId: string): { here: number; elsewhere: number } {
    return { here: this.local.of(userId), elsewhere: this.elsewhere.get(userId) ?? 0 };
  }

  attach(connection: SocketConnection, userId: string): boolean {
    // The cap counts the connections the mirror knows of on the other processes. Two processes attaching for one
    // user at the same moment each count without the other's newest connection, so the cap may be overshot by up to
    // (processes − 1) connections; the next attempt after the announcements arrive is refused. While Redis is away the
    // mirror may be stale, and the cap is this process's own.
    const elsewhere = this.redis.state() === 'ready' ? (this.elsewhere.get(userId) ?? 0) : 0;
    const count = this.changing([userId], 'forget away', () => this.local.attach(connection, userId, this.maxSocketsPerUser - elsewhere));
    if (count === 'refused') return false;
    if (count !== null) this.writeCount(userId, count);
    return true;
  }

  detach(connection: SocketConnection): void {
    const userId = connection.userId;
    const detached = this.changing(userId === null ? [] : [userId], 'forget away', () => this.local.detach(connection));
    if (detached !== null) this.writeCount(detached.userId, detached.count);
  }

  setAway(userId: string, away: boolean): void {
    this.awayChanges += 1;
    this.changing([userId], 'keep away', () => {
      if (away) this.away.add(userId);
      else this.away.delete(userId);
    });
    if (this.redis.state() !== 'ready') return;
    const message: PresenceMessage = { kind: 'away', process: this.processId, userId, away };
    const multi = this.redis.commands.multi();
    if (away) multi.sadd(awayKey, userId);
    else multi.srem(awayKey, userId);
    multi
      .pexpire(awayKey, this.options.processTimeoutMs)
      .publish(presenceChannel, JSON.stringify(message))
      .exec()
      .catch(() => undefined);
  }

  /** Stops the heartbeat and deletes this process's facts, so the others drop its users at once instead of later. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.heartbeat();
    this.redis.subscriber.removeListener('message', this.heard);
    await this.redis.subscriber.unsubscribe(presenceChannel).catch(() => undefined);
    // A beat under way that found this process's hash expired writes it again, after the delete below if it came
    // later: the others would count this process's connections until that hash expired.
    await this.beating.ended();
    if (this.redis.state() !== 'ready') return;
    const message: PresenceMessage = { kind: 'gone', process: this.processId };
    await this.redis.commands
      .multi()
      .del(factsKey(this.processId))
      .srem(processesKey, this.processId)
      .publish(presenceChannel, JSON.stringify(message))
      .exec()
      .catch(() => undefined);
  }

  /**
   * Runs `change` and tells the listeners about each of `userIds` whose answer it changed. A user who goes offline
   * forgets "away" (as with one process); `forget away` also removes them from Redis's away set, done by the process
   * whose own change (or whose finding of a dead process) made them offline.
   */
  private changing<Result>(userIds: Iterable<string>, away: 'forget away' | 'keep away', change: () => Result): Result {
    const before = new Map<string, PresenceState>();
    for (const userId of userIds) before.set(userId, this.state(userId));
    const result = change();
    for (const [userId, was] of before) {
      const now = this.state(userId);
      if (now === was) continue;
      if (now === 'offline') {
        this.away.delete(userId);
        if (away === 'forget away' && this.redis.state() === 'ready') this.redis.commands.srem(awayKey, userId).catch(() => undefined);
      }
      tellListeners(this.listeners, userId, now);
    }
    return result;
  }

  private writeCount(userId: string, count: number): void {
    const sequence = ++this.sequence;
    // Skipped while Redis is away: the whole hash is written again on reconnection.
    if (this.redis.state() !== 'ready') return;
    const key = factsKey(this.processId);
    const message: PresenceMessage = { kind: 'count', process: this.processId, sequence, userId, count };
    const multi = this.redis.commands.multi();
    if (count > 0) multi.hset(key, userId, count);
    else multi.hdel(key, userId);
    multi
      .hset(key, sequenceField, sequence)
      .pexpire(key, this.options.processTimeoutMs)
      .publish(presenceChannel, JSON.stringify(message))
      .exec()
      .catch(() => undefined);
  }

  /**
   * Replaces this process's hash with its counts (one MULTI: nobody reads half of it) and announces it. After an
   * outage the away marks this process knows of are added back as well (a restarted Redis is empty), before the
   * announcement, on which the others read the away set too.
   */
  private async rewrite(awayMarks: 'with away marks' | 'counts only' = 'counts only'): Promise<void> {
    const sequence = ++this.sequence;
    const key = factsKey(this.processId);
    const message: PresenceMessage = { kind: 'written', process: this.processId, sequence };
    const multi = this.redis.commands.multi();
    if (awayMarks === 'with away marks' && this.away.size > 0)
      multi.sadd(awayKey, ...this.away).pexpire(awayKey, this.options.processTimeoutMs);
    await multi
      .del(key)
      .hset(key, { [sequenceField]: String(sequence), ...Object.fromEntries(this.local.entries()) })
      .pexpire(key, this.options.processTimeoutMs)
      .sadd(processesKey, this.processId)
      .pexpire(processesKey, this.options.processTimeoutMs)
      .publish(presenceChannel, JSON.stringify(message))
      .exec();
  }

  /** After an outage: this process's hash and away marks again, then every other process's hash and the away set. */
  private async reconnected(): Promise<void> {
    if (this.closed) return;
    this.reconnectedAt = performance.now();
    try {
      await this.rewrite('with away marks');
      await this.readAll();
    } catch {
      // Redis went away again: the next reconnection starts over.
    }
  }

  /**
   * Within one time-out of a reconnection, a process whose hash is missing is kept: after a Redis restart the others
   * write theirs again only as they reconnect, and dropping them meanwhile would show their users offline for a moment.
   */
  private withinReconnectionGrace(): boolean {
    return performance.now() - this.reconnectedAt < this.options.processTimeoutMs;
  }

  /** Reads every known process's hash and the away set (at start and after a reconnection). */
  private async readAll(): Promise<void> {
    const members = await this.redis.commands.smembers(processesKey);
    const ids = new Set([...members, ...this.others.keys()]);
    ids.delete(this.processId);
    const read = this.redis.commands.pipeline();
    for (const id of ids) read.hgetall(factsKey(id));
    const hashes = (await read.exec()) ?? [];
    [...ids].forEach((id, index) => {
      const [error, hash] = hashes[index] ?? [null, null];
      if (error) return;
      if (!this.applyHash(id, hash as Record<string, string>)) this.missing(id);
    });
    await this.readAway('add');
  }

  /**
   * Reads the away set into the mirror. `add` keeps marks Redis lacks: after a reconnection, a mark set elsewhere
   * during the outage may be written back only after this read. `replace` also forgets the marks Redis lost (a "back"
   * announcement this process missed); this process's own writes precede the read on the same connection.
   */
  private async readAway(how: 'add' | 'replace'): Promise<void> {
    const changesBefore = this.awayChanges;
    const marks = new Set(await this.redis.commands.smembers(awayKey));
    if (this.closed) return;
    const changed = [...marks].filter((userId) => !this.away.has(userId));
    // A mark set or cleared while the read was under way may be missing from or still in its answer.
    const replace = how === 'replace' && this.awayChanges === changesBefore;
    const forgotten = replace ? [...this.away].filter((userId) => !marks.has(userId)) : [];
    this.changing([...changed, ...forgotten], 'keep away', () => {
      for (const userId of changed) this.away.add(userId);
      for (const userId of forgotten) this.away.delete(userId);
    });
  }

  private scheduleHeartbeat(jobs: JobRunner): void {
    // A chain of one-off jobs rather than `every`: each process must beat for itself, and a cluster's periodic jobs run
    // on one process per period.
    this.heartbeat = jobs.after('presence: heartbeat', this.options.processTimeoutMs / 3, async () => {
      try {
        await this.beating.run(() => this.beat());
      } finally {
        if (!this.closed) this.scheduleHeartbeat(jobs);
      }
    });
  }

  /** Renews this process's facts (writing them again if they expired or lost a write), then checks the others'. */
  private async beat(): Promise<void> {
    if (this.closed || this.redis.state() !== 'ready') return;
    try {
      const key = factsKey(this.processId);
      const expectedFields = this.local.userCount + 1;
      const renewed = await this.redis.commands
        .multi()
        .pexpire(key, this.options.processTimeoutMs)
        .hlen(key)
        .sadd(processesKey, this.processId)
        .pexpire(processesKey, this.options.processTimeoutMs)
        .pexpire(awayKey, this.options.processTimeoutMs)
        .exec();
      // Expired (this process stalled past the time-out, and the others dropped it) or recreated by a single write
      // since: the whole hash again, announced, so the others read it.
      if (renewed?.[0]?.[1] !== 1 || renewed[1]?.[1] !== expectedFields) await this.rewrite();
      await this.checkOthers();
    } catch {
      // Redis went away during the beat: the reconnection writes and reads everything again.
    }
  }

  /**
   * Drops processes whose hash is gone; reads again those that wrote more than this process heard of, and the away
   * set: what an announcement missed is mended within a heartbeat.
   */
  private async checkOthers(): Promise<void> {
    const members = await this.redis.commands.smembers(processesKey);
    const ids = [...new Set([...members, ...this.others.keys()])].filter((id) => id !== this.processId);
    const check = this.redis.commands.pipeline();
    for (const id of ids) check.hget(factsKey(id), sequenceField);
    const sequences = (await check.exec()) ?? [];
    await Promise.all(
      ids.map(async (id, index) => {
        const [error, sequence] = sequences[index] ?? [null, null];
        if (error) return;
        if (sequence === null) return this.missing(id);
        const known = this.others.get(id);
        if (!known || Number(sequence) > known.sequence) await this.readProcess(id);
      }),
    );
    await this.readAway(this.withinReconnectionGrace() ? 'add' : 'replace');
  }

  /** A process's hash is gone: it stopped or died (its heartbeat did not renew it), unless Redis itself just restarted. */
  private missing(processId: string): void {
    if (this.withinReconnectionGrace()) return;
    this.drop(processId, 'forget away');
    this.redis.commands.srem(processesKey, processId).catch(() => undefined);
  }

  private drop(processId: string, away: 'forget away' | 'keep away'): void {
    const facts = this.others.get(processId);
    if (!facts) return;
    this.changing(facts.counts.keys(), away, () => {
      this.others.delete(processId);
      this.add(facts.counts, -1);
    });
  }

  private async readProcess(processId: string): Promise<void> {
    try {
      const hash = await this.redis.commands.hgetall(factsKey(processId));
      this.applyHash(processId, hash);
    } catch {
      // Redis away: read again on reconnection.
    }
  }

  /** Takes a read hash as the process's facts unless this process heard newer ones; false when the hash is gone. */
  private applyHash(processId: string, hash: Record<string, string>): boolean {
    if (this.closed) return true;
    const sequence = Number(hash[sequenceField]);
    if (!Number.isInteger(sequence)) return false;
    const known = this.others.get(processId);
    if (known && known.sequence > sequence) return true;
    const counts = new Map<string, number>();
    for (const [field, value] of Object.entries(hash)) {
      const count = Number(value);
      if (field !== sequenceField && Number.isInteger(count) && count > 0) counts.set(field, count);
    }
    const userIds = new Set([...(known?.counts.keys() ?? []), ...counts.keys()]);
    this.changing(userIds, 'keep away', () => {
      if (known) this.add(known.counts, -1);
      this.others.set(processId, { sequence, counts });
      this.add(counts, 1);
    });
    return true;
  }

  /** Adds (sign 1) or takes away (sign −1) one process's counts to the per-user sums. */
  private add(counts: Map<string, number>, sign: 1 | -1): void {
    for (const [userId, count] of counts) {
      const sum = (this.elsewhere.get(userId) ?? 0) + sign * count;
      if (sum > 0) this.elsewhere.set(userId, sum);
      else this.elsewhere.delete(userId);
    }
  }

  private receive(channel: string, text: string): void {
    if (channel !== presenceChannel || this.closed) return;
    const message = parsedMessage(text);
    if (!message || message.process === this.processId) return;
    switch (message.kind) {
      case 'count':
        return this.applyCount(message);
      case 'written':
        if ((this.others.get(message.process)?.sequence ?? -1) < message.sequence) void this.readProcess(message.process);
        // After an outage the process wrote its away marks back before this announcement.
        this.readAway('add').catch(() => undefined);
        return;
      case 'gone':
        // The process detached its connections before it went: there is no away mark of its own to forget.
        return this.drop(message.process, 'keep away');
      case 'away':
        this.awayChanges += 1;
        return this.changing([message.userId], 'keep away', () => {
          if (message.away) this.away.add(message.userId);
          else this.away.delete(message.userId);
        });
    }
  }

  private applyCount(message: Extract<PresenceMessage, { kind: 'count' }>): void {
    const known = this.others.get(message.process);
    if (known && known.sequence >= message.sequence) return;
    // A process not heard of yet, or announcements missed in between: its whole hash is read as well.
    if (!known || message.sequence > known.sequence + 1) void this.readProcess(message.process);
    const facts = known ?? { sequence: message.sequence, counts: new Map<string, number>() };
    if (!known) this.others.set(message.process, facts);
    this.changing([message.userId], 'keep away', () => {
      const before = facts.counts.get(message.userId) ?? 0;
      facts.sequence = message.sequence;
      if (message.count > 0) facts.counts.set(message.userId, message.count);
      else facts.counts.delete(message.userId);
      this.add(new Map([[message.userId, message.count - before]]), 1);
    });
  }
}

function parsedMessage(text: string): PresenceMessage | null {
  try {
    const value = JSON.parse(text) as Partial<PresenceMessage> | null;
    if (typeof value !== 'object' || value === null || typeof value.process !== 'string') return null;
    switch (value.kind) {
      case 'count':
        return typeof value.userId === 'string' && Number.isInteger(value.count) && Number.isInteger(value.sequence)
          ? (value as PresenceMessage)
          : null;
      case 'written':
        return Number.isInteger(value.sequence) ? (value as PresenceMessage) : null;
      case 'gone':
        return value as PresenceMessage;
      case 'away':
        return typeof value.userId === 'string' && typeof value.away === 'boolean' ? (value as PresenceMessage) : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}
