import { eq } from 'drizzle-orm';
import { refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { requireWritableSpaceContent } from '../../core/spaceContent';
import type { TaskState } from './commands';
import type { TaskMoved } from './events';
import { decideMoveToSpace } from './moveCommands';
import { descendantsOf, ensureBoard, lastPositions, requireTaskRoom, spaceReaders, toTaskState } from './state';
import { projectStates, tags } from './tables';
import { appendTaskEvents, recordNotifications, respaceIfCrowded, taskStream } from './taskWrites';

export interface MoveRequest {
  targetProjectId: string;
  stateId?: string | undefined;
  positionSection?: number | undefined;
}

/**
 * Moves a task and its subtasks to another space of the same team that the caller may write in;
 * people assigned in the same edit are told once, like everyone told, only if they can see the target.
 * Refused with the answer a missing space gets when the caller cannot see the target, and with
 * PERMISSION_DENIED when they see it without being in it.
 */
export async function moveTaskToSpace(
  unit: UnitOfWork,
  actorId: string,
  task: TaskState,
  request: MoveRequest,
  newAssigneeIds: readonly string[] = [],
): Promise<TaskMoved> {
  const db = unit.transaction;
  const target = await requireWritableSpaceContent(db, request.targetProjectId, actorId);
  if (target.teamId !== task.teamId) throw refusal('NOT_FOUND', 'SPACE_OTHER_TEAM');
  // The target's numbers are handed out under its board's lock (ensureBoard), the subtasks' streams locked before
  // they are read (the caller locked the task's own).
  const board = await ensureBoard(unit, target.projectId);
  await unit.lock(...(await descendantsOf(db, task.id)).map((row) => taskStream(row.id)));
  const descendants: TaskState[] = [];
  for (const row of await descendantsOf(db, task.id)) descendants.push(await toTaskState(db, row));
  // The task and its subtasks all arrive in the target space: each counts against its plan's tasks per space.
  await requireTaskRoom(db, target.teamId, target.projectId, 1 + descendants.length);
  const sectionRows = await db
    .select({ id: projectStates.id, value: projectStates.value })
    .from(projectStates)
    .where(eq(projectStates.projectId, task.projectId));
  const sourceSections = new Map(sectionRows.map((state) => [state.id, state.value]));
  const tagRows = await db
    .select({ id: tags.id, name: tags.name, isSprint: tags.isSprint })
    .from(tags)
    .where(eq(tags.projectId, task.projectId));
  const sourceTags = new Map(tagRows.map((tag) => [tag.id, tag]));
  // Read before deciding, for every section of the target and everyone the moved tasks name.
  const lastInTarget = new Map<string, Awaited<ReturnType<typeof lastPositions>>>();
  for (const state of board.states) lastInTarget.set(state.id, await lastPositions(db, board.projectId, state.id));
  const named = [task, ...descendants].flatMap((moved) => [...moved.assigneeIds, ...moved.followerIds]);
  const canSeeTarget = await spaceReaders(db, board.projectId, named);
  const decided = decideMoveToSpace({
    root: task,
    descendants,
    sourceSections,
    sourceTags,
    target: board,
    requestedStateId: request.stateId,
    requestedPositionSection: request.positionSection,
    lastPositions: (stateId) => lastInTarget.get(stateId) ?? { section: null, duedate: null, asignee: null },
    canSeeTarget,
  });
  await appendTaskEvents(unit, task.teamId, decided);
  const moved = decided.get(task.id)![0]!.payload as TaskMoved;
  await respaceIfCrowded(unit, { id: task.id, projectId: board.projectId, teamId: task.teamId, ...moved.changes }, ['positionSection']);
  await recordNotifications(unit, actorId, {
    happening: { kind: 'moved' },
    task: { ...task, projectId: board.projectId, idCode: moved.idCode },
    followerIds: task.followerIds,
    newAssigneeIds,
  });
  return moved;
}
