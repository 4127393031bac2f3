/**
 * The calendar's pure rules: how entries and task deadlines become the grid's events, what a view's range asks the
 * server for, what the event form sends, and which answers the caller may give. No React, no requests.
 */
import type { CalendarEntry, CalendarEvent, CalendarTask } from './operations';

export const viewNames = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay', agenda: 'listWeek' } as const;
export type CalendarViewKey = keyof typeof viewNames;
export const viewKeys = Object.keys(viewNames) as CalendarViewKey[];

export function viewKeyOf(fullCalendarView: string): CalendarViewKey {
  return viewKeys.find((key) => viewNames[key] === fullCalendarView) ?? 'week';
}

/** Phones start on the agenda (a list reads at 390 px; a week's seven columns do not). */
export function defaultViewFor(narrow: boolean): CalendarViewKey {
  return narrow ? 'agenda' : 'week';
}

/** The keys that switch view or move the calendar (none with a modifier: those belong to the browser). */
export type ShortcutAction =
  { kind: 'view'; view: CalendarViewKey } | { kind: 'today' } | { kind: 'prev' } | { kind: 'next' } | { kind: 'new' };

export function shortcutFor(key: string): ShortcutAction | null {
  switch (key) {
    case 'm':
      return { kind: 'view', view: 'month' };
    case 'w':
      return { kind: 'view', view: 'week' };
    case 'd':
      return { kind: 'view', view: 'day' };
    case 'a':
      return { kind: 'view', view: 'agenda' };
    case 't':
      return { kind: 'today' };
    case 'n':
      return { kind: 'new' };
    case 'ArrowLeft':
    case 'PageUp':
    case 'p':
      return { kind: 'prev' };
    case 'ArrowRight':
    case 'PageDown':
      return { kind: 'next' };
    default:
      return null;
  }
}

/** Typing in a field, or a dialog open over the calendar: the calendar's shortcuts stay quiet. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD of a date in the browser's zone. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An all-day entry's day: its date part (the server keeps all-day times at UTC midnight of the day). */
export function allDayDate(iso: string): string {
  return iso.slice(0, 10);
}

/** A task deadline's day: a date-only deadline is that day everywhere; an instant is its day here. */
export function deadlineDay(deadline: string): string {
  if (dateOnly.test(deadline)) return deadline;
  const date = new Date(deadline);
  return Number.isNaN(date.getTime()) ? deadline.slice(0, 10) : localDay(date);
}

/** The grid's event input, as FullCalendar's EventInput takes it (kept structural so this file needs no FullCalendar). */
export interface GridEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  editable: boolean;
  backgroundColor?: string;
  borderColor?: string;
  classNames: string[];
  extendedProps: { kind: 'entry'; entry: CalendarEntry } | { kind: 'task'; task: CalendarTask };
}

export function entryToGridEvent(entry: CalendarEntry): GridEvent {
  const colours = entry.color ? { backgroundColor: entry.color, borderColor: entry.color } : {};
  return {
    id: entry.id,
    title: entry.title,
    start: entry.allDay ? allDayDate(entry.start) : entry.start,
    end: entry.allDay ? allDayDate(entry.end) : entry.end,
    allDay: entry.allDay,
    editable: entry.editable,
    ...colours,
    classNames: [
      `calendar-entry-${entry.type === 'meeting' ? 'meeting' : 'event'}`,
      ...(entry.myResponse === 'invited' ? ['calendar-entry-pending'] : []),
      ...(entry.myResponse === 'rejected' ? ['calendar-entry-declined'] : []),
    ],
    extendedProps: { kind: 'entry', entry },
  };
}

/** A deadline sits in the all-day row of its day, never draggable: it is the task's, not the calendar's. */
export function taskToGridEvent(task: CalendarTask): GridEvent {
  const day = deadlineDay(task.deadline);
  return {
    id: `task:${task.id}`,
    title: task.name,
    start: day,
    end: day,
    allDay: true,
    editable: false,
    classNames: ['calendar-task', ...(task.done ? ['calendar-task-done'] : [])],
    extendedProps: { kind: 'task', task },
  };
}

/** Where a deadline opens: the task's panel on its space's board (SPEC §2). */
export function taskPath(task: Pick<CalendarTask, 'id' | 'project'>): string {
  return `/${task.project}/tasks/d/${task.id}`;
}

export const recurrenceKeys = ['none', 'daily', 'weekly', 'monthly', 'weekdays'] as const;
export type RecurrenceKey = (typeof recurrenceKeys)[number];

/** What the event form holds: times as the inputs show them (local, minutes), people as ids and addresses. */
export interface EventForm {
  title: string;
  description: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's zone, or `YYYY-MM-DD` when all day. */
  start: string;
  end: string;
  allDay: boolean;
  type: 'event' | 'meeting';
  recurring: RecurrenceKey | 'custom';
  /** `YYYY-MM-DD`, the last day of the series; empty for endless. */
  until: string;
  location: string;
  invited: string[];
  guests: string[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value of an instant, in the browser's zone. */
export function toLocalInput(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` value (the browser's zone), as UTC ISO; null when it is not a time. */
export function fromLocalInput(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A new event's form: a selection in the grid (end exclusive), or the next full hour for an hour. */
export function newEventForm(selection?: { start: Date; end: Date; allDay: boolean }, now = new Date()): EventForm {
  const base = {
    title: '',
    description: '',
    type: 'event' as const,
    recurring: 'none' as const,
    until: '',
    location: '',
    invited: [],
    guests: [],
  };
  if (selection?.allDay) {
    return { ...base, allDay: true, start: localDay(selection.start), end: previousDay(localDay(selection.end)) };
  }
  const start = selection?.start ?? new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  const end = selection?.end ?? new Date(start.getTime() + 3_600_000);
  return { ...base, allDay: false, start: toLocalInput(start), end: toLocalInput(end) };
}

/** The form of an event being edited, with the times of the occurrence acted on when there is one. */
export function eventToForm(event: CalendarEvent, occurrence?: { start: string; end: string }): EventForm {
  const start = occurrence?.start ?? event.startDate;
  const end = occurrence?.end ?? event.endDate;
  const recurring = (recurrenceKeys as readonly string[]).includes(event.recurring) ? (event.recurring as RecurrenceKey) : 'custom';
  return {
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    start: event.allDay ? allDayDate(start) : toLocalInput(new Date(start)),
    // An all-day event's end is exclusive on the server (the day after); the form shows its last day.
    end: event.allDay ? previousDay(allDayDate(end)) : toLocalInput(new Date(end)),
    type: event.type === 'meeting' ? 'meeting' : 'event',
    recurring,
    until: event.until ? localDay(new Date(event.until)) : '',
    location: event.location ?? '',
    // usersInvited lists everyone invited whatever their answer; guests are in it too, by e-mail only.
    invited: event.usersInvited.flatMap((person) => (person.user && person.user !== event.author.user ? [person.user] : [])),
    guests: [...event.guests],
  };
}

export type FormProblem = 'titleRequired' | 'timeInvalid' | 'endBeforeStart' | 'untilBeforeStart' | 'guestInvalid';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** The times the server takes: instants with the zone; an all-day event runs from its first day's midnight to the day after its last. */
export function formTimes(form: EventForm): { startDate: string; endDate: string } | null {
  if (form.allDay) {
    if (!dateOnly.test(form.start) || !dateOnly.test(form.end)) return null;
    return { startDate: `${form.start}T00:00:00.000Z`, endDate: `${nextDay(form.end)}T00:00:00.000Z` };
  }
  const startDate = fromLocalInput(form.start);
  const endDate = fromLocalInput(form.end);
  return startDate && endDate ? { startDate, endDate } : null;
}

/** What is wrong with the form, field by field, before anything is sent (the server checks again). */
export function formProblems(form: EventForm): Partial<Record<'title' | 'end' | 'until' | 'guests', FormProblem>> {
  const problems: Partial<Record<'title' | 'end' | 'until' | 'guests', FormProblem>> = {};
  if (form.title.trim() === '') problems.title = 'titleRequired';
  const times = formTimes(form);
  if (!times) problems.end = 'timeInvalid';
  else if (form.allDay ? times.endDate <= times.startDate : new Date(times.endDate) <= new Date(times.startDate))
    problems.end = 'endBeforeStart';
  if (form.recurring !== 'none' && form.until && form.until < form.start.slice(0, 10)) {
    problems.until = 'untilBeforeStart';
  }
  if (form.guests.some((guest) => !isEmail(guest))) problems.guests = 'guestInvalid';
  return problems;
}

/** The end of the series' last day in the browser's zone, as the server's `until` (UTC ISO). */
export function untilInstant(until: string): string | null {
  if (!dateOnly.test(until)) return null;
  return new Date(`${until}T23:59:59.999`).toISOString();
}

/** setEvent's variables for a valid form. */
export function createVariables(form: EventForm, timeZone = browserTimeZone()) {
  const times = formTimes(form);
  if (!times) throw new Error('The form has no valid times.');
  const until = form.recurring !== 'none' ? untilInstant(form.until) : null;
  return {
    title: form.title.trim(),
    description: form.description,
    ...times,
    type: form.type,
    recurring: form.recurring === 'custom' ? 'none' : form.recurring,
    timeZone,
    allDay: form.allDay,
    location: form.location.trim() || null,
    invited: form.invited,
    guests: form.guests.map((guest) => guest.trim()),
    ...(until ? { until } : {}),
  };
}

/** ediEvent's fields for a form: a custom imported rule is left alone unless the user chose another. */
export function editVariables(form: EventForm, timeZone = browserTimeZone()) {
  const { recurring, until, ...rest } = createVariables(form, timeZone);
  const series = form.recurring === 'custom' ? {} : { recurring, until: until ?? null };
  return { ...rest, ...series };
}

export type EditScope = 'this' | 'following' | 'all';

/** Whether an entry is one occurrence of a series: then a change asks which occurrences it is for. */
export function isOccurrence(entry: Pick<CalendarEntry, 'occurrence' | 'recurring'>): boolean {
  return entry.occurrence !== null && entry.occurrence !== undefined;
}

/** The scope arguments of an edit or delete: none for a single event. */
export function scopeVariables(entry: Pick<CalendarEntry, 'occurrence' | 'recurring'>, scope: EditScope | null) {
  return isOccurrence(entry) && scope ? { scope, occurrence: entry.occurrence } : {};
}

/** A moved or resized entry's new times, in the server's shape. */
export function movedTimes(start: Date, end: Date | null, allDay: boolean): { startDate: string; endDate: string; allDay: boolean } {
  if (allDay) {
    const first = localDay(start);
    const after = end ? localDay(end) : nextDay(first);
    return { startDate: `${first}T00:00:00.000Z`, endDate: `${after}T00:00:00.000Z`, allDay: true };
  }
  const finish = end ?? new Date(start.getTime() + 3_600_000);
  return { startDate: start.toISOString(), endDate: finish.toISOString(), allDay: false };
}

export type EventResponse = 'accept' | 'reject' | 'join' | 'rejoin' | 'leave';

/**
 * The answers open to the caller (SPEC §4): invited → accept or reject; accepted → reject or leave; rejected →
 * rejoin or leave; not on the lists (a meeting link brought them) → join. The author answers nothing.
 */
export function responsesFor(event: Pick<CalendarEvent, 'myResponse' | 'author'>, me: string | undefined): EventResponse[] {
  if (me && event.author.user === me) return [];
  switch (event.myResponse) {
    case 'invited':
      return ['accept', 'reject'];
    case 'accepted':
      return ['reject', 'leave'];
    case 'rejected':
      return ['rejoin', 'leave'];
    default:
      return ['join'];
  }
}

/** The range the server is asked for: the view's, at most 370 days (the server's limit). */
export function rangeVariables(start: Date, end: Date): { start: string; end: string } {
  const limit = start.getTime() + 370 * 86_400_000;
  return { start: start.toISOString(), end: new Date(Math.min(end.getTime(), limit)).toISOString() };
}

/**
 * After "all events" moved a series by dragging one occurrence, that occurrence's original start moved as much: the
 * occurrence an undo names.
 */
export function shiftedOccurrence(occurrence: string, from: string, to: string): string {
  return new Date(Date.parse(occurrence) + Date.parse(to) - Date.parse(from)).toISOString();
}
