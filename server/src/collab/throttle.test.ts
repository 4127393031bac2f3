import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageThrottle, TokenBucket, type ThrottleClock, type ThrottleOptions } from './throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const clock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

describe('TokenBucket', () => {
  it('gives a burst, then tokens at its rate, never more than the burst', () => {
    const bucket = new TokenBucket(10, 5, () => Date.now());
    expect(Array.from({ length: 6 }, () => bucket.take())).toEqual([true, true, true, true, true, false]);
    expect(bucket.msUntilNext()).toBe(100);
    vi.advanceTimersByTime(100);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(bucket.level).toBe(5);
  });
});

function harness(options: Partial<ThrottleOptions> = {}) {
  const events: string[] = [];
  const delivered: number[] = [];
  const throttle = new MessageThrottle(
    { ratePerSecond: 10, burst: 10, giveUpAfterMs: 5000, drainEveryMs: 1, maxQueuedMessages: 1000, maxQueuedBytes: 1 << 20, ...options },
    {
      deliver: (message) => delivered.push(message[0]!),
      pause: () => events.push('pause'),
      resume: () => events.push('resume'),
      overwhelmed: () => events.push('overwhelmed'),
    },
    clock,
  );
  let next = 0;
  const send = (count: number) => {
    for (let index = 0; index < count; index += 1) throttle.receive(new Uint8Array([next++ % 256]));
  };
  return { throttle, events, delivered, send };
}

describe('MessageThrottle', () => {
  it('handles a burst at once and slows what is over it: paused, then handled in order at the rate, then resumed', () => {
    const { events, delivered, send, throttle } = harness();
    send(15);
    expect(delivered).toHaveLength(10);
    expect(events).toEqual(['pause']);
    expect(throttle.throttled).toBe(true);
    vi.advanceTimersByTime(250);
    expect(delivered.length).toBeGreaterThanOrEqual(12);
    expect(delivered.length).toBeLessThan(15);
    vi.advanceTimersByTime(300);
    expect(delivered).toEqual(Array.from({ length: 15 }, (_, index) => index));
    expect(events).toEqual(['pause', 'resume']);
    // Quiet long enough to refill half the bucket: within the limit again.
    vi.advanceTimersByTime(1000);
    send(1);
    expect(throttle.throttled).toBe(false);
    expect(events).toEqual(['pause', 'resume']);
  });

  it('gives up on a sender that stays over the limit, and handles nothing after', () => {
    const { events, delivered, send } = harness();
    // 100 messages a second against 10 allowed: each time the socket is read again, more are waiting.
    for (let tick = 0; tick < 80 && !events.includes('overwhelmed'); tick += 1) {
      send(10);
      vi.advanceTimersByTime(100);
    }
    expect(events.at(-1)).toBe('overwhelmed');
    const handled = delivered.length;
    // About the burst plus five seconds at the rate.
    expect(handled).toBeGreaterThanOrEqual(50);
    expect(handled).toBeLessThanOrEqual(70);
    send(5);
    vi.advanceTimersByTime(10_000);
    expect(delivered).toHaveLength(handled);
  });

  it('does not give up on a client that bursts now and then within its average', () => {
    const { events, delivered, send } = harness();
    for (let round = 0; round < 20; round += 1) {
      send(14);
      vi.advanceTimersByTime(2000);
    }
    expect(events).not.toContain('overwhelmed');
    expect(delivered).toHaveLength(280);
  });

  it('gives up at once when more piles up than it may hold', () => {
    const { events, send } = harness({ maxQueuedMessages: 20 });
    send(31);
    expect(events).toEqual(['pause', 'overwhelmed']);
  });

  it('hands waiting messages over a few at a time, at most every drainEveryMs', () => {
    const { delivered, send } = harness({ ratePerSecond: 1000, burst: 50, drainEveryMs: 20 });
    send(100);
    expect(delivered).toHaveLength(50);
    vi.advanceTimersByTime(19);
    expect(delivered).toHaveLength(50);
    vi.advanceTimersByTime(1);
    expect(delivered).toHaveLength(70);
  });

  it('stops its timers and drops what waits when stopped', () => {
    const { delivered, send, throttle } = harness();
    send(20);
    throttle.stop();
    vi.advanceTimersByTime(10_000);
    expect(delivered).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(0);
  });
});
