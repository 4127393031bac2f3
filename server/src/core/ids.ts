import { randomBytes } from 'node:crypto';

/**
 * A 24-hex-character id (4 bytes of seconds, 8 random bytes), the shape SPEC §2 recognises as a
 * project id in the first path segment. Time-prefixed so ids sort roughly by creation.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomBytes(8).toString('hex');
}

export const idPattern = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}
