import { randomFillSync } from 'node:crypto';

// Random bytes drawn from the system a pool at a time (as node does for randomUUID): one call per
// 512 ids instead of one per id, on every write's path. The bytes are as unpredictable either way.
const randomPool = Buffer.allocUnsafe(4096);
let randomPoolOffset = randomPool.length;

/** `byteCount` random bytes as hex (byteCount at most 4096). */
export function randomHex(byteCount: number): string {
  if (randomPoolOffset + byteCount > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const hex = randomPool.toString('hex', randomPoolOffset, randomPoolOffset + byteCount);
  randomPoolOffset += byteCount;
  return hex;
}

/**
 * A 24-hex-character id (4 bytes of seconds, 8 random bytes), the shape SPEC §2 recognises as a
 * project id in the first path segment. Time-prefixed so ids sort roughly by creation.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomHex(8);
}

export const idPattern = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}
