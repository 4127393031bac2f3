import type { DomainEvent } from '../../core/events';

/**
 * Where a change came from: `local` (made here: by a member through the API, or by the app) or `remote`
 * (pulled from a synced CalDAV calendar). The sync pushes only local changes, so a pulled change is never
 * pushed back (no loop); guest mails go out for local changes only.
 */
export type EventOrigin = 'local' | 'remote';

/** One person an event invites: a member (userId set) or a guest by e-mail (userId null). */
export interface EventPersonEntry {
  userId: string | null;
  /** Lower-cased; a member's is their account address when invited. */
  email: string;
  name: string | null;
  /** invited | accepted | rejected */
  response: EventResponseState;
}

export type EventResponseState = 'invited' | 'accepted' | 'rejected';

/** The series' own fields, as the calendar_events row keeps them (times UTC ISO). */
export interface EventFields {
  title: string;
  description: string;
  type: 'event' | 'meeting';
  recurring: string;
  /** The RFC 5545 RRULE value with its UNTIL or COUNT (null: not recurring). */
  rrule: string | null;
  timeZone: string;
  allDay: boolean;
  startAt: string;
  endAt: string;
  /** When the last occurrence ends; null for a series without end. */
  seriesEndAt: string | null;
  location: string | null;
  meetingroomId: string | null;
}

interface OfEvent {
  eventId: string;
  teamId: string;
  origin: EventOrigin;
}

export interface CalendarEventCreated extends OfEvent, EventFields {
  authorId: string;
  /** The synced calendar of an imported event; null for one made here. */
  calendarId: string | null;
  uid: string;
  sequence: number;
  /** "This and following": the series this one continues. */
  splitFromId: string | null;
  people: EventPersonEntry[];
}

/**
 * The series changed: `changes` holds only the fields that changed; `people` is the whole new list when the
 * invitations changed (absent: unchanged), with `removed` the e-mails no longer invited (a guest gets a CANCEL).
 * `exceptionsCleared`: the occurrences' own changes were dropped (the times or the rule changed).
 */
export interface CalendarEventEdited extends OfEvent {
  changes: Partial<EventFields>;
  people?: EventPersonEntry[];
  removed?: string[];
  exceptionsCleared?: boolean;
  sequence: number;
}

/** The whole event (series) is gone; who saw it, so their live views drop it. */
export interface CalendarEventDeleted extends OfEvent {
  uid: string;
  authorId: string;
  calendarId: string | null;
  /** Members invited (any response) when it was deleted. */
  userIds: string[];
  /** Guests' e-mails, for their CANCEL mail. */
  guests: string[];
}

/** Someone answered for themselves (or was answered for by an iTIP REPLY or the RSVP link). `left` removes them. */
export interface CalendarEventResponded extends OfEvent {
  userId: string | null;
  email: string;
  name: string | null;
  response: EventResponseState | 'left';
}

/** One occurrence changed or was cancelled ("this event"; its RECURRENCE-ID is occurrenceStart). */
export interface CalendarEventOccurrenceChanged extends OfEvent {
  occurrenceStart: string;
  cancelled: boolean;
  title: string | null;
  description: string | null;
  startAt: string | null;
  endAt: string | null;
}

/** The sync's conflict rule decided between our version and the remote one; the losing version is kept here. */
export interface CalendarEventConflictResolved extends OfEvent {
  winner: EventOrigin;
  /** The losing version as it was (our fields, or the remote iCalendar text), for the event's history. */
  losing: unknown;
  localModifiedAt: string;
  remoteModifiedAt: string | null;
}

/** `type` strings are stored forever, never renamed. */
export type CalendarEvent =
  | DomainEvent<'calendarEvent.created', CalendarEventCreated>
  | DomainEvent<'calendarEvent.edited', CalendarEventEdited>
  | DomainEvent<'calendarEvent.deleted', CalendarEventDeleted>
  | DomainEvent<'calendarEvent.responded', CalendarEventResponded>
  | DomainEvent<'calendarEvent.occurrenceChanged', CalendarEventOccurrenceChanged>
  | DomainEvent<'calendarEvent.conflictResolved', CalendarEventConflictResolved>;

export type CalendarEventType = CalendarEvent['type'];
export const calendarEventTypes: readonly CalendarEventType[] = [
  'calendarEvent.created',
  'calendarEvent.edited',
  'calendarEvent.deleted',
  'calendarEvent.responded',
  'calendarEvent.occurrenceChanged',
  'calendarEvent.conflictResolved',
];
