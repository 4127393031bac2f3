import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DrizzleDatabase, Transaction } from '../../../db/connection';
import { refusal } from '../../../errors';
import { calendarAccounts, calendarRemoteObjects, calendars } from '../tables';

export type Reader = Pick<DrizzleDatabase | Transaction, 'select'>;
export type AccountRow = typeof calendarAccounts.$inferSelect;
export type CalendarRow = typeof calendars.$inferSelect;
export type RemoteObjectRow = typeof calendarRemoteObjects.$inferSelect;

export async function accountsOf(db: Reader, userId: string, teamId: string): Promise<AccountRow[]> {
  return await db
    .select()
    .from(calendarAccounts)
    .where(and(eq(calendarAccounts.userId, userId), eq(calendarAccounts.teamId, teamId)))
    .orderBy(asc(calendarAccounts.createdAt), asc(calendarAccounts.id));
}

export async function findAccount(db: Reader, accountId: string): Promise<AccountRow | undefined> {
  return (await db.select().from(calendarAccounts).where(eq(calendarAccounts.id, accountId)).limit(1))[0];
}

/** The caller's own account in their current team; anyone else's is "not found". */
export async function requireOwnAccount(db: Reader, accountId: string, userId: string, teamId: string): Promise<AccountRow> {
  const account = await findAccount(db, accountId);
  if (!account || account.userId !== userId || account.teamId !== teamId) throw refusal('NOT_FOUND', 'CALENDAR_ACCOUNT_NOT_FOUND');
  return account;
}

/**
 * The order an account's calendars are listed in, and the one that picks its default calendar: by name, then by the
 * provider's id. Real columns on both databases (SQLite's insertion order, rowid, has no PostgreSQL twin, and the
 * table keeps no position of the server's listing).
 */
export const calendarOrder = [asc(calendars.summary), asc(calendars.providerCalendarId)];

/** An account's calendars in calendarOrder. */
export async function calendarsOfAccounts(db: Reader, accountIds: string[]): Promise<CalendarRow[]> {
  if (accountIds.length === 0) return [];
  return await db
    .select()
    .from(calendars)
    .where(inArray(calendars.accountId, accountIds))
    .orderBy(asc(calendars.accountId), ...calendarOrder);
}

export async function calendarsOfAccount(db: Reader, accountId: string): Promise<CalendarRow[]> {
  return await calendarsOfAccounts(db, [accountId]);
}

export async function findCalendar(db: Reader, calendarId: string): Promise<CalendarRow | undefined> {
  return (await db.select().from(calendars).where(eq(calendars.id, calendarId)).limit(1))[0];
}

/** The account's default calendar: the first selected one in calendarOrder (it receives events made here). */
export function defaultCalendarOf(accountCalendars: readonly CalendarRow[], accountId: string): CalendarRow | undefined {
  return accountCalendars.find((calendar) => calendar.accountId === accountId && calendar.selected);
}

export async function objectsOfCalendar(db: Reader, calendarId: string): Promise<RemoteObjectRow[]> {
  return await db
    .select()
    .from(calendarRemoteObjects)
    .where(eq(calendarRemoteObjects.calendarId, calendarId))
    .orderBy(asc(calendarRemoteObjects.href));
}

export function presentCalendar(calendar: CalendarRow, isDefault: boolean) {
  return {
    id: calendar.id,
    synced: calendar.synced,
    selected: calendar.selected,
    calendarId: calendar.providerCalendarId,
    summary: calendar.summary,
    description: calendar.description,
    backgroundColor: calendar.backgroundColor,
    account: calendar.accountId,
    default: isDefault,
  };
}

export type PresentedCalendar = ReturnType<typeof presentCalendar>;

export function presentCalendars(accountCalendars: readonly CalendarRow[]): PresentedCalendar[] {
  const defaults = new Set<string>();
  for (const calendar of accountCalendars) {
    const first = defaultCalendarOf(accountCalendars, calendar.accountId);
    if (first) defaults.add(first.id);
  }
  return accountCalendars.map((calendar) => presentCalendar(calendar, defaults.has(calendar.id)));
}

/** An account as the sync page shows it; `syncing` while a run of it is under way. Never its credential. */
export function presentAccount(account: AccountRow, accountCalendars: readonly CalendarRow[], syncing: boolean) {
  return {
    id: account.id,
    email: account.email,
    picture: account.picture,
    feature: account.feature,
    type: account.type,
    active: account.active,
    serverUrl: account.serverUrl,
    username: account.username,
    status: syncing ? 'syncing' : account.status,
    error: account.error,
    lastSyncedAt: account.lastSyncedAt,
    calendars: presentCalendars(accountCalendars.filter((calendar) => calendar.accountId === account.id)),
  };
}
