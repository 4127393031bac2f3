import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../../tests/support/redisForTests';
import { addressKey, RateLimits, rateLimitRules } from './rateLimits';

describe('rate limits', () => {
  it('groups IPv6 addresses by /64 and keeps IPv4 addresses whole', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('198.51.100.4')).toBe('198.51.100.4');
  });

  it('refuses attempt N+1 with RATE_LIMITED and a retry delay', async () => {
    const limits = new RateLimits(true);
    for (let attempt = 0; attempt < rateLimitRules.mailPerEmail.points; attempt += 1)
      await limits.consume(['mailPerEmail', 'a@example.com']);
    await expect(limits.consume(['mailPerEmail', 'a@example.com'])).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await expect(limits.consume(['mailPerEmail', 'b@example.com'])).resolves.toBeUndefined();
  });
});

describe('rate limits with Redis (several processes)', () => {
  const redis = useRedisServer();
  /** A process's limits: its own connections to the one Redis. */
  const processLimits = async () => {
    const connected = await redis.connect();
    return { limits: new RateLimits(true, connected.commands), connected };
  };
  const refused = { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } };

  it('counts attempts made through every process together', async () => {
    const a = await processLimits();
    const b = await processLimits();
    const { points } = rateLimitRules.mailPerEmail;
    for (let attempt = 0; attempt < points; attempt += 1)
      await (attempt % 2 === 0 ? a : b).limits.consume(['mailPerEmail', 'ann@example.com']);
    await expect(a.limits.consume(['mailPerEmail', 'ann@example.com'])).rejects.toMatchObject(refused);
    await expect(b.limits.consume(['mailPerEmail', 'ann@example.com'])).rejects.toMatchObject(refused);
    await expect(b.limits.consume(['mailPerEmail', 'bas@example.com'])).resolves.toBeUndefined();
  });

  it('counts in the process while Redis is away, without failing or waiting', async () => {
    const a = await processLimits();
    const b = await processLimits();
    await redis.server.kill();
    try {
      await expect.poll(() => a.connected.state()).toBe('down');
      const { points } = rateLimitRules.mailPerEmail;
      for (let attempt = 0; attempt < points; attempt += 1) await a.limits.consume(['mailPerEmail', 'cem@example.com']);
      await expect(a.limits.consume(['mailPerEmail', 'cem@example.com'])).rejects.toMatchObject(refused);
      // Per process meanwhile: the other process has its own count.
      await expect(b.limits.consume(['mailPerEmail', 'cem@example.com'])).resolves.toBeUndefined();
    } finally {
      await redis.server.start();
    }
    await expect.poll(() => a.connected.state(), { timeout: 20_000 }).toBe('ready');
    await expect.poll(() => b.connected.state(), { timeout: 20_000 }).toBe('ready');
    // Back in Redis (empty after its restart): counted together again.
    const { points } = rateLimitRules.mailPerEmail;
    for (let attempt = 0; attempt < points; attempt += 1)
      await (attempt % 2 === 0 ? b : a).limits.consume(['mailPerEmail', 'dee@example.com']);
    await expect(a.limits.consume(['mailPerEmail', 'dee@example.com'])).rejects.toMatchObject(refused);
  });
});
