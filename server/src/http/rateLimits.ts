import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../errors';

interface Rule {
  points: number;
  durationSeconds: number;
}

/** Attempts allowed per window; every attempt counts, successful or not. */
export const rateLimitRules = {
  signInPerEmail: { points: 10, durationSeconds: 15 * 60 },
  signInPerAddress: { points: 60, durationSeconds: 15 * 60 },
  signUpPerAddress: { points: 20, durationSeconds: 60 * 60 },
  mailPerEmail: { points: 3, durationSeconds: 60 * 60 },
  mailPerAddress: { points: 30, durationSeconds: 60 * 60 },
  checkEmailPerAddress: { points: 30, durationSeconds: 10 * 60 },
  linkPerAddress: { points: 30, durationSeconds: 10 * 60 },
  invitationsPerUser: { points: 50, durationSeconds: 60 * 60 },
  contactSalesPerUser: { points: 5, durationSeconds: 60 * 60 },
  /** Public doc links: enough for a reader reloading, not for guessing secrets. */
  shareLinkPerAddress: { points: 120, durationSeconds: 10 * 60 },
  /** Public media links: a page shows a file and its thumbnail, and a video fetches many ranges. */
  sharedMediaPerAddress: { points: 600, durationSeconds: 10 * 60 },
  /** Refused credentials on a websocket (a forged token or share secret): counted per address, only when refused. */
  refusedSocketCredentialPerAddress: { points: 30, durationSeconds: 10 * 60 },
  feedbackPerUser: { points: 10, durationSeconds: 60 * 60 },
} satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof rateLimitRules;

/**
 * The client address as a rate-limit key: IPv6 addresses are grouped by their /64 prefix, since one
 * subscriber usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export function addressKey(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : address.split(':');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The app's limits. With Redis (several processes) every rule counts in Redis, so attempts made through any process
 * count together. While Redis is away (or a call to it fails) a rule counts in this process instead (the insurance
 * limiter): no request waits on Redis or fails for it, and the limits hold per process until it is back.
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterAbstract>();

  constructor(
    private readonly enabled: boolean,
    redis: Redis | null = null,
  ) {
    for (const [name, rule] of Object.entries(rateLimitRules) as [RateLimitName, Rule][]) {
      const options = { keyPrefix: name, points: rule.points, duration: rule.durationSeconds };
      const inProcess = new RateLimiterMemory(options);
      this.limiters.set(
        name,
        redis
          ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: inProcess })
          : inProcess,
      );
    }
  }

  /** Counts one attempt against each named limit; throws RATE_LIMITED when any is exhausted. */
  async consume(...checks: [RateLimitName, string][]): Promise<void> {
    if (!this.enabled) return;
    for (const [name, key] of checks) {
      try {
        await this.limiters.get(name)!.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new DomainError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) });
        }
        throw rejection;
      }
    }
  }
}
