import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DrizzleDatabase, Transaction } from '../../../db/connection';
import { refusal } from '../../../errors';
import { calendarAccounts, calendarRemoteObjects, calendars } from '../tables';

export type Reader = Pick<DrizzleDatabase | Transaction, 'select'>;
export type AccountRow = typeof calendarAccounts.$inferSelect;
export type CalendarRow = typeof calendars.$inferSelect;
export type RemoteObjectRow = typeof calendarRemoteObjects.$inferSelect;

export function accountsOf(db: Reader, userId: string, teamId: string): AccountRow[] {
  return db
    .select()
    .from(calendarAccounts)
    .where(and(eq(calendarAccounts.userId, userId), eq(calendarAccounts.teamId, teamId)))
    .orderBy(asc(calendarAccounts.createdAt), asc(calendarAccounts.id))
    .all();
}

export function findAccount(db: Reader, accountId: string): AccountRow | undefined {
  return db.select().from(calendarAccounts).where(eq(calendarAccounts.id, accountId)).get();
}

/** The caller's own account in their current team; anyone else's is "not found". */
export function requireOwnAccount(db: Reader, accountId: string, userId: string, teamId: string): AccountRow {
  const account = findAccount(db, accountId);
  if (!account || account.userId !== userId || account.teamId !== teamId) throw refusal('NOT_FOUND', 'CALENDAR_ACCOUNT_NOT_FOUND');
  return account;
}

/** An account's calendars in the order the server listed them first (rowid: the order they were recorded). */
export function calendarsOfAccounts(db: Reader, accountIds: string[]): CalendarRow[] {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(calendars)
    .where(inArray(calendars.accountId, accountIds))
    .orderBy(asc(calendars.accountId), sql`rowid`)
    .all();
}

export function calendarsOfAccount(db: Reader, accountId: string): CalendarRow[] {
  return calendarsOfAccounts(db, [accountId]);
}

export function findCalendar(db: Reader, calendarId: string): CalendarRow | undefined {
  return db.select().from(calendars).where(eq(calendars.id, calendarId)).get();
}

/** The account's default calendar: the first selected one in the server's order (it receives events made here). */
export function defaultCalendarOf(accountCalendars: readonly CalendarRow[], accountId: string): CalendarRow | undefined {
  return accountCalendars.find((calendar) => calendar.accountId === accountId && calendar.selected);
}

export function objectsOfCalendar(db: Reader, calendarId: string): RemoteObjectRow[] {
  return db.select().from(calendarRemoteObjects).where(eq(calendarRemoteObjects.calendarId, calendarId)).all();
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
