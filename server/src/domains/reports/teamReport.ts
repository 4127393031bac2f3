import type { Reader } from '../../core/spaceContent';
import { readTaskActivity } from './activity';
import type { TeamReportInput } from './input';
import { readableSpaces, type ReportMember } from './scope';
import { sectionOrders } from '../tasks';

/** One member's work in one space over a report's range (SPEC getReport -> teamTasks). */
export interface TeamTaskCount {
  user: ReportMember;
  project: string;
  projectName: string;
  projectColor: string | null;
  created: number;
  finished: number;
  moved: number;
  comments: number;
}

/**
 * Counts per member and space, from the event log: tasks created, finished and moved (each time it happened)
 * and messages written in tasks' threads; counted in the space where it happened, only spaces the viewer may
 * read now (and of `projects` when given), only people who are members of the team now. Rows with nothing are left out.
 */
export async function buildTeamReport(
  db: Reader,
  scope: { teamId: string; viewerId: string; projects: ReadonlySet<string> | null; members: ReportMember[] },
  input: TeamReportInput,
): Promise<TeamTaskCount[]> {
  const orders = await sectionOrders(db, scope.teamId);
  const members = new Map(scope.members.map((member) => [member.id, member]));
  const counted = (await readTaskActivity(db, scope.teamId, input.from, input.until, (projectId) => orders.get(projectId) ?? [])).filter(
    (entry) => members.has(entry.actorId) && entry.kind !== 'edited' && (scope.projects === null || scope.projects.has(entry.projectId)),
  );
  const readSpace = await readableSpaces(
    db,
    scope.viewerId,
    counted.map((entry) => entry.projectId),
  );
  const rows = new Map<string, TeamTaskCount>();
  for (const entry of counted) {
    const member = members.get(entry.actorId);
    const space = readSpace(entry.projectId);
    if (!member || !space || entry.kind === 'edited') continue;
    const key = `${member.id}:${space.id}`;
    const row = rows.get(key) ?? {
      user: member,
      project: space.id,
      projectName: space.name,
      projectColor: space.color,
      created: 0,
      finished: 0,
      moved: 0,
      comments: 0,
    };
    if (entry.kind === 'commented') row.comments += 1;
    else row[entry.kind] += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (first, second) =>
      first.user.firstname.localeCompare(second.user.firstname) ||
      first.user.id.localeCompare(second.user.id) ||
      first.projectName.localeCompare(second.projectName),
  );
}
