import { and, eq, or } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { newId } from '../../../core/ids';
import { runCommand } from '../../../core/runCommand';
import { codedError, refusal } from '../../../errors';
import { requireActor, type Services } from '../../../graphql/context';
import type { CommandContext, UnitOfWork } from '../../../core/commands';
import type { FieldResolver } from '../../module';
import { requireCurrentTeam } from '../../teams';
import { calendars } from '../tables';
import { CalDavAccountError, type RemoteCalendar } from './calDavClient';
import { type CalendarAccountChanged, type CalendarSyncEvent } from './events';
import { owner, removeImportedEvents, syncRunnerOf } from './runner';
import { eraseCredential, storeCredential } from './secrets';
import {
  accountsOf,
  calendarsOfAccount,
  calendarsOfAccounts,
  findAccount,
  presentAccount,
  presentCalendars,
  requireOwnAccount,
  type AccountRow,
} from './state';
import { calendarAccountStream } from '../../../core/streams';

export interface SyncInput {
  account?: string | null;
  type?: string | null;
  serverUrl?: string | null;
  username?: string | null;
  password?: string | null;
  email?: string | null;
}

const limits = { serverUrl: 2_000, username: 320, password: 8_192, email: 320 };
const accountTypes = ['caldav', 'google'];

async function caller(context: MercuriusContext) {
  const actor = requireActor(context);
  const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
  return { userId: actor.userId, teamId: team.id };
}

async function presentOne(context: MercuriusContext, accountId: string) {
  const db = context.services.database.db;
  const account = await findAccount(db, accountId);
  if (!account) throw refusal('NOT_FOUND', 'CALENDAR_ACCOUNT_NOT_FOUND');
  return presentAccount(account, await calendarsOfAccount(db, account.id), syncRunnerOf(context.services).isRunning(account.id));
}

function text(value: string | null | undefined, field: keyof typeof limits): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = field === 'password' ? value : value.trim();
  if (trimmed.length > limits[field]) throw codedError('TEXT_TOO_LONG', { params: { maximum: limits[field] }, field });
  return trimmed;
}

function serverUrlOf(value: string | null): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw codedError('CALENDAR_SERVER_URL_INVALID', { field: 'serverUrl' });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw codedError('CALENDAR_SERVER_URL_INVALID', { field: 'serverUrl' });
  }
  return url.href;
}

/** Connects with the given values and lists the calendars: a wrong password or a refused address is said now, nothing stored. */
async function tryConnection(
  services: Services,
  account: Pick<AccountRow, 'id' | 'type' | 'serverUrl' | 'username' | 'email'>,
  password?: string,
) {
  const runner = syncRunnerOf(services);
  try {
    const client = await runner.clientFor(account, password);
    return await client.listCalendars();
  } catch (error) {
    if (!(error instanceof CalDavAccountError)) throw error;
    if (error.kind === 'address-refused') throw codedError('CALDAV_ADDRESS_REFUSED', { field: 'serverUrl' });
    throw codedError('CALENDAR_ACCOUNT_FAILED', { params: { reason: error.message } });
  }
}

function listedEvents(account: Pick<AccountRow, 'id' | 'teamId' | 'userId'>, remoteCalendars: RemoteCalendar[]): CalendarSyncEvent[] {
  return remoteCalendars.map((remote) => ({
    type: 'calendar.listed',
    payload: {
      ...owner(account),
      calendarId: newId(),
      providerCalendarId: remote.url,
      summary: remote.displayName,
      description: remote.description,
      backgroundColor: remote.color,
    },
  }));
}

/** Who connects an account: the member in their current team, and the command's context (idempotency). */
export interface ConnectingMember {
  userId: string;
  teamId: string;
  command: CommandContext;
}

/**
 * Connects a new account (syncFeatureCalendar without `account`, and the Google consent callback): the
 * connection is tried first, then the account, its calendars and its encrypted credential are stored in one unit.
 */
export async function connectAccount(services: Services, member: ConnectingMember, sync: SyncInput, active: boolean): Promise<string> {
  const { userId, teamId } = member;
  const type = sync.type ?? 'caldav';
  if (!accountTypes.includes(type)) throw codedError('CHOICE_INVALID', { params: { choices: accountTypes.join(', ') }, field: 'type' });
  const password = text(sync.password, 'password');
  let username = text(sync.username, 'username');
  const email = text(sync.email, 'email');
  let serverUrl: string;
  if (type === 'google') {
    if (!services.config.oidc.google) throw codedError('CALENDAR_GOOGLE_UNAVAILABLE');
    if (!email || !password) throw codedError('CALENDAR_CREDENTIALS_REQUIRED');
    serverUrl = services.config.calendar.googleCalDavUrl;
    username = email;
  } else {
    serverUrl = serverUrlOf(text(sync.serverUrl, 'serverUrl'));
    if (!username || !password) throw codedError('CALENDAR_CREDENTIALS_REQUIRED');
  }
  const account = { id: newId(), teamId, userId, type, serverUrl, username, email: email || username };
  const remoteCalendars = await tryConnection(services, account, password);
  const key = syncRunnerOf(services).key;
  await services.store.run(member.command, async (unit) => {
    await unit.append(
      calendarAccountStream(account.id),
      [
        {
          type: 'calendarAccount.connected',
          payload: {
            ...owner(account),
            email: account.email,
            picture: null,
            feature: 'calendar',
            type,
            active,
            serverUrl,
            username: account.username,
          },
        },
        ...listedEvents(account, remoteCalendars),
      ],
      { teamId, expectedVersion: 0 },
    );
    await storeCredential(unit.transaction, key, account.id, password, unit.now.toISOString());
  });
  return account.id;
}

async function connect(context: MercuriusContext, sync: SyncInput, active: boolean) {
  const { userId, teamId } = await caller(context);
  const command = { actorId: userId, mutationId: context.mutationId, request: context.request };
  return await presentOne(context, await connectAccount(context.services, { userId, teamId, command }, sync, active));
}

async function change(context: MercuriusContext, accountId: string, sync: SyncInput, active: boolean) {
  const { userId, teamId } = await caller(context);
  const command = { actorId: userId, mutationId: context.mutationId, request: context.request };
  await changeAccount(context.services, { userId, teamId, command }, accountId, sync, active);
  return await presentOne(context, accountId);
}

/** Changes one of the member's accounts (a new credential, server URL, pause): a new connection is tried first. */
export async function changeAccount(services: Services, member: ConnectingMember, accountId: string, sync: SyncInput, active: boolean) {
  const { userId, teamId } = member;
  const db = services.database.db;
  const account = await requireOwnAccount(db, accountId, userId, teamId);
  const password = text(sync.password, 'password') || null;
  const changes: CalendarAccountChanged['changes'] = {};
  const email = text(sync.email, 'email');
  if (email && email !== account.email) changes.email = email;
  if (account.type === 'caldav') {
    const username = text(sync.username, 'username');
    if (username && username !== account.username) changes.username = username;
    if (sync.serverUrl) {
      const serverUrl = serverUrlOf(text(sync.serverUrl, 'serverUrl'));
      if (serverUrl !== account.serverUrl) changes.serverUrl = serverUrl;
    }
  }
  if (active !== account.active) changes.active = active;
  const connectionChanged =
    password !== null || changes.serverUrl !== undefined || changes.username !== undefined || changes.email !== undefined;
  if (connectionChanged) await tryConnection(services, { ...account, ...changes }, password ?? undefined);
  const key = syncRunnerOf(services).key;
  await services.store.run(member.command, async (unit) => {
    // Removed while the connection was tried: nothing is recorded for it (read under the account's lock).
    await unit.lock(calendarAccountStream(account.id));
    await requireOwnAccount(unit.transaction, account.id, userId, teamId);
    if (Object.keys(changes).length > 0) {
      await unit.append(calendarAccountStream(account.id), [{ type: 'calendarAccount.changed', payload: { ...owner(account), changes } }], {
        teamId,
      });
    }
    if (password !== null) await storeCredential(unit.transaction, key, account.id, password, unit.now.toISOString());
  });
  if (active && (connectionChanged || changes.active)) await syncRunnerOf(services).sync(account.id);
}

/** The member's calendar of that id or provider id, read under its account's lock; CALENDAR_NOT_FOUND otherwise. */
async function lockedOwnCalendar(unit: UnitOfWork, userId: string, teamId: string, calendar: string) {
  const mine = and(
    eq(calendars.userId, userId),
    eq(calendars.teamId, teamId),
    or(eq(calendars.providerCalendarId, calendar), eq(calendars.id, calendar)),
  );
  const found = (await unit.transaction.select({ accountId: calendars.accountId }).from(calendars).where(mine).limit(1))[0];
  if (found) await unit.lock(calendarAccountStream(found.accountId));
  const row = found ? (await unit.transaction.select().from(calendars).where(mine).limit(1))[0] : undefined;
  if (!row) throw refusal('NOT_FOUND', 'CALENDAR_NOT_FOUND');
  return row;
}

/**
 * selectCalendar's unit: the calendar (de)selected when it is not already so (deselected: its imported events go);
 * answers the calendar as it was read. Decided under the account's lock: two selections at once record one.
 */
export async function selectCalendarIn(unit: UnitOfWork, userId: string, teamId: string, calendarOrProviderId: string, selected: boolean) {
  const calendar = await lockedOwnCalendar(unit, userId, teamId, calendarOrProviderId);
  if (calendar.selected === selected) return calendar;
  if (!selected) await removeImportedEvents(unit, calendar);
  await unit.append(
    calendarAccountStream(calendar.accountId),
    [{ type: 'calendar.selected', payload: { accountId: calendar.accountId, teamId, userId, calendarId: calendar.id, selected } }],
    { teamId },
  );
  return calendar;
}

/**
 * removeCalendarAccount's unit: the account, its calendars' imported events and its credential go. Decided under the
 * account's lock: of two removals at once, the second finds no account (CALENDAR_ACCOUNT_NOT_FOUND).
 */
export async function removeAccountIn(unit: UnitOfWork, userId: string, teamId: string, accountId: string): Promise<void> {
  await unit.lock(calendarAccountStream(accountId));
  const account = await requireOwnAccount(unit.transaction, accountId, userId, teamId);
  for (const calendar of await calendarsOfAccount(unit.transaction, account.id)) await removeImportedEvents(unit, calendar);
  await unit.append(calendarAccountStream(account.id), [{ type: 'calendarAccount.removed', payload: owner(account) }], { teamId });
  await eraseCredential(unit.transaction, account.id);
}

export const syncQueries = {
  getCalendars: async (_root, _args: Record<string, never>, context) => {
    const { userId, teamId } = await caller(context);
    const db = context.services.database.db;
    const ids = (await accountsOf(db, userId, teamId)).map((account) => account.id);
    return presentCalendars(await calendarsOfAccounts(db, ids));
  },
  getCalendarAccounts: async (_root, _args: Record<string, never>, context) => {
    const { userId, teamId } = await caller(context);
    const db = context.services.database.db;
    const accounts = await accountsOf(db, userId, teamId);
    const accountCalendars = await calendarsOfAccounts(
      db,
      accounts.map((account) => account.id),
    );
    const runner = syncRunnerOf(context.services);
    return accounts.map((account) => presentAccount(account, accountCalendars, runner.isRunning(account.id)));
  },
} satisfies Record<string, FieldResolver>;

export const syncMutations = {
  syncFeatureCalendar: async (_root, args: { sync: SyncInput; feature: string; active: boolean }, context) => {
    if (args.feature !== 'calendar') throw codedError('CHOICE_INVALID', { params: { choices: 'calendar' }, field: 'feature' });
    return args.sync.account ? change(context, args.sync.account, args.sync, args.active) : connect(context, args.sync, args.active);
  },
  selectCalendar: async (_root, args: { calendar: string; selected: boolean }, context) => {
    const { userId, teamId } = await caller(context);
    const db = context.services.database.db;
    const calendar = await runCommand(context, userId, (unit) => selectCalendarIn(unit, userId, teamId, args.calendar, args.selected));
    const runner = syncRunnerOf(context.services);
    if (args.selected) context.services.jobs.soon(`calendar sync: ${calendar.accountId}`, () => runner.sync(calendar.accountId));
    const presented = presentCalendars(await calendarsOfAccount(db, calendar.accountId));
    return presented.find((entry) => entry.id === calendar.id)!;
  },
  removeCalendarAccount: async (_root, args: { account: string }, context) => {
    const { userId, teamId } = await caller(context);
    await runCommand(context, userId, (unit) => removeAccountIn(unit, userId, teamId, args.account));
    return true;
  },
  syncCalendarAccount: async (_root, args: { account: string }, context) => {
    const { userId, teamId } = await caller(context);
    const account = await requireOwnAccount(context.services.database.db, args.account, userId, teamId);
    await syncRunnerOf(context.services).sync(account.id);
    return await presentOne(context, account.id);
  },
} satisfies Record<string, FieldResolver>;
