import { and, eq, inArray } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../../core/events';
import type { Transaction } from '../../../db/connection';
import { calendarAccounts, calendarRemoteObjects, calendars } from '../tables';
import { calendarSyncEventTypes, type CalendarSyncEvent } from './events';

const handled = new Set<string>(calendarSyncEventTypes);

function forgetCalendars(transaction: Transaction, calendarIds: string[]): void {
  if (calendarIds.length === 0) return;
  transaction.delete(calendarRemoteObjects).where(inArray(calendarRemoteObjects.calendarId, calendarIds)).run();
  transaction.delete(calendars).where(inArray(calendars.id, calendarIds)).run();
}

function apply(transaction: Transaction, event: CalendarSyncEvent, at: string): void {
  switch (event.type) {
    case 'calendarAccount.connected': {
      const payload = event.payload;
      transaction
        .insert(calendarAccounts)
        .values({
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
        })
        .run();
      return;
    }
    case 'calendarAccount.changed':
      transaction
        .update(calendarAccounts)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(calendarAccounts.id, event.payload.accountId))
        .run();
      return;
    case 'calendarAccount.synced':
      transaction
        .update(calendarAccounts)
        .set({
          status: event.payload.status,
          error: event.payload.error,
          ...(event.payload.lastSyncedAt ? { lastSyncedAt: event.payload.lastSyncedAt } : {}),
        })
        .where(eq(calendarAccounts.id, event.payload.accountId))
        .run();
      return;
    case 'calendarAccount.removed': {
      const ids = transaction
        .select({ id: calendars.id })
        .from(calendars)
        .where(eq(calendars.accountId, event.payload.accountId))
        .all()
        .map((row) => row.id);
      forgetCalendars(transaction, ids);
      transaction.delete(calendarAccounts).where(eq(calendarAccounts.id, event.payload.accountId)).run();
      return;
    }
    case 'calendar.listed': {
      const payload = event.payload;
      const details = { summary: payload.summary, description: payload.description, backgroundColor: payload.backgroundColor };
      transaction
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
        .onConflictDoUpdate({ target: calendars.id, set: details })
        .run();
      return;
    }
    case 'calendar.unlisted':
      forgetCalendars(transaction, [event.payload.calendarId]);
      return;
    case 'calendar.selected':
      if (event.payload.selected) {
        transaction.update(calendars).set({ selected: true }).where(eq(calendars.id, event.payload.calendarId)).run();
        return;
      }
      // Deselected: it no longer syncs; selecting it again pulls it whole.
      transaction.delete(calendarRemoteObjects).where(eq(calendarRemoteObjects.calendarId, event.payload.calendarId)).run();
      transaction
        .update(calendars)
        .set({ selected: false, synced: false, syncToken: null, ctag: null })
        .where(eq(calendars.id, event.payload.calendarId))
        .run();
      return;
    case 'calendar.pulled':
      transaction
        .update(calendars)
        .set({ synced: true, syncToken: event.payload.syncToken, ctag: event.payload.ctag, lastSyncedAt: event.payload.at })
        .where(eq(calendars.id, event.payload.calendarId))
        .run();
      return;
    case 'calendarObject.stored': {
      const { calendarId, href, etag, uid, eventId, remoteModifiedAt } = event.payload;
      transaction
        .insert(calendarRemoteObjects)
        .values({ calendarId, href, etag, uid, eventId, remoteModifiedAt })
        .onConflictDoUpdate({
          target: [calendarRemoteObjects.calendarId, calendarRemoteObjects.href],
          set: { etag, uid, eventId, remoteModifiedAt },
        })
        .run();
      return;
    }
    case 'calendarObject.forgotten':
      transaction
        .delete(calendarRemoteObjects)
        .where(and(eq(calendarRemoteObjects.calendarId, event.payload.calendarId), eq(calendarRemoteObjects.href, event.payload.href)))
        .run();
      return;
  }
}

/** Connected accounts, their calendars and which remote object holds which event. */
export const calendarSyncProjection: Projection = {
  name: 'calendarSync',
  tables: [calendarAccounts, calendars, calendarRemoteObjects],
  apply(transaction, stored: StoredEvent) {
    if (!handled.has(stored.type)) return;
    apply(transaction, { type: stored.type, payload: stored.payload } as CalendarSyncEvent, stored.createdAt);
  },
};
