import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const accessTokenLifetimeSeconds = 15 * 60;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export type AccessTokenCheck = { status: 'valid'; claims: AccessTokenClaims } | { status: 'expired' } | { status: 'invalid' };

const issuer = 'workspace';

/** Tokens verified lately, remembered until they expire: a browser sends the same one on every request for 15 minutes. */
const rememberedTokensLimit = 10_000;

/** Short-lived HS256 access tokens; the session row stays the authority for revocation. */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Verifying the signature (HMAC through WebCrypto) costs more than the rest of the sign-in check; a remembered token still expires. */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(`access-token:${secret}`);
  }

  async issue(claims: AccessTokenClaims, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
      .sign(this.key);
  }

  async verify(token: string, now = Date.now()): Promise<AccessTokenCheck> {
    const remembered = this.verified.get(token);
    if (remembered) {
      if (now < remembered.expiresAtMs) return { status: 'valid', claims: remembered.claims };
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer, algorithms: ['HS256'], currentDate: new Date(now) });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { status: 'invalid' };
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return { status: 'valid', claims };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { status: 'expired' };
      return { status: 'invalid' };
    }
  }

  private remember(token: string, claims: AccessTokenClaims, expiresAtMs: number): void {
    if (this.verified.size >= rememberedTokensLimit) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresAtMs });
  }
}
