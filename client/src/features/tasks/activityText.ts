/** How one change of a task's history reads: field names and values in words, not ids. */
import { taskPriorityFromValue, type TaskPriority } from '#shared/tasks';
import { isTaskLengthUnit, type TaskLengthUnit } from '#shared/taskRules';

/** Fields the history names; anything newer shows under its raw name rather than disappearing. */
export const activityFields = [
  'name',
  'stateId',
  'assigneeIds',
  'tagIds',
  'sprintId',
  'deadline',
  'priority',
  'length',
  'cover',
  'description',
  'parentTaskId',
  'color',
  'letter',
  'project',
  'idCode',
  'followers',
  'duplicateOf',
] as const;
export type ActivityField = (typeof activityFields)[number];

export const isActivityField = (field: string): field is ActivityField => (activityFields as readonly string[]).includes(field);

/** Fields whose values are too long or opaque to quote: the entry only says they changed. */
const unquoted = new Set<string>(['description', 'cover', 'color']);

export interface ActivityLookup {
  section: (id: string) => string | undefined;
  person: (id: string) => string | undefined;
  tag: (id: string) => string | undefined;
  task: (id: string) => string | undefined;
  priority: (priority: TaskPriority) => string;
  unit: (unit: TaskLengthUnit) => string;
  unknown: string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value in words, or null when empty (then the entry reads "set" or "cleared"). */
export function activityValue(field: string, value: unknown, lookup: ActivityLookup): string | null {
  if (isEmpty(value)) return null;
  const name = (id: unknown, find: (id: string) => string | undefined) => find(String(id)) ?? lookup.unknown;
  switch (field) {
    case 'stateId':
      return name(value, lookup.section);
    case 'assigneeIds':
    case 'followers':
      return (Array.isArray(value) ? value : [value]).map((id) => name(id, lookup.person)).join(', ');
    case 'tagIds':
      return (Array.isArray(value) ? value : [value]).map((id) => name(id, lookup.tag)).join(', ');
    case 'sprintId':
      return name(value, lookup.tag);
    case 'parentTaskId':
    case 'duplicateOf':
      return name(value, lookup.task);
    case 'priority':
      return lookup.priority(taskPriorityFromValue(Number(value)));
    case 'length': {
      const length = value as { amount?: unknown; unit?: unknown };
      return isTaskLengthUnit(length.unit) ? `${String(length.amount)} ${lookup.unit(length.unit)}` : lookup.unknown;
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : lookup.unknown;
  }
}

export type ActivityPhrase = 'changed' | 'set' | 'cleared' | 'changedOnly';

/** Which sentence an entry uses, with the values it quotes. */
export function activityPhrase(
  field: string,
  from: unknown,
  to: unknown,
  lookup: ActivityLookup,
): { phrase: ActivityPhrase; from: string; to: string } {
  if (unquoted.has(field)) return { phrase: 'changedOnly', from: '', to: '' };
  const before = activityValue(field, from, lookup);
  const after = activityValue(field, to, lookup);
  if (before === null && after === null) return { phrase: 'changedOnly', from: '', to: '' };
  if (before === null) return { phrase: 'set', from: '', to: after! };
  if (after === null) return { phrase: 'cleared', from: before, to: '' };
  return { phrase: 'changed', from: before, to: after };
}
