import { isDoneSection } from '#shared/tasks';
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { readableSpaceContent } from '../../core/spaceContent';
import { projects } from '../teams';
import type { Reader } from './state';
import { projectStates, taskAssignees, taskFollowers, tasks } from './tables';

/** A task deadline as the calendar shows it beside events. */
export interface CalendarDeadline {
  id: string;
  name: string;
  deadline: string;
  project: string;
  projectTitle: string;
  projectColor: string | null;
  state: string | null;
  done: boolean;
}

/** The most deadlines one answer carries (a range of a year of a very busy member). */
const maximumDeadlines = 5000;

/**
 * Deadlines from `from` to `to` (UTC ISO; a date-only deadline counts by its date) of the team's tasks the
 * user is assigned to or follows, in spaces they may read now (for the calendar and its ICS feed).
 */
export async function calendarDeadlines(db: Reader, teamId: string, userId: string, from: string, to: string): Promise<CalendarDeadline[]> {
  const mine = or(
    sql`exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id} and ${taskAssignees.userId} = ${userId})`,
    sql`exists (select 1 from ${taskFollowers} where ${taskFollowers.taskId} = ${tasks.id} and ${taskFollowers.userId} = ${userId})`,
  );
  // A date-only deadline (YYYY-MM-DD) sorts before any instant of that day: compare with the range's dates too.
  const rows = await db
    .select({
      id: tasks.id,
      name: tasks.name,
      deadline: tasks.deadline,
      projectId: tasks.projectId,
      stateId: tasks.stateId,
      projectTitle: projects.name,
      projectColor: projects.color,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.teamId, teamId), isNotNull(tasks.deadline), gte(tasks.deadline, from.slice(0, 10)), lt(tasks.deadline, to), mine))
    .orderBy(asc(tasks.deadline), asc(tasks.id))
    .limit(maximumDeadlines);
  const readable = new Map<string, boolean>();
  for (const projectId of new Set(rows.map((row) => row.projectId)))
    readable.set(projectId, (await readableSpaceContent(db, projectId, userId)) !== null);
  const visible = rows.filter((row) => readable.get(row.projectId)! && inRange(row.deadline!, from, to));
  const spaceIds = [...new Set(visible.map((row) => row.projectId))];
  const sections =
    spaceIds.length === 0
      ? []
      : await db
          .select({ id: projectStates.id, projectId: projectStates.projectId, value: projectStates.value })
          .from(projectStates)
          .where(inArray(projectStates.projectId, spaceIds))
          .orderBy(asc(projectStates.position));
  const sectionName = new Map(sections.map((section) => [section.id, section.value]));
  const order = new Map<string, string[]>();
  for (const section of sections) order.set(section.projectId, [...(order.get(section.projectId) ?? []), section.id]);
  return visible.map((row) => ({
    id: row.id,
    name: row.name,
    deadline: row.deadline!,
    project: row.projectId,
    projectTitle: row.projectTitle,
    projectColor: row.projectColor,
    state: sectionName.get(row.stateId) ?? null,
    done: isDoneSection(row.stateId, order.get(row.projectId) ?? []),
  }));
}

function inRange(deadline: string, from: string, to: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return deadline >= from.slice(0, 10) && `${deadline}T00:00:00.000Z` < to;
  const time = Date.parse(deadline);
  return time >= Date.parse(from) && time < Date.parse(to);
}
