import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../../core/commands';
import { newId } from '../../../core/ids';
import type { Services } from '../../../graphql/context';
import { deleteRemoteEvent } from '../remote';
import { calendarAccounts, calendarEvents } from '../tables';
import { CalDavAccountError, CalDavClient, type RemoteCalendar } from './calDavClient';
import { type CalendarSyncEvent } from './events';
import { googleAccessToken, googlePrincipalUrl } from './google';
import { pullCalendar, pushCalendar, type CalendarSync } from './objectSync';
import { credentialKey, readCredential } from './secrets';
import { calendarsOfAccount, findAccount, type AccountRow, type CalendarRow } from './state';
import { calendarAccountStream } from '../../../core/streams';

/** The kind of claimed work (process_work) one account's sync is. */
const calendarSyncWork = 'calendar-sync';

/**
 * The sync of connected accounts: one run per account at a time (a second request joins the run under way),
 * each account's failure recorded on that account only, so the periodic job goes on with the others.
 */
export class CalendarSyncRunner {
  private readonly running = new Map<string, Promise<void>>();
  readonly key: Buffer;

  constructor(private readonly services: Services) {
    this.key = credentialKey(services.config.secret);
  }

  isRunning(accountId: string): boolean {
    return this.running.has(accountId);
  }

  /** Syncs the account now, or waits for the run already under way. Never throws: failures end up on the account. */
  sync(accountId: string): Promise<void> {
    const current = this.running.get(accountId);
    if (current) return current;
    const run = this.runClaimed(accountId).finally(() => this.running.delete(accountId));
    this.running.set(accountId, run);
    return run;
  }

  /** The periodic job: every active account, one after another (a slow server delays the others, never stops them). */
  async syncAll(): Promise<void> {
    const accounts = await this.services.database.db
      .select({ id: calendarAccounts.id })
      .from(calendarAccounts)
      .where(eq(calendarAccounts.active, true));
    for (const account of accounts) await this.sync(account.id);
  }

  /** A CalDAV client for an account's stored connection (the credential decrypted only here). */
  async clientFor(
    account: Pick<AccountRow, 'id' | 'type' | 'serverUrl' | 'username' | 'email'>,
    credential?: string,
  ): Promise<CalDavClient> {
    const secret = credential ?? (await readCredential(this.services.database.db, this.key, account.id));
    if (secret === null)
      throw new CalDavAccountError('The stored password cannot be read (the server secret changed). Enter the password again.');
    const { requestTimeoutMs, allowPrivateAddresses } = this.services.config.calendar;
    if (account.type === 'google') {
      const google = this.services.config.oidc.google;
      if (!google) throw new CalDavAccountError('Google sign-in is not set up on this server.');
      const token = await googleAccessToken(google, secret, requestTimeoutMs);
      const { googleCalDavUrl } = this.services.config.calendar;
      return new CalDavClient({
        serverUrl: googleCalDavUrl,
        rootUrl: googleCalDavUrl,
        principalUrl: googlePrincipalUrl(googleCalDavUrl, account.email),
        auth: { kind: 'bearer', token },
        timeoutMs: requestTimeoutMs,
        allowPrivateAddresses,
      });
    }
    return new CalDavClient({
      serverUrl: account.serverUrl,
      auth: { kind: 'basic', username: account.username, password: secret },
      timeoutMs: requestTimeoutMs,
      allowPrivateAddresses,
    });
  }

  /**
   * Several processes on one database (plan §1.8): the account's sync is claimed in the database first, so two
   * processes never sync it at once; a claim whose process died is taken over. A process that finds the account
   * claimed skips it: the other one's run records the result. SQLite's one process runs it at once.
   */
  private async runClaimed(accountId: string): Promise<void> {
    const cluster = this.services.cluster;
    if (cluster === null) return this.runAccount(accountId);
    try {
      if (!(await cluster.claimWork(calendarSyncWork, accountId))) return;
    } catch (error) {
      // The database is away: the sync could not record anything either; the next period tries again.
      if (this.services.config.logLevel !== 'silent') console.error(`calendar sync of account ${accountId} could not be claimed:`, error);
      return;
    }
    try {
      await this.runAccount(accountId);
    } finally {
      // A release that fails leaves the row: this process may claim it again, others once this process is gone.
      await cluster.releaseWork(calendarSyncWork, accountId).catch(() => undefined);
    }
  }

  private async runAccount(accountId: string): Promise<void> {
    const account = await findAccount(this.services.database.db, accountId);
    if (!account || !account.active) return;
    try {
      const client = await this.clientFor(account);
      const remoteCalendars = await client.listCalendars();
      await this.reconcileCalendars(account, remoteCalendars);
      const byUrl = new Map(remoteCalendars.map((calendar) => [calendar.url, calendar]));
      const accountCalendars = await calendarsOfAccount(this.services.database.db, account.id);
      const defaultCalendar = accountCalendars.find((calendar) => calendar.selected);
      for (const calendar of accountCalendars) {
        const remote = byUrl.get(calendar.providerCalendarId);
        if (!calendar.selected || !remote) continue;
        const sync: CalendarSync = { services: this.services, client, account, calendar, remote };
        await pullCalendar(sync);
        await pushCalendar(sync, calendar.id === defaultCalendar?.id);
      }
      await this.record(account, [
        {
          type: 'calendarAccount.synced',
          payload: { ...owner(account), status: 'ok', error: null, lastSyncedAt: new Date().toISOString() },
        },
      ]);
    } catch (error) {
      const message = error instanceof CalDavAccountError ? error.message : 'The sync failed on this server; it will be tried again.';
      if (!(error instanceof CalDavAccountError) && this.services.config.logLevel !== 'silent')
        console.error(`calendar sync of account ${accountId} failed:`, error);
      if (await findAccount(this.services.database.db, accountId)) {
        await this.record(account, [
          { type: 'calendarAccount.synced', payload: { ...owner(account), status: 'error', error: message, lastSyncedAt: null } },
        ]);
      }
    }
  }

  /** New calendars are recorded (not selected), renamed ones updated, and those the server no longer lists forgotten with their events. */
  private async reconcileCalendars(account: AccountRow, remoteCalendars: RemoteCalendar[]): Promise<void> {
    await this.services.store.run({ actorId: account.userId }, async (unit) => {
      await unit.lock(calendarAccountStream(account.id));
      const known = await calendarsOfAccount(unit.transaction, account.id);
      const events: CalendarSyncEvent[] = [];
      for (const remote of remoteCalendars) {
        const existing = known.find((calendar) => calendar.providerCalendarId === remote.url);
        if (
          existing &&
          existing.summary === remote.displayName &&
          existing.description === remote.description &&
          existing.backgroundColor === remote.color
        )
          continue;
        events.push({
          type: 'calendar.listed',
          payload: {
            ...owner(account),
            calendarId: existing?.id ?? newId(),
            providerCalendarId: remote.url,
            summary: remote.displayName,
            description: remote.description,
            backgroundColor: remote.color,
          },
        });
      }
      for (const calendar of known) {
        if (remoteCalendars.some((remote) => remote.url === calendar.providerCalendarId)) continue;
        await removeImportedEvents(unit, calendar);
        events.push({ type: 'calendar.unlisted', payload: { ...owner(account), calendarId: calendar.id } });
      }
      if (events.length > 0) await unit.append(calendarAccountStream(account.id), events, { teamId: account.teamId });
    });
  }

  private async record(account: AccountRow, events: CalendarSyncEvent[]): Promise<void> {
    await this.services.store.run({ actorId: account.userId }, async (unit) => {
      await unit.lock(calendarAccountStream(account.id));
      if (!(await findAccount(unit.transaction, account.id))) return;
      await unit.append(calendarAccountStream(account.id), events, { teamId: account.teamId });
    });
  }
}

export const owner = (account: Pick<AccountRow, 'id' | 'teamId' | 'userId'>) => ({
  accountId: account.id,
  teamId: account.teamId,
  userId: account.userId,
});

/**
 * The calendar's imported events are deleted here (origin remote: nothing is deleted on the server); events
 * made here that were pushed to it stay, only their link to the remote object goes (with the calendar's rows).
 */
export async function removeImportedEvents(unit: UnitOfWork, calendar: Pick<CalendarRow, 'id'>): Promise<void> {
  const imported = await unit.transaction
    .select({ id: calendarEvents.id, uid: calendarEvents.uid })
    .from(calendarEvents)
    .where(eq(calendarEvents.calendarId, calendar.id));
  for (const event of imported) await deleteRemoteEvent(unit, calendar.id, event.uid, event.id);
}

const runners = new WeakMap<Services, CalendarSyncRunner>();

export function syncRunnerOf(services: Services): CalendarSyncRunner {
  let runner = runners.get(services);
  if (!runner) runners.set(services, (runner = new CalendarSyncRunner(services)));
  return runner;
}
