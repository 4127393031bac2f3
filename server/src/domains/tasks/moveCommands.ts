import { positionSpacing } from '#shared/ordering';
import { refusal } from '../../errors';
import { idCodeOf, type BoardState, type TaskState } from './commands';
import type { TaskEvent } from './events';

export interface MoveToSpace {
  root: TaskState;
  /** The root's subtasks at every level, parents before their children. */
  descendants: readonly TaskState[];
  /** Names of the source space's sections and tags, to find their namesakes in the target. */
  sourceSections: ReadonlyMap<string, string>;
  sourceTags: ReadonlyMap<string, { name: string; isSprint: boolean }>;
  target: BoardState;
  /** A section of the target chosen by the caller for the root task. */
  requestedStateId?: string | undefined;
  requestedPositionSection?: number | undefined;
  lastPositions: (stateId: string) => { section: number | null; duedate: number | null; asignee: number | null };
  canSeeTarget: (userId: string) => boolean;
}

const sameName = (left: string, right: string) => left.localeCompare(right, undefined, { sensitivity: 'accent' }) === 0;

/**
 * ediTask with another space: the task and its subtasks move together. Each gets the target's next
 * number and code, the section of the same name there (or the first one; the caller may choose the
 * root's), the tags and sprint of the same names, and keeps only the people who can see the target.
 * The root leaves its parent behind; subtasks keep theirs. Events by task id, in moving order.
 */
export function decideMoveToSpace(command: MoveToSpace): Map<string, TaskEvent[]> {
  const { target } = command;
  if (command.root.projectId === target.projectId) return new Map();
  if (command.requestedStateId !== undefined && !target.states.some((state) => state.id === command.requestedStateId)) {
    throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
  }
  const firstState = target.states[0];
  if (!firstState) throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
  const ends = new Map<string, number | null>();
  let lastDuedate: number | null = null;
  let lastAsignee: number | null = null;
  let started = false;
  const next = (position: number | null) => (position === null ? positionSpacing : position + positionSpacing);

  const decided = new Map<string, TaskEvent[]>();
  [command.root, ...command.descendants].forEach((task, index) => {
    const isRoot = index === 0;
    const sectionName = command.sourceSections.get(task.stateId);
    const namesake = sectionName === undefined ? undefined : target.states.find((state) => sameName(state.value, sectionName));
    const stateId = (isRoot ? command.requestedStateId : undefined) ?? namesake?.id ?? firstState.id;
    const last = command.lastPositions(stateId);
    if (!started) {
      lastDuedate = last.duedate;
      lastAsignee = last.asignee;
      started = true;
    }
    const sectionEnd = ends.has(stateId) ? ends.get(stateId)! : last.section;
    const positionSection = isRoot && command.requestedPositionSection !== undefined ? command.requestedPositionSection : next(sectionEnd);
    ends.set(stateId, Math.max(positionSection, sectionEnd ?? positionSection));
    lastDuedate = next(lastDuedate);
    lastAsignee = next(lastAsignee);
    const matchTag = (tagId: string, isSprint: boolean) => {
      const source = command.sourceTags.get(tagId);
      return source ? target.tags.find((tag) => tag.isSprint === isSprint && sameName(tag.name, source.name))?.id : undefined;
    };
    const assigneeIds = task.assigneeIds.filter(command.canSeeTarget);
    const number = target.lastNumber + index + 1;
    const changes = {
      stateId,
      parentTaskId: isRoot ? null : task.parentTaskId,
      sprintId: task.sprintId ? (matchTag(task.sprintId, true) ?? null) : null,
      tagIds: task.tagIds.map((tagId) => matchTag(tagId, false)).filter((tagId): tagId is string => tagId !== undefined),
      assigneeIds,
      positionSection,
      positionDuedate: lastDuedate,
      positionAsignee: lastAsignee,
    };
    const previous = {
      stateId: task.stateId,
      parentTaskId: task.parentTaskId,
      sprintId: task.sprintId,
      tagIds: task.tagIds,
      assigneeIds: task.assigneeIds,
      positionSection: task.positionSection,
      positionDuedate: task.positionDuedate,
      positionAsignee: task.positionAsignee,
    };
    decided.set(task.id, [
      {
        type: 'task.moved',
        payload: {
          taskId: task.id,
          fromProjectId: task.projectId,
          toProjectId: target.projectId,
          number,
          idCode: idCodeOf(target.prefix, number),
          previousIdCode: task.idCode,
          changes,
          previous,
          followerIds: [...new Set([...task.followerIds, ...assigneeIds])].filter(command.canSeeTarget),
        },
      },
    ]);
  });
  return decided;
}
