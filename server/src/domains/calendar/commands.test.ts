import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { DomainError } from '../../errors';
import { changedFields, editEventSchema, fieldsAfterEdit, fieldsOfNew, newEventSchema, rangeOf, scopeOf } from './commands';
import type { EventFields } from './events';

const codeOf = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    if (error instanceof ZodError) return (error.issues[0] as { params?: { code?: string } }).params?.code ?? error.issues[0]!.code;
    return String(error);
  }
  return null;
};

const input = {
  title: ' Planning ',
  description: '',
  startDate: '2026-03-02T09:00:00+01:00',
  endDate: '2026-03-02T10:00:00+01:00',
  type: 'event',
  recurring: 'weekly',
  timeZone: 'Europe/Berlin',
};

const weekly = (): EventFields => fieldsOfNew(newEventSchema.parse(input), null);

describe('new events', () => {
  it('stores UTC instants, the zone and the rule of the named recurrence', () => {
    expect(weekly()).toMatchObject({
      title: 'Planning',
      startAt: '2026-03-02T08:00:00.000Z',
      endAt: '2026-03-02T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY',
      seriesEndAt: null,
    });
    expect(fieldsOfNew(newEventSchema.parse({ ...input, recurring: 'weekdays', count: 3 }), null).rrule).toBe(
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=3',
    );
    expect(fieldsOfNew(newEventSchema.parse({ ...input, recurring: 'none', count: 3 }), null).rrule).toBeNull();
  });

  it('refuses an end before the start, a bad zone, recurrence, date, type, guest, count and until', () => {
    expect(codeOf(() => fieldsOfNew(newEventSchema.parse({ ...input, endDate: input.startDate }), null))).toBe('EVENT_END_BEFORE_START');
    expect(codeOf(() => fieldsOfNew(newEventSchema.parse({ ...input, endDate: '2026-03-01T10:00:00Z' }), null))).toBe(
      'EVENT_END_BEFORE_START',
    );
    expect(codeOf(() => fieldsOfNew(newEventSchema.parse({ ...input, endDate: '2027-03-05T10:00:00Z' }), null))).toBe('EVENT_TOO_LONG');
    expect(codeOf(() => newEventSchema.parse({ ...input, timeZone: 'Europe/Nowhere' }))).toBe('EVENT_TIME_ZONE_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, recurring: 'yearly' }))).toBe('EVENT_INVALID_RECURRENCE');
    expect(codeOf(() => newEventSchema.parse({ ...input, startDate: '2026-03-02 09:00' }))).toBe('EVENT_DATE_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, startDate: '2026-02-30T09:00:00Z' }))).toBe('EVENT_DATE_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, type: 'call' }))).toBe('EVENT_TYPE_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, guests: ['a@b'] }))).toBe('EVENT_GUEST_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, count: 0 }))).toBe('EVENT_COUNT_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, count: 10_001 }))).toBe('EVENT_COUNT_INVALID');
    expect(codeOf(() => fieldsOfNew(newEventSchema.parse({ ...input, until: '2026-03-01T00:00:00Z' }), null))).toBe('EVENT_UNTIL_INVALID');
    expect(codeOf(() => fieldsOfNew(newEventSchema.parse({ ...input, until: '2150-03-01T00:00:00Z' }), null))).toBe('EVENT_UNTIL_INVALID');
    expect(codeOf(() => newEventSchema.parse({ ...input, title: 'x'.repeat(501) }))).toBe('EVENT_TITLE_TOO_LONG');
    expect(codeOf(() => newEventSchema.parse({ ...input, description: 'x'.repeat(100_001) }))).toBe('EVENT_DESCRIPTION_TOO_LONG');
  });
});

describe('edits of a series', () => {
  it('moves the whole series by as much as the occurrence dragged with "all events"', () => {
    const moved = fieldsAfterEdit(
      weekly(),
      editEventSchema.parse({ id: 'e', startDate: '2026-03-17T09:00:00Z', endDate: '2026-03-17T10:30:00Z' }),
      '2026-03-16T08:00:00.000Z',
    );
    expect(moved).toMatchObject({ startAt: '2026-03-03T09:00:00.000Z', endAt: '2026-03-03T10:30:00.000Z' });
    expect(changedFields(weekly(), moved)).toEqual({ startAt: '2026-03-03T09:00:00.000Z', endAt: '2026-03-03T10:30:00.000Z' });
  });

  it('changes the rule and its end, and refuses an end before the start', () => {
    const daily = fieldsAfterEdit(weekly(), editEventSchema.parse({ id: 'e', recurring: 'daily', count: 5 }), null);
    expect(daily).toMatchObject({ recurring: 'daily', rrule: 'FREQ=DAILY;COUNT=5', seriesEndAt: '2026-03-06T09:00:00Z' });
    const single = fieldsAfterEdit(weekly(), editEventSchema.parse({ id: 'e', recurring: 'none' }), null);
    expect(single).toMatchObject({ recurring: 'none', rrule: null });
    expect(codeOf(() => fieldsAfterEdit(weekly(), editEventSchema.parse({ id: 'e', endDate: '2026-03-02T07:00:00Z' }), null))).toBe(
      'EVENT_END_BEFORE_START',
    );
  });

  it('needs the occurrence for this and following, and takes all for a single event', () => {
    expect(scopeOf(null, 'this', null)).toBe('all');
    expect(scopeOf('FREQ=DAILY', null, null)).toBe('all');
    expect(scopeOf('FREQ=DAILY', 'following', '2026-03-03T08:00:00Z')).toBe('following');
    expect(codeOf(() => scopeOf('FREQ=DAILY', 'this', null))).toBe('EVENT_SCOPE_INVALID');
    expect(codeOf(() => editEventSchema.parse({ id: 'e', scope: 'some' }))).toBe('EVENT_SCOPE_INVALID');
  });
});

describe('ranges', () => {
  it('takes at most 370 days, the end after the start', () => {
    expect(rangeOf('2026-01-01T00:00:00Z', '2027-01-06T00:00:00Z')).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2027-01-06T00:00:00.000Z',
    });
    expect(codeOf(() => rangeOf('2026-01-01T00:00:00Z', '2027-01-07T00:00:01Z'))).toBe('EVENT_RANGE_TOO_LONG');
    expect(codeOf(() => rangeOf('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'))).toBe('EVENT_RANGE_INVALID');
    expect(codeOf(() => rangeOf('soon', '2026-01-01T00:00:00Z'))).toBe('EVENT_RANGE_INVALID');
  });
});
