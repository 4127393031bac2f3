import { isOneOf } from './guards';

/**
 * SPEC §9: the 12 task colours. Mid-tone hues chosen so that each has at least 3:1 contrast
 * (WCAG non-text contrast) against both a white page and a near-black dark theme (#18181B),
 * and so that neighbouring hues stay apart.
 */
export const taskColors = [
  '#E5484D', // red
  '#EA580C', // orange
  '#B7791F', // ochre
  '#65A30D', // lime
  '#16A34A', // green
  '#0D9488', // teal
  '#0891B2', // cyan
  '#3B82F6', // blue
  '#6366F1', // indigo
  '#A855F7', // purple
  '#EC4899', // pink
  '#64748B', // slate
] as const;
export type TaskColor = (typeof taskColors)[number];

/** SPEC §4 priorities, lowest first. Task.priority stores the index: low 0, normal 1, high 2, urgent 3. */
export const taskPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const defaultTaskPriority: TaskPriority = 'normal';

export function isTaskPriority(value: unknown): value is TaskPriority {
  return isOneOf(taskPriorities, value);
}

/** The integer stored for a priority; ordering by it sorts urgent above low. */
export function taskPriorityValue(priority: TaskPriority): number {
  return taskPriorities.indexOf(priority);
}

/** The priority of a stored integer; anything outside 0..3 reads as the default, normal. */
export function taskPriorityFromValue(value: number): TaskPriority {
  return taskPriorities[value] ?? defaultTaskPriority;
}

/** SPEC §4 due-date groups, in SPEC order. */
export const dueDateGroups = ['today', 'overdue', 'next7Days', 'later', 'noDueDate'] as const;
export type DueDateGroup = (typeof dueDateGroups)[number];

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const millisecondsPerDay = 24 * 60 * 60 * 1000;
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function calendarDayInZone(instant: Date, timeZone: string | undefined): number {
  const cacheKey = timeZone ?? '';
  let formatter = dateFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dateFormatters.set(cacheKey, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / millisecondsPerDay;
}

/**
 * A deadline's calendar day as a day number, or null when there is none or it cannot be read.
 * A date-only deadline ("2025-06-15") is that day everywhere: parsing it with Date would make
 * it UTC midnight, which is the previous day west of Greenwich.
 */
function deadlineDay(deadline: string | null, timeZone: string | undefined): number | null {
  if (deadline === null || deadline.trim() === '') return null;
  const dateOnly = dateOnlyPattern.exec(deadline.trim());
  if (dateOnly) return Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) / millisecondsPerDay;
  const instant = new Date(deadline);
  return Number.isNaN(instant.getTime()) ? null : calendarDayInZone(instant, timeZone);
}

/**
 * SPEC §4 due-date group of a task, comparing calendar days in `timeZone` (the host's zone when
 * omitted; the client passes the user's). Due today is "today" even when the hour has passed;
 * before today is "overdue"; 1 to 7 days ahead is "next7Days"; further is "later". A missing
 * or unreadable deadline is "noDueDate", so one bad row cannot break a board.
 */
export function dueDateGroup(deadline: string | null, now: Date, timeZone?: string): DueDateGroup {
  const due = deadlineDay(deadline, timeZone);
  if (due === null) return 'noDueDate';
  const daysAhead = due - calendarDayInZone(now, timeZone);
  if (daysAhead < 0) return 'overdue';
  if (daysAhead === 0) return 'today';
  if (daysAhead <= 7) return 'next7Days';
  return 'later';
}

/**
 * Whether a section holds finished work. Sections carry no "done" flag (SPEC §3: a value, a
 * position and an icon), so, as on a kanban board where work moves left to right and every new
 * board ends with Done, the last section of a board with more than one counts as done. Home's
 * "open tasks" are the tasks in any other section.
 */
export function isDoneSection(stateId: string, sectionIdsInOrder: readonly string[]): boolean {
  return sectionIdsInOrder.length > 1 && sectionIdsInOrder.at(-1) === stateId;
}
