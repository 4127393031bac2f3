import type { DomainEvent } from '../../../core/events';

interface OfAccount {
  accountId: string;
  teamId: string;
  userId: string;
}

/** A member connected a CalDAV account. The credential is never in the log: it is encrypted in calendar_account_secrets. */
export interface CalendarAccountConnected extends OfAccount {
  email: string;
  picture: string | null;
  feature: string;
  /** caldav | google */
  type: string;
  active: boolean;
  serverUrl: string;
  username: string;
}

/** The account's connection or state changed (server URL, user name, paused). A new password changes nothing here. */
export interface CalendarAccountChanged extends OfAccount {
  changes: Partial<Pick<CalendarAccountConnected, 'email' | 'serverUrl' | 'username' | 'active'>>;
}

/** A sync run ended: ok, or error with the reason the sync page shows. */
export interface CalendarAccountSynced extends OfAccount {
  status: 'ok' | 'error';
  error: string | null;
  /** When the run finished; unchanged (null) for a failed run. */
  lastSyncedAt: string | null;
}

export type CalendarAccountRemoved = OfAccount;

/** A calendar the server lists, new or with a new name, description or colour. */
export interface CalendarListed extends OfAccount {
  calendarId: string;
  providerCalendarId: string;
  summary: string;
  description: string | null;
  backgroundColor: string | null;
}

/** The server no longer lists the calendar (deleted there); its imported events went with it. */
export interface CalendarUnlisted extends OfAccount {
  calendarId: string;
}

export interface CalendarSelected extends OfAccount {
  calendarId: string;
  selected: boolean;
}

/** A pull of the calendar completed: where the next one starts. */
export interface CalendarPulled extends OfAccount {
  calendarId: string;
  syncToken: string | null;
  ctag: string | null;
  at: string;
}

/**
 * The remote object holding an event, as both sides agree now. `remoteModifiedAt` is the later of the remote
 * object's LAST-MODIFIED and the event's updatedAt after this sync: an event changed here after it is a local
 * change to push.
 */
export interface CalendarObjectStored extends OfAccount {
  calendarId: string;
  href: string;
  etag: string | null;
  uid: string;
  eventId: string;
  remoteModifiedAt: string | null;
}

export interface CalendarObjectForgotten extends OfAccount {
  calendarId: string;
  href: string;
}

/** `type` strings are stored forever, never renamed. */
export type CalendarSyncEvent =
  | DomainEvent<'calendarAccount.connected', CalendarAccountConnected>
  | DomainEvent<'calendarAccount.changed', CalendarAccountChanged>
  | DomainEvent<'calendarAccount.synced', CalendarAccountSynced>
  | DomainEvent<'calendarAccount.removed', CalendarAccountRemoved>
  | DomainEvent<'calendar.listed', CalendarListed>
  | DomainEvent<'calendar.unlisted', CalendarUnlisted>
  | DomainEvent<'calendar.selected', CalendarSelected>
  | DomainEvent<'calendar.pulled', CalendarPulled>
  | DomainEvent<'calendarObject.stored', CalendarObjectStored>
  | DomainEvent<'calendarObject.forgotten', CalendarObjectForgotten>;

export type CalendarSyncEventType = CalendarSyncEvent['type'];
export const calendarSyncEventTypes: readonly CalendarSyncEventType[] = [
  'calendarAccount.connected',
  'calendarAccount.changed',
  'calendarAccount.synced',
  'calendarAccount.removed',
  'calendar.listed',
  'calendar.unlisted',
  'calendar.selected',
  'calendar.pulled',
  'calendarObject.stored',
  'calendarObject.forgotten',
];
