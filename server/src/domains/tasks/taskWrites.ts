import { listNeedsRespacing, positionSpacing, respaceBeyondMagnitude, spreadPositions } from '#shared/ordering';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { newId } from '../../core/ids';
import { boardStream } from './board';
import { decideRespacing, type BoardState, type References, type TaskState } from './commands';
import type { TaskFieldName, TaskFields, TasksRespaced } from './events';
import { decideTaskNotifications, notificationStream, type TaskHappening } from './notifications';
import { ancestorsOf, findTaskRow, lastPositions, listPositions, neighboursOf, spaceReaders, type Reader } from './state';
import { taskStream } from '../../core/streams';

/** What the command needs to check the ids among `fields` against `board`. */
export function referencesFor(db: Reader, board: BoardState, fields: Partial<TaskFields>): References {
  const parentRow = fields.parentTaskId ? findTaskRow(db, fields.parentTaskId) : undefined;
  return {
    board,
    parent: fields.parentTaskId
      ? parentRow
        ? { id: parentRow.id, projectId: parentRow.projectId, ancestorIds: ancestorsOf(db, parentRow.id) }
        : null
      : undefined,
    canSee: spaceReaders(db, board.projectId),
  };
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
export function placeInNewSection(db: Reader, task: TaskState, fields: Partial<TaskFields>): Partial<TaskFields> {
  if (fields.stateId === undefined || fields.stateId === task.stateId || fields.positionSection !== undefined) return fields;
  const last = lastPositions(db, task.projectId, fields.stateId).section;
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
    const events = decideRespacing(
      task.projectId,
      field,
      { id: task.id, position: task[field] },
      neighboursOf(db, field, task, task[field]),
      () => listPositions(db, field, task),
    );
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
  const list = listPositions(unit.transaction, field, { projectId: board.projectId, stateId });
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
  canSee = spaceReaders(unit.transaction, notice.task.projectId),
): Promise<void> {
  const decided = decideTaskNotifications({ ...notice, actorId, canSee, newId: () => newId() });
  for (const [userId, events] of decided) await unit.append(notificationStream(userId), events, { teamId: notice.task.teamId });
}

export { taskStream };
