import { isAcceptablePosition } from '#shared/ordering';
import { isTaskLengthUnit, maximumTaskLengthAmount, normalizeDeadline, taskNameLength } from '#shared/taskRules';
import { taskColors, taskPriorities } from '#shared/tasks';
import { codedError } from '../../errors';
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

const maximumLinks = 100;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function taskName(value: string): string {
  const name = value.trim();
  if (name.length < taskNameLength.minimum) throw codedError('TASK_NAME_REQUIRED', { field: 'name' });
  if (name.length > taskNameLength.maximum)
    throw codedError('TASK_NAME_TOO_LONG', { params: { maximum: taskNameLength.maximum }, field: 'name' });
  return name;
}

/** A position outside the accepted range (NaN, ±Infinity from a literal like 1e999, ±1e308) is refused before anything is read. */
export function position(value: number, field: string): number {
  if (!isAcceptablePosition(value)) throw codedError('POSITION_OUT_OF_RANGE', { field });
  return value;
}

function ids(value: string[], field: string): string[] {
  if (value.length > maximumLinks) throw codedError('TOO_MANY_ITEMS', { params: { maximum: maximumLinks }, field });
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
    if (!color) throw codedError('TASK_COLOR_INVALID', { params: { count: taskColors.length }, field: 'color' });
    fields.color = color;
  }
  if ('cover' in args) {
    if (cleared(args.cover)) fields.cover = null;
    // A task's own image file is checked against the task by the command (checkFileCover).
    else if (isAllowedImage(args.cover) || fileIdOfCover(args.cover) !== null) fields.cover = args.cover!;
    else throw codedError('TASK_COVER_INVALID', { field: 'cover' });
  }
  if ('letter' in args) {
    const letter = args.letter?.trim() ?? '';
    if (letter !== '' && [...graphemes.segment(letter)].length !== 1) throw codedError('TASK_LETTER_INVALID', { field: 'letter' });
    fields.letter = letter === '' ? null : letter;
  }
  if (typeof args.priority === 'number') {
    if (!Number.isInteger(args.priority) || args.priority < 0 || args.priority >= taskPriorities.length) {
      throw codedError('PRIORITY_INVALID', { field: 'priority' });
    }
    fields.priority = args.priority;
  }
  if ('deadline' in args) {
    if (cleared(args.deadline)) fields.deadline = null;
    else {
      const deadline = normalizeDeadline(args.deadline!);
      if (deadline === null) throw codedError('DEADLINE_INVALID', { field: 'deadline' });
      fields.deadline = deadline;
    }
  }
  if ('length' in args) {
    const length = args.length;
    if (length === null || length === undefined) fields.length = null;
    else {
      if (!isTaskLengthUnit(length.unit)) throw codedError('ESTIMATE_UNIT_INVALID', { field: 'length.unit' });
      if (!Number.isFinite(length.amount) || length.amount <= 0 || length.amount > maximumTaskLengthAmount) {
        throw codedError('ESTIMATE_AMOUNT_INVALID', { params: { maximum: maximumTaskLengthAmount }, field: 'length.amount' });
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
