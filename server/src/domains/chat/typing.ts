import { typingIntervalMs } from '#shared/chatRules';
import type { RedisConnections } from '../../core/redis/connection';

/** Topic of a conversation's transient typing notices (never in the log). */
export const typingTopic = (conversation: string) => `typing:${conversation}`;

/** A typing notice as subMessage's feed receives it beside the log's events: someone started, or stopped, typing. */
export interface TypingNotice {
  type: 'typing';
  conversation: string;
  userId: string;
  /** The person cleared their text or sent it: the others drop the indicator at once. */
  stopped?: boolean;
  /** Set when a meeting room's guest types: `userId` is then the guest's id, and this their name. */
  guestName?: string;
}

/**
 * Lets through at most one typing notice per user and conversation per interval, and remembers who
 * is typing so a stop is relayed only after a start. A sent message or a stop forgets the person at
 * once, so the first keystroke of the next message is relayed without waiting for the interval.
 * Entries older than the interval are forgotten once the map grows, so it stays the size of the
 * people typing now.
 */
export class TypingThrottle {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs = typingIntervalMs,
    private readonly now: () => number = Date.now,
  ) {}

  allow(userId: string, conversation: string): boolean {
    const key = `${userId}|${conversation}`;
    const at = this.now();
    const previous = this.last.get(key);
    if (previous !== undefined && at - previous < this.intervalMs) return false;
    this.last.set(key, at);
    if (this.last.size > 10_000) for (const [entry, time] of this.last) if (at - time >= this.intervalMs) this.last.delete(entry);
    return true;
  }

  /** The person stopped typing (or sent their message): true when a start had been relayed, so the stop must be too. */
  stop(userId: string, conversation: string): boolean {
    return this.last.delete(`${userId}|${conversation}`);
  }
}

/** The Redis key of one person typing in one conversation: set by a relayed start, removed by a relayed stop. */
const typingKey = (userId: string, conversation: string) => `typing:${userId}:${conversation}`;

/** What TypingGate's question to Redis answers without Redis, or when Redis failed (away: commands fail at once). */
const unanswered = Symbol('unanswered');

/**
 * Whether a typing start or stop is relayed: with Redis (a cluster) by the same rule as TypingThrottle for the whole
 * cluster, since a person's typing mutations may land on different processes. A start passes when it creates the key
 * (SET NX with the interval as its lifetime), a stop when it removes it. When Redis fails, this process's throttle
 * answers; it is told of every start Redis let through, so that it knows what this process relayed.
 */
export class TypingGate {
  constructor(
    private readonly redis: RedisConnections | null,
    private readonly local = new TypingThrottle(),
    private readonly intervalMs = typingIntervalMs,
  ) {}

  async start(userId: string, conversation: string): Promise<boolean> {
    const created = await this.ask((commands) => commands.set(typingKey(userId, conversation), '1', 'PX', this.intervalMs, 'NX'));
    if (created === unanswered) return this.local.allow(userId, conversation);
    if (created === 'OK') this.local.allow(userId, conversation);
    return created === 'OK';
  }

  /** The person stopped typing (or sent their message): true when a start had been relayed, so the stop must be too. */
  async stop(userId: string, conversation: string): Promise<boolean> {
    const removed = await this.ask((commands) => commands.del(typingKey(userId, conversation)));
    const stoppedHere = this.local.stop(userId, conversation);
    return removed === unanswered ? stoppedHere : removed === 1;
  }

  private async ask<Answer>(command: (commands: RedisConnections['commands']) => Promise<Answer>): Promise<Answer | typeof unanswered> {
    if (!this.redis || this.redis.state() !== 'ready') return unanswered;
    try {
      return await command(this.redis.commands);
    } catch {
      return unanswered;
    }
  }
}
