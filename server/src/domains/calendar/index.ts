/**
 * Calendar (issue 17): events, recurrence, answers, task deadlines beside them; the ICS feed and guest answers
 * (feed/) and CalDAV sync (sync/) are parts joined here.
 *
 * What the parts (and any other code) use, all inside a unit of work where they write:
 * - createEvent / editEvent / deleteEvent / changeOccurrence / recordResponse / replaceExceptions / recordConflict
 *   (writes.ts): every change of an event, with `origin` local or remote; the sync pushes only local ones.
 * - applyRemoteEvent(unit, RemoteEvent) / deleteRemoteEvent(unit, calendarId, uid, eventId?) (remote.ts): a pulled
 *   remote object made to match here (created as an imported event of its calendar, or our event changed in
 *   place when eventId is known), origin remote, times, RRULE and exceptions as parsed.
 * - findEvent / findEventByUid / findEventOfRoom / peopleOf / exceptionsOf and their batch forms (state.ts).
 * - canSeeEvent / requireVisibleEvent / visibleRowsFrom (state.ts): the visibility rule (author, invited members;
 *   an imported event: its calendar's owner only) and the rows a user sees from a time on (the ICS feed).
 * - occurrencesBetween(series, exceptions, from, to) (recurrence.ts): a row's occurrences in a range in its zone,
 *   exceptions applied; ruleEnd / recurringOf for RRULE parts.
 * - calendarEntries (queries.ts): what getEventsCalendar answers; calendarDeadlines is the tasks area's reader.
 * - presentCalendar (present.ts): a synced calendar as the API's Calendar type.
 * - CalendarEvent and its payload types (events.ts): the hook for guest mails is a reaction (CalendarPart.reactions)
 *   on calendarEvent.created / edited (people, removed) / deleted (guests) / occurrenceChanged, origin local.
 */
import type { DomainModule } from '../module';
import { feedPart } from './feed';
import { calendarSubscriptions } from './live';
import { calendarMutations } from './mutations';
import type { CalendarPart } from './part';
import { calendarProjection } from './projection';
import { calendarQueries } from './queries';
import { calendarTypeDefs } from './schema';
import { syncPart } from './sync';

export {
  calendarEventTypes,
  type CalendarEvent,
  type CalendarEventConflictResolved,
  type CalendarEventCreated,
  type CalendarEventDeleted,
  type CalendarEventEdited,
  type CalendarEventOccurrenceChanged,
  type CalendarEventResponded,
  type EventFields,
  type EventOrigin,
  type EventPersonEntry,
  type EventResponseState,
} from './events';
export {
  changeOccurrence,
  createEvent,
  deleteEvent,
  editEvent,
  fieldsOfRow,
  peopleEntriesOf,
  recordConflict,
  recordResponse,
  replaceExceptions,
  type EventEdit,
  type NewEvent,
} from './writes';
export { applyRemoteEvent, deleteRemoteEvent, type RemoteEvent } from './remote';
export {
  canSeeEvent,
  exceptionsOf,
  exceptionsOfEvents,
  findEvent,
  findEventByUid,
  findEventOfRoom,
  peopleOf,
  peopleOfEvents,
  requireVisibleEvent,
  visibleRowsFrom,
  type EventRow,
  type ExceptionRow,
  type PersonRow,
} from './state';
export { isOccurrenceOf, occurrencesBetween, recurringOf, ruleEnd, ruleOf, type Occurrence, type OccurrenceException } from './recurrence';
export { calendarEntries, presentEvent } from './queries';
export { presentCalendar, type PresentedCalendar } from './present';
export { uidFor } from './mutations';
export { eventLimits } from './commands';
export { calendarSearchSource, readableEventIds } from './searchSource';

const parts: readonly CalendarPart[] = [feedPart, syncPart];

/** The parts' resolvers of one root type, joined with the core's. */
function joined(root: 'Query' | 'Mutation' | 'Subscription', own: object): object {
  return Object.assign({}, own, ...parts.map((part) => (part.resolvers as Record<string, object | undefined>)[root] ?? {}));
}

/** Types of the parts other than the roots (Calendar account fields and the like). */
function partTypes(): Record<string, unknown> {
  const types: Record<string, unknown> = {};
  for (const part of parts)
    for (const [name, resolvers] of Object.entries(part.resolvers))
      if (!['Query', 'Mutation', 'Subscription'].includes(name)) types[name] = resolvers;
  return types;
}

/** Calendar: events and occurrences, answers, deadlines, the ICS feed and CalDAV sync (issue 17). */
export const calendarModule: DomainModule = {
  name: 'calendar',
  typeDefs: [calendarTypeDefs, ...parts.map((part) => part.typeDefs)].join('\n'),
  resolvers: {
    ...partTypes(),
    Query: joined('Query', calendarQueries),
    Mutation: joined('Mutation', calendarMutations),
    Subscription: joined('Subscription', calendarSubscriptions),
  } as DomainModule['resolvers'],
  projections: [calendarProjection, ...parts.flatMap((part) => part.projections ?? [])],
  reactions: parts.flatMap((part) => part.reactions ?? []),
  access: {
    getEventsCalendar: 'teamMember',
    getEventsTasks: 'teamMember',
    getEvent: 'teamMember',
    getEvents: 'teamMember',
    setEvent: 'teamMember',
    ediEvent: 'teamMember',
    delEvent: 'teamMember',
    respondEvent: 'teamMember',
    subEvent: 'teamMember',
    ...Object.assign({}, ...parts.map((part) => part.access)),
  },
  start: (services) => {
    const stops = parts.flatMap((part) => {
      const stop = part.start?.(services);
      return stop ? [stop] : [];
    });
    return () => stops.forEach((stop) => stop());
  },
};
