import { standupActivityKinds, type StandupActivityKind } from '#shared/reports';
import { dueDateGroup, isDoneSection } from '#shared/tasks';
import type { Reader } from '../../core/spaceContent';
import { readTaskActivity, type TaskActivity } from './activity';
import type { StandupInput } from './input';
import { readableSpaces, type ReportMember, type SpaceLookup } from './scope';
import { assignedTasksWithDeadline, sectionOrders, taskFactsById, type TaskFact } from '../tasks';

export interface StandupLine {
  kind: StandupActivityKind;
  task: string;
  idCode: string;
  name: string;
  at: string;
  link: string;
}
export interface StandupSpace {
  project: string;
  name: string;
  color: string | null;
  lines: StandupLine[];
}
export interface StandupDay {
  date: string;
  spaces: StandupSpace[];
}
export interface StandupTask {
  task: string;
  idCode: string;
  name: string;
  project: string;
  projectName: string;
  deadline: string;
  link: string;
}
export interface StandupMember extends ReportMember {
  days: StandupDay[];
  overdue: StandupTask[];
}

export const taskLink = (projectId: string, taskId: string) => `/${encodeURIComponent(projectId)}/tasks/d/${encodeURIComponent(taskId)}`;

const kindOrder = new Map(standupActivityKinds.map((kind, index) => [kind, index]));

/**
 * Each member's standup for the chosen day and the day before: per day and space, one line per task and kind
 * (the first time it happened that day), finished first; then their assigned tasks whose deadline day is
 * before the chosen day and that are not in a done section. Only spaces the viewer may read.
 */
export async function buildStandup(
  db: Reader,
  scope: { teamId: string; viewerId: string; project: string | null; members: ReportMember[] },
  input: StandupInput,
): Promise<StandupMember[]> {
  const orders = await sectionOrders(db, scope.teamId);
  const order = (projectId: string) => orders.get(projectId) ?? [];
  const activityByDay: TaskActivity[][] = [];
  for (const day of input.days) activityByDay.push(await readTaskActivity(db, scope.teamId, day.from, day.until, order));
  const facts = await taskFactsById(db, [...new Set(activityByDay.flat().map((entry) => entry.taskId))]);
  const memberIds = new Set(scope.members.map((member) => member.id));
  const asked = (projectId: string) => scope.project === null || scope.project === projectId;
  const assigned = (await assignedTasksWithDeadline(db, scope.teamId)).filter(
    (task) => memberIds.has(task.userId) && asked(task.projectId),
  );
  // The spaces of every line and overdue task in the report's scope, judged readable once (a task's lines are shown
  // where it is now); a space out of scope is not asked about, so the lookup answers null for it.
  const readSpace = await readableSpaces(
    db,
    scope.viewerId,
    [...[...facts.values()].map((task) => task.projectId), ...assigned.map((task) => task.projectId)].filter(asked),
  );
  const overdueByMember = new Map<string, StandupTask[]>();
  const chosenDayStart = new Date(input.days[1]!.from);
  for (const task of assigned) {
    const space = readSpace(task.projectId);
    if (!space || isDoneSection(task.stateId, order(task.projectId))) continue;
    if (dueDateGroup(task.deadline, chosenDayStart, input.timeZone) !== 'overdue') continue;
    const list = overdueByMember.get(task.userId) ?? [];
    list.push({ ...taskSummary(task), project: task.projectId, projectName: space.name, deadline: task.deadline! });
    overdueByMember.set(task.userId, list);
  }
  return scope.members.map((member) => ({
    ...member,
    days: input.days.map((day, index) => ({
      date: day.date,
      spaces: groupBySpace(
        activityByDay[index]!.filter((entry) => entry.actorId === member.id),
        facts,
        readSpace,
      ),
    })),
    overdue: overdueByMember.get(member.id) ?? [],
  }));
}

function taskSummary(task: TaskFact) {
  return { task: task.id, idCode: task.idCode, name: task.name, link: taskLink(task.projectId, task.id) };
}

/** Lines under the task's space as it is now (a task moved since is read where it is); deleted tasks are left out. */
function groupBySpace(activity: readonly TaskActivity[], facts: ReadonlyMap<string, TaskFact>, readableSpace: SpaceLookup): StandupSpace[] {
  const spaces = new Map<string, StandupSpace>();
  const seen = new Set<string>();
  for (const entry of activity) {
    const task = facts.get(entry.taskId);
    const space = task ? readableSpace(task.projectId) : null;
    const key = `${entry.taskId}:${entry.kind}`;
    if (!task || !space || seen.has(key)) continue;
    seen.add(key);
    const group = spaces.get(space.id) ?? { project: space.id, name: space.name, color: space.color, lines: [] };
    group.lines.push({ ...taskSummary(task), kind: entry.kind, at: entry.at });
    spaces.set(space.id, group);
  }
  return [...spaces.values()]
    .sort((first, second) => first.name.localeCompare(second.name) || first.project.localeCompare(second.project))
    .map((space) => ({
      ...space,
      lines: space.lines.sort(
        (first, second) => kindOrder.get(first.kind)! - kindOrder.get(second.kind)! || first.at.localeCompare(second.at),
      ),
    }));
}
