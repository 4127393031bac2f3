import { isOneOf } from './guards';

/** SPEC §5: a task needs a name. Trimmed, 1 to 500 characters: a title, not a document. */
export const taskNameLength = { minimum: 1, maximum: 500 } as const;

/** SPEC §3 Task.length: an estimate in one of these units. */
export const taskLengthUnits = ['minutes', 'hours', 'days', 'weeks'] as const;
export type TaskLengthUnit = (typeof taskLengthUnits)[number];
export const isTaskLengthUnit = (value: unknown): value is TaskLengthUnit => isOneOf(taskLengthUnits, value);
export const maximumTaskLengthAmount = 10_000;

/** Names and tags of sections, tags and sprints. */
export const sectionNameLength = { minimum: 1, maximum: 60 } as const;
export const tagNameLength = { minimum: 1, maximum: 50 } as const;
/** Section icons are indexes into the client's icon set. */
export const maximumSectionIcon = 99;

/** The sections a new space starts with, in its owner's language (English for anything else). */
export const defaultSectionNames: Readonly<Record<string, readonly [string, string, string]>> = {
  en: ['To do', 'In progress', 'Done'],
  es: ['Por hacer', 'En curso', 'Hecho'],
  fr: ['À faire', 'En cours', 'Terminé'],
  it: ['Da fare', 'In corso', 'Fatto'],
  pt: ['A fazer', 'Em andamento', 'Concluído'],
  de: ['Zu erledigen', 'In Arbeit', 'Erledigt'],
};

export function defaultSectionsFor(language: string): readonly [string, string, string] {
  return defaultSectionNames[language] ?? defaultSectionNames.en!;
}

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * True when the day exists: JavaScript's dates roll 2025-02-30 over to March, so a day that is not in the
 * calendar does not come back unchanged. Date.UTC also reads the years 0 to 99 as 1900 to 1999, so the years
 * 0000 to 0099 do not come back either and are refused; the due-date groups (tasks.ts) read stored dates
 * with Date.UTC too.
 */
function isCalendarDate(year: string, month: string, day: string): boolean {
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).toISOString().slice(0, 10) === `${year}-${month}-${day}`;
}

/**
 * A deadline as stored: a calendar date ("2025-06-15", the same day everywhere) or an instant with
 * its zone ("2025-06-15T17:00:00+02:00", stored in UTC). Null for anything else, so the caller can
 * refuse it; a date-time without a zone is refused because nobody could tell which 17:00 it meant.
 */
export function normalizeDeadline(value: string): string | null {
  const text = value.trim();
  const dateOnly = dateOnlyPattern.exec(text);
  if (dateOnly) return isCalendarDate(dateOnly[1]!, dateOnly[2]!, dateOnly[3]!) ? text : null;
  const dateTime = dateTimePattern.exec(text);
  if (!dateTime || !isCalendarDate(dateTime[1]!, dateTime[2]!, dateTime[3]!)) return null;
  // Node parses every date-time the pattern admits (digits past the milliseconds are dropped), so the instant is valid.
  return new Date(text).toISOString();
}

/** Messages of the tasks area; the client translates by code and falls back to these. */
export const taskMessages = {
  /** SPEC §8: the client retries getTask once on exactly this message. */
  wrongTask: 'Wrong Task',
  nameRequired: 'Enter a task name.',
  nameTooLong: `Use at most ${taskNameLength.maximum} characters for the task name.`,
  deadlineFormat: 'Use a date like 2025-06-15, or a date and time with its zone like 2025-06-15T17:00:00Z.',
  parentCycle: 'A task cannot be placed inside itself or one of its own subtasks.',
  parentOtherSpace: 'Choose a parent task of the same space.',
  tagOtherSpace: 'Choose tags of this task’s space.',
  sprintOtherSpace: 'Choose a sprint of this task’s space.',
  sectionOtherSpace: 'Choose a section of this task’s space.',
  sectionNotFound: 'This section does not exist or you cannot see it.',
  tagNotFound: 'This tag does not exist or you cannot see it.',
  lastSection: 'A space keeps at least one section. Add another section before deleting this one.',
  moveToSameSection: 'Choose another section of this space to move the tasks to.',
  moveToMissing: 'Choose the section its tasks move to.',
  assigneeNotInSpace: 'Assign only people who can see this space.',
  unfollowAssignee: 'Assignees follow their tasks automatically. Unassign yourself to stop following.',
  colorNotInPalette: 'Choose one of the 12 task colours.',
  coverNotAllowed: 'Choose a suggested cover or an uploaded image.',
  coverFileNotAllowed: 'Use an image uploaded to this task as its cover.',
  tagNameTaken: 'This space already has a tag or sprint with that name.',
  otherTeamSpace: 'Tasks move only between spaces of the same team.',
  descriptionTooLarge: 'The description is too long.',
  descriptionInvalid: 'The description is not valid rich text.',
} as const;
