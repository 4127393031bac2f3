import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow, appRows } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { icsObject } from './support/caldavPeers';
import { ProviderBrowser } from './support/providerBrowser';
import {
  calendarScope,
  startGoogleCalDav,
  startGoogleIssuer,
  type GoogleCalDavEndpoint,
  type GoogleIssuer,
} from './support/googleCalendar';
import { startRadicale, type RadicalePeer, type RadicaleUser } from './support/radicale';
import { expectData, joinTeam, person, type Person } from './teamFactories';

// Connecting a Google calendar through Google's consent (issue 17): oidc-provider stands for the Google sign-in
// issuer, a bearer-checking CalDAV endpoint in front of Radicale for Google's CalDAV endpoint.

/** The app's PUBLIC_URL; the test browser sends requests for it to the test server, like a reverse proxy. */
const publicUrl = 'http://app.test';
const syncPage = '/space-1/calendar/sync';

interface Account {
  id: string;
  type: string;
  email: string;
  status: string;
  error: string | null;
  serverUrl: string;
  calendars: { id: string; calendarId: string; summary: string; selected: boolean }[];
}
const accountFields = 'id type email status error serverUrl calendars { id calendarId summary selected }';

/** A browser signed in as a member, consenting at the provider. */
class Browser extends ProviderBrowser {
  constructor(app: TestServer, signedIn: Person) {
    super(app, publicUrl);
    this.useSession(signedIn);
  }

  /** The app cookies of a signed-in person (their session), keeping the pending consent cookies. */
  useSession(signedIn: Person) {
    const jar = this.appCookies();
    for (const [name, value] of signedIn.client.cookies) jar.set(name, value);
  }

  /** Follows redirects from `start`, consenting at the provider as `login`, until `stop` says a location is the end. */
  drive(start: string, login: string, options: { stop?: (url: URL) => boolean; abortConsent?: boolean } = {}) {
    const stop = options.stop ?? ((url: URL) => url.origin === publicUrl && !url.pathname.startsWith('/calendar/google/'));
    return this.follow(start, login, { stop, abortConsent: options.abortConsent });
  }
}

let app: TestServer;
let issuer: GoogleIssuer;
let radicale: RadicalePeer;
let caldav: GoogleCalDavEndpoint;
const calendarUsers = new Map<string, RadicaleUser>();
let member: Person;
let counter = 0;
/** The Google account `member` connected first. */
let firstLogin = '';

/** A Google account (provider login and e-mail) with a Radicale user behind it holding a calendar with one event. */
async function googleAccount(): Promise<{ login: string; email: string; user: RadicaleUser }> {
  counter += 1;
  const login = `google-${counter}`;
  const email = `${login}@gmail.test`;
  issuer.accounts.set(login, { email, email_verified: true });
  const user = radicale.users[counter - 1]!;
  calendarUsers.set(email, user);
  return { login, email, user };
}

const accountsOf = async (who: Person) =>
  expectData(await who.client.execute<{ getCalendarAccounts: Account[] }>(`{ getCalendarAccounts { ${accountFields} } }`))
    .getCalendarAccounts;

const isCallback = (url: URL) => url.pathname === '/calendar/google/callback';
const startPath = `/calendar/google/start?next=${encodeURIComponent(syncPage)}`;

beforeAll(async () => {
  issuer = await startGoogleIssuer(publicUrl);
  radicale = await startRadicale(
    Array.from({ length: 4 }, (_, index) => ({ username: `cal${index + 1}`, password: `secret-${index + 1}` })),
  );
  for (const user of radicale.users) {
    const calendar = await radicale.createCalendar(user, 'primary', { displayName: 'Personal' });
    await radicale.putObject(
      user,
      `${calendar}dentist.ics`,
      icsObject({ uid: `dentist-${user.username}`, summary: 'Dentist', start: '2027-03-02T09:00:00Z', end: '2027-03-02T10:00:00Z' }),
    );
  }
  caldav = await startGoogleCalDav(issuer, radicale, calendarUsers);
  app = await startTestServer({
    PUBLIC_URL: publicUrl,
    OIDC_GOOGLE_ISSUER: issuer.issuer,
    OIDC_GOOGLE_CLIENT_ID: issuer.client.id,
    OIDC_GOOGLE_CLIENT_SECRET: issuer.client.secret,
    OIDC_ALLOW_HTTP_ISSUER: 'true',
    GOOGLE_CALDAV_URL: caldav.url,
    CALDAV_ALLOW_PRIVATE: 'true',
    CALDAV_TIMEOUT_MS: '10000',
  });
  member = await person(app, 'Gwen');
}, 30_000);

afterAll(async () => {
  await app?.close();
  await caldav?.close();
  await issuer?.close();
  await radicale?.stop();
});

describe('connecting a Google calendar through Google’s consent', () => {
  it('start sends the member to the issuer with the calendar scope, offline access, consent, PKCE and a sealed state', async () => {
    const browser = new Browser(app, member);
    const start = await browser.request(`${app.url}${startPath}`);
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: issuer.client.id,
      redirect_uri: `${publicUrl}/calendar/google/callback`,
      scope: `openid email ${calendarScope}`,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      response_type: 'code',
    });
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(start.headers.getSetCookie().join()).toMatch(
      /calendar_google=[^;]+; Max-Age=600; Path=\/calendar\/google\/; HttpOnly; SameSite=Lax/,
    );
  });

  it('a signed-out browser is sent to sign in first, and comes back to the start', async () => {
    const response = await fetch(`${app.url}${startPath}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!, publicUrl);
    expect(location.pathname).toBe('/signin');
    expect(location.searchParams.get('next')).toBe(startPath);
  });

  it('connects the account with the verified e-mail and refresh token, lists its calendars and pulls an event; a later sync refreshes the access token', async () => {
    const { login, email } = await googleAccount();
    firstLogin = login;
    const browser = new Browser(app, member);
    const landing = await browser.drive(startPath, login);
    expect(landing.url.pathname).toBe(syncPage);
    const connectedId = landing.url.searchParams.get('calendarConnected');
    expect(landing.url.searchParams.get('calendarError')).toBeNull();
    const [account, ...others] = await accountsOf(member);
    expect(others).toEqual([]);
    expect(account).toMatchObject({ id: connectedId, type: 'google', email, status: 'ok', serverUrl: caldav.url });
    expect(account!.calendars.map((calendar) => calendar.summary)).toEqual(['Personal']);
    const tokensAtConnect = caldav.acceptedTokens.length;
    expect(tokensAtConnect).toBeGreaterThan(0);

    // The refresh token is kept out of the event log (the credential table holds it encrypted).
    const refreshGrantsBefore = issuer.refreshGrants;
    expect(refreshGrantsBefore).toBeGreaterThan(0);
    const log = await appRows<{ payload: unknown }>(app.app, sql`SELECT payload FROM events WHERE type LIKE 'calendar%'`);
    expect(log.length).toBeGreaterThan(0);
    // SQLite answers the payload as JSON text, PostgreSQL as parsed jsonb: searched as JSON text on both.
    expect(log.some((row) => /refresh/i.test(typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload)))).toBe(false);

    const calendar = account!.calendars[0]!;
    expectData(
      await member.client.execute('mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id } }', {
        calendar: calendar.calendarId,
      }),
    );
    const synced = expectData(
      await member.client.execute<{ syncCalendarAccount: Account }>(
        `mutation ($account: ID!) { syncCalendarAccount(account: $account) { ${accountFields} } }`,
        { account: account!.id },
      ),
    ).syncCalendarAccount;
    expect(synced).toMatchObject({ status: 'ok', error: null });
    const entries = expectData(
      await member.client.execute<{ getEventsCalendar: { title: string; start: string; calendar: { id: string } | null }[] }>(
        'query { getEventsCalendar(start: "2027-03-01T00:00:00Z", end: "2027-03-31T00:00:00Z") { title start calendar { id } } }',
      ),
    ).getEventsCalendar;
    expect(entries).toEqual([{ title: 'Dentist', start: '2027-03-02T09:00:00.000Z', calendar: { id: calendar.id } }]);
    // Each sync exchanged the stored refresh token for a new access token, which the CalDAV endpoint accepted.
    expect(issuer.refreshGrants).toBeGreaterThan(refreshGrantsBefore);
    expect(caldav.acceptedTokens.length).toBeGreaterThan(tokensAtConnect);
  });

  it('consenting again with the same Google account replaces its refresh token, without a second account', async () => {
    const [before] = await accountsOf(member);
    const secret = () => appRow(app.app, sql`SELECT cipher_text FROM calendar_account_secrets WHERE account_id = ${before!.id}`);
    const storedBefore = await secret();
    expect(storedBefore).toBeDefined();
    const landing = await new Browser(app, member).drive(startPath, firstLogin);
    expect(landing.url.searchParams.get('calendarConnected')).toBe(before!.id);
    const after = await accountsOf(member);
    expect(after.map((account) => account.id)).toEqual([before!.id]);
    expect(after[0]).toMatchObject({ status: 'ok', error: null });
    expect(await secret()).not.toEqual(storedBefore);
  });

  it('refuses a callback whose state does not match the sealed one, storing nothing', async () => {
    const other = await person(app, 'Stan');
    const { login } = await googleAccount();
    const browser = new Browser(app, other);
    const atCallback = await browser.drive(startPath, login, { stop: isCallback });
    atCallback.url.searchParams.set('state', 'forged-state');
    const response = await browser.request(atCallback.url);
    const landing = new URL(response.headers.get('location')!, publicUrl);
    expect(landing.pathname + landing.search).toBe(`${syncPage}?calendarError=CALENDAR_GOOGLE_STATE_MISMATCH`);
    // Without the sealed cookie at all (another browser).
    const bare = await fetch(`${app.url}/calendar/google/callback?state=x&code=y`, {
      redirect: 'manual',
      headers: { cookie: `token=${other.token}` },
    });
    expect(new URL(bare.headers.get('location')!, publicUrl).searchParams.get('calendarError')).toBe('CALENDAR_GOOGLE_STATE_MISMATCH');
    expect(await accountsOf(other)).toEqual([]);
  });

  it('says the member cancelled at Google, storing nothing', async () => {
    const other = await person(app, 'Cass');
    const { login } = await googleAccount();
    const landing = await new Browser(app, other).drive(startPath, login, { abortConsent: true });
    expect(landing.url.pathname + landing.url.search).toBe(`${syncPage}?calendarError=CALENDAR_GOOGLE_CANCELLED`);
    expect(await accountsOf(other)).toEqual([]);
  });

  it('refuses a grant without a refresh token, storing nothing', async () => {
    const other = await person(app, 'Nora');
    issuer.issueRefreshTokens = false;
    try {
      const landing = await new Browser(app, other).drive(startPath, (await googleAccount()).login);
      expect(landing.url.searchParams.get('calendarError')).toBe('CALENDAR_GOOGLE_NO_REFRESH_TOKEN');
    } finally {
      issuer.issueRefreshTokens = true;
    }
    expect(await accountsOf(other)).toEqual([]);
  });

  it('refuses a callback finished by another member, or after switching to another team, storing nothing', async () => {
    const starter = await person(app, 'Otto');
    const intruder = await person(app, 'Ivan');
    const browser = new Browser(app, starter);
    const atCallback = await browser.drive(startPath, (await googleAccount()).login, { stop: isCallback });
    browser.useSession(intruder);
    const response = await browser.request(atCallback.url);
    expect(new URL(response.headers.get('location')!, publicUrl).searchParams.get('calendarError')).toBe('CALENDAR_GOOGLE_OTHER_MEMBER');
    expect(await accountsOf(starter)).toEqual([]);
    expect(await accountsOf(intruder)).toEqual([]);

    // The same member, now in another team than the one they started in.
    const switching = new Browser(app, starter);
    const again = await switching.drive(startPath, (await googleAccount()).login, { stop: isCallback });
    const moved = await joinTeam(intruder, starter);
    const afterSwitch = await switching.request(again.url);
    expect(new URL(afterSwitch.headers.get('location')!, publicUrl).searchParams.get('calendarError')).toBe('CALENDAR_GOOGLE_OTHER_MEMBER');
    expect(await accountsOf(moved)).toEqual([]);
  });

  it('says Google sign-in is not set up when the server has none', async () => {
    const bare = await startTestServer({ PUBLIC_URL: publicUrl });
    try {
      const someone = await person(bare, 'Una');
      const response = await fetch(`${bare.url}${startPath}`, { redirect: 'manual', headers: { cookie: `token=${someone.token}` } });
      const landing = new URL(response.headers.get('location')!, publicUrl);
      expect(landing.pathname + landing.search).toBe(`${syncPage}?calendarError=CALENDAR_GOOGLE_UNAVAILABLE`);
    } finally {
      await bare.close();
    }
  });

  it('refuses a return path to another site, landing on the app instead', async () => {
    const response = await fetch(`${app.url}/calendar/google/start?next=${encodeURIComponent('//evil.example/x')}`, {
      redirect: 'manual',
      headers: { cookie: `token=${member.token}` },
    });
    expect(new URL(response.headers.get('location')!).origin).toBe(issuer.issuer);
    const cookies = response.headers.getSetCookie().join();
    expect(cookies).toMatch(/calendar_google_next=%2Foverview/);
  });
});
