import { eq } from 'drizzle-orm';
import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { userStream } from '../../server/src/core/streams';
import { events } from '../../server/src/core/tables';
import { tableDialect } from '../../server/src/db/pickTable';
import { historyPage } from '../../server/src/domains/accounts/history';
import { instanceAdministratorIds } from '../../server/src/domains/accounts/instanceAdministrators';
import { issueLink } from '../../server/src/domains/accounts/links';
import { accountsProjection } from '../../server/src/domains/accounts/projection';
import { findUserByEmailIn, openSessionIn, registerAccount, type NewAccount } from '../../server/src/domains/accounts/service';
import { isSessionActive, rotateRefreshToken } from '../../server/src/domains/accounts/sessions';
import { resetPasswordIn, signOutIn, verifyEmailIn } from '../../server/src/domains/accounts/signInCommands';
import { accountTokens, sessions, userCredentials, users } from '../../server/src/domains/accounts/tables';
import { DomainError } from '../../server/src/errors';
import { apiTokens } from '../../server/src/domains/settings/tables';
import { BatchedLiveCredentials, readCredentials } from '../../server/src/graphql/liveCredentials';
import { idLabels, openAreaDoor, outcomesOn, tableRowsOf } from './areaDoor';

/**
 * Runs the accounts area's commands and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when
 * set, else a SQLite file of its own) and prints what they answered and what its tables hold, live and after a replay,
 * as one JSON line after `accounts-on-door:`. tests/integration/accounts-postgres.test.ts runs it once per dialect and
 * compares (the tables are picked once per process, db/pickTable.ts). Ids drawn at random (accounts, teams, sessions)
 * are printed as labels; secrets and their hashes are not printed.
 */

const projections: Projection[] = [accountsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const { label, labelled, labelledText, name } = idLabels();
const outcomeOf = outcomesOn(clock, labelled);
const now = () => clock.now().getTime();

/**
 * The secrets' hashes differ between runs (the secrets are random): shown as whether one is set. A link's row is
 * known by its times and purpose (its id is drawn at random and named nowhere else).
 */
const withoutSecrets = (row: unknown): unknown => {
  const { refreshTokenHash, tokenHash, ...rest } = row as Record<string, unknown>;
  return labelled({
    ...rest,
    ...(refreshTokenHash === undefined ? {} : { refreshTokenHash: 'set' }),
    ...(tokenHash === undefined ? {} : { tokenHash: 'set', id: 'link' }),
  });
};

/** Two commands run at once: what each answered or was refused with, sorted (which one wins is the database's). */
async function together(commands: (() => Promise<unknown>)[], present: (answer: unknown) => unknown = labelled): Promise<unknown[]> {
  clock.advance(1000);
  const settled = await Promise.allSettled(commands.map((command) => command()));
  return settled
    .map((outcome) =>
      outcome.status === 'fulfilled'
        ? { answered: present(outcome.value) ?? null }
        : outcome.reason instanceof DomainError
          ? { refused: outcome.reason.code }
          : { failed: String(outcome.reason) },
    )
    .sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
}

const account = (email: string, firstname: string, emailVerified: boolean): NewAccount => ({
  email,
  firstname,
  lastname: 'Lovelace',
  language: 'en',
  passwordHash: `argon2-of-${firstname}`,
  emailVerified,
});

const door = await openAreaDoor('accounts', projections, clock);
try {
  const { store, db } = door;
  const outcomes: Record<string, unknown> = {};
  const register = (input: NewAccount) => store.run({ actorId: null }, (unit) => registerAccount(unit, input));

  const ada = await register(account('ada@example.com', 'Ada', true));
  name(ada.userId, 'ada');
  name(ada.teamId, 'ada’s team');
  // A second later: the first account created is the instance's administrator when ADMIN_EMAILS is unset.
  clock.advance(1000);
  const bob = await register(account('bob@example.com', 'Bob', false));
  name(bob.userId, 'bob');
  name(bob.teamId, 'bob’s team');
  outcomes['ada signs up again'] = await outcomeOf(() => register(account('ada@example.com', 'Ada', true)));

  // Bob's verification link, presented twice at once: spent once.
  clock.advance(1000);
  const verifySecret = await store.run({ actorId: null }, (unit) => issueLink(unit.transaction, bob.userId, 'verifyEmail', now()));
  const bobRow = { id: bob.userId, defaultTeamId: bob.teamId };
  const verify = () => store.run({ actorId: bob.userId }, (unit) => verifyEmailIn(unit, bobRow, verifySecret));
  outcomes['bob follows his link twice at once'] = await together([verify, verify]);
  outcomes['bob follows it again'] = await outcomeOf(verify);
  outcomes['bob follows a made-up link'] = await outcomeOf(() =>
    store.run({ actorId: bob.userId }, (unit) => verifyEmailIn(unit, bobRow, 'made-up')),
  );

  // Sessions: two sign-ins, a refresh, a refresh presented twice at once, an old token again, a sign-out.
  const adaRow = { id: ada.userId, defaultTeamId: ada.teamId };
  const signIn = async () => {
    const opened = await store.run({ actorId: ada.userId }, (unit) => openSessionIn(unit, adaRow, 'test agent', 'password'));
    label(opened.sessionId);
    return opened;
  };
  const phone = await signIn();
  const laptop = await signIn();
  const rotate = (token: string) => rotateRefreshToken(store, token, now());
  const presentRotation = (answer: unknown) => labelled({ ...(answer as Record<string, unknown>), refreshToken: 'new' });
  clock.advance(1000);
  const rotated = await rotate(phone.refreshToken);
  outcomes['the phone refreshes'] = presentRotation(rotated);
  outcomes['the phone refreshes twice at once'] = await together(
    [() => rotate(rotated.refreshToken), () => rotate(rotated.refreshToken)],
    presentRotation,
  );
  // More pairs at once: a refresh is short, so one pair alone may not overlap on PostgreSQL.
  const devices = [];
  for (let index = 0; index < 6; index += 1) devices.push(await signIn());
  outcomes['six devices each refresh twice at once'] = await Promise.all(
    devices.map((device) => together([() => rotate(device.refreshToken), () => rotate(device.refreshToken)], presentRotation)),
  );
  outcomes['the phone refreshes with its first token'] = await outcomeOf(() => rotate(phone.refreshToken));
  outcomes['the laptop refreshes'] = await outcomeOf(async () => presentRotation(await rotate(laptop.refreshToken)));
  // Not the laptop's current token: taken for a stolen one, so the laptop's session ends.
  outcomes['a made-up token of the laptop refreshes'] = await outcomeOf(() => rotate(`${laptop.sessionId}.made-up`));
  const tablet = await signIn();
  outcomes['the tablet signs out'] = await outcomeOf(() =>
    store.run({ actorId: ada.userId }, (unit) => signOutIn(unit, ada.userId, tablet.sessionId)),
  );

  // Ada resets her password with her link: her sessions end; the link works once.
  clock.advance(1000);
  const resetSecret = await store.run({ actorId: null }, (unit) => issueLink(unit.transaction, ada.userId, 'resetPassword', now()));
  const reset = () => store.run({ actorId: ada.userId }, (unit) => resetPasswordIn(unit, ada.userId, resetSecret, 'argon2-of-new'));
  outcomes['ada resets her password'] = await outcomeOf(reset);
  outcomes['ada resets it again with the same link'] = await outcomeOf(reset);
  const desk = await signIn();

  // Two sign-ups of one address at once: one account (the address is locked before it is checked).
  outcomes['carol signs up twice at once'] = await together(
    [0, 1].map(() => async () => {
      const registered = await register(account('carol@example.com', 'Carol', false));
      name(registered.userId, 'carol');
      return { userId: registered.userId };
    }),
  );

  const at = now();
  // What instanceAdministratorIds reads of the services: the database and ADMIN_EMAILS.
  const servicesNaming = (adminEmails: string[]) =>
    ({ database: { db }, config: { instance: { adminEmails } } }) as unknown as Parameters<typeof instanceAdministratorIds>[0];
  const credentialIds = [phone.sessionId, laptop.sessionId, tablet.sessionId, desk.sessionId, 'unknown'];
  // API tokens are the settings area's rows, written here as its commands would: one live, one revoked.
  const tokenTime = clock.now().toISOString();
  await db.insert(apiTokens).values([
    { id: 'token-live', userId: ada.userId, name: 'CI', tokenHash: 'hash-1', prefix: 'wst_abcd', createdAt: tokenTime },
    {
      id: 'token-revoked',
      userId: ada.userId,
      name: 'old',
      tokenHash: 'hash-2',
      prefix: 'wst_efgh',
      createdAt: tokenTime,
      revokedAt: tokenTime,
    },
  ]);
  const tokenIds = ['token-live', 'token-revoked', 'no-such-token'];
  const batched = new BatchedLiveCredentials(db);
  const credentials = await readCredentials(db, credentialIds, tokenIds);
  const reads = {
    'ada by address': labelled(await findUserByEmailIn(db, 'ada@example.com')),
    'bob by address': labelled(await findUserByEmailIn(db, 'bob@example.com')),
    'nobody by address': (await findUserByEmailIn(db, 'nobody@example.com')) ?? null,
    'sessions active': await Promise.all(
      credentialIds.map(async (sessionId) => [label(sessionId), await isSessionActive(db, sessionId, at)]),
    ),
    'the live deliveries’ credentials': {
      sessions: [...credentials.sessions]
        .sort(([left], [right]) => label(left).localeCompare(label(right)))
        .map(([sessionId, until]) => [label(sessionId), until === Number.NEGATIVE_INFINITY ? 'ended' : new Date(until).toISOString()]),
      tokens: [...credentials.tokens].sort(),
    },
    'batched checks': await Promise.all(
      [
        ...credentialIds.map((sessionId) => ({ sessionId })),
        ...tokenIds.map((tokenId) => ({ sessionId: tokenId, apiTokenId: tokenId })),
      ].map((actor) => batched.isActive(actor, at)),
    ),
    'instance administrators': labelled(await instanceAdministratorIds(servicesNaming([]))),
    'administrators named': labelled(await instanceAdministratorIds(servicesNaming(['bob@example.com']))),
    'ada’s history': await (async () => {
      const first = await historyPage(db, [eq(events.stream, userStream(ada.userId))], 3, null);
      const next = await historyPage(db, [eq(events.stream, userStream(ada.userId))], 3, first.nextCursor);
      const present = (page: typeof first) =>
        page.entries.map(({ event, actor }) => ({ type: event.type, actor: actor?.firstname ?? null }));
      return { first: present(first), next: present(next), more: next.nextCursor !== null };
    })(),
  };
  const tables = [users, userCredentials, sessions, accountTokens];
  const live = await tableRowsOf(db, tables, withoutSecrets);
  const log = await store.read();
  // Every id in the log's streams labelled in log order (teams and personal spaces drawn by sign-up).
  for (const event of log) label(event.stream.slice(event.stream.indexOf(':') + 1));
  const eventsRead = log.map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }));
  await door.replay();
  const replayed = await tableRowsOf(db, tables, withoutSecrets);
  process.stdout.write(
    `accounts-on-door:${JSON.stringify({ dialect: tableDialect, outcomes, reads, live: labelled(live), replayed: labelled(replayed), events: eventsRead })}\n`,
  );
} finally {
  await door.close();
}
