import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Reader } from '../../core/spaceContent';
import { projectStates, taskAssignees, tasks } from './tables';

/**
 * The tasks area's queries across a whole team, for the reports area (standups, team reports, analytics, the
 * standup posted to a channel): a task's facts, boards' section orders and assigned tasks, read only here.
 */
export interface TaskFact {
  id: string;
  projectId: string;
  idCode: string;
  name: string;
  stateId: string;
  deadline: string | null;
  createdAt: string;
}

const factColumns = {
  id: tasks.id,
  projectId: tasks.projectId,
  idCode: tasks.idCode,
  name: tasks.name,
  stateId: tasks.stateId,
  deadline: tasks.deadline,
  createdAt: tasks.createdAt,
};

/** The tasks with these ids that still exist, by id (500 ids a query: both databases bound their parameters). */
export async function taskFactsById(db: Reader, taskIds: readonly string[]): Promise<Map<string, TaskFact>> {
  const found = new Map<string, TaskFact>();
  for (let start = 0; start < taskIds.length; start += 500) {
    const rows = await db
      .select(factColumns)
      .from(tasks)
      .where(inArray(tasks.id, taskIds.slice(start, start + 500)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The team's tasks assigned to someone, one row per assignee: the query the assigned-task readers narrow. */
function assignedTaskFacts(db: Reader, teamId: string, withDeadlineOnly: boolean) {
  return db
    .select({ ...factColumns, userId: taskAssignees.userId })
    .from(tasks)
    .innerJoin(taskAssignees, eq(taskAssignees.taskId, tasks.id))
    .where(withDeadlineOnly ? and(eq(tasks.teamId, teamId), isNotNull(tasks.deadline)) : eq(tasks.teamId, teamId));
}

/** Open tasks with a deadline in the team, with their assignees, for the overdue lists. */
export async function assignedTasksWithDeadline(db: Reader, teamId: string): Promise<(TaskFact & { userId: string })[]> {
  return await assignedTaskFacts(db, teamId, true).orderBy(asc(tasks.deadline), asc(tasks.id));
}

/** Each board's section ids in order (the last one holds done work: shared isDoneSection). */
export async function sectionOrders(db: Reader, teamId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ id: projectStates.id, projectId: projectStates.projectId })
    .from(projectStates)
    .where(eq(projectStates.teamId, teamId))
    .orderBy(asc(projectStates.projectId), asc(projectStates.position), asc(projectStates.id));
  const orders = new Map<string, string[]>();
  for (const row of rows) orders.set(row.projectId, [...(orders.get(row.projectId) ?? []), row.id]);
  return orders;
}

/** The team's tasks assigned to someone, one row per assignee, for the open load. */
export async function assignedTasks(db: Reader, teamId: string): Promise<(TaskFact & { userId: string })[]> {
  return await assignedTaskFacts(db, teamId, false);
}
