/** A clock and timers, replaceable in tests. */
export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): NodeJS.Timeout;
  clearTimeout(timer: NodeJS.Timeout): void;
}

const realClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

/** `ratePerSecond` tokens a second, holding at most `burst`; starts full. */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly ratePerSecond: number,
    readonly burst: number,
    private readonly now: () => number = realClock.now,
  ) {
    this.tokens = burst;
    this.refilledAt = now();
  }

  /** Tokens available now. */
  get level(): number {
    this.refill();
    return this.tokens;
  }

  /** Takes one token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is available (0 when one is). */
  msUntilNext(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.ratePerSecond);
    this.refilledAt = now;
  }
}

export interface ThrottleOptions {
  ratePerSecond: number;
  burst: number;
  /** Over the limit this long without coming back under it: the connection is given up. */
  giveUpAfterMs: number;
  /**
   * Waiting messages are handed over at most this often, as many as the bucket allows: a few at a
   * time, so they are stored in one batch rather than one transaction each.
   */
  drainEveryMs: number;
  /** Most messages and bytes held while the socket is paused (a paused socket may still hand over what it had read). */
  maxQueuedMessages: number;
  maxQueuedBytes: number;
}

export interface ThrottleTarget {
  /** Handles one message, in the order received. */
  deliver(message: Uint8Array): void;
  /** Stop reading from the socket (TCP then slows the sender), and start again. */
  pause(): void;
  resume(): void;
  /** The sender stayed over the limit too long, or too much piled up: close it. */
  overwhelmed(): void;
}

/**
 * Limits the messages one connection may have handled per second with a token bucket. Within the
 * bucket a message is handled at once; over it, the message waits in order and the socket is paused,
 * so the sender is slowed rather than served. A sender that stays over the limit (the bucket never
 * refills to half between its messages) for `giveUpAfterMs` is given up. State per connection.
 */
export class MessageThrottle {
  private readonly bucket: TokenBucket;
  private queue: Uint8Array[] = [];
  private queuedBytes = 0;
  /** When the sender went over the limit; null while it is within it. */
  private overSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private paused = false;
  private stopped = false;

  constructor(
    private readonly options: ThrottleOptions,
    private readonly target: ThrottleTarget,
    private readonly clock: ThrottleClock = realClock,
  ) {
    this.bucket = new TokenBucket(options.ratePerSecond, options.burst, () => clock.now());
  }

  /** Whether the sender is being slowed down now. */
  get throttled(): boolean {
    return this.overSince !== null;
  }

  receive(message: Uint8Array): void {
    if (this.stopped) return;
    if (this.queue.length === 0) {
      // Back under its rate long enough for the bucket to refill to half: it is within the limit again.
      if (this.overSince !== null && this.bucket.level >= this.options.burst / 2) this.overSince = null;
      if (this.bucket.take()) return this.target.deliver(message);
    }
    const now = this.clock.now();
    this.overSince ??= now;
    this.queue.push(message);
    this.queuedBytes += message.byteLength;
    if (
      now - this.overSince >= this.options.giveUpAfterMs ||
      this.queue.length > this.options.maxQueuedMessages ||
      this.queuedBytes > this.options.maxQueuedBytes
    )
      return this.giveUp();
    if (!this.paused) {
      this.paused = true;
      this.target.pause();
    }
    this.scheduleDrain();
  }

  /** Drops what waits and stops every timer (the socket closed). */
  stop(): void {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.queuedBytes = 0;
  }

  private scheduleDrain(): void {
    if (this.timer || this.stopped) return;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.drain();
      },
      Math.max(this.options.drainEveryMs, this.bucket.msUntilNext()),
    );
  }

  private drain(): void {
    let handled = 0;
    while (handled < this.queue.length && !this.stopped && this.bucket.take()) {
      const message = this.queue[handled]!;
      handled += 1;
      this.queuedBytes -= message.byteLength;
      this.target.deliver(message);
    }
    if (this.stopped) return;
    this.queue = this.queue.slice(handled);
    if (this.queue.length > 0) {
      if (this.clock.now() - this.overSince! >= this.options.giveUpAfterMs) return this.giveUp();
      return this.scheduleDrain();
    }
    if (this.paused) {
      this.paused = false;
      this.target.resume();
    }
  }

  private giveUp(): void {
    this.stop();
    this.target.overwhelmed();
  }
}
