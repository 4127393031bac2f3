import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-signed URLs of the local driver. A signature covers the method, the object, the expiry and,
 * for uploads, the size and type fixed at signing, so a URL can do exactly one thing until it expires.
 * The key is derived from the server secret for this one purpose, so it signs nothing else.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('workspace/storage-url-signing/v1').digest();
  }

  sign(parts: readonly (string | number)[]): string {
    return createHmac('sha256', this.key).update(parts.map(String).join('\n')).digest('base64url');
  }

  /** Whether `signature` is ours for `parts` and `expires` (epoch seconds, the first part) is still ahead of `now`. */
  verify(parts: readonly (string | number)[], expires: number, signature: unknown, now = Date.now()): 'valid' | 'expired' | 'invalid' {
    if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.sign(parts));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return Number.isFinite(expires) && expires * 1000 > now ? 'valid' : 'expired';
  }
}

export const uploadSignatureParts = (key: string, expires: number, size: number, contentType: string) =>
  ['PUT', key, expires, size, contentType] as const;
export const downloadSignatureParts = (fileId: string, expires: number) => ['GET', `file:${fileId}`, expires] as const;
