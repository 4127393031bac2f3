import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDialect } from '../../server/src/db/pickTable';
import { domains } from '../../server/src/domains';
import { appRow, appRows, replayedBesideLive } from '../support/appRows';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { newestEventSeq } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const countOf = async (statement: ReturnType<typeof sql>) => (await appRow<{ count: number }>(server.app, statement))!.count;
const countEvents = () => countOf(sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events`);

describe('sign-up', () => {
  it('creates the user with a team and a personal space, and signs them in with cookies', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp({ firstname: 'Grace', email: 'grace@example.com' });
    expect(client.cookies.get('user')).toBe(account.user.id);
    expect(client.cookies.has('token')).toBe(true);
    expect(client.cookies.has('refresh_token')).toBe(true);
    const me = await client.execute<{ getUser: { email: string }; getTeam: { name: string } }>('{ getUser { email } getTeam { name } }');
    expect(me.data).toEqual({ getUser: { email: 'grace@example.com' }, getTeam: { name: "Grace's team" } });
    const spaces = await appRows(server.app, sql`SELECT name, is_personal FROM projects WHERE owner_id = ${account.user.id}`);
    expect(spaces).toEqual([{ name: 'Grace', is_personal: 1 }]);
  });

  it('refuses a malformed e-mail and a weak password with clear messages, writing nothing', async () => {
    const before = await countEvents();
    const client = new GraphqlTestClient(server);
    const badEmail = await client.execute(
      'mutation { setUserBasic(firstname: "A", lastname: "B", email: "not-an-email", password: "secret123") { email } }',
    );
    expect(badEmail.errors?.[0]).toMatchObject({
      message: 'Enter a valid e-mail address.',
      extensions: { code: 'EMAIL_INVALID', category: 'BAD_USER_INPUT', params: {}, field: 'email' },
    });
    const weak = await client.execute(
      'mutation { setUserBasic(firstname: "A", lastname: "B", email: "weak@example.com", password: "short") { email } }',
    );
    expect(weak.errors?.[0]).toMatchObject({
      message: 'Use at least 8 characters.',
      extensions: { code: 'PASSWORD_TOO_SHORT', params: { minimum: 8 }, field: 'password' },
    });
    expect(await countEvents()).toBe(before);
  });

  it('answers a sign-up with a registered e-mail exactly like a new one, and mails the owner instead', async () => {
    await new GraphqlTestClient(server).signUp({ email: 'twice@example.com' });
    const mutation = (email: string) =>
      `mutation { setUserBasic(firstname: "A", lastname: "B", email: "${email}", password: "secret123") { email verificationRequired } }`;
    const again = await new GraphqlTestClient(server).execute(mutation('TWICE@example.com'));
    const fresh = await new GraphqlTestClient(server).execute(mutation('fresh@example.com'));
    expect(again.data).toEqual({ setUserBasic: { email: 'twice@example.com', verificationRequired: true } });
    expect(fresh.data).toEqual({ setUserBasic: { email: 'fresh@example.com', verificationRequired: true } });
    expect(await countOf(sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM users WHERE email = 'twice@example.com'`)).toBe(1);
    // The newest mail: SQLite's rowid, PostgreSQL's ctid (outbox rows are inserted in order, never updated).
    const insertedLast = tableDialect === 'postgresql' ? sql.raw('ctid DESC') : sql.raw('rowid DESC');
    const ownerMail = await appRow(
      server.app,
      sql`SELECT subject FROM outbox WHERE "to" = 'twice@example.com' ORDER BY ${insertedLast} LIMIT 1`,
    );
    expect(ownerMail).toEqual({ subject: 'You already have an account' });
  });

  it('registers once when a sign-up is retried with the same Idempotency-Key', async () => {
    const client = new GraphqlTestClient(server);
    const mutation =
      'mutation { setUserBasic(firstname: "Re", lastname: "Try", email: "retry@example.com", password: "secret123") { email } }';
    await client.execute(mutation, {}, { 'idempotency-key': 'signup-1' });
    const registered = () => countOf(sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE type = 'user.registered'`);
    const before = await registered();
    const second = await client.execute(mutation, {}, { 'idempotency-key': 'signup-1' });
    expect(second.data).toEqual({ setUserBasic: { email: 'retry@example.com' } });
    expect(await registered()).toBe(before);
    expect(await countOf(sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM users WHERE email = 'retry@example.com'`)).toBe(1);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password and refuses a wrong one or an unknown e-mail with the same message', async () => {
    const account = await new GraphqlTestClient(server).signUp({ email: 'login@example.com' });
    const client = new GraphqlTestClient(server);
    const wrong = await client.execute('mutation { login(email: "login@example.com", password: "wrong-password1") { token } }');
    const unknown = await client.execute('mutation { login(email: "nobody@example.com", password: "wrong-password1") { token } }');
    expect(wrong.errors?.[0]?.message).toBe('Wrong e-mail or password.');
    expect(unknown.errors?.[0]?.message).toBe(wrong.errors?.[0]?.message);
    const right = await client.execute<{ login: { user: { id: string } } }>(
      'mutation ($password: String!) { login(email: "LOGIN@example.com", password: $password) { user { id } } }',
      { password: account.password },
    );
    expect(right.data?.login.user.id).toBe(account.user.id);
  });

  it('rotates the refresh token on every refresh', async () => {
    const client = new GraphqlTestClient(server);
    await client.signUp();
    const firstRefresh = client.cookies.get('refresh_token');
    const refreshed = await client.execute<{ refreshToken: { token: string } }>('mutation { refreshToken { token } }');
    expect(refreshed.data?.refreshToken.token).toBeTruthy();
    expect(client.cookies.get('refresh_token')).not.toBe(firstRefresh);
    expect((await client.execute('{ getUser { id } }')).errors).toBeUndefined();
  });

  it('revokes the whole session family when an old refresh token is replayed', async () => {
    const owner = new GraphqlTestClient(server);
    await owner.signUp();
    const ownerAccessToken = owner.cookies.get('token')!;
    const stolen = owner.cookies.get('refresh_token')!;
    await owner.execute('mutation { refreshToken { token } }');
    const thief = new GraphqlTestClient(server);
    thief.cookies.set('refresh_token', stolen);
    const replayed = await thief.execute('mutation { refreshToken { token } }');
    expect(replayed.errors?.[0]).toMatchObject({ message: 'Invalid refresh token', extensions: { code: 'INVALID_REFRESH_TOKEN' } });
    const ownerRefresh = await owner.execute('mutation { refreshToken { token } }');
    expect(ownerRefresh.errors?.[0]?.message).toBe('Invalid refresh token');
    expect(owner.cookies.has('refresh_token')).toBe(false);
    const withOldAccessToken = await owner.execute('{ getUser { id } }', {}, { authorization: `Bearer ${ownerAccessToken}` });
    expect(withOldAccessToken.errors?.[0]?.message).toBe('Token expired or invalid');
  });

  it('revokes the session server-side on logout, so the old access token stops working', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp();
    await client.execute('mutation { logout }');
    expect(client.cookies.has('token')).toBe(false);
    const withOldToken = await new GraphqlTestClient(server).execute(
      '{ getUser { id } }',
      {},
      { authorization: `Bearer ${account.token}` },
    );
    expect(withOldToken.errors?.[0]?.message).toBe('Token expired or invalid');
  });

  it('accepts the access token as a bearer token for API scripts', async () => {
    const account = await new GraphqlTestClient(server).signUp();
    const result = await new GraphqlTestClient(server).execute<{ getUser: { id: string } }>(
      '{ getUser { id } }',
      {},
      { authorization: `Bearer ${account.token}` },
    );
    expect(result.data?.getUser.id).toBe(account.user.id);
  });
});

/**
 * The account's changes a subscription is sent, once the server listens for it (resumeAfter: null: a message without
 * data says so, and each event comes with its position). Events older than the subscription are left out: on
 * PostgreSQL a fresh subscription starts from the log's settled position, which a transaction running elsewhere on the
 * cluster holds back, and is sent the events committed above it (the sign-up's, here).
 */
async function ownAccountChanges(ws: Client) {
  const since = await newestEventSeq(server);
  const received: { subUser: { language: string } }[] = [];
  const errors: unknown[] = [];
  await new Promise<void>((listening) =>
    ws.subscribe<{ subUser: { language: string } }, { seq?: number }>(
      { query: 'subscription { subUser { language } }', extensions: { resumeAfter: null } },
      {
        next: (value) => {
          if (!value.data) listening();
          else if ((value.extensions?.seq ?? 0) > since) received.push(value.data);
        },
        error: (error) => {
          errors.push(error);
          listening();
        },
        complete: () => undefined,
      },
    ),
  );
  expect(errors).toEqual([]);
  return received;
}

describe('live updates over graphql-ws', () => {
  it('delivers the subscriber’s own account changes, authenticated by the upgrade cookie', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp();
    const ws = subscriptionClient(server, { cookie: client.cookieHeader() });
    const received = await ownAccountChanges(ws);
    await client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { language } }', { id: account.user.id });
    await expect.poll(() => received.length).toBeGreaterThan(0);
    expect(received).toEqual([{ subUser: { language: 'de' } }]);
    await ws.dispose();
  });

  it('authenticates with a bearer token sent in connection_init', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp();
    const ws = subscriptionClient(server, { token: account.token });
    const received = await ownAccountChanges(ws);
    await client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "fr") { language } }', { id: account.user.id });
    await expect.poll(() => received.length).toBeGreaterThan(0);
    expect(received).toEqual([{ subUser: { language: 'fr' } }]);
    await ws.dispose();
  });

  it('refuses a subscription without credentials with "No access token"', async () => {
    const ws = subscriptionClient(server);
    await expect(nextResults(ws, 'subscription { subUser { id } }', {}, 1).done).rejects.toThrow('No access token');
    await ws.dispose();
  });

  it('refuses a connection_init with a forged token', async () => {
    const ws = subscriptionClient(server, { token: 'forged' });
    await expect(nextResults(ws, 'subscription { subUser { id } }', {}, 1).done).rejects.toBeTruthy();
    await ws.dispose();
  });

  it('refuses an upgrade from a foreign origin', async () => {
    const ws = subscriptionClient(server, { origin: 'https://evil.example' });
    await expect(nextResults(ws, 'subscription { subUser { id } }', {}, 1).done).rejects.toBeTruthy();
    await ws.dispose();
  });
});

describe('replay', () => {
  it('rebuilds the live projections exactly from the log into an empty database', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp();
    await client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "it") { language } }', { id: account.user.id });
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    expect(rebuilt).toEqual(live);
  });
});
