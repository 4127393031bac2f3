import { needsRespacing, positionSpacing, respace, type Positioned } from '#shared/ordering';
import { taskColors } from '#shared/tasks';
import { codedError, refusal } from '../../errors';
import { diffFields } from '../fields';
import type { BoardEvent, TaskCreated, TaskEvent, TaskFields, TasksRespaced } from './events';

export interface BoardState {
  projectId: string;
  teamId: string;
  prefix: string;
  lastNumber: number;
  /** Sections in board order. */
  states: readonly { id: string; value: string; icon: number; position: number }[];
  tags: readonly { id: string; name: string; isSprint: boolean }[];
}

export interface TaskState extends TaskFields {
  id: string;
  projectId: string;
  teamId: string;
  number: number;
  idCode: string;
  authorId: string;
  followerIds: string[];
}

/** What a command needs to know about the ids it was given, read from the database by the caller. */
export interface References {
  board: BoardState;
  /** The parent asked for, with its ancestors nearest first; null when no such task exists. */
  parent?: { id: string; projectId: string; ancestorIds: readonly string[] } | null;
  /** Whether someone may see the board's space, so they can be assigned or notified. */
  canSee: (userId: string) => boolean;
}

/** An id that is not part of this space is, seen from the space, an id that does not exist. */
const unique = (ids: readonly string[]) => [...new Set(ids)];
const sameSet = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && [...left].sort().join() === [...right].sort().join();

export const idCodeOf = (prefix: string, number: number) => `${prefix}-${number}`;

/** Checks every id among `fields` against the board (and the task itself, for cycles); nothing else is read. */
export function checkReferences(fields: Partial<TaskFields>, references: References, taskId: string | null): void {
  const { board } = references;
  if (fields.stateId !== undefined && !board.states.some((state) => state.id === fields.stateId))
    throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
  for (const tagId of fields.tagIds ?? []) {
    if (!board.tags.some((tag) => tag.id === tagId && !tag.isSprint)) throw refusal('NOT_FOUND', 'TAG_OTHER_SPACE');
  }
  if (fields.sprintId && !board.tags.some((tag) => tag.id === fields.sprintId && tag.isSprint))
    throw refusal('NOT_FOUND', 'SPRINT_OTHER_SPACE');
  if (fields.parentTaskId) {
    const parent = references.parent;
    if (!parent || parent.projectId !== board.projectId) throw refusal('NOT_FOUND', 'PARENT_OTHER_SPACE');
    if (taskId !== null && (parent.id === taskId || parent.ancestorIds.includes(taskId)))
      throw codedError('PARENT_CYCLE', { field: 'parentTask' });
  }
  for (const userId of fields.assigneeIds ?? []) if (!references.canSee(userId)) throw refusal('NOT_FOUND', 'ASSIGNEE_NOT_IN_SPACE');
}

export interface NewTask {
  taskId: string;
  authorId: string;
  fields: Partial<TaskFields> & { name: string };
  /** Where the new task goes when no position is given: after the last task of its section and lists. */
  lastPositions: (stateId: string) => { section: number | null; duedate: number | null; asignee: number | null };
  duplicateOf?: string;
}

/** setTask and duplicateTask: the next number of the space, its first section unless one is chosen; the author follows it. */
export function decideCreateTask(command: NewTask, references: References): TaskEvent[] {
  const { board } = references;
  const given = { ...command.fields, tagIds: unique(command.fields.tagIds ?? []), assigneeIds: unique(command.fields.assigneeIds ?? []) };
  checkReferences(given, references, command.taskId);
  const stateId = given.stateId ?? board.states[0]?.id;
  if (stateId === undefined) throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
  const number = board.lastNumber + 1;
  const last = command.lastPositions(stateId);
  const after = (position: number | null) => (position === null ? positionSpacing : position + positionSpacing);
  const payload: TaskCreated = {
    taskId: command.taskId,
    projectId: board.projectId,
    teamId: board.teamId,
    number,
    idCode: idCodeOf(board.prefix, number),
    name: given.name,
    letter: given.letter ?? null,
    color: given.color ?? taskColors[(number - 1) % taskColors.length]!,
    description: given.description ?? null,
    cover: given.cover ?? null,
    priority: given.priority ?? 1,
    deadline: given.deadline ?? null,
    length: given.length ?? null,
    parentTaskId: given.parentTaskId ?? null,
    sprintId: given.sprintId ?? null,
    stateId,
    tagIds: given.tagIds,
    assigneeIds: given.assigneeIds,
    positionSection: given.positionSection ?? after(last.section),
    positionDuedate: given.positionDuedate ?? after(last.duedate),
    positionAsignee: given.positionAsignee ?? after(last.asignee),
    followerIds: unique([command.authorId, ...given.assigneeIds]),
    ...(command.duplicateOf ? { duplicateOf: command.duplicateOf } : {}),
  };
  return [{ type: 'task.created', payload }];
}

function sameValue(value: unknown, next: unknown): boolean {
  if (Array.isArray(value)) return sameSet(value, next as string[]);
  if (value !== null && typeof value === 'object') return JSON.stringify(value) === JSON.stringify(next);
  return value === next;
}

/** ediTask within a space: only what differs is recorded, with what it replaced; new assignees start following. */
export function decideEditTask(task: TaskState, requested: Partial<TaskFields>, references: References): TaskEvent[] {
  const given: Partial<TaskFields> = { ...requested };
  if (given.tagIds) given.tagIds = unique(given.tagIds);
  if (given.assigneeIds) given.assigneeIds = unique(given.assigneeIds);
  const { changes, previous } = diffFields<TaskFields>(task, given, (_field, value, next) => sameValue(value, next));
  if (Object.keys(changes).length === 0) return [];
  checkReferences(changes, references, task.id);
  const followersAdded = (changes.assigneeIds ?? []).filter((userId) => !task.followerIds.includes(userId));
  return [{ type: 'task.updated', payload: { taskId: task.id, projectId: task.projectId, changes, previous, followersAdded } }];
}

/** followTask: following twice changes nothing. */
export function decideFollow(task: TaskState, userId: string): TaskEvent[] {
  if (task.followerIds.includes(userId)) return [];
  return [{ type: 'task.followed', payload: { taskId: task.id, projectId: task.projectId, userId } }];
}

/** unfollowTask: SPEC §4, assignees follow their tasks and cannot stop while assigned. */
export function decideUnfollow(task: TaskState, userId: string): TaskEvent[] {
  if (task.assigneeIds.includes(userId)) throw codedError('UNFOLLOW_ASSIGNEE');
  if (!task.followerIds.includes(userId)) return [];
  return [{ type: 'task.unfollowed', payload: { taskId: task.id, projectId: task.projectId, userId } }];
}

/**
 * delTask: the task goes; its subtasks either go with it (every level below) or, when kept,
 * its direct subtasks become top-level tasks (theirs stay under them). Events by task id.
 */
export function decideDeleteTask(
  task: TaskState,
  descendants: readonly Pick<TaskState, 'id' | 'projectId' | 'idCode' | 'name' | 'parentTaskId'>[],
  deleteSubtasks: boolean,
): Map<string, TaskEvent[]> {
  const decided = new Map<string, TaskEvent[]>([
    [
      task.id,
      [
        {
          type: 'task.deleted',
          payload: { taskId: task.id, projectId: task.projectId, idCode: task.idCode, name: task.name, withParent: null },
        },
      ],
    ],
  ]);
  for (const subtask of descendants) {
    if (deleteSubtasks) {
      decided.set(subtask.id, [
        {
          type: 'task.deleted',
          payload: { taskId: subtask.id, projectId: subtask.projectId, idCode: subtask.idCode, name: subtask.name, withParent: task.id },
        },
      ]);
    } else if (subtask.parentTaskId === task.id) {
      decided.set(subtask.id, [
        {
          type: 'task.updated',
          payload: {
            taskId: subtask.id,
            projectId: subtask.projectId,
            changes: { parentTaskId: null },
            previous: { parentTaskId: task.id },
            followersAdded: [],
          },
        },
      ]);
    }
  }
  return decided;
}

/**
 * After a task took `moved.position` in a list, the list is spread out again when the task came
 * too close to a neighbour or the list drifted far from zero (see shared/src/ordering.ts);
 * otherwise nothing more is written.
 */
export function decideRespacing(
  projectId: string,
  field: TasksRespaced['field'],
  moved: Positioned,
  neighbours: { before: number | null; after: number | null },
  list: () => readonly Positioned[],
): BoardEvent[] {
  if (!needsRespacing(moved.position, neighbours.before, neighbours.after)) return [];
  const positions = respace(list(), moved).map((item) => ({ taskId: item.id, position: item.position }));
  return [{ type: 'tasks.respaced', payload: { projectId, field, positions } }];
}
