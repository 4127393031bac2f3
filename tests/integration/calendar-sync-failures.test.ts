import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncRunnerOf } from '../../server/src/domains/calendar/sync/runner';
import { appRow } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import {
  countingProxy,
  garbageServer,
  icsObject,
  redirectLoopServer,
  refusingIssuer,
  silentServer,
  type LocalServer,
} from './support/caldavPeers';
import { startRadicale, type RadicalePeer, type RadicaleUser } from './support/radicale';
import { expectData, person, type Person } from './teamFactories';

// Bad CalDAV servers and bad credentials: each gives a clear error, stores nothing, and never stops the
// periodic sync of the other accounts. The SSRF guard refuses the server's own network unless allowed.

interface Account {
  id: string;
  status: string;
  error: string | null;
  lastSyncedAt: string | null;
  calendars: { id: string; calendarId: string }[];
}

const connectMutation =
  'mutation ($sync: CalendarSyncInput!) { syncFeatureCalendar(sync: $sync, feature: "calendar", active: true) { id status error lastSyncedAt calendars { id calendarId } } }';

let server: TestServer;
let timeoutServer: TestServer;
let strictServer: TestServer;
let peer: RadicalePeer;
const alice: RadicaleUser = { username: 'alice', password: 'alice-secret-1' };
const bob: RadicaleUser = { username: 'bob', password: 'bob-secret-1' };
const carol: RadicaleUser = { username: 'carol', password: 'carol-secret-1' };
const dave: RadicaleUser = { username: 'dave', password: 'dave-secret-1' };
const erin: RadicaleUser = { username: 'erin', password: 'erin-secret-1' };
const bad: LocalServer[] = [];

async function connect(who: Person, sync: Record<string, string>) {
  return who.client.execute<{ syncFeatureCalendar: Account }>(connectMutation, { sync });
}

async function accountsOf(who: Person): Promise<Account[]> {
  return expectData(
    await who.client.execute<{ getCalendarAccounts: Account[] }>(
      '{ getCalendarAccounts { id status error lastSyncedAt calendars { id calendarId } } }',
    ),
  ).getCalendarAccounts;
}

beforeAll(async () => {
  peer = await startRadicale([alice, bob, carol, dave, erin]);
  await peer.createCalendar(alice, 'work', { displayName: 'Work' });
  await peer.createCalendar(bob, 'work', { displayName: 'Bob work' });
  for (const user of [carol, dave, erin]) await peer.createCalendar(user, 'work', { displayName: `${user.username} work` });
  server = await startTestServer({ CALDAV_ALLOW_PRIVATE: 'true', CALDAV_TIMEOUT_MS: '10000' });
  timeoutServer = await startTestServer({ CALDAV_ALLOW_PRIVATE: 'true', CALDAV_TIMEOUT_MS: '2000' });
  strictServer = await startTestServer({ CALDAV_TIMEOUT_MS: '10000' });
}, 30_000);

afterAll(async () => {
  await Promise.all([server?.close(), timeoutServer?.close(), strictServer?.close(), ...bad.map((entry) => entry.close())]);
  await peer?.stop();
});

describe('CalDAV sync: bad input', () => {
  it('a wrong password is a clear account error and nothing is stored', async () => {
    const member = await person(server, 'Wanda');
    const refused = await connect(member, { serverUrl: peer.url, username: 'alice', password: 'wrong' });
    expect(refused.errors?.[0]?.extensions.code).toBe('CALENDAR_ACCOUNT_FAILED');
    expect(refused.errors?.[0]?.message).toMatch(/refused the user name or password \(401\)/);
    expect(await accountsOf(member)).toEqual([]);
    expect(await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM calendar_account_secrets`)).toEqual({ n: 0 });
  });

  it('a password that stops working marks that account only; the periodic sync goes on with the others', async () => {
    const first = await person(server, 'Ann');
    const second = await person(server, 'Ben');
    const aliceAccount = expectData(
      await connect(first, { serverUrl: peer.url, username: alice.username, password: alice.password }),
    ).syncFeatureCalendar;
    const bobAccount = expectData(
      await connect(second, { serverUrl: peer.url, username: bob.username, password: bob.password }),
    ).syncFeatureCalendar;
    for (const [who, account] of [
      [first, aliceAccount],
      [second, bobAccount],
    ] as const) {
      expectData(
        await who.client.execute('mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id } }', {
          calendar: account.calendars[0]!.calendarId,
        }),
      );
    }
    peer.setPassword('alice', 'changed-elsewhere');
    await peer.putObject(
      bob,
      `${peer.url}/bob/work/lunch.ics`,
      icsObject({ uid: 'lunch', summary: 'Lunch', start: '2027-02-01T12:00:00Z', end: '2027-02-01T13:00:00Z' }),
    );

    // The periodic job's work: every active account, one after another.
    await syncRunnerOf(server.app.services).syncAll();

    const [aliceNow] = await accountsOf(first);
    expect(aliceNow).toMatchObject({ status: 'error' });
    expect(aliceNow!.error).toMatch(/refused the user name or password \(401\)/);
    const [bobNow] = await accountsOf(second);
    expect(bobNow).toMatchObject({ status: 'ok', error: null });
    expect(bobNow!.lastSyncedAt).not.toBeNull();
    const bobEvents = expectData(
      await second.client.execute<{ getEventsCalendar: { title: string }[] }>(
        '{ getEventsCalendar(start: "2027-01-01T00:00:00Z", end: "2027-03-01T00:00:00Z") { title } }',
      ),
    ).getEventsCalendar;
    expect(bobEvents.map((entry) => entry.title)).toEqual(['Lunch']);

    // Another member's account and calendars are not found, whatever the operation.
    const attempts = [
      ['mutation ($id: ID!) { syncCalendarAccount(account: $id) { id } }', aliceAccount.id],
      ['mutation ($id: ID!) { removeCalendarAccount(account: $id) }', aliceAccount.id],
      [
        'mutation ($id: ID!) { syncFeatureCalendar(sync: { account: $id, password: "x" }, feature: "calendar", active: true) { id } }',
        aliceAccount.id,
      ],
      ['mutation ($id: String!) { selectCalendar(calendar: $id, selected: false) { id } }', aliceAccount.calendars[0]!.calendarId],
    ] as const;
    for (const [query, id] of attempts) {
      expect((await second.client.execute(query, { id })).errors?.[0]?.extensions.code, query).toBe('NOT_FOUND');
    }
    expect((await accountsOf(first)).map((account) => account.id)).toEqual([aliceAccount.id]);

    // A new password brings the account back.
    peer.setPassword('alice', alice.password);
    const fixed = expectData(
      await first.client.execute<{ syncFeatureCalendar: Account }>(
        'mutation ($sync: CalendarSyncInput!) { syncFeatureCalendar(sync: $sync, feature: "calendar", active: true) { id status error } }',
        { sync: { account: aliceAccount.id, password: alice.password } },
      ),
    ).syncFeatureCalendar;
    expect(fixed).toMatchObject({ status: 'ok', error: null });
  });

  it('the periodic sync goes on past an account whose server turned to garbage or silence, and keeps what that account imported', async () => {
    // Three members, each with an account connected while its server worked, a selected calendar and one event pulled.
    const garbled = await countingProxy(peer.url);
    const silenced = await countingProxy(peer.url);
    bad.push(garbled, silenced);
    const accounts = [
      { user: carol, serverUrl: peer.url, title: 'Carol before' },
      { user: dave, serverUrl: garbled.url, title: 'Dave before' },
      { user: erin, serverUrl: silenced.url, title: 'Erin before' },
    ];
    const connected = [];
    for (const { user, serverUrl, title } of accounts) {
      await peer.putObject(
        user,
        `${peer.url}/${user.username}/work/before.ics`,
        icsObject({ uid: `${user.username}-before`, summary: title, start: '2027-04-01T09:00:00Z', end: '2027-04-01T10:00:00Z' }),
      );
      const member = await person(timeoutServer, user.username);
      const account = expectData(
        await connect(member, { serverUrl, username: user.username, password: user.password }),
      ).syncFeatureCalendar;
      expectData(
        await member.client.execute('mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id } }', {
          calendar: account.calendars[0]!.calendarId,
        }),
      );
      const synced = expectData(
        await member.client.execute<{ syncCalendarAccount: Account }>(
          'mutation ($id: ID!) { syncCalendarAccount(account: $id) { id status error lastSyncedAt calendars { id calendarId } } }',
          { id: account.id },
        ),
      ).syncCalendarAccount;
      expect(synced).toMatchObject({ status: 'ok', error: null });
      connected.push(member);
    }
    const [carolMember, daveMember, erinMember] = connected as [Person, Person, Person];
    const titlesOf = async (member: Person) =>
      expectData(
        await member.client.execute<{ getEventsCalendar: { title: string }[] }>(
          '{ getEventsCalendar(start: "2027-04-01T00:00:00Z", end: "2027-05-01T00:00:00Z") { title } }',
        ),
      )
        .getEventsCalendar.map((entry) => entry.title)
        .sort();
    expect(await titlesOf(daveMember)).toEqual(['Dave before']);

    garbled.behaviour = 'garbage';
    silenced.behaviour = 'silent';
    await peer.putObject(
      carol,
      `${peer.url}/carol/work/after.ics`,
      icsObject({ uid: 'carol-after', summary: 'Carol after', start: '2027-04-02T09:00:00Z', end: '2027-04-02T10:00:00Z' }),
    );

    await syncRunnerOf(timeoutServer.app.services).syncAll();

    const [carolNow] = await accountsOf(carolMember);
    expect(carolNow).toMatchObject({ status: 'ok', error: null });
    expect(await titlesOf(carolMember)).toEqual(['Carol after', 'Carol before']);
    const [daveNow] = await accountsOf(daveMember);
    expect(daveNow).toMatchObject({ status: 'error' });
    expect(daveNow!.error).toMatch(/not (answer as )?a CalDAV/);
    const [erinNow] = await accountsOf(erinMember);
    expect(erinNow).toMatchObject({ status: 'error' });
    expect(erinNow!.error).toMatch(/did not answer within 2000 ms/);
    // Nothing the failing accounts imported is lost: their calendars and events stay until the server answers again.
    for (const [member, account, title] of [
      [daveMember, daveNow!, 'Dave before'],
      [erinMember, erinNow!, 'Erin before'],
    ] as const) {
      expect(account.calendars).toHaveLength(1);
      expect(await titlesOf(member)).toEqual([title]);
    }
  });

  it('a server answering garbage is a clear error', async () => {
    const member = await person(server, 'Gina');
    const garbage = await garbageServer();
    bad.push(garbage);
    const result = await connect(member, { serverUrl: garbage.url, username: 'x', password: 'y' });
    expect(result.errors?.[0]?.extensions.code).toBe('CALENDAR_ACCOUNT_FAILED');
    expect(result.errors?.[0]?.message).toMatch(/not (answer as )?a CalDAV/);
    expect(await accountsOf(member)).toEqual([]);
  });

  it('a redirect loop is refused', async () => {
    const member = await person(server, 'Rita');
    const loop = await redirectLoopServer();
    bad.push(loop);
    const result = await connect(member, { serverUrl: `${loop.url}/a`, username: 'x', password: 'y' });
    expect(result.errors?.[0]?.extensions.code).toBe('CALENDAR_ACCOUNT_FAILED');
    expect(result.errors?.[0]?.message).toMatch(/redirects in a loop/);
  });

  it('a server that never answers times out after CALDAV_TIMEOUT_MS', async () => {
    const member = await person(timeoutServer, 'Tim');
    const silent = await silentServer();
    bad.push(silent);
    const started = Date.now();
    const result = await member.client.execute<{ syncFeatureCalendar: Account }>(connectMutation, {
      sync: { serverUrl: silent.url, username: 'x', password: 'y' },
    });
    expect(result.errors?.[0]?.extensions.code).toBe('CALENDAR_ACCOUNT_FAILED');
    expect(result.errors?.[0]?.message).toMatch(/did not answer within 2000 ms/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a server on a loopback address unless CALDAV_ALLOW_PRIVATE is set', async () => {
    const member = await person(strictServer, 'Sam');
    for (const serverUrl of [peer.url, peer.url.replace('127.0.0.1', 'localhost'), 'http://[::1]:1/', 'http://169.254.169.254/']) {
      const result = await member.client.execute(connectMutation, {
        sync: { serverUrl, username: alice.username, password: alice.password },
      });
      expect(result.errors?.[0]?.extensions.code, serverUrl).toBe('CALDAV_ADDRESS_REFUSED');
    }
    expect(await accountsOf(member)).toEqual([]);
  });

  it('refuses bad connection input with field errors', async () => {
    const member = await person(server, 'Ivy');
    const cases: [Record<string, string>, string][] = [
      [{ serverUrl: 'ftp://example.com/', username: 'a', password: 'b' }, 'CALENDAR_SERVER_URL_INVALID'],
      [{ serverUrl: 'not a url', username: 'a', password: 'b' }, 'CALENDAR_SERVER_URL_INVALID'],
      [{ serverUrl: peer.url, username: 'a' }, 'CALENDAR_CREDENTIALS_REQUIRED'],
      [{ type: 'exchange', serverUrl: peer.url, username: 'a', password: 'b' }, 'CHOICE_INVALID'],
      [{ type: 'google', email: 'someone@example.com', password: 'refresh-token' }, 'CALENDAR_GOOGLE_UNAVAILABLE'],
    ];
    for (const [sync, code] of cases) {
      const result = await connect(member, sync);
      expect(result.errors?.[0]?.extensions.code, JSON.stringify(sync)).toBe(code);
    }
    const other = await member.client.execute(
      'mutation { syncFeatureCalendar(sync: { account: "nope" }, feature: "calendar", active: false) { id } }',
    );
    expect(other.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const feature = await member.client.execute('mutation { syncFeatureCalendar(sync: {}, feature: "mail", active: true) { id } }');
    expect(feature.errors?.[0]?.extensions.code).toBe('CHOICE_INVALID');
    expect(await accountsOf(member)).toEqual([]);
  });

  it('a Google account exchanges its refresh token with the sign-in client, and a refused token is a clear error', async () => {
    const issuer = await refusingIssuer();
    bad.push(issuer);
    const googleServer = await startTestServer({
      OIDC_GOOGLE_ISSUER: issuer.url,
      OIDC_GOOGLE_CLIENT_ID: 'client-id-1',
      OIDC_GOOGLE_CLIENT_SECRET: 'client-secret-1',
      OIDC_ALLOW_HTTP_ISSUER: 'true',
    });
    try {
      const member = await person(googleServer, 'Gus');
      const result = await member.client.execute(connectMutation, {
        sync: { type: 'google', email: 'gus@example.com', password: 'refresh-token-1' },
      });
      expect(result.errors?.[0]?.extensions.code).toBe('CALENDAR_ACCOUNT_FAILED');
      expect(result.errors?.[0]?.message).toMatch(/Google refused the account’s authorisation \(invalid_grant\)/);
      expect(issuer.tokenRequests.map((body) => Object.fromEntries(body))).toEqual([
        { grant_type: 'refresh_token', refresh_token: 'refresh-token-1', client_id: 'client-id-1', client_secret: 'client-secret-1' },
      ]);
      expect(await accountsOf(member)).toEqual([]);
    } finally {
      await googleServer.close();
    }
  });
});
