import type Database from 'better-sqlite3';

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

/** The tasks with these ids that still exist, by id. */
export function taskFactsById(sqlite: Database.Database, taskIds: readonly string[]): Map<string, TaskFact> {
  const found = new Map<string, TaskFact>();
  const statement = sqlite.prepare<[string], TaskFact>(
    `SELECT id, project_id AS projectId, id_code AS idCode, name, state_id AS stateId, deadline, created_at AS createdAt
     FROM tasks WHERE id IN (SELECT value FROM json_each(?))`,
  );
  for (let start = 0; start < taskIds.length; start += 500)
    for (const row of statement.all(JSON.stringify(taskIds.slice(start, start + 500)))) found.set(row.id, row);
  return found;
}

/** The team's tasks assigned to someone, one row per assignee: the query the assigned-task readers narrow. */
const assignedTaskFacts = `SELECT t.id, t.project_id AS projectId, t.id_code AS idCode, t.name, t.state_id AS stateId, t.deadline,
         t.created_at AS createdAt, a.user_id AS userId
  FROM tasks t JOIN task_assignees a ON a.task_id = t.id
  WHERE t.team_id = ?`;

/** Open tasks with a deadline in the team, with their assignees, for the overdue lists. */
export function assignedTasksWithDeadline(sqlite: Database.Database, teamId: string): (TaskFact & { userId: string })[] {
  return sqlite
    .prepare<[string], TaskFact & { userId: string }>(`${assignedTaskFacts} AND t.deadline IS NOT NULL ORDER BY t.deadline, t.id`)
    .all(teamId);
}

/** Each board's section ids in order (the last one holds done work: shared isDoneSection). */
export function sectionOrders(sqlite: Database.Database, teamId: string): Map<string, string[]> {
  const rows = sqlite
    .prepare<[string], { id: string; projectId: string }>(
      'SELECT id, project_id AS projectId FROM project_states WHERE team_id = ? ORDER BY project_id, position, id',
    )
    .all(teamId);
  const orders = new Map<string, string[]>();
  for (const row of rows) orders.set(row.projectId, [...(orders.get(row.projectId) ?? []), row.id]);
  return orders;
}

/** The team's tasks assigned to someone, one row per assignee, for the open load. */
export function assignedTasks(sqlite: Database.Database, teamId: string): (TaskFact & { userId: string })[] {
  return sqlite.prepare<[string], TaskFact & { userId: string }>(assignedTaskFacts).all(teamId);
}
