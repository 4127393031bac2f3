import { and, eq, inArray } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../../core/events';
import type { Transaction } from '../../../db/connection';
import { calendarAccounts, calendarRemoteObjects, calendars } from '../tables';
import { calendarSyncEventTypes, type CalendarSyncEvent } from './events';

const handled = new Set<string>(calendarSyncEventTypes);

async function forgetCalendars(transaction: Transaction, calendarIds: string[]): Promise<void> {
  if (calendarIds.length === 0) return;
  await transaction.delete(calendarRemoteObjects).where(inArray(calendarRemoteObjects.calendarId, calendarIds));
  await transaction.delete(calendars).where(inArray(calendars.id, calendarIds));
}

async function applySyncEvent(transaction: Transaction, event: CalendarSyncEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'calendarAccount.connected': {
      const payload = event.payload;
      await transaction.insert(calendarAccounts).values({
        id: payload.accountId,
        teamId: payload.teamId,
        userId: payload.userId,
        email: payload.email,
        picture: payload.picture,
        feature: payload.feature,
        type: payload.type,
        active: payload.active,
        serverUrl: payload.serverUrl,
        username: payload.username,
        status: 'ok',
        error: null,
        lastSyncedAt: null,
        createdAt: at,
        updatedAt: at,
      });
      return;
    }
    case 'calendarAccount.changed':
      await transaction
        .update(calendarAccounts)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(calendarAccounts.id, event.payload.accountId));
      return;
    case 'calendarAccount.synced':
      await transaction
        .update(calendarAccounts)
        .set({
          status: event.payload.status,
          error: event.payload.error,
          ...(event.payload.lastSyncedAt ? { lastSyncedAt: event.payload.lastSyncedAt } : {}),
        })
        .where(eq(calendarAccounts.id, event.payload.accountId));
      return;
    case 'calendarAccount.removed': {
      const ids = (
        await transaction.select({ id: calendars.id }).from(calendars).where(eq(calendars.accountId, event.payload.accountId))
      ).map((row) => row.id);
      await forgetCalendars(transaction, ids);
      await transaction.delete(calendarAccounts).where(eq(calendarAccounts.id, event.payload.accountId));
      return;
    }
    case 'calendar.listed': {
      const payload = event.payload;
      const details = { summary: payload.summary, description: payload.description, backgroundColor: payload.backgroundColor };
      await transaction
        .insert(calendars)
        .values({
          id: payload.calendarId,
          accountId: payload.accountId,
          teamId: payload.teamId,
          userId: payload.userId,
          providerCalendarId: payload.providerCalendarId,
          ...details,
          selected: false,
          synced: false,
          syncToken: null,
          ctag: null,
          lastSyncedAt: null,
        })
        .onConflictDoUpdate({ target: calendars.id, set: details });
      return;
    }
    case 'calendar.unlisted':
      await forgetCalendars(transaction, [event.payload.calendarId]);
      return;
    case 'calendar.selected':
      if (event.payload.selected) {
        await transaction.update(calendars).set({ selected: true }).where(eq(calendars.id, event.payload.calendarId));
        return;
      }
      // Deselected: it no longer syncs; selecting it again pulls it whole.
      await transaction.delete(calendarRemoteObjects).where(eq(calendarRemoteObjects.calendarId, event.payload.calendarId));
      await transaction
        .update(calendars)
        .set({ selected: false, synced: false, syncToken: null, ctag: null })
        .where(eq(calendars.id, event.payload.calendarId));
      return;
    case 'calendar.pulled':
      await transaction
        .update(calendars)
        .set({ synced: true, syncToken: event.payload.syncToken, ctag: event.payload.ctag, lastSyncedAt: event.payload.at })
        .where(eq(calendars.id, event.payload.calendarId));
      return;
    case 'calendarObject.stored': {
      const { calendarId, href, etag, uid, eventId, remoteModifiedAt } = event.payload;
      await transaction
        .insert(calendarRemoteObjects)
        .values({ calendarId, href, etag, uid, eventId, remoteModifiedAt })
        .onConflictDoUpdate({
          target: [calendarRemoteObjects.calendarId, calendarRemoteObjects.href],
          set: { etag, uid, eventId, remoteModifiedAt },
        });
      return;
    }
    case 'calendarObject.forgotten':
      await transaction
        .delete(calendarRemoteObjects)
        .where(and(eq(calendarRemoteObjects.calendarId, event.payload.calendarId), eq(calendarRemoteObjects.href, event.payload.href)));
      return;
  }
}

/** Connected accounts, their calendars and which remote object holds which event. */
export const calendarSyncProjection: Projection = {
  name: 'calendarSync',
  tables: [calendarAccounts, calendars, calendarRemoteObjects],
  /** Answers a promise for its own events only (see the calendar projection). */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!handled.has(stored.type)) return undefined;
    return applySyncEvent(transaction, { type: stored.type, payload: stored.payload } as CalendarSyncEvent, stored.createdAt);
  },
};
