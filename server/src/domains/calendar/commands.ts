import { isValidEmail } from '#shared/email';
import { z } from 'zod';
import { codedError, issue } from '../../errors';
import { boundedText } from '../../inputSchemas';
import type { EventFields } from './events';
import {
  baseRuleOf,
  isTimeZone,
  recurrenceLimits,
  recurrenceNames,
  ruleEnd,
  ruleOf,
  seriesEndOf,
  withRuleEnd,
  zonedOf,
} from './recurrence';

/** Limits of what people type (SPEC §5; the English texts name them through params). */
export const eventLimits = {
  title: 500,
  description: 100_000,
  location: 500,
  /** Members and guests together on one event. */
  people: 200,
  /** One event (one occurrence) lasts at most this long. */
  lengthDays: 366,
  /** getEventsCalendar's range. */
  rangeDays: 370,
} as const;

export const eventTypes = ['event', 'meeting'] as const;
export const editScopes = ['this', 'following', 'all'] as const;
export type EditScope = (typeof editScopes)[number];

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 instant with its offset (UTC `Z` fine), as UTC ISO with milliseconds. */
export function instantOf(value: unknown): string | null {
  if (typeof value !== 'string' || !instantPattern.test(value)) return null;
  // Date.parse rolls 2026-02-30 over into March: the written date and time must exist as written.
  const [year, month, day, hour, minute, second = 0] = value.split(/[-T:.Z+]/i).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()) return null;
  if (hour! > 23 || minute! > 59 || second > 59) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const utcYear = new Date(time).getUTCFullYear();
  return utcYear >= 1900 && utcYear <= 2200 ? new Date(time).toISOString() : null;
}

const instant = z.string().transform((value, context) => {
  const parsed = instantOf(value);
  if (parsed === null) {
    context.addIssue({ code: 'custom', ...issue('EVENT_DATE_INVALID') });
    return z.NEVER;
  }
  return parsed;
});

const description = z
  .string()
  .refine((text) => text.length <= eventLimits.description, issue('EVENT_DESCRIPTION_TOO_LONG', { maximum: eventLimits.description }));
const location = z
  .string()
  .trim()
  .refine((text) => text.length <= eventLimits.location, issue('EVENT_LOCATION_TOO_LONG', { maximum: eventLimits.location }))
  .transform((text) => (text === '' ? null : text));
const eventType = z
  .string()
  .refine((value): value is (typeof eventTypes)[number] => (eventTypes as readonly string[]).includes(value), issue('EVENT_TYPE_INVALID'));
const recurring = z.string().refine((value) => (recurrenceNames as readonly string[]).includes(value), issue('EVENT_INVALID_RECURRENCE'));
const timeZone = z.string().refine((value) => value.length <= 64 && isTimeZone(value), issue('EVENT_TIME_ZONE_INVALID'));
const count = z
  .number()
  .refine(
    (value) => Number.isInteger(value) && value >= 1 && value <= recurrenceLimits.maximumCount,
    issue('EVENT_COUNT_INVALID', { maximum: recurrenceLimits.maximumCount }),
  );
const guests = z
  .array(z.string().trim().toLowerCase().refine(isValidEmail, issue('EVENT_GUEST_INVALID')))
  .refine((list) => list.length <= eventLimits.people, issue('EVENT_TOO_MANY_PEOPLE', { maximum: eventLimits.people }))
  .transform((list) => [...new Set(list)]);
const ids = z
  .array(z.string().min(1).max(64))
  .refine((list) => list.length <= eventLimits.people, issue('EVENT_TOO_MANY_PEOPLE', { maximum: eventLimits.people }))
  .transform((list) => [...new Set(list)]);

/** setEvent's arguments (SPEC §5: title, description, startDate, endDate, type, recurring are required). */
export const newEventSchema = z.object({
  title: boundedText(eventLimits.title, 'EVENT_TITLE_REQUIRED', 'EVENT_TITLE_TOO_LONG'),
  description,
  startDate: instant,
  endDate: instant,
  type: eventType,
  recurring,
  timeZone: timeZone.nullish(),
  allDay: z.boolean().nullish(),
  until: instant.nullish(),
  count: count.nullish(),
  location: location.nullish(),
  invited: ids.nullish(),
  guests: guests.nullish(),
  meeting: z.string().min(1).max(64).nullish(),
});

/** ediEvent's arguments: every field optional; scope and occurrence say which occurrences change. */
export const editEventSchema = z.object({
  id: z.string(),
  scope: z
    .string()
    .refine((value) => (editScopes as readonly string[]).includes(value), issue('EVENT_SCOPE_INVALID'))
    .nullish(),
  occurrence: instant.nullish(),
  title: boundedText(eventLimits.title, 'EVENT_TITLE_REQUIRED', 'EVENT_TITLE_TOO_LONG').nullish(),
  description: description.nullish(),
  startDate: instant.nullish(),
  endDate: instant.nullish(),
  type: eventType.nullish(),
  recurring: recurring.nullish(),
  timeZone: timeZone.nullish(),
  allDay: z.boolean().nullish(),
  until: instant.nullish(),
  count: count.nullish(),
  location: location.nullish(),
  invited: ids.nullish(),
  accepted: ids.nullish(),
  rejected: ids.nullish(),
  guests: guests.nullish(),
  meeting: z.string().min(1).max(64).nullish(),
});

export type NewEventInput = z.output<typeof newEventSchema>;
export type EditEventInput = z.output<typeof editEventSchema>;

/** The scope of a change: a single event has only "all"; a series needs the occurrence for this and following. */
export function scopeOf(rrule: string | null, scope: string | null | undefined, occurrence: string | null | undefined): EditScope {
  if (!rrule) return 'all';
  const chosen = (scope ?? 'all') as EditScope;
  if (chosen !== 'all' && !occurrence) throw codedError('EVENT_SCOPE_INVALID', { field: 'occurrence' });
  return chosen;
}

/** Times checked together: end after start, not longer than the limit. */
export function checkTimes(startAt: string, endAt: string): void {
  const length = Date.parse(endAt) - Date.parse(startAt);
  if (length <= 0) throw codedError('EVENT_END_BEFORE_START', { field: 'endDate' });
  if (length > eventLimits.lengthDays * 24 * 60 * 60 * 1000)
    throw codedError('EVENT_TOO_LONG', { params: { maximum: eventLimits.lengthDays }, field: 'endDate' });
}

/** The rule of a named recurrence with its end; UNTIL must follow the start and stay within the limit. */
export function ruleFor(
  name: string,
  startAt: string,
  timeZoneName: string,
  end: { until?: string | null; count?: number | null },
): string | null {
  const base = baseRuleOf(name as (typeof recurrenceNames)[number]);
  if (base === null) return null;
  if (end.until) {
    const until = Date.parse(end.until);
    const latest = zonedOf(startAt, timeZoneName).add({ years: recurrenceLimits.maximumUntilYears }).epochMilliseconds;
    if (until < Date.parse(startAt) || until > latest)
      throw codedError('EVENT_UNTIL_INVALID', { params: { maximum: recurrenceLimits.maximumUntilYears }, field: 'until' });
  }
  const rule = withRuleEnd(base, end);
  ruleOf(rule, startAt, timeZoneName);
  return rule;
}

/** A series' fields with its end worked out (seriesEndAt), once the rule is known valid. */
export function completeFields(fields: Omit<EventFields, 'seriesEndAt'>): EventFields {
  checkTimes(fields.startAt, fields.endAt);
  if (fields.rrule) ruleOf(fields.rrule, fields.startAt, fields.timeZone);
  return { ...fields, seriesEndAt: seriesEndOf(fields) };
}

/** The fields of a new event from setEvent's checked arguments. */
export function fieldsOfNew(input: NewEventInput, meetingroomId: string | null): EventFields {
  const zone = input.timeZone ?? 'UTC';
  checkTimes(input.startDate, input.endDate);
  const rrule = ruleFor(input.recurring, input.startDate, zone, { until: input.until ?? null, count: input.count ?? null });
  return completeFields({
    title: input.title,
    description: input.description,
    type: input.type,
    recurring: input.recurring,
    rrule,
    timeZone: zone,
    allDay: input.allDay ?? false,
    startAt: input.startDate,
    endAt: input.endDate,
    location: input.location ?? null,
    meetingroomId,
  });
}

/**
 * The series' fields after an edit of all its occurrences. With `occurrence`, the times given are that
 * occurrence's new times: the whole series moves by as much (dragging one occurrence with "all events").
 */
export function fieldsAfterEdit(current: EventFields, input: EditEventInput, occurrence: string | null): EventFields {
  const zone = input.timeZone ?? current.timeZone;
  let startAt = current.startAt;
  let endAt = current.endAt;
  if (input.startDate || input.endDate) {
    const anchor = occurrence ?? current.startAt;
    const anchorEnd = new Date(Date.parse(anchor) + (Date.parse(current.endAt) - Date.parse(current.startAt))).toISOString();
    const newStart = input.startDate ?? anchor;
    const newEnd = input.endDate ?? new Date(Date.parse(newStart) + (Date.parse(anchorEnd) - Date.parse(anchor))).toISOString();
    checkTimes(newStart, newEnd);
    startAt = new Date(Date.parse(current.startAt) + (Date.parse(newStart) - Date.parse(anchor))).toISOString();
    endAt = new Date(Date.parse(startAt) + (Date.parse(newEnd) - Date.parse(newStart))).toISOString();
  }
  const { until, count } = ruleEnd(current.rrule);
  const endChanged = input.until !== undefined || input.count !== undefined;
  const end = endChanged ? { until: input.until ?? null, count: input.count ?? null } : { until, count };
  const name = input.recurring ?? current.recurring;
  let rrule = current.rrule;
  if (input.recurring && input.recurring !== current.recurring) rrule = ruleFor(name, startAt, zone, end);
  else if (rrule && endChanged) rrule = ruleFor(name === 'custom' ? 'none' : name, startAt, zone, end) ?? withRuleEnd(rrule, end);
  return completeFields({
    title: input.title ?? current.title,
    description: input.description ?? current.description,
    type: input.type ?? current.type,
    recurring: rrule ? name : 'none',
    rrule,
    timeZone: zone,
    allDay: input.allDay ?? current.allDay,
    startAt,
    endAt,
    location: input.location !== undefined ? input.location : current.location,
    meetingroomId: current.meetingroomId,
  });
}

/** Only the fields that differ, for an `edited` event. */
export function changedFields(before: EventFields, after: EventFields): Partial<EventFields> {
  const changes: Partial<EventFields> = {};
  for (const key of Object.keys(after) as (keyof EventFields)[]) {
    if (before[key] !== after[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

/** getEventsCalendar's range: two instants, the end after the start, at most 370 days apart. */
export function rangeOf(start: string, end: string): { from: string; to: string } {
  const from = instantOf(start);
  const to = instantOf(end);
  if (from === null || to === null || Date.parse(to) <= Date.parse(from)) throw codedError('EVENT_RANGE_INVALID', { field: 'end' });
  if (Date.parse(to) - Date.parse(from) > eventLimits.rangeDays * 24 * 60 * 60 * 1000)
    throw codedError('EVENT_RANGE_TOO_LONG', { params: { maximum: eventLimits.rangeDays }, field: 'end' });
  return { from, to };
}
