import { asc, eq, sql } from 'drizzle-orm';
import { inJsonList, preparedQuery } from '../../db/prepared';
import { users } from '../accounts';
import { spaceContentAccess, spaceContentPolicy, type SpaceContentAccess } from '../../core/spaceContent';
import type { Reader, TaskRow } from './state';
import { projectStates, tags, taskAssignees, taskFollowers, taskTags } from './tables';

type Person = { id: string; firstname: string; lastname: string; profileImg: string | null };
type TagRow = typeof tags.$inferSelect;
type StateRow = typeof projectStates.$inferSelect;

export function presentState(state: StateRow) {
  return { id: state.id, value: state.value, icon: state.icon, position: state.position, project: state.projectId };
}

export function presentTag(tag: Pick<TagRow, 'id' | 'name' | 'color' | 'isSprint' | 'projectId'>) {
  return { id: tag.id, name: tag.name, color: tag.color, isSprint: tag.isSprint, project: tag.projectId };
}

/** Above this many tasks, links are read for whole spaces (an index on project_id) rather than by task ids. */
const wholeSpaceThreshold = 200;

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The card's single letter when none was chosen: the name's first letter or digit. */
const letterOf = (name: string) => (/[\p{L}\p{N}]/u.exec(name)?.[0] ?? '#').toLocaleUpperCase();

/**
 * Links of the tasks named, or of every task of the spaces named (`ids`: a JSON list, see inJsonList), by task
 * and then by the linked id, whichever index finds them, so every reader and both databases list a task's people
 * and tags alike (PostgreSQL has no rowid, the order they were given in before).
 */
function linkQueries(db: Reader, scope: 'taskId' | 'projectId') {
  return {
    assignees: db
      .select({ taskId: taskAssignees.taskId, userId: taskAssignees.userId })
      .from(taskAssignees)
      .where(inJsonList(taskAssignees[scope], 'ids'))
      .orderBy(asc(taskAssignees.taskId), asc(taskAssignees.userId))
      .prepare(),
    followers: db
      .select({ taskId: taskFollowers.taskId, userId: taskFollowers.userId })
      .from(taskFollowers)
      .where(inJsonList(taskFollowers[scope], 'ids'))
      .orderBy(asc(taskFollowers.taskId), asc(taskFollowers.userId))
      .prepare(),
    tags: db
      .select({ taskId: taskTags.taskId, tagId: taskTags.tagId })
      .from(taskTags)
      .where(inJsonList(taskTags[scope], 'ids'))
      .orderBy(asc(taskTags.taskId), asc(taskTags.tagId))
      .prepare(),
  };
}

/** A task's links by task ids or by space ids, for every reader of tasks (this file, the kept board): built once per connection. */
export const taskLinkQueries = preparedQuery((db: Reader) => ({
  ofTasks: linkQueries(db, 'taskId'),
  ofSpaces: linkQueries(db, 'projectId'),
}));

// Every task answer (a board, a mutation's task) reads these: built once per connection (db/prepared.ts).
const presentationQueries = preparedQuery((db: Reader) => ({
  states: db.select().from(projectStates).where(inJsonList(projectStates.projectId, 'projectIds')).prepare(),
  tags: db.select().from(tags).where(inJsonList(tags.projectId, 'projectIds')).prepare(),
  people: db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inJsonList(users.id, 'personIds'))
    .prepare(),
}));

/**
 * Tasks with their sections, tags, sprint and people, as every viewer sees them alike. However many
 * tasks, this runs a fixed number of queries: one per kind of link, one for sections, one for tags and
 * one for the people named; so a 10,000-task board never turns into N+1. `files` has its own
 * resolver (taskFiles.ts), read only when asked for, in one query for all the tasks of a list.
 */
export async function presentTaskBases(db: Reader, rows: readonly TaskRow[]) {
  if (rows.length === 0) return [];
  const projectIds = JSON.stringify([...new Set(rows.map((row) => row.projectId))]);
  const queries = presentationQueries(db);
  const links = rows.length > wholeSpaceThreshold ? taskLinkQueries(db).ofSpaces : taskLinkQueries(db).ofTasks;
  const scope = { ids: rows.length > wholeSpaceThreshold ? projectIds : JSON.stringify(rows.map((row) => row.id)) };

  // Sent together (one round trip on PostgreSQL); the people they name are read after.
  const [assigneeRows, followerRows, tagLinkRows, stateRows, tagRows] = await Promise.all([
    links.assignees.execute(scope),
    links.followers.execute(scope),
    links.tags.execute(scope),
    queries.states.execute({ projectIds }),
    queries.tags.execute({ projectIds }),
  ]);
  const assignees = groupBy(assigneeRows, (row) => row.taskId);
  const followers = groupBy(followerRows, (row) => row.taskId);
  const tagLinks = groupBy(tagLinkRows, (row) => row.taskId);
  const states = new Map(stateRows.map((state) => [state.id, presentState(state)]));
  const tagsById = new Map(tagRows.map((tag) => [tag.id, presentTag(tag)]));

  const personIds = new Set<string>(rows.map((row) => row.authorId));
  for (const group of [...assignees.values(), ...followers.values()]) for (const link of group) personIds.add(link.userId);
  const people = new Map<string, Person>(
    (await queries.people.execute({ personIds: JSON.stringify([...personIds]) })).map((person) => [person.id, person]),
  );
  const peopleOf = (links: { userId: string }[] | undefined) =>
    (links ?? []).map((link) => people.get(link.userId)).filter((person): person is Person => person !== undefined);

  return rows.map((row) => ({
    id: row.id,
    idCode: row.idCode,
    name: row.name,
    letter: row.letter ?? letterOf(row.name),
    route: `/${row.projectId}/tasks/d/${row.id}`,
    color: row.color,
    description: row.description ?? null,
    cover: row.cover,
    createdAt: row.createdAt,
    updated: row.updatedAt,
    updatedAt: row.updatedAt,
    positionSection: row.positionSection,
    positionDuedate: row.positionDuedate,
    positionAsignee: row.positionAsignee,
    length: row.lengthUnit !== null && row.lengthAmount !== null ? { amount: row.lengthAmount, unit: row.lengthUnit } : null,
    deadline: row.deadline,
    parentTask: row.parentTaskId,
    sprint: row.sprintId ? (tagsById.get(row.sprintId) ?? null) : null,
    tags: (tagLinks.get(row.id) ?? []).map((link) => tagsById.get(link.tagId)).filter((tag) => tag !== undefined),
    users: peopleOf(assignees.get(row.id)),
    followers: peopleOf(followers.get(row.id)),
    project: row.projectId,
    priority: row.priority,
    state: row.stateId,
    stateProject: states.get(row.stateId)!,
    author: people.get(row.authorId) ?? null,
    authorId: row.authorId,
  }));
}

export type TaskBase = Awaited<ReturnType<typeof presentTaskBases>>[number];

/** What the viewer may do with a task, so the client hides what they cannot; `access` is theirs to its space. */
export function forViewer(base: TaskBase, access: SpaceContentAccess | null, viewerId: string) {
  const canEdit = access !== null && spaceContentPolicy.write(access);
  return {
    ...base,
    isFollowing: base.followers.some((person) => person.id === viewerId),
    canEdit,
    canDelete: canEdit && spaceContentPolicy.manage(access, base),
  };
}

/** Tasks as `viewerId` sees them, in the given order. */
export async function presentTasks(db: Reader, rows: readonly TaskRow[], viewerId: string) {
  const access = new Map<string, SpaceContentAccess | null>();
  for (const projectId of new Set(rows.map((row) => row.projectId)))
    access.set(projectId, await spaceContentAccess(db, projectId, viewerId));
  return (await presentTaskBases(db, rows)).map((base) => forViewer(base, access.get(base.project) ?? null, viewerId));
}

export type PresentedTask = Awaited<ReturnType<typeof presentTasks>>[number];

const spaceListQueries = preparedQuery((db: Reader) => ({
  sections: db
    .select()
    .from(projectStates)
    .where(eq(projectStates.projectId, sql.placeholder('projectId')))
    .prepare(),
  tags: db
    .select()
    .from(tags)
    .where(eq(tags.projectId, sql.placeholder('projectId')))
    .prepare(),
}));

// One collator for every sort: String.localeCompare builds one on each call.
const tagNameOrder = new Intl.Collator();

export async function sectionsOf(db: Reader, projectId: string) {
  return (await spaceListQueries(db).sections.execute({ projectId }))
    .sort((left, right) => left.position - right.position || (left.id < right.id ? -1 : 1))
    .map(presentState);
}

export async function tagsOf(db: Reader, projectId: string) {
  return (await spaceListQueries(db).tags.execute({ projectId }))
    .sort((left, right) => Number(left.isSprint) - Number(right.isSprint) || tagNameOrder.compare(left.name, right.name))
    .map(presentTag);
}
