import { dueDateGroup, isDoneSection } from '#shared/tasks';
import type { Reader } from '../../core/spaceContent';
import { readTaskActivity } from './activity';
import { readableSpaces, type ReportMember } from './scope';
import { assignedTasks, sectionOrders, taskFactsById } from '../tasks';

export interface AnalyticsWeek {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: string;
  created: number;
  finished: number;
  /** Median hours from creation to finishing of the tasks finished that week; null when none was. */
  medianCycleHours: number | null;
}
export interface OpenLoad {
  user: ReportMember;
  open: number;
  overdue: number;
}
export interface ReportAnalytics {
  weeks: AnalyticsWeek[];
  load: OpenLoad[];
}

const dayMs = 86_400_000;

/** The Monday (UTC) of the week an instant falls in. */
export function weekOf(instant: string): string {
  const day = new Date(instant.slice(0, 10) + 'T00:00:00Z');
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * dayMs).toISOString().slice(0, 10);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Project analytics over a range, from the event log (README "Standups and reports"): per week, tasks created and
 * finished (throughput; created against closed) and the median cycle time of the tasks finished that week (from
 * the task's creation to that finish); and each member's open load now (assigned tasks not in a done section, and
 * how many of them are overdue). Only spaces the viewer may read (and of `projects` when given).
 */
export async function buildAnalytics(
  db: Reader,
  scope: { teamId: string; viewerId: string; projects: ReadonlySet<string> | null; members: ReportMember[] },
  range: { from: string; until: string },
  now: Date,
): Promise<ReportAnalytics> {
  const orders = await sectionOrders(db, scope.teamId);
  const order = (projectId: string) => orders.get(projectId) ?? [];
  const asked = (projectId: string) => scope.projects === null || scope.projects.has(projectId);
  const weeks = new Map<string, { created: number; finished: number; cycles: number[] }>();
  for (let week = weekOf(range.from); week <= weekOf(range.until); week = new Date(Date.parse(week) + 7 * dayMs).toISOString().slice(0, 10))
    weeks.set(week, { created: 0, finished: 0, cycles: [] });
  const load = new Map(scope.members.map((member) => [member.id, { user: member, open: 0, overdue: 0 }]));
  const throughput = (await readTaskActivity(db, scope.teamId, range.from, range.until, order)).filter(
    (entry) => (entry.kind === 'created' || entry.kind === 'finished') && asked(entry.projectId),
  );
  const assigned = (await assignedTasks(db, scope.teamId)).filter((task) => load.has(task.userId) && asked(task.projectId));
  // Every space counted in, judged readable once; a space out of `projects` is not asked about (the lookup says null).
  const readSpace = await readableSpaces(
    db,
    scope.viewerId,
    [...throughput, ...assigned].map((work) => work.projectId),
  );
  const counted = (projectId: string) => readSpace(projectId) !== null;
  const activity = throughput.filter((entry) => counted(entry.projectId));
  const facts = await taskFactsById(db, [...new Set(activity.filter((entry) => entry.kind === 'finished').map((entry) => entry.taskId))]);
  for (const entry of activity) {
    const week = weeks.get(weekOf(entry.at))!;
    if (entry.kind === 'created') week.created += 1;
    else {
      week.finished += 1;
      const task = facts.get(entry.taskId);
      if (task) week.cycles.push(Math.max(0, Date.parse(entry.at) - Date.parse(task.createdAt)) / 3_600_000);
    }
  }
  for (const task of assigned) {
    const row = load.get(task.userId);
    if (!row || !counted(task.projectId) || isDoneSection(task.stateId, order(task.projectId))) continue;
    row.open += 1;
    if (dueDateGroup(task.deadline, now, 'UTC') === 'overdue') row.overdue += 1;
  }
  return {
    weeks: [...weeks].map(([week, counts]) => ({
      week,
      created: counts.created,
      finished: counts.finished,
      medianCycleHours: median(counts.cycles),
    })),
    load: [...load.values()],
  };
}
