/**
 * How the tasks area groups and filters a space's tasks (SPEC §4): pure rules shared by every
 * view, so the board, the list and any future report agree on which task lands where.
 */
import { dueDateGroup, dueDateGroups, taskPriorities, taskPriorityFromValue, type DueDateGroup } from './tasks';

/** What a task needs for grouping and filtering: a structural subset of the API's Task. */
export interface GroupableTask {
  id: string;
  state: string;
  priority: number;
  deadline: string | null;
  users: readonly { id: string }[];
  tags: readonly { id: string }[];
  sprint: { id: string } | null;
}

export const taskGroupings = ['section', 'dueDate', 'assignee', 'priority'] as const;
export type TaskGrouping = (typeof taskGroupings)[number];

export const isTaskGrouping = (value: unknown): value is TaskGrouping =>
  typeof value === 'string' && (taskGroupings as readonly string[]).includes(value);

/** The key of the "nobody assigned" group and filter value; no user id can collide with it. */
export const unassignedKey = 'unassigned';

export interface TaskGroup<T> {
  /** A section id, a due-date group, a user id (or unassignedKey) or a priority name. */
  key: string;
  tasks: T[];
}

export interface GroupingContext {
  /** Section ids in board order. */
  sectionIds: readonly string[];
  /** Assignee ids in display order (by name); unknown assignees are appended. */
  assigneeIds?: readonly string[];
  now: Date;
  timeZone?: string;
}

function bucket<T>(keys: readonly string[]): Map<string, T[]> {
  return new Map(keys.map((key) => [key, [] as T[]]));
}

/**
 * Splits tasks into ordered groups. Sections and due-date groups are always all present (an empty
 * section is still a place to add tasks); priority groups run urgent first; a task with several
 * assignees appears under each of them, and one with none under unassignedKey (last). Within a
 * group the input order is kept, so callers sort first.
 */
export function groupTasks<T extends GroupableTask>(tasks: readonly T[], grouping: TaskGrouping, context: GroupingContext): TaskGroup<T>[] {
  let groups: Map<string, T[]>;
  if (grouping === 'section') {
    groups = bucket(context.sectionIds);
    for (const task of tasks) groups.get(task.state)?.push(task);
  } else if (grouping === 'dueDate') {
    groups = bucket<T>(dueDateGroups);
    for (const task of tasks) groups.get(dueDateGroup(task.deadline, context.now, context.timeZone))!.push(task);
  } else if (grouping === 'priority') {
    groups = bucket<T>([...taskPriorities].reverse());
    for (const task of tasks) groups.get(taskPriorityFromValue(task.priority))!.push(task);
  } else {
    groups = bucket(context.assigneeIds ?? []);
    const unassigned: T[] = [];
    for (const task of tasks) {
      if (task.users.length === 0) unassigned.push(task);
      for (const user of task.users) {
        const list = groups.get(user.id);
        if (list) list.push(task);
        else groups.set(user.id, [task]);
      }
    }
    groups.set(unassignedKey, unassigned);
    for (const [key, list] of groups) if (list.length === 0 && key !== unassignedKey) groups.delete(key);
  }
  return [...groups].map(([key, list]) => ({ key, tasks: list }));
}

/** The due-date group keys, typed, for callers that label them. */
export const dueDateGroupKeys: readonly DueDateGroup[] = dueDateGroups;

/** Active filters; an empty list means "any". Priorities are the stored integers. */
export interface TaskFilter {
  tags: readonly string[];
  sprints: readonly string[];
  /** User ids, or unassignedKey for tasks without assignees. */
  assignees: readonly string[];
  priorities: readonly number[];
}

export const emptyTaskFilter: TaskFilter = { tags: [], sprints: [], assignees: [], priorities: [] };

export function isFilterEmpty(filter: TaskFilter): boolean {
  return filter.tags.length + filter.sprints.length + filter.assignees.length + filter.priorities.length === 0;
}

/**
 * Whether a task passes the filter: values of one kind are alternatives (tag A or tag B), kinds
 * combine (a tag and an assignee), as filter bars in issue trackers do.
 */
export function matchesFilter(task: GroupableTask, filter: TaskFilter): boolean {
  if (filter.tags.length > 0 && !task.tags.some((tag) => filter.tags.includes(tag.id))) return false;
  if (filter.sprints.length > 0 && !(task.sprint && filter.sprints.includes(task.sprint.id))) return false;
  if (filter.priorities.length > 0 && !filter.priorities.includes(task.priority)) return false;
  if (filter.assignees.length > 0) {
    const unassignedWanted = filter.assignees.includes(unassignedKey) && task.users.length === 0;
    if (!unassignedWanted && !task.users.some((user) => filter.assignees.includes(user.id))) return false;
  }
  return true;
}

/** Adds the value when absent, removes it when present. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}
