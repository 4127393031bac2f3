import { standupActivityKinds } from '#shared/reports';
import { standupEntryLimits, type StandupEntryLine, type StandupEntryMember, type StandupEntryOverdue } from '#shared/standupChannel';
import { dueDateGroup, isDoneSection } from '#shared/tasks';
import type { Reader } from '../../core/spaceContent';
import { readTaskActivity } from './activity';
import { reportMembers } from './scope';
import { taskLink } from './standup';
import { assignedTasksWithDeadline, sectionOrders, taskFactsById } from '../tasks';

export interface ChannelStandupScope {
  teamId: string;
  projectId: string;
  /** The activity covered, [from, until). */
  from: string;
  until: string;
  /** The start of the post's local day: a task is overdue when its deadline day is before it. */
  dayStart: Date;
  timeZone: string;
}

const kindOrder = new Map(standupActivityKinds.map((kind, index) => [kind, index]));

/**
 * A space's standup for its channel: per member of the space, by name, what they finished, moved, created,
 * commented and edited in the window (one line per task and kind, finished first, as getReports gives them) and
 * their assigned tasks of the space that are overdue and not done. Only tasks that are in the space now: the
 * channel's readers are the space's, so nothing of another space is shown. Members with nothing are left out.
 */
export async function buildChannelStandup(db: Reader, scope: ChannelStandupScope): Promise<StandupEntryMember[]> {
  const orders = await sectionOrders(db, scope.teamId);
  const order = (projectId: string) => orders.get(projectId) ?? [];
  const activity = await readTaskActivity(db, scope.teamId, scope.from, scope.until, order);
  const facts = await taskFactsById(db, [...new Set(activity.map((entry) => entry.taskId))]);
  const members = await reportMembers(db, scope.teamId, scope.projectId);
  const memberIds = new Set(members.map((member) => member.id));

  const linesByMember = new Map<string, (StandupEntryLine & { at: string })[]>();
  const seen = new Set<string>();
  for (const entry of activity) {
    const task = facts.get(entry.taskId);
    const key = `${entry.actorId}:${entry.taskId}:${entry.kind}`;
    if (!task || task.projectId !== scope.projectId || !memberIds.has(entry.actorId) || seen.has(key)) continue;
    seen.add(key);
    const lines = linesByMember.get(entry.actorId) ?? [];
    lines.push({
      kind: entry.kind,
      task: task.id,
      idCode: task.idCode,
      name: task.name,
      link: taskLink(task.projectId, task.id),
      at: entry.at,
    });
    linesByMember.set(entry.actorId, lines);
  }

  const overdueByMember = new Map<string, StandupEntryOverdue[]>();
  for (const task of await assignedTasksWithDeadline(db, scope.teamId)) {
    if (task.projectId !== scope.projectId || !memberIds.has(task.userId) || isDoneSection(task.stateId, order(task.projectId))) continue;
    if (dueDateGroup(task.deadline, scope.dayStart, scope.timeZone) !== 'overdue') continue;
    const list = overdueByMember.get(task.userId) ?? [];
    list.push({ task: task.id, idCode: task.idCode, name: task.name, deadline: task.deadline!, link: taskLink(task.projectId, task.id) });
    overdueByMember.set(task.userId, list);
  }

  return members.flatMap((member) => {
    const lines = (linesByMember.get(member.id) ?? [])
      .sort((first, second) => kindOrder.get(first.kind)! - kindOrder.get(second.kind)! || first.at.localeCompare(second.at))
      .map(({ at: _at, ...line }) => line);
    const overdue = overdueByMember.get(member.id) ?? [];
    if (lines.length === 0 && overdue.length === 0) return [];
    return [
      {
        user: member.id,
        name: `${member.firstname} ${member.lastname}`.trim(),
        lines: lines.slice(0, standupEntryLimits.linesPerMember),
        moreLines: Math.max(0, lines.length - standupEntryLimits.linesPerMember),
        overdue: overdue.slice(0, standupEntryLimits.overduePerMember),
        moreOverdue: Math.max(0, overdue.length - standupEntryLimits.overduePerMember),
      },
    ];
  });
}
