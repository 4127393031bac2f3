import { createHash, randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations
import ProviderModule from 'oidc-provider';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRows, jsonValue } from '../support/appRows';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { ProviderBrowser } from './support/providerBrowser';

const Provider = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => { callback(): RequestListener };

/** The app's PUBLIC_URL; the test browser sends requests for it to the test server, like a reverse proxy. */
const publicUrl = 'http://app.test';
const client = { id: 'workspace-app', secret: 'workspace-app-secret' };

type ProviderAccount = { email: string } & Partial<Record<'given_name' | 'family_name' | 'name' | 'locale', string>> & {
    email_verified?: boolean;
  };

/** Accounts of both test providers, by login; a test adds the ones it signs in with. */
const accounts = new Map<string, ProviderAccount>();

/** A real OpenID Connect provider on a free port with one client whose redirect URI is the app's callback. */
async function startIdentityProvider(name: 'google' | 'microsoft', options: { claimsInIdToken: boolean }) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [{ client_id: client.id, client_secret: client.secret, redirect_uris: [`${publicUrl}/auth/${name}/callback`] }],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: `${name}-key`, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'locale'] },
    // Off: e-mail and names in the ID token, as Google does. On (the default): only in userinfo.
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_context: unknown, id: string) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  server.on('request', provider.callback());
  return { issuer, signingKey: privateKey, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;

/** A browser: follows redirects by hand, keeps cookies per host, fills in the provider's login and consent forms. */
class Browser extends ProviderBrowser {
  constructor(app: TestServer) {
    super(app, publicUrl);
  }

  /**
   * Follows redirects from `start`, signing in at the provider as `login`, until `stop` says a
   * location is the end (by default: a page of the app). Returns that location without visiting it.
   */
  async drive(start: string, login: string, options: { stop?: (url: URL) => boolean; abortConsent?: boolean } = {}): Promise<URL> {
    const stop = options.stop ?? ((url: URL) => url.origin === publicUrl && !url.pathname.startsWith('/auth/'));
    return (await this.follow(start, login, { stop, abortConsent: options.abortConsent })).url;
  }

  /** A GraphQL client holding this browser's session cookies for the app. */
  graphql(): GraphqlTestClient {
    const graphql = new GraphqlTestClient(this.app);
    for (const [name, value] of this.appCookies()) graphql.cookies.set(name, value);
    return graphql;
  }
}

let app: TestServer;
let google: IdentityProvider;
let microsoft: IdentityProvider;

beforeAll(async () => {
  google = await startIdentityProvider('google', { claimsInIdToken: true });
  microsoft = await startIdentityProvider('microsoft', { claimsInIdToken: false });
  app = await startTestServer({
    PUBLIC_URL: publicUrl,
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: client.id,
    OIDC_GOOGLE_CLIENT_SECRET: client.secret,
    OIDC_MICROSOFT_ISSUER: microsoft.issuer,
    OIDC_MICROSOFT_CLIENT_ID: client.id,
    OIDC_MICROSOFT_CLIENT_SECRET: client.secret,
  });
});
afterAll(async () => {
  await app?.close();
  await google?.close();
  await microsoft?.close();
});

const usersWith = (email: string) => appRows<{ id: string }>(app.app, sql`SELECT id FROM users WHERE email = ${email}`);
const signInMethods = async (userId: string) =>
  (
    await appRows<{ payload: unknown }>(
      app.app,
      sql`SELECT payload FROM events WHERE type = 'user.signed_in' AND stream = ${`user:${userId}`} ORDER BY seq`,
    )
  ).map((row) => jsonValue<{ method: string }>(row.payload).method);

/** A provider account with a fresh address. */
function providerAccount(overrides: Partial<ProviderAccount> = {}): string {
  const login = `user-${randomBytes(6).toString('hex')}`;
  accounts.set(login, {
    email: `${login}@example.com`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    locale: 'fr-FR',
    ...overrides,
  });
  return login;
}

const isCallback = (url: URL) => url.pathname.endsWith('/callback');

describe('browser sign-in with the code flow', () => {
  it('creates an account on first sign-in, sets the session cookies and lands on the sign-up finish page', async () => {
    const login = providerAccount();
    const browser = new Browser(app);
    const start = await browser.request(`${app.url}/auth/google/start?project=&promotion=SPRING`);
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location')!).searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.headers.getSetCookie().join()).toMatch(/^oidc_google=[^;]+; Max-Age=600; Path=\/auth\/google\/; HttpOnly; SameSite=Lax$/);
    const landing = await browser.drive(start.headers.get('location')!, login);
    expect(landing.pathname + landing.search).toBe('/signup/finish?new=1&promotion=SPRING');
    expect([...browser.appCookies().keys()].sort()).toEqual(['refresh_token', 'token', 'user']);
    const me = await browser
      .graphql()
      .execute<{ getUser: Record<string, unknown> }>('{ getUser { id email firstname lastname language } }');
    expect(me.data?.getUser).toMatchObject({ email: `${login}@example.com`, firstname: 'Ada', lastname: 'Lovelace', language: 'fr' });
    const userId = me.data!.getUser.id as string;
    expect(browser.appCookies().get('user')).toBe(userId);
    expect(await appRows(app.app, sql`SELECT email_verified FROM users WHERE id = ${userId}`)).toEqual([{ email_verified: 1 }]);
    expect(await signInMethods(userId)).toEqual(['google']);
    // The promotion link's code rode along: the new account's team got the PROMOTION credit, as an e-mail sign-up does.
    expect(await appRows(app.app, sql`SELECT user_id FROM promotion_grants WHERE user_id = ${userId}`)).toEqual([{ user_id: userId }]);
  });

  it('signs the same person in to the same account the second time, without a new user', async () => {
    const login = providerAccount();
    await new Browser(app).drive('/auth/google/start', login);
    const landing = await new Browser(app).drive('/auth/google/start', login);
    expect(landing.pathname).toBe('/overview');
    const [user, ...others] = await usersWith(`${login}@example.com`);
    expect(others).toEqual([]);
    expect(await signInMethods(user!.id)).toEqual(['google', 'google']);
  });

  it('returns to the page asked for before signing in (next), only when it is a path of this site', async () => {
    const login = providerAccount();
    const taskPage = '/0123456789abcdef01234567/tasks/d/89abcdef0123456789abcdef';
    const first = await new Browser(app).drive(`/auth/google/start?next=${encodeURIComponent(taskPage)}`, login);
    expect(`${first.pathname}${first.search}`).toBe(`/signup/finish?new=1&next=${encodeURIComponent(taskPage)}`);
    const again = await new Browser(app).drive(`/auth/google/start?next=${encodeURIComponent(taskPage)}`, login);
    expect(again.href).toBe(`${publicUrl}${taskPage}`);
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      const landing = await new Browser(app).drive(`/auth/google/start?next=${encodeURIComponent(hostile)}`, login);
      expect(landing.href).toBe(`${publicUrl}/overview`);
    }
  });

  it('links an existing password account with the same verified e-mail, and its password keeps working', async () => {
    const login = providerAccount();
    const account = await new GraphqlTestClient(app).signUp({ email: `${login}@example.com` });
    const browser = new Browser(app);
    expect((await browser.drive('/auth/google/start', login)).pathname).toBe('/overview');
    expect((await browser.graphql().execute<{ getUser: { id: string } }>('{ getUser { id } }')).data?.getUser.id).toBe(account.user.id);
    const password = await new GraphqlTestClient(app).execute(
      'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      { email: `${login}@example.com`, password: account.password },
    );
    expect(password.errors).toBeUndefined();
  });

  it('links an unverified account, records the verification and drops the password set before the address was proven', async () => {
    const login = providerAccount();
    const email = `${login}@example.com`;
    await new GraphqlTestClient(app).execute(
      'mutation ($email: String!) { setUserBasic(firstname: "Pre", lastname: "Hijack", email: $email, password: "attacker123") { email } }',
      { email },
    );
    const [user] = await usersWith(email);
    expect((await new Browser(app).drive('/auth/google/start', login)).pathname).toBe('/overview');
    expect(
      await appRows(
        app.app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE type = 'user.email_verified' AND stream = ${`user:${user!.id}`}`,
      ),
    ).toEqual([{ count: 1 }]);
    const attacker = await new GraphqlTestClient(app).execute(
      'mutation ($email: String!) { login(email: $email, password: "attacker123") { token } }',
      { email },
    );
    expect(attacker.errors?.[0]?.extensions.code).toBe('WRONG_CREDENTIALS');
  });

  it('works with a provider that gives the e-mail and a full name only through userinfo (the Microsoft slot)', async () => {
    const login = providerAccount({ given_name: undefined, family_name: undefined, name: 'Grace Brewster Hopper', locale: 'xx' });
    const browser = new Browser(app);
    expect((await browser.drive('/auth/microsoft/start', login)).pathname).toBe('/signup/finish');
    const me = await browser
      .graphql()
      .execute<{ getUser: { id: string; firstname: string; lastname: string; language: string } }>(
        '{ getUser { id firstname lastname language } }',
      );
    expect(me.data?.getUser).toMatchObject({ firstname: 'Grace', lastname: 'Brewster Hopper', language: 'en' });
    expect(await signInMethods(me.data!.getUser.id)).toEqual(['microsoft']);
  });

  it('refuses a tampered or missing state, and a replayed callback', async () => {
    const login = providerAccount();
    const browser = new Browser(app);
    const callback = await browser.drive('/auth/google/start', login, { stop: isCallback });
    const sealedState = browser.appCookies().get('oidc_google')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    expect((await browser.drive(tampered.href, login)).href).toBe(`${publicUrl}/signin?error=SOCIAL_STATE_MISMATCH`);
    expect((await new Browser(app).drive(callback.href, login)).search).toBe('?error=SOCIAL_STATE_MISMATCH');
    browser.appCookies().set('oidc_google', sealedState);
    expect((await browser.drive(callback.href, login)).pathname).toBe('/signup/finish');
    browser.appCookies().set('oidc_google', sealedState);
    expect((await browser.drive(callback.href, login)).search).toBe('?error=SOCIAL_STATE_MISMATCH');
    expect(await usersWith(`${login}@example.com`)).toHaveLength(1);
  });

  it('refuses an address the provider has not verified, or does not say is verified', async () => {
    for (const login of [providerAccount({ email_verified: false }), providerAccount({ email_verified: undefined })]) {
      expect((await new Browser(app).drive('/auth/google/start', login)).search).toBe('?error=SOCIAL_EMAIL_NOT_VERIFIED');
      expect(await usersWith(`${login}@example.com`)).toEqual([]);
    }
  });

  it('reports a sign-in cancelled at the provider, an unknown provider and a malformed link', async () => {
    expect((await new Browser(app).drive('/auth/google/start', providerAccount(), { abortConsent: true })).search).toBe(
      '?error=SOCIAL_SIGN_IN_CANCELLED',
    );
    expect((await new Browser(app).drive('/auth/facebook/start', 'anyone')).search).toBe('?error=SOCIAL_PROVIDER_UNKNOWN');
    expect((await new Browser(app).drive('/auth/google/start?project=not-an-id', 'anyone')).search).toBe('?error=BAD_USER_INPUT');
  });
});

describe('ID-token sign-in for apps (setUserGoogle, setUserMicrosoft)', () => {
  const mutation = 'mutation ($token: String!) { setUserGoogle(token: $token) { token isNew user { id email firstname } } }';

  /** An ID token the provider issued to the app's client id, as a mobile app would receive it. */
  async function idTokenFromProvider(login: string): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${google.issuer}/auth`);
    const parameters = {
      client_id: client.id,
      redirect_uri: `${publicUrl}/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      nonce: 'app-nonce',
    };
    for (const [key, value] of Object.entries(parameters)) authorize.searchParams.set(key, value);
    authorize.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    authorize.searchParams.set('code_challenge_method', 'S256');
    const callback = await new Browser(app).drive(authorize.href, login, { stop: isCallback });
    const response = await fetch(`${google.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: parameters.redirect_uri,
        code_verifier: verifier,
      }),
    });
    return ((await response.json()) as { id_token: string }).id_token;
  }

  const forge = (
    key: CryptoKey,
    claims: Record<string, unknown>,
    overrides: { audience?: string; issuer?: string; expiresIn?: string } = {},
  ) =>
    new SignJWT({ email: 'forged@example.com', email_verified: true, given_name: 'Eve', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-key' })
      .setSubject('forged')
      .setIssuer(overrides.issuer ?? google.issuer)
      .setAudience(overrides.audience ?? client.id)
      .setIssuedAt()
      .setExpirationTime(overrides.expiresIn ?? '5m')
      .sign(key);

  it('signs in with an ID token signed by the provider, registering the account once', async () => {
    const login = providerAccount({ given_name: 'Grace' });
    const token = await idTokenFromProvider(login);
    const first = await new GraphqlTestClient(app).execute<{
      setUserGoogle: { token: string; isNew: boolean; user: { id: string; email: string; firstname: string } };
    }>(mutation, { token });
    expect(first.errors).toBeUndefined();
    expect(first.data?.setUserGoogle).toMatchObject({ isNew: true, user: { email: `${login}@example.com`, firstname: 'Grace' } });
    const me = await new GraphqlTestClient(app).execute<{ getUser: { id: string } }>(
      '{ getUser { id } }',
      {},
      { authorization: `Bearer ${first.data!.setUserGoogle.token}` },
    );
    expect(me.data?.getUser.id).toBe(first.data?.setUserGoogle.user.id);
    const again = await new GraphqlTestClient(app).execute<{ setUserGoogle: { isNew: boolean; user: { id: string } } }>(mutation, {
      token,
    });
    expect(again.data?.setUserGoogle).toMatchObject({ isNew: false, user: { id: first.data?.setUserGoogle.user.id } });
    expect(await signInMethods(first.data!.setUserGoogle.user.id)).toEqual(['google', 'google']);
  });

  it('refuses a forged token: another key, another audience, another issuer, expired or garbage', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const forged = [
      await forge(otherKey, {}),
      await forge(google.signingKey, {}, { audience: 'someone-else' }),
      await forge(google.signingKey, {}, { issuer: microsoft.issuer }),
      await forge(google.signingKey, {}, { expiresIn: '-5m' }),
      'not-a-token',
    ];
    for (const token of forged) {
      const result = await new GraphqlTestClient(app).execute(mutation, { token });
      expect(result.errors?.[0]?.extensions.code).toBe('SOCIAL_TOKEN_INVALID');
    }
    expect(await usersWith('forged@example.com')).toEqual([]);
  });

  it('refuses a genuine token whose address is not verified', async () => {
    const result = await new GraphqlTestClient(app).execute(mutation, { token: await forge(google.signingKey, { email_verified: false }) });
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'SOCIAL_EMAIL_NOT_VERIFIED' } });
  });

  it('lists the configured providers for the sign-in buttons', async () => {
    expect((await new GraphqlTestClient(app).execute('{ socialProviders }')).data).toEqual({ socialProviders: ['google', 'microsoft'] });
  });
});

describe('without providers configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare?.close());

  it('sends both routes back to sign-in with SOCIAL_SIGN_IN_UNAVAILABLE', async () => {
    for (const path of ['/auth/google/start', '/auth/microsoft/callback?code=x&state=y']) {
      const response = await fetch(`${bare.url}${path}`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/signin?error=SOCIAL_SIGN_IN_UNAVAILABLE');
    }
  });

  it('refuses both mutations with SOCIAL_SIGN_IN_UNAVAILABLE and lists no provider', async () => {
    const graphql = new GraphqlTestClient(bare);
    for (const field of ['setUserGoogle', 'setUserMicrosoft']) {
      const result = await graphql.execute(`mutation { ${field}(token: "x") { token } }`);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Sign-in with this provider is not set up on this server.',
        extensions: { code: 'SOCIAL_SIGN_IN_UNAVAILABLE' },
      });
    }
    expect((await graphql.execute('{ socialProviders }')).data).toEqual({ socialProviders: [] });
  });
});
