import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../../../tests/support/redisForTests';
import { TypingGate, TypingThrottle } from './typing';

describe('TypingThrottle', () => {
  it('lets one notice per user and conversation through every 2 s', () => {
    let now = 0;
    const throttle = new TypingThrottle(2000, () => now);
    expect(throttle.allow('ann', 'project:a')).toBe(true);
    now = 1999;
    expect(throttle.allow('ann', 'project:a')).toBe(false);
    expect(throttle.allow('bob', 'project:a')).toBe(true);
    expect(throttle.allow('ann', 'project:b')).toBe(true);
    now = 2000;
    expect(throttle.allow('ann', 'project:a')).toBe(true);
  });

  it('relays a stop only after a start, and lets the next start through at once', () => {
    let now = 0;
    const throttle = new TypingThrottle(2000, () => now);
    expect(throttle.stop('ann', 'project:a')).toBe(false);
    expect(throttle.allow('ann', 'project:a')).toBe(true);
    now = 500;
    expect(throttle.stop('ann', 'project:a')).toBe(true);
    expect(throttle.stop('ann', 'project:a')).toBe(false);
    expect(throttle.allow('ann', 'project:a')).toBe(true);
    expect(throttle.allow('ann', 'project:a')).toBe(false);
  });
});

describe('TypingGate with Redis (several processes)', () => {
  const redis = useRedisServer();
  /** A process's gate: its own connections to the one Redis. */
  const gate = async () => {
    const connected = await redis.connect();
    return { gate: new TypingGate(connected, new TypingThrottle(60_000), 60_000), connected };
  };

  it('applies the throttle across processes: a start through one holds the other back, a stop through the other ends it once', async () => {
    const { gate: a } = await gate();
    const { gate: b } = await gate();
    expect(await b.stop('ann', 'project:a')).toBe(false);
    expect(await a.start('ann', 'project:a')).toBe(true);
    expect(await b.start('ann', 'project:a')).toBe(false);
    expect(await b.start('bob', 'project:a')).toBe(true);
    expect(await b.stop('ann', 'project:a')).toBe(true);
    expect(await a.stop('ann', 'project:a')).toBe(false);
    expect(await b.start('ann', 'project:a')).toBe(true);
  });

  it('lets the process’s own throttle answer while Redis is away', async () => {
    const { gate: a, connected } = await gate();
    expect(await a.start('cem', 'project:b')).toBe(true);
    await redis.server.kill();
    try {
      await expect.poll(() => connected.state()).toBe('down');
      // This process relayed Cem's start: it holds the next one back and relays the stop, as one process does.
      expect(await a.start('cem', 'project:b')).toBe(false);
      expect(await a.stop('cem', 'project:b')).toBe(true);
      expect(await a.stop('cem', 'project:b')).toBe(false);
      expect(await a.start('dee', 'project:b')).toBe(true);
    } finally {
      await redis.server.start();
    }
    await expect.poll(() => connected.state(), { timeout: 20_000 }).toBe('ready');
    // A restarted Redis is empty: the keys of before are gone, and the rule holds again from there.
    expect(await a.start('dee', 'project:b')).toBe(true);
    expect(await a.start('dee', 'project:b')).toBe(false);
  });
});
