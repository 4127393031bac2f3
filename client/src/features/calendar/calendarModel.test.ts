import { describe, expect, it } from 'vitest';
import {
  createVariables,
  deadlineDay,
  defaultViewFor,
  editVariables,
  entryToGridEvent,
  eventToForm,
  formProblems,
  movedTimes,
  newEventForm,
  rangeVariables,
  responsesFor,
  scopeVariables,
  shiftedOccurrence,
  shortcutFor,
  taskPath,
  taskToGridEvent,
  viewKeyOf,
  type EventForm,
} from './calendarModel';
import { calendarEvent, entry, task } from './fixtures';

const form = (overrides: Partial<EventForm> = {}): EventForm => ({
  title: 'Planning',
  description: '',
  start: '2026-11-26T09:00',
  end: '2026-11-26T10:00',
  allDay: false,
  type: 'event',
  recurring: 'none',
  until: '',
  location: '',
  invited: [],
  guests: [],
  ...overrides,
});

describe('views and keys', () => {
  it('starts phones on the agenda and wider screens on the week', () => {
    expect(defaultViewFor(true)).toBe('agenda');
    expect(defaultViewFor(false)).toBe('week');
  });

  it('names FullCalendar views by our keys', () => {
    expect(viewKeyOf('dayGridMonth')).toBe('month');
    expect(viewKeyOf('listWeek')).toBe('agenda');
    expect(viewKeyOf('timeGridDay')).toBe('day');
  });

  it('maps t, m, w, d, a, n and the paging keys, and nothing else', () => {
    expect(shortcutFor('t')).toEqual({ kind: 'today' });
    expect(shortcutFor('m')).toEqual({ kind: 'view', view: 'month' });
    expect(shortcutFor('a')).toEqual({ kind: 'view', view: 'agenda' });
    expect(shortcutFor('n')).toEqual({ kind: 'new' });
    expect(shortcutFor('PageUp')).toEqual({ kind: 'prev' });
    expect(shortcutFor('PageDown')).toEqual({ kind: 'next' });
    expect(shortcutFor('ArrowRight')).toEqual({ kind: 'next' });
    expect(shortcutFor('x')).toBeNull();
  });
});

describe('grid events', () => {
  it('keeps an entry timed, editable as the server says, coloured by its calendar', () => {
    const grid = entryToGridEvent(entry({ color: '#ff0000', editable: false, type: 'meeting', myResponse: 'invited' }));
    expect(grid).toMatchObject({ id: 'e1', start: '2026-11-26T09:00:00.000Z', allDay: false, editable: false, backgroundColor: '#ff0000' });
    expect(grid.classNames).toEqual(['calendar-entry-meeting', 'calendar-entry-pending']);
  });

  it('puts an all-day entry on its days, whatever the browser zone', () => {
    const grid = entryToGridEvent(entry({ allDay: true, start: '2026-11-26T00:00:00.000Z', end: '2026-11-28T00:00:00.000Z' }));
    expect(grid).toMatchObject({ start: '2026-11-26', end: '2026-11-28', allDay: true });
  });

  it('shows a task deadline as a fixed all-day entry of its day that opens the task', () => {
    const grid = taskToGridEvent(task({ deadline: '2026-11-30' }));
    expect(grid).toMatchObject({ id: 'task:t1', start: '2026-11-30', allDay: true, editable: false });
    expect(grid.classNames).toContain('calendar-task');
    expect(taskPath(task())).toBe('/p1/tasks/d/t1');
    expect(deadlineDay('2026-11-30')).toBe('2026-11-30');
  });
});

describe('the event form', () => {
  it('makes a new event from a dragged selection, all-day selections ending on their last day', () => {
    const timed = newEventForm({ start: new Date(2026, 10, 26, 9, 30), end: new Date(2026, 10, 26, 11), allDay: false });
    expect(timed).toMatchObject({ start: '2026-11-26T09:30', end: '2026-11-26T11:00', allDay: false });
    const days = newEventForm({ start: new Date(2026, 10, 26), end: new Date(2026, 10, 28), allDay: true });
    expect(days).toMatchObject({ start: '2026-11-26', end: '2026-11-27', allDay: true });
  });

  it('refuses an empty title, an end before the start and a malformed guest', () => {
    expect(formProblems(form())).toEqual({});
    expect(formProblems(form({ title: '  ', end: '2026-11-26T08:00', guests: ['nope'] }))).toEqual({
      title: 'titleRequired',
      end: 'endBeforeStart',
      guests: 'guestInvalid',
    });
    expect(formProblems(form({ recurring: 'weekly', until: '2026-11-01' }))).toEqual({ until: 'untilBeforeStart' });
  });

  it('sends instants with the time zone, all-day events from midnight to the day after their last', () => {
    const timed = createVariables(form({ recurring: 'weekly', until: '2026-12-31', guests: [' ada@example.com '] }), 'Europe/Paris');
    expect(timed).toMatchObject({
      title: 'Planning',
      startDate: new Date('2026-11-26T09:00').toISOString(),
      recurring: 'weekly',
      timeZone: 'Europe/Paris',
      guests: ['ada@example.com'],
      location: null,
    });
    expect(timed.until).toBe(new Date('2026-12-31T23:59:59.999').toISOString());
    const allDay = createVariables(form({ allDay: true, start: '2026-11-26', end: '2026-11-27' }), 'UTC');
    expect(allDay).toMatchObject({ startDate: '2026-11-26T00:00:00.000Z', endDate: '2026-11-28T00:00:00.000Z', allDay: true });
  });

  it('reads an event back into the form, invitees but the author, and leaves a custom rule alone on save', () => {
    const event = calendarEvent({ recurring: 'custom' });
    const values = eventToForm(event);
    expect(values.invited).toEqual(['grace']);
    expect(values.guests).toEqual(['guest@example.com']);
    expect(values.recurring).toBe('custom');
    expect(editVariables(values, 'UTC')).not.toHaveProperty('recurring');
    expect(editVariables({ ...values, recurring: 'daily' }, 'UTC')).toMatchObject({ recurring: 'daily', until: null });
  });
});

describe('changes to series and answers', () => {
  it('names the occurrence and scope of a series only', () => {
    expect(scopeVariables(entry(), 'this')).toEqual({});
    const occurrence = entry({ id: 'e1:2026-11-26T09:00:00.000Z', occurrence: '2026-11-26T09:00:00.000Z', recurring: 'weekly' });
    expect(scopeVariables(occurrence, 'this')).toEqual({ scope: 'this', occurrence: '2026-11-26T09:00:00.000Z' });
  });

  it('sends a dragged entry as instants, an all-day one as whole days', () => {
    expect(movedTimes(new Date('2026-11-26T10:00:00Z'), new Date('2026-11-26T11:30:00Z'), false)).toEqual({
      startDate: '2026-11-26T10:00:00.000Z',
      endDate: '2026-11-26T11:30:00.000Z',
      allDay: false,
    });
    expect(movedTimes(new Date(2026, 10, 27), null, true)).toEqual({
      startDate: '2026-11-27T00:00:00.000Z',
      endDate: '2026-11-28T00:00:00.000Z',
      allDay: true,
    });
  });

  it('finds the occurrence an undo names after a whole series moved', () => {
    expect(shiftedOccurrence('2026-11-26T09:00:00.000Z', '2026-11-26T09:00:00.000Z', '2026-11-26T10:30:00.000Z')).toBe(
      '2026-11-26T10:30:00.000Z',
    );
  });

  it('offers each answer SPEC §4 allows from where the caller stands, and none to the author', () => {
    const event = calendarEvent();
    expect(responsesFor(event, 'ada')).toEqual([]);
    expect(responsesFor({ ...event, myResponse: 'invited' }, 'grace')).toEqual(['accept', 'reject']);
    expect(responsesFor({ ...event, myResponse: 'accepted' }, 'grace')).toEqual(['reject', 'leave']);
    expect(responsesFor({ ...event, myResponse: 'rejected' }, 'grace')).toEqual(['rejoin', 'leave']);
    expect(responsesFor({ ...event, myResponse: null }, 'alan')).toEqual(['join']);
  });

  it('asks the server for at most 370 days', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(rangeVariables(start, new Date('2028-01-01T00:00:00Z')).end).toBe('2027-01-06T00:00:00.000Z');
  });
});
