import type { MercuriusContext } from 'mercurius';
import type { TeamSeat } from '../../core/access';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { codedError, DomainError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { findMeetingroom, memberMayUseMeetingroom } from '../meetings';
import { requireCurrentTeam } from '../teams';
import {
  checkTimes,
  editEventSchema,
  fieldsAfterEdit,
  fieldsOfNew,
  changedFields,
  completeFields,
  newEventSchema,
  scopeOf,
  type EditEventInput,
  type NewEventInput,
} from './commands';
import type { EventFields, EventPersonEntry } from './events';
import { meetingRoomFor, memberEntry, peopleAfter } from './people';
import { calendarPolicy, responseActions, type ResponseAction } from './policies';
import { isOccurrenceOf, ruleEnd, ruleOf, withRuleEnd } from './recurrence';
import { exceptionsOf, findEvent, lockedEvent, requireVisibleEvent, sightOf, canSeeEvent, type EventRow } from './state';
import { changeOccurrence, createEvent, deleteEvent, editEvent, fieldsOfRow, peopleEntriesOf, recordResponse } from './writes';
import { presentEventFor } from './queries';

/** Our UIDs: the event id at the server's host, unique across calendars. */
export const uidFor = (eventId: string, publicUrl: string) => `${eventId}@${new URL(publicUrl).host || 'calendar'}`;

const iso = (value: string) => new Date(value).toISOString();

async function requireEditable(db: UnitOfWork['transaction'], row: EventRow, userId: string): Promise<void> {
  if (!calendarPolicy.edit(await sightOf(db, row, userId), userId)) throw refusal('PERMISSION_DENIED', 'EVENT_EDIT_NOT_ALLOWED');
}

/** The occurrence named for this/following: an original start of the series, else EVENT_OCCURRENCE_NOT_FOUND. */
function requireOccurrence(row: EventRow, occurrence: string | null | undefined): string | null {
  if (!occurrence) return null;
  const key = iso(occurrence);
  if (key !== iso(row.startAt) && !isOccurrenceOf(row, key)) throw codedError('EVENT_OCCURRENCE_NOT_FOUND', { field: 'occurrence' });
  return key;
}

/** The series' meeting room after an edit: made or linked when it becomes a meeting, dropped when it stops being one. */
async function meetingAfter(
  unit: UnitOfWork,
  row: EventRow,
  seat: TeamSeat,
  userId: string,
  input: EditEventInput,
  fields: EventFields,
): Promise<string | null> {
  if (fields.type !== 'meeting') return null;
  if (input.meeting && input.meeting !== row.meetingroomId)
    return await meetingRoomFor(unit, row.teamId, seat, userId, fields.title, input.meeting);
  return row.meetingroomId ?? (await meetingRoomFor(unit, row.teamId, seat, userId, fields.title, null));
}

/** "This event": the occurrence's own title, description and times. */
async function editOccurrence(unit: UnitOfWork, row: EventRow, occurrence: string, input: EditEventInput): Promise<void> {
  const current = (await exceptionsOf(unit.transaction, row.id)).find((exception) => iso(exception.occurrenceStart) === occurrence);
  const length = Date.parse(row.endAt) - Date.parse(row.startAt);
  const startAt = input.startDate ?? current?.startAt ?? occurrence;
  const endAt =
    input.endDate ??
    (input.startDate
      ? iso(new Date(Date.parse(startAt) + length).toISOString())
      : (current?.endAt ?? iso(new Date(Date.parse(occurrence) + length).toISOString())));
  checkTimes(startAt, endAt);
  const moved = startAt !== occurrence || endAt !== iso(new Date(Date.parse(occurrence) + length).toISOString());
  await changeOccurrence(
    unit,
    row,
    {
      occurrenceStart: occurrence,
      cancelled: false,
      title: input.title ?? current?.title ?? null,
      description: input.description ?? current?.description ?? null,
      startAt: moved ? startAt : null,
      endAt: moved ? endAt : null,
    },
    'local',
  );
}

/** "All events" (or a single event): the series' fields and people. */
async function editSeries(
  unit: UnitOfWork,
  row: EventRow,
  seat: TeamSeat,
  userId: string,
  input: EditEventInput,
  occurrence: string | null,
): Promise<void> {
  const db = unit.transaction;
  const before = fieldsOfRow(row);
  const after = fieldsAfterEdit(before, input, occurrence);
  const withRoom = { ...after, meetingroomId: await meetingAfter(unit, row, seat, userId, input, after) };
  const changes = changedFields(before, withRoom);
  const people = await peopleAfter(db, row.teamId, row.authorId, await peopleEntriesOf(unit, row.id), input.invited, input.guests);
  const timesChanged = ['rrule', 'startAt', 'timeZone'].some((key) => key in changes);
  await editEvent(unit, row, { changes, people, origin: 'local', ...(timesChanged && row.rrule ? { exceptionsCleared: true } : {}) });
}

/** "This and following": the series ends before the occurrence and a new one continues it from there. Answers the new id. */
async function splitSeries(
  unit: UnitOfWork,
  row: EventRow,
  seat: TeamSeat,
  userId: string,
  input: EditEventInput,
  occurrence: string,
  publicUrl: string,
): Promise<string> {
  const db = unit.transaction;
  const rule = row.rrule!;
  const { until, count } = ruleEnd(rule);
  const length = Date.parse(row.endAt) - Date.parse(row.startAt);
  // A COUNT series continues with the occurrences it had left (at most 10,000 to count); others keep their UNTIL or none.
  const before = count
    ? ruleOf(rule, row.startAt, row.timeZone).between(new Date(row.startAt), new Date(Date.parse(occurrence) - 1), true).length
    : 0;
  const continued = completeFields({
    ...fieldsOfRow(row),
    startAt: occurrence,
    endAt: new Date(Date.parse(occurrence) + length).toISOString(),
    rrule: withRuleEnd(rule, count ? { count: Math.max(1, count - before) } : { until }),
  });
  const after = fieldsAfterEdit(continued, input, occurrence);
  const fields = { ...after, meetingroomId: await meetingAfter(unit, row, seat, userId, input, after) };
  const people = await peopleAfter(db, row.teamId, row.authorId, await peopleEntriesOf(unit, row.id), input.invited, input.guests);
  await endSeriesBefore(unit, row, occurrence);
  const eventId = newId();
  await createEvent(unit, {
    eventId,
    teamId: row.teamId,
    authorId: row.authorId,
    fields,
    people,
    origin: 'local',
    calendarId: row.calendarId,
    uid: uidFor(eventId, publicUrl),
    splitFromId: row.id,
  });
  // Occurrences changed on their own keep their change when the times and rule stay as they were.
  const sameTimes = fields.startAt === occurrence && fields.rrule === continued.rrule && fields.timeZone === continued.timeZone;
  if (sameTimes) {
    const created = (await findEvent(db, eventId))!;
    for (const exception of (await exceptionsOf(db, row.id)).filter((each) => iso(each.occurrenceStart) >= occurrence))
      await changeOccurrence(unit, created, { ...exception, occurrenceStart: iso(exception.occurrenceStart) }, 'local');
  }
  return eventId;
}

/** The series ends just before `occurrence` (UNTIL one second earlier). */
async function endSeriesBefore(unit: UnitOfWork, row: EventRow, occurrence: string): Promise<void> {
  const ended = completeFields({
    ...fieldsOfRow(row),
    rrule: withRuleEnd(row.rrule!, { until: new Date(Date.parse(occurrence) - 1000).toISOString() }),
  });
  await editEvent(unit, row, { changes: changedFields(fieldsOfRow(row), ended), origin: 'local' });
}

/** An invited member moves only themselves between the lists (ediEvent's accepted and rejected). */
async function ownAnswer(unit: UnitOfWork, row: EventRow, userId: string, input: EditEventInput): Promise<boolean> {
  const response = input.accepted?.includes(userId) ? 'accepted' : input.rejected?.includes(userId) ? 'rejected' : null;
  if (!response) return false;
  const own = (await peopleEntriesOf(unit, row.id)).find((person) => person.userId === userId);
  if (!own) return false;
  if (own.response !== response) await recordResponse(unit, row, own, response, 'local');
  return true;
}

type DeleteEventInput = Pick<EditEventInput, 'id' | 'scope' | 'occurrence'>;

/** setEvent's unit: a new event (or series) of the caller's current team; answers its id. */
export async function createEventIn(unit: UnitOfWork, userId: string, input: NewEventInput, publicUrl: string): Promise<string> {
  const db = unit.transaction;
  const { team, seat } = await requireCurrentTeam(db, userId);
  const draft = fieldsOfNew(input, null);
  const people = await peopleAfter(db, team.id, userId, [], input.invited ?? [], input.guests ?? []);
  const meetingroomId = draft.type === 'meeting' ? await meetingRoomFor(unit, team.id, seat, userId, draft.title, input.meeting) : null;
  const id = newId();
  await createEvent(unit, {
    eventId: id,
    teamId: team.id,
    authorId: userId,
    fields: { ...draft, meetingroomId },
    people,
    origin: 'local',
    uid: uidFor(id, publicUrl),
  });
  return id;
}

/**
 * ediEvent's unit: the series, one occurrence or this and following (a new series, whose id it answers); an invited
 * member who may not edit moves only their own answer. The event is read under its lock.
 */
export async function editEventIn(unit: UnitOfWork, userId: string, input: EditEventInput, publicUrl: string): Promise<string> {
  const db = unit.transaction;
  const { team, seat } = await requireCurrentTeam(db, userId);
  const row = await requireVisibleEvent(unit, input.id, userId, team.id);
  if (!calendarPolicy.edit(await sightOf(db, row, userId), userId)) {
    if (await ownAnswer(unit, row, userId, input)) return row.id;
    throw refusal('PERMISSION_DENIED', 'EVENT_EDIT_NOT_ALLOWED');
  }
  const scope = scopeOf(row.rrule, input.scope, input.occurrence);
  const occurrence = row.rrule ? requireOccurrence(row, input.occurrence) : null;
  if (scope === 'this') {
    await editOccurrence(unit, row, occurrence!, input);
    return row.id;
  }
  if (scope === 'following' && occurrence !== iso(row.startAt))
    return await splitSeries(unit, row, seat, userId, input, occurrence!, publicUrl);
  await editSeries(unit, row, seat, userId, input, occurrence);
  return row.id;
}

/** delEvent's unit: the whole event, one occurrence (cancelled) or this and following (the series ends before it). */
export async function deleteEventIn(unit: UnitOfWork, userId: string, input: DeleteEventInput): Promise<void> {
  const db = unit.transaction;
  const { team } = await requireCurrentTeam(db, userId);
  const row = await requireVisibleEvent(unit, input.id, userId, team.id);
  await requireEditable(db, row, userId);
  const scope = scopeOf(row.rrule, input.scope, input.occurrence);
  const occurrence = row.rrule ? requireOccurrence(row, input.occurrence) : null;
  if (scope === 'all' || (occurrence === iso(row.startAt) && scope === 'following')) return await deleteEvent(unit, row, 'local');
  if (scope === 'this')
    return await changeOccurrence(
      unit,
      row,
      { occurrenceStart: occurrence!, cancelled: true, title: null, description: null, startAt: null, endAt: null },
      'local',
    );
  await endSeriesBefore(unit, row, occurrence!);
}

export const calendarMutations = {
  setEvent: async (_root: unknown, args: Record<string, unknown>, context: MercuriusContext) => {
    const actor = requireActor(context);
    const input = newEventSchema.parse(args);
    const publicUrl = context.services.config.publicUrl;
    const eventId = await runCommand(context, actor.userId, (unit) => createEventIn(unit, actor.userId, input, publicUrl));
    return await presentEventFor(context, actor.userId, eventId);
  },
  ediEvent: async (_root: unknown, args: Record<string, unknown>, context: MercuriusContext) => {
    const actor = requireActor(context);
    const input = editEventSchema.parse(args);
    const publicUrl = context.services.config.publicUrl;
    const eventId = await runCommand(context, actor.userId, (unit) => editEventIn(unit, actor.userId, input, publicUrl));
    return await presentEventFor(context, actor.userId, eventId);
  },
  delEvent: async (_root: unknown, args: { id: string; scope?: string | null; occurrence?: string | null }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const input = editEventSchema.pick({ id: true, scope: true, occurrence: true }).parse(args);
    await runCommand(context, actor.userId, (unit) => deleteEventIn(unit, actor.userId, input));
    return true;
  },
  respondEvent: async (_root: unknown, args: { id: string; response: string }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const action = responseActions.find((candidate) => candidate === args.response);
    if (!action) throw codedError('EVENT_RESPONSE_INVALID', { field: 'response' });
    await runCommand(context, actor.userId, (unit) => respondToEventIn(unit, actor.userId, args.id, action));
    return await presentEventFor(context, actor.userId, args.id);
  },
};

/**
 * respondEvent's unit: a member's answer, the visibility and response rules, then the answer recorded (nothing when it
 * is already so). The event is read under its lock.
 */
export async function respondToEventIn(unit: UnitOfWork, userId: string, eventId: string, action: ResponseAction): Promise<void> {
  const db = unit.transaction;
  const { team } = await requireCurrentTeam(db, userId);
  const row = await lockedEvent(unit, eventId);
  const room = row?.meetingroomId ? await findMeetingroom(db, row.meetingroomId) : undefined;
  const mayUseRoom = room !== undefined && (await memberMayUseMeetingroom(db, room, userId));
  if (!row || row.teamId !== team.id || !((await canSeeEvent(db, row, userId)) || mayUseRoom))
    throw refusal('NOT_FOUND', 'EVENT_NOT_FOUND');
  const sight = await sightOf(db, row, userId);
  if (!calendarPolicy.respond(sight, userId, action, mayUseRoom)) throw codedError('EVENT_RESPONSE_INVALID', { field: 'response' });
  const own: EventPersonEntry | undefined = (await peopleEntriesOf(unit, row.id)).find((person) => person.userId === userId);
  const person = own ?? (await memberEntry(db, userId));
  if (!person) throw new DomainError('NOT_FOUND');
  const response = action === 'reject' ? 'rejected' : action === 'leave' ? 'left' : 'accepted';
  if (own?.response === response) return;
  await recordResponse(unit, row, person, response, 'local');
}
