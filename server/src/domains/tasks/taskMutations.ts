import type { MercuriusContext } from 'mercurius';
import { positionBetween } from '#shared/ordering';
import { DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { requireWritableSpaceContent } from '../../core/spaceContent';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { readTogether } from '../../db/prepared';
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
import { appendTaskEvents, placeInNewSection, recordNotifications, referencesFor, respaceIfCrowded, taskStream } from './taskWrites';
import type { MutationResolvers } from '../../graphql/schemaTypes';

export function presentTask(db: Reader, taskId: string, viewerId: string) {
  return presentTasks(db, [findTaskRow(db, taskId)!], viewerId)[0]!;
}

/** A mutation's task as its caller sees it, read in one read transaction (see readTogether). */
function presentAnswer(context: MercuriusContext, taskId: string, viewerId: string) {
  const database = context.services.database;
  return readTogether(database.sqlite, () => presentTask(database.db, taskId, viewerId));
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
    answer = presentTask(unit.transaction, answeredTaskId, actorId);
    return answeredTaskId;
  });
  return answer ?? presentAnswer(context, knownTaskId ?? taskId, actorId);
}

const positionFieldNames: readonly TaskFieldName[] = ['positionSection', 'positionDuedate', 'positionAsignee'];

type NewTaskFields = Partial<TaskFields> & { name: string };

/** Creates a task (fields read inside the transaction) and records what follows from it; answers it as its creator sees it. */
function createTask(
  context: MercuriusContext,
  actorId: string,
  target: (db: Reader) => { projectId: string; fields: NewTaskFields; duplicateOf?: string },
): Promise<PresentedTask> {
  const taskId = newId();
  return commandAnsweringTask(context, actorId, async (unit) => {
    const db = unit.transaction;
    const { projectId, fields, duplicateOf } = target(db);
    const space = requireWritableSpaceContent(db, projectId, actorId);
    requireTaskRoom(db, space.teamId, projectId);
    const board = await ensureBoard(unit, projectId);
    const references = referencesFor(db, board, fields);
    const events = decideCreateTask(
      {
        taskId,
        authorId: actorId,
        fields,
        lastPositions: (stateId) => lastPositions(db, projectId, stateId),
        ...(duplicateOf ? { duplicateOf } : {}),
      },
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
  });
}

/** The fields of a task a copy starts from, placed right after the original in each list. */
function copyOf(db: Reader, task: TaskState): NewTaskFields {
  const after = (field: 'positionSection' | 'positionDuedate' | 'positionAsignee') =>
    positionBetween(task[field], neighboursOf(db, field, { ...task, id: task.id }, task[field]).after);
  const canSee = spaceReaders(db, task.projectId);
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
    positionSection: after('positionSection'),
    positionDuedate: after('positionDuedate'),
    positionAsignee: after('positionAsignee'),
  };
}

export const taskMutations = {
  setTask: async (_root, args: TaskArguments & { project: string; name: string }, context) => {
    const actor = requireActor(context);
    const fields = { ...parseTaskArguments(args), name: taskName(args.name) };
    return createTask(context, actor.userId, () => ({ projectId: args.project, fields }));
  },
  ediTask: async (_root, args: TaskArguments & { id: string; project?: string | null }, context) => {
    const actor = requireActor(context);
    const requested = parseTaskArguments(args);
    return commandAnsweringTask(
      context,
      actor.userId,
      async (unit) => {
        const db = unit.transaction;
        const { row } = requireWritableTask(db, args.id, actor.userId);
        const task = toTaskState(db, row);
        const moving = typeof args.project === 'string' && args.project !== row.projectId;
        const { stateId, positionSection, ...elsewhere } = requested;
        const fields = moving ? elsewhere : placeInNewSection(db, task, requested);
        const references = referencesFor(db, loadBoard(db, row.projectId)!, fields);
        const events = decideEditTask(task, fields, references);
        await appendTaskEvents(unit, task.teamId, new Map([[task.id, events]]));
        const updated = events[0]?.payload as TaskUpdated | undefined;
        const newAssigneeIds = (updated?.changes.assigneeIds ?? []).filter((userId) => !task.assigneeIds.includes(userId));
        if (moving) {
          await moveTaskToSpace(
            unit,
            actor.userId,
            toTaskState(db, findTaskRow(db, task.id)!),
            { targetProjectId: args.project!, stateId, positionSection },
            newAssigneeIds,
          );
          return task.id;
        }
        if (!updated) return task.id;
        const changed = Object.keys(updated.changes) as TaskFieldName[];
        await respaceIfCrowded(unit, { ...task, ...updated.changes }, changed);
        await recordNotifications(
          unit,
          actor.userId,
          {
            happening: { kind: 'updated', changedFields: changed },
            task: { ...task, ...updated.changes },
            followerIds: task.followerIds,
            newAssigneeIds,
          },
          references.canSee,
        );
        return task.id;
      },
      args.id,
    );
  },
  delTask: async (_root, args: { task: string; delSubtasks?: boolean | null }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { row, access } = requireWritableTask(db, args.task, actor.userId);
      if (!spaceContentPolicy.manage(access, row)) throw new DomainError('PERMISSION_DENIED');
      const task = toTaskState(db, row);
      await appendTaskEvents(unit, task.teamId, decideDeleteTask(task, descendantsOf(db, task.id), args.delSubtasks === true));
      await recordNotifications(unit, actor.userId, {
        happening: { kind: 'deleted' },
        task,
        followerIds: task.followerIds,
        newAssigneeIds: [],
      });
    });
    return true;
  },
  duplicateTask: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    return createTask(context, actor.userId, (db) => {
      const { row } = requireWritableTask(db, args.id, actor.userId);
      return { projectId: row.projectId, fields: copyOf(db, toTaskState(db, row)), duplicateOf: row.id };
    });
  },
  followTask: (_root, args: { id: string }, context) => followChange(context, args.id, decideFollow),
  unfollowTask: (_root, args: { id: string }, context) => followChange(context, args.id, decideUnfollow),
} satisfies MutationResolvers;

async function followChange(context: MercuriusContext, taskId: string, decide: typeof decideFollow) {
  const actor = requireActor(context);
  return commandAnsweringTask(
    context,
    actor.userId,
    async (unit) => {
      const db = unit.transaction;
      const { row } = requireReadableTask(db, taskId, actor.userId);
      await appendTaskEvents(unit, row.teamId, new Map([[row.id, decide(toTaskState(db, row), actor.userId)]]));
      return row.id;
    },
    taskId,
  );
}
