import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first so the comparison
 * takes the same time whatever the length or the first differing byte.
 */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
