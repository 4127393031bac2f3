import { fallbackLanguage, isSupportedLanguage, type Language } from './constants';
import { isOneOf } from './guards';
import { standupActivityKinds, type StandupActivityKind } from './reports';

/**
 * A space's standup posted to its channel (issue 18): the schedule a space admin sets, and the chat entry the
 * server writes each scheduled morning (a message of type "standup" whose body is this module's JSON).
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const defaultStandupWeekdays: readonly number[] = [1, 2, 3, 4, 5];
export const defaultStandupTime = '09:00';

/** A local time of day on the 24-hour clock, "HH:MM" (00:00 to 23:59). */
export function isStandupTime(value: unknown): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** At least one weekday, each 1 to 7 once. */
export function isStandupWeekdays(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((day) => Number.isInteger(day) && day >= 1 && day <= 7) &&
    new Set(value).size === value.length
  );
}

/** Minutes after midnight of an "HH:MM" time. */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export interface ZonedMoment {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** ISO weekday of that date, 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** Minutes after local midnight. */
  minutes: number;
}

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat costs far more than using it, and the standup
 * job reads every schedule's zone each minute. A cache of pure functions of the zone name, bounded by the zones there are.
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Where an instant falls in a time zone: its local date, weekday and time of day. */
export function zonedMoment(instant: Date, timeZone: string): ZonedMoment {
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  // The weekday of a calendar date is the same everywhere: read it from that date at UTC noon.
  const weekday = ((new Date(`${date}T12:00:00.000Z`).getUTCDay() + 6) % 7) + 1;
  return { date, weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

export interface StandupSchedule {
  enabled: boolean;
  time: string;
  timeZone: string;
  weekdays: readonly number[];
}

/**
 * The local date whose standup is due at `now`, or null: due on a chosen weekday once the local time has reached
 * the chosen time, and only that same local day (a morning missed while the server was down is posted when it is
 * back before midnight; a day that went by entirely is not posted late). `lastDate` is the last date posted (or passed
 * over), after which it is due again.
 */
export function dueStandupDate(schedule: StandupSchedule, now: Date, lastDate: string | null): string | null {
  if (!schedule.enabled) return null;
  const local = zonedMoment(now, schedule.timeZone);
  if (!schedule.weekdays.includes(local.weekday)) return null;
  if (local.minutes < minutesOfDay(schedule.time)) return null;
  // Dates written YYYY-MM-DD compare as text; a clock set back never posts a day before the last one again.
  return lastDate !== null && local.date <= lastDate ? null : local.date;
}

/** A standup entry names at most this many lines and overdue tasks per person; the rest are counted. */
export const standupEntryLimits = { linesPerMember: 20, overduePerMember: 10 } as const;

export interface StandupEntryLine {
  kind: StandupActivityKind;
  task: string;
  idCode: string;
  name: string;
  link: string;
}

export interface StandupEntryOverdue {
  task: string;
  idCode: string;
  name: string;
  /** The task's deadline as stored. */
  deadline: string;
  link: string;
}

export interface StandupEntryMember {
  user: string;
  /** The person's name when the entry was written. */
  name: string;
  lines: StandupEntryLine[];
  /** Lines beyond standupEntryLimits.linesPerMember, counted only. */
  moreLines: number;
  overdue: StandupEntryOverdue[];
  moreOverdue: number;
}

/** The body of a chat message of type "standup": JSON, never Markdown. */
export interface StandupEntryBody {
  project: string;
  /** The local date of the post in the schedule's zone. */
  date: string;
  timeZone: string;
  /** The activity covered: from the previous post (or the start of the day before) until the post. */
  from: string;
  until: string;
  /** The language the space's standup speaks: that of the admin who set the schedule. */
  language: Language;
  members: StandupEntryMember[];
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const fieldsOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function parseLine(value: unknown): StandupEntryLine | null {
  const fields = fieldsOf(value);
  if (!fields || !isOneOf(standupActivityKinds, fields.kind)) return null;
  const { task, idCode, name, link } = fields;
  return isText(task) && isText(idCode) && isText(name) && isText(link) ? { kind: fields.kind, task, idCode, name, link } : null;
}

function parseOverdue(value: unknown): StandupEntryOverdue | null {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const { task, idCode, name, deadline, link } = fields;
  return isText(task) && isText(idCode) && isText(name) && isText(deadline) && isText(link) ? { task, idCode, name, deadline, link } : null;
}

function parseMember(value: unknown): StandupEntryMember | null {
  const fields = fieldsOf(value);
  if (!fields || !isText(fields.user) || !isText(fields.name) || !Array.isArray(fields.lines) || !Array.isArray(fields.overdue))
    return null;
  const lines = fields.lines.map(parseLine);
  const overdue = fields.overdue.map(parseOverdue);
  if (lines.includes(null) || overdue.includes(null)) return null;
  return {
    user: fields.user,
    name: fields.name,
    lines: lines as StandupEntryLine[],
    moreLines: isCount(fields.moreLines) ? fields.moreLines : 0,
    overdue: overdue as StandupEntryOverdue[],
    moreOverdue: isCount(fields.moreOverdue) ? fields.moreOverdue : 0,
  };
}

/** The entry's fields, or null when the body is not a standup entry's JSON (then none of it is shown as text). */
export function parseStandupEntry(body: string): StandupEntryBody | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const fields = fieldsOf(value);
  if (!fields || !Array.isArray(fields.members)) return null;
  const { project, date, timeZone, from, until, language } = fields;
  if (!isText(project) || !isText(date) || !isText(timeZone) || !isText(from) || !isText(until)) return null;
  const members = fields.members.map(parseMember);
  if (members.includes(null)) return null;
  return {
    project,
    date,
    timeZone,
    from,
    until,
    language: isSupportedLanguage(language) ? language : fallbackLanguage,
    members: members as StandupEntryMember[],
  };
}
