import { describe, expect, it } from 'vitest';
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
