import { typingIntervalMs } from '#shared/chatRules';

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
