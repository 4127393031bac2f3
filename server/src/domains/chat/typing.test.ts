import { describe, expect, it } from 'vitest';
import { TypingThrottle } from './typing';

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
