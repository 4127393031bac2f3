import { listNeedsRespacing, needsRespacing, positionSpacing, respaceBeyondMagnitude, spreadPositions } from '#shared/ordering';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { newId } from '../../core/ids';
import { boardStream } from './board';
import { decideRespacing, type BoardState, type References, type TaskState } from './commands';
import type { TaskFieldName, TaskFields, TasksRespaced } from './events';
import { decideTaskNotifications, notificationStream, type TaskHappening } from './notifications';
import { ancestorsOf, findTaskRow, lastPositions, listPositions, neighboursOf, spaceReaders, type Reader } from './state';
import { taskStream } from '../../core/streams';

/**
 * What the command needs to check the ids among `fields` against `board`; `told`: the people the command may also tell
 * about the change (the task's followers), whose sight of the space is read with the assignees'.
 */
export async function referencesFor(
  db: Reader,
  board: BoardState,
  fields: Partial<TaskFields>,
  told: readonly string[] = [],
): Promise<References> {
  const parentRow = fields.parentTaskId ? await findTaskRow(db, fields.parentTaskId) : undefined;
  const parent = fields.parentTaskId
    ? parentRow
      ? { id: parentRow.id, projectId: parentRow.projectId, ancestorIds: await ancestorsOf(db, parentRow.id) }
      : null
    : undefined;
  return { board, parent, canSee: await spaceReaders(db, board.projectId, [...(fields.assigneeIds ?? []), ...told]) };
}

export async function appendTaskEvents(
  unit: UnitOfWork,
  teamId: string,
  decided: ReadonlyMap<string, readonly DomainEvent[]>,
  options: { expectedVersion?: number } = {},
): Promise<void> {
  for (const [taskId, events] of decided) if (events.length > 0) await unit.append(taskStream(taskId), events, { teamId, ...options });
}

/** A task whose section changes without a position goes to the end of its new section. */
export async function placeInNewSection(db: Reader, task: TaskState, fields: Partial<TaskFields>): Promise<Partial<TaskFields>> {
  if (fields.stateId === undefined || fields.stateId === task.stateId || fields.positionSection !== undefined) return fields;
  const last = (await lastPositions(db, task.projectId, fields.stateId)).section;
  return { ...fields, positionSection: (last ?? 0) + positionSpacing };
}

const positionFields: readonly TasksRespaced['field'][] = ['positionSection', 'positionDuedate', 'positionAsignee'];

/**
 * Spreads a list out again when the task just placed in it came too close to a neighbour, or sits
 * beyond the respacing threshold. Lists the change did not place the task in are checked for the
 * threshold alone (no query): positions the server chose (the end of a list) drift outwards too.
 */
export async function respaceIfCrowded(
  unit: UnitOfWork,
  task: Pick<TaskState, 'id' | 'projectId' | 'teamId' | 'stateId' | TasksRespaced['field']>,
  changed: readonly TaskFieldName[],
): Promise<void> {
  const db = unit.transaction;
  for (const field of positionFields) {
    const placed = changed.includes(field) || (field === 'positionSection' && changed.includes('stateId'));
    if (!placed && Math.abs(task[field]) <= respaceBeyondMagnitude) continue;
    const moved = { id: task.id, position: task[field] };
    const neighbours = await neighboursOf(db, field, task, task[field]);
    // The whole list is read only when it is to be spread out again (decideRespacing asks for it then alone).
    const list = needsRespacing(moved.position, neighbours.before, neighbours.after) ? await listPositions(db, field, task) : [];
    const events = decideRespacing(task.projectId, field, moved, neighbours, () => list);
    if (events.length > 0) await unit.append(boardStream(task.projectId), events, { teamId: task.teamId });
  }
}

/** Spreads a whole list out again after a bulk move (a deleted section's tasks) when it crowds or drifted far out. */
export async function respaceListIfNeeded(
  unit: UnitOfWork,
  board: { projectId: string; teamId: string },
  field: TasksRespaced['field'],
  stateId: string,
): Promise<void> {
  const list = await listPositions(unit.transaction, field, { projectId: board.projectId, stateId });
  if (!listNeedsRespacing(list.map((item) => item.position))) return;
  const ordered = [...list].sort((left, right) => left.position - right.position || (left.id < right.id ? -1 : 1));
  const positions = spreadPositions(ordered.length);
  await unit.append(
    boardStream(board.projectId),
    [
      {
        type: 'tasks.respaced',
        payload: {
          projectId: board.projectId,
          field,
          positions: ordered.map((item, index) => ({ taskId: item.id, position: positions[index]! })),
        },
      },
    ],
    { teamId: board.teamId },
  );
}

export interface Notice {
  happening: TaskHappening;
  task: Pick<TaskState, 'id' | 'projectId' | 'teamId' | 'idCode' | 'name'>;
  followerIds: readonly string[];
  newAssigneeIds: readonly string[];
}

/** Records the notifications a change triggers, one event per recipient in their own stream. */
export async function recordNotifications(
  unit: UnitOfWork,
  actorId: string,
  notice: Notice,
  canSee?: (userId: string) => boolean,
): Promise<void> {
  canSee ??= await spaceReaders(unit.transaction, notice.task.projectId, [...notice.followerIds, ...notice.newAssigneeIds]);
  const decided = decideTaskNotifications({ ...notice, actorId, canSee, newId: () => newId() });
  for (const [userId, events] of decided) await unit.append(notificationStream(userId), events, { teamId: notice.task.teamId });
}

export { taskStream };
