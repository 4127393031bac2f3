/**
 * getTasks with filters: the tasks of people (users), only open ones (open), at most `first`,
 * within one space or across every space of the caller's current team they may read. Home uses it
 * for "my open tasks" and a space's home for its open tasks, without reading whole boards.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { codedError, issue } from '../../errors';
import { projects } from '../teams';
import { currentTeam } from '../teams';
import { readableSpaceContent } from '../../core/spaceContent';
import { taskPolicy } from './policies';
import type { Reader, TaskRow } from './state';
import { projectStates, taskAssignees, tasks } from './tables';

export const maximumDigestTasks = 500;
const defaultDigestTasks = 100;

export const digestArguments = z.object({
  project: z.string().nullish(),
  users: z.array(z.string()).max(100).nullish(),
  open: z.boolean().nullish(),
  first: z.number().int().min(1).max(maximumDigestTasks).nullish(),
  perSection: z.number().int().min(1).max(maximumDigestTasks).nullish(),
});
export type DigestArguments = z.infer<typeof digestArguments>;

/** Whether the call asks for a digest rather than the whole board. */
export const isDigest = (args: DigestArguments) => !args.project || args.users != null || args.open != null || args.first != null;

/** getTasks' arguments: perSection (the board's first screen) goes with project alone. */
export const getTasksArguments = digestArguments.refine((args) => args.perSection == null || !isDigest(args), {
  ...issue('FIRST_SCREEN_ALONE'),
  path: ['perSection'],
});

/**
 * A task is open while it is not in the last section of a board that has more than one
 * (isDoneSection in shared/src/tasks.ts says why).
 */
const isOpen: SQL = sql`(
  (SELECT COUNT(*) FROM ${projectStates} AS sections WHERE sections.project_id = ${tasks.projectId}) < 2
  OR ${tasks.stateId} <> (SELECT last.id FROM ${projectStates} AS last WHERE last.project_id = ${tasks.projectId} ORDER BY last.position DESC, last.id DESC LIMIT 1)
)`;

/**
 * The spaces a digest without a project covers: those of the caller's current team that hold a
 * task of one of the people named and whose content the caller may read (taskPolicy.listAcrossSpaces).
 */
async function spacesAcrossTeam(db: Reader, userId: string, people: readonly string[]): Promise<string[]> {
  const team = await currentTeam(db, userId);
  if (!team) return [];
  const candidates = await db
    .select({ projectId: taskAssignees.projectId })
    .from(taskAssignees)
    .innerJoin(projects, eq(projects.id, taskAssignees.projectId))
    .where(and(eq(projects.teamId, team.id), inArray(taskAssignees.userId, [...people])))
    .groupBy(taskAssignees.projectId);
  const listed: string[] = [];
  for (const { projectId } of candidates) {
    const access = await readableSpaceContent(db, projectId, userId);
    if (access !== null && taskPolicy.listAcrossSpaces(access)) listed.push(projectId);
  }
  return listed;
}

/** The rows of a digest: soonest deadline first, tasks without one last, then the most recently changed. */
export async function digestRows(db: Reader, userId: string, args: DigestArguments, readableProject: string | null): Promise<TaskRow[]> {
  const people = args.users ? [...new Set(args.users)] : null;
  if (!readableProject && (!people || people.length === 0)) throw codedError('DIGEST_SCOPE_REQUIRED');
  const projectIds = readableProject ? [readableProject] : await spacesAcrossTeam(db, userId, people!);
  if (projectIds.length === 0 || people?.length === 0) return [];
  const conditions: SQL[] = [inArray(tasks.projectId, projectIds)];
  if (people)
    conditions.push(
      inArray(tasks.id, db.select({ id: taskAssignees.taskId }).from(taskAssignees).where(inArray(taskAssignees.userId, people))),
    );
  if (args.open) conditions.push(isOpen);
  return await db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(sql`${tasks.deadline} IS NULL`, asc(tasks.deadline), desc(tasks.updatedAt), asc(tasks.id))
    .limit(args.first ?? defaultDigestTasks);
}
