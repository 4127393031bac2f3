import type { UnitOfWork } from '../../core/commands';
import { changedFields, completeFields, eventLimits } from './commands';
import type { EventFields, EventPersonEntry } from './events';
import { recurringOf, zonedOf, type OccurrenceException } from './recurrence';
import { findEvent, findEventByUid, lockedEvent, type EventRow } from './state';
import { createEvent, deleteEvent, editEvent, fieldsOfRow, replaceExceptions } from './writes';

/** An event as a synced calendar has it (parsed from its VEVENT and overrides), to apply here. */
export interface RemoteEvent {
  /** The synced calendar (calendars.id) and its owner, who alone sees the imported event. */
  calendarId: string;
  teamId: string;
  ownerId: string;
  uid: string;
  /**
   * The event here this remote object holds (calendar_remote_objects), when known: an event made here and
   * pushed to the calendar is changed in place (it stays ours, seen by its author and invited).
   */
  eventId?: string | null;
  title: string;
  description: string;
  /** UTC ISO; the zone the wall-clock times belong to (UTC when the remote gave none). */
  startAt: string;
  endAt: string;
  timeZone: string;
  allDay: boolean;
  /** The RRULE value as parsed (with its UNTIL or COUNT), null when not recurring. */
  rrule: string | null;
  location: string | null;
  /** ATTENDEEs: members matched by address (userId) or guests; the ORGANIZER is the owner here. */
  people: EventPersonEntry[];
  /** RECURRENCE-ID overrides and EXDATEs (cancelled). */
  exceptions: OccurrenceException[];
  sequence: number;
}

const clip = (text: string, maximum: number) => (text.length > maximum ? text.slice(0, maximum) : text);

function fieldsOfRemote(remote: RemoteEvent, meetingroomId: string | null): EventFields {
  const endAt =
    Date.parse(remote.endAt) > Date.parse(remote.startAt) ? remote.endAt : new Date(Date.parse(remote.startAt) + 60_000).toISOString();
  return completeFields({
    title: clip(remote.title.trim() || '(untitled)', eventLimits.title),
    description: clip(remote.description, eventLimits.description),
    type: meetingroomId ? 'meeting' : 'event',
    recurring: recurringOf(remote.rrule, zonedOf(remote.startAt, remote.timeZone)),
    rrule: remote.rrule,
    timeZone: remote.timeZone,
    allDay: remote.allDay,
    startAt: new Date(remote.startAt).toISOString(),
    endAt: new Date(endAt).toISOString(),
    location: remote.location === null ? null : clip(remote.location, eventLimits.location),
    meetingroomId,
  });
}

/**
 * Applies a pulled remote event: creates it here (imported into its calendar) or changes ours to match it,
 * with origin "remote" so the sync never pushes it back. An invalid RRULE throws EVENT_INVALID_RECURRENCE
 * (the caller skips that object and keeps syncing the others). Answers the event's id and what happened.
 */
export async function applyRemoteEvent(
  unit: UnitOfWork,
  remote: RemoteEvent,
): Promise<{ eventId: string; action: 'created' | 'edited' | 'unchanged' }> {
  const existing = await findTarget(unit, remote);
  if (!existing) {
    const eventId = await createEvent(unit, {
      teamId: remote.teamId,
      authorId: remote.ownerId,
      fields: fieldsOfRemote(remote, null),
      people: remote.people,
      origin: 'remote',
      calendarId: remote.calendarId,
      uid: remote.uid,
      sequence: remote.sequence,
    });
    const created = (await findEventByUid(unit.transaction, remote.uid, { calendarId: remote.calendarId }))!;
    if (remote.exceptions.length > 0) await replaceExceptions(unit, created, remote.exceptions, 'remote');
    return { eventId, action: 'created' };
  }
  const before = fieldsOfRow(existing);
  const after = fieldsOfRemote(remote, existing.meetingroomId);
  const changes = changedFields(before, after);
  const timesChanged = ['rrule', 'startAt', 'timeZone'].some((key) => key in changes);
  const edited = await editEvent(unit, existing, {
    changes,
    people: remote.people,
    origin: 'remote',
    sequence: remote.sequence,
    ...(timesChanged ? { exceptionsCleared: true } : {}),
  });
  const current = (await findEvent(unit.transaction, existing.id))!;
  const exceptionsBefore = await unit.streamVersion(`calendarEvent:${current.id}`);
  await replaceExceptions(unit, current, remote.exceptions, 'remote');
  const exceptionsChanged = (await unit.streamVersion(`calendarEvent:${current.id}`)) !== exceptionsBefore;
  return { eventId: existing.id, action: edited || exceptionsChanged ? 'edited' : 'unchanged' };
}

/** The local event a remote one matches, read again under its lock (a local edit may run at the same time). */
async function findTarget(unit: UnitOfWork, remote: RemoteEvent): Promise<EventRow | undefined> {
  const known = remote.eventId ? await findEvent(unit.transaction, remote.eventId) : undefined;
  const found = known ?? (await findEventByUid(unit.transaction, remote.uid, { calendarId: remote.calendarId }));
  return found ? await lockedEvent(unit, found.id) : undefined;
}

/** Removes the event of that UID (or the known eventId) here: the remote deleted it; false when there is none. */
export async function deleteRemoteEvent(unit: UnitOfWork, calendarId: string, uid: string, eventId?: string | null): Promise<boolean> {
  const found =
    (eventId ? await findEvent(unit.transaction, eventId) : undefined) ?? (await findEventByUid(unit.transaction, uid, { calendarId }));
  const existing = found ? await lockedEvent(unit, found.id) : undefined;
  if (!existing) return false;
  await deleteEvent(unit, existing, 'remote');
  return true;
}
