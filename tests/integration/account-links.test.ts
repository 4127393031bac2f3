import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from './support/mailCatcher';
import { GraphqlTestClient, linkFromOutbox, startTestServer, type TestServer } from './harness';
import { sql } from 'drizzle-orm';
import { appRow, appRun } from '../support/appRows';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signUpMutation = (email: string, password = 'secret123') =>
  `mutation { setUserBasic(firstname: "Lin", lastname: "Ks", email: "${email}", password: "${password}") { email } }`;
const verifyQuery = 'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }';

describe('e-mail verification', () => {
  it('refuses sign-in before the address is confirmed, mailing a fresh link', async () => {
    const client = new GraphqlTestClient(server);
    await client.execute(signUpMutation('unconfirmed@example.com'));
    const firstLink = await linkFromOutbox(server, 'unconfirmed@example.com', '/signup/verify');
    const attempt = await client.execute('mutation { login(email: "unconfirmed@example.com", password: "secret123") { token } }');
    expect(attempt.errors?.[0]).toMatchObject({
      message: 'Confirm your e-mail address first: we sent you a new link.',
      extensions: { code: 'EMAIL_NOT_VERIFIED' },
    });
    const secondLink = await linkFromOutbox(server, 'unconfirmed@example.com', '/signup/verify');
    expect(secondLink.href).not.toBe(firstLink.href);
    // The newer link replaced the older one.
    const stale = await client.execute(verifyQuery, { email: 'unconfirmed@example.com', token: firstLink.searchParams.get('token') });
    expect(stale.errors?.[0]?.extensions.code).toBe('INVALID_LINK');
  });

  it('uses a verification link once: following it signs in, a second use is refused', async () => {
    const client = new GraphqlTestClient(server);
    await client.execute(signUpMutation('once@example.com'));
    const link = await linkFromOutbox(server, 'once@example.com', '/signup/verify');
    const variables = { email: 'once@example.com', token: link.searchParams.get('token') };
    expect((await client.execute(verifyQuery, variables)).errors).toBeUndefined();
    expect(client.cookies.has('token')).toBe(true);
    const again = await new GraphqlTestClient(server).execute(verifyQuery, variables);
    expect(again.errors?.[0]).toMatchObject({
      message: 'This link has expired or was already used. Ask for a new one.',
      extensions: { code: 'INVALID_LINK' },
    });
  });

  it('refuses an expired verification link', async () => {
    const client = new GraphqlTestClient(server);
    await client.execute(signUpMutation('expired@example.com'));
    const link = await linkFromOutbox(server, 'expired@example.com', '/signup/verify');
    await appRun(server.app, sql`UPDATE account_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL`);
    const result = await client.execute(verifyQuery, { email: 'expired@example.com', token: link.searchParams.get('token') });
    expect(result.errors?.[0]?.extensions.code).toBe('INVALID_LINK');
  });

  it('resends a link to an unconfirmed address and answers the same for an unknown one', async () => {
    const client = new GraphqlTestClient(server);
    await client.execute(signUpMutation('resend@example.com'));
    const before = await linkFromOutbox(server, 'resend@example.com', '/signup/verify');
    expect((await client.execute('mutation { resendEmail(email: "resend@example.com") }')).data).toEqual({ resendEmail: true });
    expect((await linkFromOutbox(server, 'resend@example.com', '/signup/verify')).href).not.toBe(before.href);
    expect((await client.execute('mutation { resendEmail(email: "nobody-here@example.com") }')).data).toEqual({ resendEmail: true });
  });
});

describe('password recovery', () => {
  it('resets the password with the mailed link once, signs out every session, and the new password works', async () => {
    const owner = new GraphqlTestClient(server);
    const account = await owner.signUp({ email: 'forgetful@example.com', password: 'oldpassword1' });
    const anonymous = new GraphqlTestClient(server);
    expect((await anonymous.execute('mutation { forgotPassword(email: "forgetful@example.com") }')).data).toEqual({ forgotPassword: true });
    const link = await linkFromOutbox(server, 'forgetful@example.com', '/signup/recover');
    const update =
      'mutation ($email: String!, $password: String!, $token: String!) { updatePassword(email: $email, password: $password, token: $token) }';
    const variables = { email: 'forgetful@example.com', password: 'newpassword2', token: link.searchParams.get('token') };
    expect((await anonymous.execute(update, variables)).data).toEqual({ updatePassword: true });
    expect((await anonymous.execute(update, variables)).errors?.[0]?.extensions.code).toBe('INVALID_LINK');
    const oldSession = await owner.execute('{ getUser { id } }', {}, { authorization: `Bearer ${account.token}` });
    expect(oldSession.errors?.[0]?.message).toBe('Token expired or invalid');
    const oldPassword = await anonymous.execute('mutation { login(email: "forgetful@example.com", password: "oldpassword1") { token } }');
    expect(oldPassword.errors?.[0]?.extensions.code).toBe('WRONG_CREDENTIALS');
    const newPassword = await anonymous.execute(
      'mutation { login(email: "forgetful@example.com", password: "newpassword2") { user { id } } }',
    );
    expect(newPassword.data).toEqual({ login: { user: { id: account.user.id } } });
  });

  it('answers forgotPassword the same for unknown addresses and sends nothing', async () => {
    const count = async () =>
      (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM outbox`))!.count;
    const before = await count();
    const result = await new GraphqlTestClient(server).execute('mutation { forgotPassword(email: "ghost@example.com") }');
    expect(result.data).toEqual({ forgotPassword: true });
    expect(await count()).toBe(before);
  });

  it('refuses a weak new password and a forged token, changing nothing', async () => {
    await new GraphqlTestClient(server).signUp({ email: 'strong@example.com', password: 'original123' });
    const client = new GraphqlTestClient(server);
    await client.execute('mutation { forgotPassword(email: "strong@example.com") }');
    const link = await linkFromOutbox(server, 'strong@example.com', '/signup/recover');
    const update =
      'mutation ($password: String!, $token: String!) { updatePassword(email: "strong@example.com", password: $password, token: $token) }';
    expect((await client.execute(update, { password: 'weak', token: link.searchParams.get('token') })).errors?.[0]?.message).toBe(
      'Use at least 8 characters.',
    );
    expect((await client.execute(update, { password: 'better12345', token: 'forged' })).errors?.[0]?.extensions.code).toBe('INVALID_LINK');
    expect(
      (await client.execute('mutation { login(email: "strong@example.com", password: "original123") { token } }')).errors,
    ).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('refuses sign-in attempt N+1 for one e-mail with RATE_LIMITED', async () => {
    const limited = await startTestServer({ RATE_LIMITS: 'true' });
    try {
      const client = new GraphqlTestClient(limited);
      const attempt = () => client.execute('mutation { login(email: "target@example.com", password: "guess12345") { token } }');
      for (let index = 0; index < 10; index += 1) expect((await attempt()).errors?.[0]?.extensions.code).toBe('WRONG_CREDENTIALS');
      const refused = await attempt();
      expect(refused.errors?.[0]).toMatchObject({
        message: 'Too many attempts. Wait a moment and try again.',
        extensions: { code: 'RATE_LIMITED' },
      });
    } finally {
      await limited.close();
    }
  });

  it('limits checkEmail per address', async () => {
    const limited = await startTestServer({ RATE_LIMITS: 'true' });
    try {
      const client = new GraphqlTestClient(limited);
      for (let index = 0; index < 30; index += 1)
        expect((await client.execute(`{ checkEmail(email: "free${index}@example.com") }`)).data).toEqual({ checkEmail: true });
      expect((await client.execute('{ checkEmail(email: "one-more@example.com") }')).errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('profile', () => {
  const editProfile =
    'mutation ($input: String, $currency: String) { ediUser(profileImg: $input, currency: $currency) { profileImg currency } }';

  it('stores a PNG photo as 150x150 and serves it with nosniff', async () => {
    const client = new GraphqlTestClient(server);
    await client.signUp();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const result = await client.execute<{ ediUser: { profileImg: string } }>(editProfile, {
      input: `data:image/png;base64,${png.toString('base64')}`,
    });
    const path = result.data!.ediUser.profileImg;
    expect(path).toMatch(/^\/media\/avatars\/[0-9a-f]{24}-[0-9a-f]{16}\.png$/);
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([150, 150]);
  });

  it('refuses a renamed non-image and a photo over 1 MB, changing nothing', async () => {
    const client = new GraphqlTestClient(server);
    await client.signUp();
    const fake = await client.execute(editProfile, {
      input: `data:image/png;base64,${Buffer.from('#!/bin/sh\necho not an image').toString('base64')}`,
    });
    expect(fake.errors?.[0]).toMatchObject({
      message: 'This image could not be read.',
      extensions: { code: 'IMAGE_UNREADABLE', category: 'BAD_USER_INPUT', field: 'profileImg' },
    });
    const huge = await client.execute(editProfile, { input: `data:image/jpeg;base64,${Buffer.alloc(1_100_000, 1).toString('base64')}` });
    expect(huge.errors?.[0]).toMatchObject({
      message: 'Use an image of at most 1 MB.',
      extensions: { code: 'IMAGE_TOO_LARGE', params: { maximum: 1 } },
    });
    expect((await client.execute<{ getUser: { profileImg: null } }>('{ getUser { profileImg } }')).data?.getUser.profileImg).toBeNull();
  });

  it('falls back to usd for an unknown currency (SPEC §5)', async () => {
    const client = new GraphqlTestClient(server);
    await client.signUp();
    expect((await client.execute(editProfile, { currency: 'EUR' })).data).toMatchObject({ ediUser: { currency: 'eur' } });
    expect((await client.execute(editProfile, { currency: 'doubloons' })).data).toMatchObject({ ediUser: { currency: 'usd' } });
  });

  it('changes names only with the current password', async () => {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp({ password: 'current123' });
    const mutation =
      'mutation ($email: String!, $password: String!) { ediUserBasic(firstname: "New", lastname: "Name", email: $email, password: $password) { firstname } }';
    expect((await client.execute(mutation, { email: account.user.email, password: 'wrong12345' })).errors?.[0]?.extensions.code).toBe(
      'WRONG_CREDENTIALS',
    );
    expect((await client.execute(mutation, { email: account.user.email, password: 'current123' })).data).toEqual({
      ediUserBasic: { firstname: 'New' },
    });
  });
});

describe('mail over SMTP', () => {
  it('delivers the verification mail to a real SMTP server, in the user’s language, with text and HTML parts', async () => {
    const smtp = await startMailCatcher();
    const received = smtp.received;
    const mailing = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Workspace <team@example.com>' });
    try {
      const client = new GraphqlTestClient(mailing);
      await client.execute(
        'mutation { setUserBasic(firstname: "Luz", lastname: "M", email: "luz@example.com", password: "secret123", language: "es") { email } }',
      );
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ to: 'luz@example.com', subject: 'Confirma tu dirección de correo' });
      expect(received[0]!.html).toContain('<a href=');
      const link = new URL(/https?:\/\/\S+\/signup\/verify\?\S+/.exec(received[0]!.text)![0]);
      const verified = await client.execute(verifyQuery, { email: link.searchParams.get('email'), token: link.searchParams.get('token') });
      expect(verified.errors).toBeUndefined();
    } finally {
      await mailing.close();
      smtp.close();
    }
  });
});
