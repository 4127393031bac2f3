import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const accessTokenLifetimeSeconds = 15 * 60;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export type AccessTokenCheck = { status: 'valid'; claims: AccessTokenClaims } | { status: 'expired' } | { status: 'invalid' };

const issuer = 'workspace';

/** Short-lived HS256 access tokens; the session row stays the authority for revocation. */
export class AccessTokens {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer, algorithms: ['HS256'], currentDate: new Date(now) });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { status: 'invalid' };
      return { status: 'valid', claims: { userId: payload.sub, sessionId: payload.sid } };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { status: 'expired' };
      return { status: 'invalid' };
    }
  }
}
