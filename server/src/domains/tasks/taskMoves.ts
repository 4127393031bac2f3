import { eq } from 'drizzle-orm';
import { refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { requireWritableSpaceContent } from '../../core/spaceContent';
import type { TaskState } from './commands';
import type { TaskMoved } from './events';
import { decideMoveToSpace } from './moveCommands';
import { descendantsOf, ensureBoard, lastPositions, requireTaskRoom, spaceReaders, toTaskState } from './state';
import { projectStates, tags } from './tables';
import { appendTaskEvents, recordNotifications, respaceIfCrowded } from './taskWrites';

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
  const target = requireWritableSpaceContent(db, request.targetProjectId, actorId);
  if (target.teamId !== task.teamId) throw refusal('NOT_FOUND', 'SPACE_OTHER_TEAM');
  const board = await ensureBoard(unit, target.projectId);
  const descendants = descendantsOf(db, task.id).map((row) => toTaskState(db, row));
  // The task and its subtasks all arrive in the target space: each counts against its plan's tasks per space.
  requireTaskRoom(db, target.teamId, target.projectId, 1 + descendants.length);
  const sourceSections = new Map(
    db
      .select({ id: projectStates.id, value: projectStates.value })
      .from(projectStates)
      .where(eq(projectStates.projectId, task.projectId))
      .all()
      .map((state) => [state.id, state.value]),
  );
  const sourceTags = new Map(
    db
      .select({ id: tags.id, name: tags.name, isSprint: tags.isSprint })
      .from(tags)
      .where(eq(tags.projectId, task.projectId))
      .all()
      .map((tag) => [tag.id, tag]),
  );
  const decided = decideMoveToSpace({
    root: task,
    descendants,
    sourceSections,
    sourceTags,
    target: board,
    requestedStateId: request.stateId,
    requestedPositionSection: request.positionSection,
    lastPositions: (stateId) => lastPositions(db, board.projectId, stateId),
    canSeeTarget: spaceReaders(db, board.projectId),
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
