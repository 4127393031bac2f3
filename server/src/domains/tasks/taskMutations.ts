import type { MercuriusContext } from 'mercurius';
import { positionBetween } from '#shared/ordering';
import { DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { requireWritableSpaceContent } from '../../core/spaceContent';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { decideCreateTask, decideDeleteTask, decideEditTask, decideFollow, decideUnfollow, type TaskState } from './commands';
import type { TaskCreated, TaskFieldName, TaskFields, TaskUpdated } from './events';
import { fileIdOfCover } from './covers';
import { presentTasks, type PresentedTask } from './present';
import {
  descendantsOf,
  ensureBoard,
  findTaskRow,
  lastPositions,
  loadBoard,
  neighboursOf,
  requireReadableTask,
  requireTaskRoom,
  requireWritableTask,
  spaceReaders,
  toTaskState,
  type Reader,
} from './state';
import { parseTaskArguments, taskName, type TaskArguments } from './taskInput';
import { moveTaskToSpace } from './taskMoves';
import { boardStream } from './board';
import { appendTaskEvents, placeInNewSection, recordNotifications, referencesFor, respaceIfCrowded, taskStream } from './taskWrites';
import type { MutationResolvers } from '../../graphql/schemaTypes';

export async function presentTask(db: Reader, taskId: string, viewerId: string) {
  return (await presentTasks(db, [(await findTaskRow(db, taskId))!], viewerId))[0]!;
}

/**
 * Runs a task command whose work returns the task to answer with, and presents that task to the caller at
 * the end of the work, in the command's own transaction: what the command just wrote is read there without
 * a read transaction of its own. The answer is still sent only once the commit is durable (the door resolves
 * then), and a unit that fails or is not committed answers nothing. A mutation repeated with its
 * Idempotency-Key runs no work: its task (`knownTaskId`, or the id its first run returned) is read afresh.
 */
async function commandAnsweringTask(
  context: MercuriusContext,
  actorId: string,
  work: (unit: UnitOfWork) => Promise<string>,
  knownTaskId?: string,
): Promise<PresentedTask> {
  let answer: PresentedTask | undefined;
  const taskId = await runCommand(context, actorId, async (unit) => {
    const answeredTaskId = await work(unit);
    answer = await presentTask(unit.transaction, answeredTaskId, actorId);
    return answeredTaskId;
  });
  return answer ?? (await presentTask(context.services.database.db, knownTaskId ?? taskId, actorId));
}

const positionFieldNames: readonly TaskFieldName[] = ['positionSection', 'positionDuedate', 'positionAsignee'];
const noPositions = { section: null, duedate: null, asignee: null };

type NewTaskFields = Partial<TaskFields> & { name: string };

/** Where a new task goes and what it starts with; `target` locks what it reads first. */
export type NewTaskTarget = (unit: UnitOfWork) => Promise<{ projectId: string; fields: NewTaskFields; duplicateOf?: string }>;

/**
 * Creates a task (fields read inside the transaction) and records what follows from it. The board's stream is locked
 * before anything of the space is read, so two tasks created at once in a space get two numbers, and the caller's
 * access is read once, after the lock (a unit reads it again after each lock it takes).
 */
export async function createTaskIn(unit: UnitOfWork, actorId: string, taskId: string, target: NewTaskTarget): Promise<string> {
  const db = unit.transaction;
  const { projectId, fields, duplicateOf } = await target(unit);
  await unit.lock(boardStream(projectId));
  const space = await requireWritableSpaceContent(db, projectId, actorId);
  const board = await ensureBoard(unit, projectId);
  await requireTaskRoom(db, space.teamId, projectId);
  const references = await referencesFor(db, board, fields);
  // Where the task goes when no position is given: read for the section decideCreateTask chooses.
  const stateId = fields.stateId ?? board.states[0]?.id;
  const last = stateId === undefined ? noPositions : await lastPositions(db, projectId, stateId);
  const events = decideCreateTask(
    { taskId, authorId: actorId, fields, lastPositions: () => last, ...(duplicateOf ? { duplicateOf } : {}) },
    references,
  );
  await unit.append(taskStream(taskId), events, { teamId: board.teamId, expectedVersion: 0 });
  const created = events[0]!.payload as TaskCreated;
  await respaceIfCrowded(
    unit,
    { ...created, id: taskId },
    positionFieldNames.filter((field) => fields[field] !== undefined),
  );
  await recordNotifications(
    unit,
    actorId,
    { happening: { kind: 'created' }, task: { ...created, id: taskId }, followerIds: [], newAssigneeIds: created.assigneeIds },
    references.canSee,
  );
  return taskId;
}

/** createTaskIn as a mutation: answers the task as its creator sees it. */
function createTask(context: MercuriusContext, actorId: string, target: NewTaskTarget): Promise<PresentedTask> {
  const taskId = newId();
  return commandAnsweringTask(context, actorId, (unit) => createTaskIn(unit, actorId, taskId, target));
}

/** The fields of a task a copy starts from, placed right after the original in each list. */
async function copyOf(db: Reader, task: TaskState): Promise<NewTaskFields> {
  const after = async (field: 'positionSection' | 'positionDuedate' | 'positionAsignee') =>
    positionBetween(task[field], (await neighboursOf(db, field, { ...task, id: task.id }, task[field])).after);
  const canSee = await spaceReaders(db, task.projectId, task.assigneeIds);
  const {
    followerIds: _followers,
    id: _id,
    projectId: _project,
    teamId: _team,
    number: _number,
    idCode: _code,
    authorId: _author,
    ...fields
  } = task;
  return {
    ...fields,
    // A cover from the original's own files stays with the original: the copy has no files.
    cover: fileIdOfCover(task.cover) === null ? task.cover : null,
    assigneeIds: task.assigneeIds.filter(canSee),
    positionSection: await after('positionSection'),
    positionDuedate: await after('positionDuedate'),
    positionAsignee: await after('positionAsignee'),
  };
}

/** ediTask: an edit within the space, or a move to `targetProjectId` with its subtasks. Answers the task's id. */
export async function editTaskIn(
  unit: UnitOfWork,
  actorId: string,
  taskId: string,
  requested: Partial<TaskFields>,
  targetProjectId?: string,
): Promise<string> {
  const db = unit.transaction;
  // The task's stream is locked before it is read: what the edit decides from (its fields, its followers) holds.
  await unit.lock(taskStream(taskId));
  const { row } = await requireWritableTask(db, taskId, actorId);
  const task = await toTaskState(db, row);
  const moving = targetProjectId !== undefined && targetProjectId !== row.projectId;
  const { stateId, positionSection, ...elsewhere } = requested;
  const fields = moving ? elsewhere : await placeInNewSection(db, task, requested);
  const references = await referencesFor(db, (await loadBoard(db, row.projectId))!, fields, task.followerIds);
  const events = decideEditTask(task, fields, references);
  await appendTaskEvents(unit, task.teamId, new Map([[task.id, events]]));
  const updated = events[0]?.payload as TaskUpdated | undefined;
  const newAssigneeIds = (updated?.changes.assigneeIds ?? []).filter((userId) => !task.assigneeIds.includes(userId));
  if (moving) {
    await moveTaskToSpace(
      unit,
      actorId,
      await toTaskState(db, (await findTaskRow(db, task.id))!),
      { targetProjectId, stateId, positionSection },
      newAssigneeIds,
    );
    return task.id;
  }
  if (!updated) return task.id;
  const changed = Object.keys(updated.changes) as TaskFieldName[];
  await respaceIfCrowded(unit, { ...task, ...updated.changes }, changed);
  await recordNotifications(
    unit,
    actorId,
    {
      happening: { kind: 'updated', changedFields: changed },
      task: { ...task, ...updated.changes },
      followerIds: task.followerIds,
      newAssigneeIds,
    },
    references.canSee,
  );
  return task.id;
}

/** delTask: the task, and its subtasks with it or lifted to the top level. */
export async function deleteTaskIn(unit: UnitOfWork, actorId: string, taskId: string, deleteSubtasks: boolean): Promise<void> {
  const db = unit.transaction;
  await unit.lock(taskStream(taskId));
  const { row, access } = await requireWritableTask(db, taskId, actorId);
  if (!spaceContentPolicy.manage(access, row)) throw new DomainError('PERMISSION_DENIED');
  const task = await toTaskState(db, row);
  // The subtasks' streams too (the deletion appends to each), read again once they are all locked.
  await unit.lock(...(await descendantsOf(db, task.id)).map((subtask) => taskStream(subtask.id)));
  const descendants = await descendantsOf(db, task.id);
  await appendTaskEvents(unit, task.teamId, decideDeleteTask(task, descendants, deleteSubtasks));
  await recordNotifications(unit, actorId, { happening: { kind: 'deleted' }, task, followerIds: task.followerIds, newAssigneeIds: [] });
}

/** duplicateTask's new task: a copy of the original, which is locked and read first. */
export function copyTarget(actorId: string, originalId: string): NewTaskTarget {
  return async (unit) => {
    const db = unit.transaction;
    await unit.lock(taskStream(originalId));
    const { row } = await requireWritableTask(db, originalId, actorId);
    return { projectId: row.projectId, fields: await copyOf(db, await toTaskState(db, row)), duplicateOf: row.id };
  };
}

/** followTask and unfollowTask (`decide`). Answers the task's id. */
export async function followChangeIn(unit: UnitOfWork, actorId: string, taskId: string, decide: typeof decideFollow): Promise<string> {
  const db = unit.transaction;
  await unit.lock(taskStream(taskId));
  const { row } = await requireReadableTask(db, taskId, actorId);
  await appendTaskEvents(unit, row.teamId, new Map([[row.id, decide(await toTaskState(db, row), actorId)]]));
  return row.id;
}

export const taskMutations = {
  setTask: async (_root, args: TaskArguments & { project: string; name: string }, context) => {
    const actor = requireActor(context);
    const fields = { ...parseTaskArguments(args), name: taskName(args.name) };
    return createTask(context, actor.userId, async () => ({ projectId: args.project, fields }));
  },
  ediTask: async (_root, args: TaskArguments & { id: string; project?: string | null }, context) => {
    const actor = requireActor(context);
    const requested = parseTaskArguments(args);
    const target = typeof args.project === 'string' ? args.project : undefined;
    return commandAnsweringTask(context, actor.userId, (unit) => editTaskIn(unit, actor.userId, args.id, requested, target), args.id);
  },
  delTask: async (_root, args: { task: string; delSubtasks?: boolean | null }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => deleteTaskIn(unit, actor.userId, args.task, args.delSubtasks === true));
    return true;
  },
  duplicateTask: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    return createTask(context, actor.userId, copyTarget(actor.userId, args.id));
  },
  followTask: (_root, args: { id: string }, context) => followChange(context, args.id, decideFollow),
  unfollowTask: (_root, args: { id: string }, context) => followChange(context, args.id, decideUnfollow),
} satisfies MutationResolvers;

async function followChange(context: MercuriusContext, taskId: string, decide: typeof decideFollow) {
  const actor = requireActor(context);
  return commandAnsweringTask(context, actor.userId, (unit) => followChangeIn(unit, actor.userId, taskId, decide), taskId);
}
