import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../../tests/support/redisForTests';
import { loadConfig } from '../config';
import type { RedisConnections } from '../core/redis/connection';
import { acceptedIssuers, identityFrom, OidcProviders } from './oidc';

const google = 'https://accounts.google.com';
const entra = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const verified = { sub: 'subject', email: ' Ada@Example.com ', email_verified: true };

function providersFor(environment: Record<string, string>, redis: RedisConnections | null = null) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'oidc-')),
    SECRET: 'a-test-secret-of-at-least-32-characters',
    ...environment,
  });
  return new OidcProviders(config, { redis });
}

describe('identity from provider claims', () => {
  it('takes the lower-cased e-mail, the given and family names and the language of the locale', () => {
    expect(identityFrom('google', { ...verified, given_name: 'Ada', family_name: 'Lovelace', locale: 'pt_BR' }, google)).toEqual({
      provider: 'google',
      subject: 'subject',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      language: 'pt',
    });
  });

  it('splits the full name when there are no name parts, and falls back to the address and English', () => {
    expect(identityFrom('google', { ...verified, name: 'Grace Brewster Hopper', locale: 'nl-NL' }, google)).toMatchObject({
      firstname: 'Grace',
      lastname: 'Brewster Hopper',
      language: 'en',
    });
    expect(identityFrom('google', verified, google)).toMatchObject({ firstname: 'ada', lastname: '', language: 'en' });
  });

  it('refuses an address that is missing, malformed, or not said to be verified', () => {
    for (const claims of [
      { ...verified, email_verified: false },
      { ...verified, email_verified: undefined },
      { ...verified, email_verified: 'false' },
      { sub: 's', email_verified: true },
      { ...verified, email: 'not-an-address' },
    ]) {
      expect(() => identityFrom('google', claims, google)).toThrowError(expect.objectContaining({ code: 'SOCIAL_EMAIL_NOT_VERIFIED' }));
    }
    expect(identityFrom('google', { ...verified, email_verified: 'true' }, google).email).toBe('ada@example.com');
  });

  it("accepts Microsoft's xms_edov in place of email_verified, from Microsoft only", () => {
    const claims = { ...verified, email_verified: undefined, xms_edov: true };
    expect(identityFrom('microsoft', claims, entra).email).toBe('ada@example.com');
    expect(() => identityFrom('microsoft', claims, 'https://sso.example.com/realms/main')).toThrowError(
      expect.objectContaining({ code: 'SOCIAL_EMAIL_NOT_VERIFIED' }),
    );
    expect(() => identityFrom('microsoft', { ...claims, xms_edov: false }, entra)).toThrowError(
      expect.objectContaining({ code: 'SOCIAL_EMAIL_NOT_VERIFIED' }),
    );
  });
});

describe('accepted issuers', () => {
  it("fills Microsoft's tenant template from the token's tid, and needs one", () => {
    expect(acceptedIssuers(entra, { tid: 'tenant-1' })).toEqual(['https://login.microsoftonline.com/tenant-1/v2.0']);
    expect(acceptedIssuers(entra, {})).toEqual([]);
  });

  it('accepts both documented forms of the Google issuer, and exactly the issuer otherwise', () => {
    expect(acceptedIssuers(google, {})).toEqual([google, 'accounts.google.com']);
    expect(acceptedIssuers('https://sso.example.com', {})).toEqual(['https://sso.example.com']);
  });
});

describe('providers', () => {
  const configured = { OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' };

  it('lists only the providers with a client id and secret, and refuses the others as unavailable', async () => {
    const providers = providersFor(configured);
    expect(providers.configured()).toEqual(['google']);
    await expect(providers.begin('microsoft', {})).rejects.toMatchObject({ code: 'SOCIAL_SIGN_IN_UNAVAILABLE' });
    await expect(providers.verifyIdToken('microsoft', 'token')).rejects.toMatchObject({ code: 'SOCIAL_SIGN_IN_UNAVAILABLE' });
  });

  it('refuses a callback whose sealed state is missing or not ours, before contacting the provider', async () => {
    const providers = providersFor(configured);
    const query = new URLSearchParams({ code: 'code', state: 'state' });
    await expect(providers.finish('google', query, undefined)).rejects.toMatchObject({ code: 'SOCIAL_STATE_MISMATCH' });
    await expect(providers.finish('google', query, 'forged-sealed-state')).rejects.toMatchObject({ code: 'SOCIAL_STATE_MISMATCH' });
  });

  it('refuses an http issuer in production', async () => {
    const providers = providersFor({ ...configured, NODE_ENV: 'production', OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9' });
    const failure = (await providers.begin('google', {}).catch((error: unknown) => error)) as { code: string; cause: Error };
    expect(failure).toMatchObject({ code: 'SOCIAL_PROVIDER_ERROR' });
    expect(failure.cause.message).toMatch(/https/i);
  });
});

describe('another grant than sign-in (calendar access)', () => {
  // A discovery document only: nothing here redeems a code.
  const server = createServer((request, response) => {
    const issuer = `http://${request.headers.host}`;
    response.writeHead(request.url === '/.well-known/openid-configuration' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      }),
    );
  });
  let issuer = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = {
    purpose: 'calendar',
    scope: 'openid email https://www.googleapis.com/auth/calendar',
    redirectUri: 'https://app.example/calendar/google/callback',
    binding: 'user-1:team-1',
    parameters: { access_type: 'offline', prompt: 'consent' },
  };
  const providers = () => providersFor({ OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret', OIDC_GOOGLE_ISSUER: issuer });

  it('asks for its own scope, redirect URI and parameters, with PKCE, state and nonce', async () => {
    const { authorizationUrl } = await providers().beginAuthorization('google', request);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      scope: request.scope,
      redirect_uri: request.redirectUri,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      client_id: 'id',
    });
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
  });

  it('checks the sealed state once, answering whom it was started for; the other purpose’s state is refused both ways', async () => {
    const registry = providers();
    const calendar = await registry.beginAuthorization('google', request);
    const calendarQuery = new URLSearchParams({ code: 'code', state: calendar.authorizationUrl.searchParams.get('state')! });
    await expect(registry.finish('google', calendarQuery, calendar.sealedState)).rejects.toMatchObject({ code: 'SOCIAL_STATE_MISMATCH' });
    expect((await registry.checkAuthorization('google', 'calendar', calendarQuery, calendar.sealedState)).binding).toBe('user-1:team-1');
    await expect(registry.checkAuthorization('google', 'calendar', calendarQuery, calendar.sealedState)).rejects.toMatchObject({
      code: 'SOCIAL_STATE_MISMATCH',
    });

    const signIn = await registry.begin('google', {});
    const signInQuery = new URLSearchParams({ code: 'code', state: signIn.authorizationUrl.searchParams.get('state')! });
    await expect(registry.checkAuthorization('google', 'calendar', signInQuery, signIn.sealedState)).rejects.toMatchObject({
      code: 'SOCIAL_STATE_MISMATCH',
    });
    await expect(registry.checkAuthorization('google', 'signIn', signInQuery, signIn.sealedState)).rejects.toMatchObject({
      code: 'SOCIAL_STATE_MISMATCH',
    });
  });

  it('reports the member’s refusal at the provider as cancelled', async () => {
    const registry = providers();
    const { authorizationUrl, sealedState } = await registry.beginAuthorization('google', request);
    const query = new URLSearchParams({ error: 'access_denied', state: authorizationUrl.searchParams.get('state')! });
    await expect(registry.checkAuthorization('google', 'calendar', query, sealedState)).rejects.toMatchObject({
      code: 'SOCIAL_SIGN_IN_CANCELLED',
    });
  });

  describe('with Redis (several processes)', () => {
    const redis = useRedisServer();
    /** One process's providers: its own connections to the one Redis, the cluster's shared secret. */
    const processProviders = async () => {
      const connected = await redis.connect();
      const environment = { OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret', OIDC_GOOGLE_ISSUER: issuer };
      return { providers: providersFor(environment, connected), connected };
    };
    const callback = async (registry: OidcProviders) => {
      const { authorizationUrl, sealedState } = await registry.beginAuthorization('google', request);
      return { query: new URLSearchParams({ code: 'code', state: authorizationUrl.searchParams.get('state')! }), sealedState };
    };

    it('refuses a sealed state replayed to another process', async () => {
      const a = await processProviders();
      const b = await processProviders();
      const { query, sealedState } = await callback(a.providers);
      expect((await b.providers.checkAuthorization('google', 'calendar', query, sealedState)).binding).toBe('user-1:team-1');
      await expect(a.providers.checkAuthorization('google', 'calendar', query, sealedState)).rejects.toMatchObject({
        code: 'SOCIAL_STATE_MISMATCH',
      });
    });

    it('spends states in the process while Redis is away, and answers without waiting for it', async () => {
      const a = await processProviders();
      const spentBefore = await callback(a.providers);
      expect((await a.providers.checkAuthorization('google', 'calendar', spentBefore.query, spentBefore.sealedState)).binding).toBe(
        'user-1:team-1',
      );
      const during = await callback(a.providers);
      await redis.server.kill();
      try {
        await expect.poll(() => a.connected.state()).toBe('down');
        // What this process spent through Redis it remembers itself.
        await expect(
          a.providers.checkAuthorization('google', 'calendar', spentBefore.query, spentBefore.sealedState),
        ).rejects.toMatchObject({
          code: 'SOCIAL_STATE_MISMATCH',
        });
        expect((await a.providers.checkAuthorization('google', 'calendar', during.query, during.sealedState)).binding).toBe(
          'user-1:team-1',
        );
        await expect(a.providers.checkAuthorization('google', 'calendar', during.query, during.sealedState)).rejects.toMatchObject({
          code: 'SOCIAL_STATE_MISMATCH',
        });
      } finally {
        await redis.server.start();
      }
    });
  });
});
