import type { StandupActivityKind } from '#shared/reports';
import { isDoneSection } from '#shared/tasks';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Reader } from '../../core/spaceContent';
import { events } from '../../core/tables';

/** One thing a person did to a task, read from the event log (README "Standups and reports"). */
export interface TaskActivity {
  kind: StandupActivityKind;
  actorId: string;
  taskId: string;
  /** The task's space when it happened (a move names the space it went to). */
  projectId: string;
  at: string;
}

/** Task fields whose change is an edit; the three positions are ordering, not work, and stateId is a move. */
const editedFields = new Set([
  'name',
  'letter',
  'color',
  'description',
  'cover',
  'priority',
  'deadline',
  'length',
  'parentTaskId',
  'sprintId',
  'tagIds',
  'assigneeIds',
]);

const readTypes = ['task.created', 'task.updated', 'task.moved', 'message.created'] as const;

interface TaskUpdatedPayload {
  taskId: string;
  projectId: string;
  changes: Record<string, unknown>;
}
interface TaskCreatedPayload {
  taskId: string;
  projectId: string;
}
interface TaskMovedPayload {
  taskId: string;
  toProjectId: string;
  changes: { stateId: string };
}
interface MessageCreatedPayload {
  taskId: string | null;
  spaceId: string | null;
}

/**
 * The task activity of a team from `from` (inclusive) to `until` (exclusive), oldest first. Finished means
 * moved into the section that holds done work (the last one of its board, shared isDoneSection), judged by
 * the board's sections as they are now; any other change of section, or a move to another space, is moved.
 * Commented is a message in the task's own thread. One update may count as moved (or finished) and edited.
 */
export async function readTaskActivity(
  db: Reader,
  teamId: string,
  from: string,
  until: string,
  sectionOrder: SectionOrder,
): Promise<TaskActivity[]> {
  const rows = await db
    .select({ type: events.type, actorId: events.actorId, payload: events.payload, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.teamId, teamId), gte(events.createdAt, from), lt(events.createdAt, until), inArray(events.type, [...readTypes])))
    .orderBy(asc(events.seq));
  const activity: TaskActivity[] = [];
  for (const row of rows) {
    if (row.actorId === null) continue;
    const base = { actorId: row.actorId, at: row.createdAt };
    switch (row.type) {
      case 'task.created': {
        const payload = row.payload as TaskCreatedPayload;
        activity.push({ ...base, kind: 'created', taskId: payload.taskId, projectId: payload.projectId });
        break;
      }
      case 'task.updated': {
        const payload = row.payload as TaskUpdatedPayload;
        const where = { taskId: payload.taskId, projectId: payload.projectId };
        const stateId = payload.changes.stateId;
        if (typeof stateId === 'string')
          activity.push({ ...base, ...where, kind: isDoneSection(stateId, sectionOrder(payload.projectId)) ? 'finished' : 'moved' });
        if (Object.keys(payload.changes).some((field) => editedFields.has(field))) activity.push({ ...base, ...where, kind: 'edited' });
        break;
      }
      case 'task.moved': {
        const payload = row.payload as TaskMovedPayload;
        const done = isDoneSection(payload.changes.stateId, sectionOrder(payload.toProjectId));
        activity.push({ ...base, kind: done ? 'finished' : 'moved', taskId: payload.taskId, projectId: payload.toProjectId });
        break;
      }
      case 'message.created': {
        const payload = row.payload as MessageCreatedPayload;
        if (payload.taskId !== null && payload.spaceId !== null)
          activity.push({ ...base, kind: 'commented', taskId: payload.taskId, projectId: payload.spaceId });
        break;
      }
    }
  }
  return activity;
}

/** A board's section ids in their order, as they are now. */
export type SectionOrder = (projectId: string) => readonly string[];
