import { describe, expect, it } from 'vitest';
import { AccessTokens, accessTokenLifetimeSeconds } from './tokens';

const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('AccessTokens', () => {
  it('accepts its own token again and again, and refuses it once expired even after remembering it', async () => {
    const tokens = new AccessTokens('secret');
    const now = Date.parse('2026-11-26T10:00:00.000Z');
    const token = await tokens.issue(claims, now);
    expect(await tokens.verify(token, now)).toEqual({ status: 'valid', claims });
    expect(await tokens.verify(token, now + 1000)).toEqual({ status: 'valid', claims });
    expect(await tokens.verify(token, now + accessTokenLifetimeSeconds * 1000 + 1000)).toEqual({ status: 'expired' });
  });

  it('refuses a token changed by one character and one signed with another secret', async () => {
    const tokens = new AccessTokens('secret');
    const now = Date.now();
    const token = await tokens.issue(claims, now);
    expect((await tokens.verify(token, now)).status).toBe('valid');
    const tampered = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(await tokens.verify(tampered, now)).toEqual({ status: 'invalid' });
    const foreign = await new AccessTokens('another secret').issue(claims, now);
    expect(await tokens.verify(foreign, now)).toEqual({ status: 'invalid' });
  });
});
