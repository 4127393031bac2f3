import { isAcceptablePosition, positionOutOfRangeMessage } from '#shared/ordering';
import { isTaskLengthUnit, maximumTaskLengthAmount, normalizeDeadline, taskMessages, taskNameLength } from '#shared/taskRules';
import { taskColors, taskPriorities } from '#shared/tasks';
import { DomainError } from '../../errors';
import { fileIdOfCover, isAllowedImage } from './covers';
import { cleanDescription } from './description';
import type { TaskFields } from './events';

/** Arguments of setTask and ediTask as GraphQL hands them over. */
export interface TaskArguments {
  name?: string | null;
  state?: string | null;
  description?: unknown;
  color?: string | null;
  cover?: string | null;
  letter?: string | null;
  priority?: number | null;
  deadline?: string | null;
  length?: { amount: number; unit: string } | null;
  parentTask?: string | null;
  sprint?: string | null;
  tags?: string[] | null;
  users?: string[] | null;
  positionSection?: number | null;
  positionDuedate?: number | null;
  positionAsignee?: number | null;
}

const badInput = (message: string) => new DomainError('BAD_USER_INPUT', message);
const maximumLinks = 100;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function taskName(value: string): string {
  const name = value.trim();
  if (name.length < taskNameLength.minimum) throw badInput(taskMessages.nameRequired);
  if (name.length > taskNameLength.maximum) throw badInput(taskMessages.nameTooLong);
  return name;
}

/** A position outside the accepted range (NaN, ±Infinity from a literal like 1e999, ±1e308) is refused before anything is read. */
export function position(value: number, field: string): number {
  if (!isAcceptablePosition(value)) throw new DomainError('BAD_USER_INPUT', positionOutOfRangeMessage(field), { field });
  return value;
}

function ids(value: string[], field: string): string[] {
  if (value.length > maximumLinks) throw badInput(`Use at most ${maximumLinks} ${field}.`);
  return [...new Set(value)];
}

/** "" and null both clear an optional text field. */
const cleared = (value: string | null | undefined) => value === null || value === '';

/**
 * Task fields from arguments, checked for form (references are checked against the space by the
 * command). A missing argument changes nothing; null (or "") clears what can be cleared: letter,
 * description, cover, deadline, length, parentTask, sprint. `tags: []` and `users: []` empty those lists.
 */
export function parseTaskArguments(args: TaskArguments): Partial<TaskFields> {
  const fields: Partial<TaskFields> = {};
  if (typeof args.name === 'string') fields.name = taskName(args.name);
  if (typeof args.state === 'string') fields.stateId = args.state;
  if ('description' in args) fields.description = cleanDescription(args.description);
  if (typeof args.color === 'string') {
    const color = taskColors.find((candidate) => candidate.toLowerCase() === args.color!.trim().toLowerCase());
    if (!color) throw badInput(taskMessages.colorNotInPalette);
    fields.color = color;
  }
  if ('cover' in args) {
    if (cleared(args.cover)) fields.cover = null;
    // A task's own image file is checked against the task by the command (checkFileCover).
    else if (isAllowedImage(args.cover) || fileIdOfCover(args.cover) !== null) fields.cover = args.cover!;
    else throw badInput(taskMessages.coverNotAllowed);
  }
  if ('letter' in args) {
    const letter = args.letter?.trim() ?? '';
    if (letter !== '' && [...graphemes.segment(letter)].length !== 1) throw badInput('Use a single character for the letter.');
    fields.letter = letter === '' ? null : letter;
  }
  if (typeof args.priority === 'number') {
    if (!Number.isInteger(args.priority) || args.priority < 0 || args.priority >= taskPriorities.length) {
      throw badInput('Priority is 0 (low), 1 (normal), 2 (high) or 3 (urgent).');
    }
    fields.priority = args.priority;
  }
  if ('deadline' in args) {
    if (cleared(args.deadline)) fields.deadline = null;
    else {
      const deadline = normalizeDeadline(args.deadline!);
      if (deadline === null) throw badInput(taskMessages.deadlineFormat);
      fields.deadline = deadline;
    }
  }
  if ('length' in args) {
    const length = args.length;
    if (length === null || length === undefined) fields.length = null;
    else {
      if (!isTaskLengthUnit(length.unit)) throw badInput('Give the estimate in minutes, hours, days or weeks.');
      if (!Number.isFinite(length.amount) || length.amount <= 0 || length.amount > maximumTaskLengthAmount) {
        throw badInput(`The estimate must be more than 0 and at most ${maximumTaskLengthAmount}.`);
      }
      fields.length = { amount: length.amount, unit: length.unit };
    }
  }
  if ('parentTask' in args) fields.parentTaskId = cleared(args.parentTask) ? null : args.parentTask!;
  if ('sprint' in args) fields.sprintId = cleared(args.sprint) ? null : args.sprint!;
  if (Array.isArray(args.tags)) fields.tagIds = ids(args.tags, 'tags');
  if (Array.isArray(args.users)) fields.assigneeIds = ids(args.users, 'assignees');
  if (typeof args.positionSection === 'number') fields.positionSection = position(args.positionSection, 'positionSection');
  if (typeof args.positionDuedate === 'number') fields.positionDuedate = position(args.positionDuedate, 'positionDuedate');
  if (typeof args.positionAsignee === 'number') fields.positionAsignee = position(args.positionAsignee, 'positionAsignee');
  return fields;
}
