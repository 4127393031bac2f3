/**
 * The board as getTasks(project) answers it, read in a shape that can be kept and shared between viewers:
 * what every viewer sees alike (the task, its section, tags, sprint) is read once per board version, the
 * people on the cards are looked up on every answer (a renamed person carries no task event), and what
 * differs per viewer (isFollowing, canEdit, canDelete) is laid over the shared task without copying it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../accounts';
import { inJsonList, preparedQuery } from '../../db/prepared';
import { spaceContentPolicy, type SpaceContentAccess } from '../../core/spaceContent';
import { presentState, presentTag, taskLinkQueries } from './present';
import type { Reader } from './state';
import { projectStates, tags, tasks } from './tables';

type Person = { id: string; firstname: string; lastname: string; profileImg: string | null };
type PresentedTag = ReturnType<typeof presentTag>;

/** The card's single letter when none was chosen: the name's first letter or digit (as present.ts shows it). */
const letterOf = (name: string) => (/[\p{L}\p{N}]/u.exec(name)?.[0] ?? '#').toLocaleUpperCase();

// Everything but the description (rich text, read per task by getTask) and its plain text for search.
const boardColumns = {
  id: tasks.id,
  idCode: tasks.idCode,
  name: tasks.name,
  letter: tasks.letter,
  color: tasks.color,
  cover: tasks.cover,
  priority: tasks.priority,
  deadline: tasks.deadline,
  lengthAmount: tasks.lengthAmount,
  lengthUnit: tasks.lengthUnit,
  parentTaskId: tasks.parentTaskId,
  sprintId: tasks.sprintId,
  stateId: tasks.stateId,
  positionSection: tasks.positionSection,
  positionDuedate: tasks.positionDuedate,
  positionAsignee: tasks.positionAsignee,
  authorId: tasks.authorId,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};
const boardRows = preparedQuery((db: Reader) =>
  db
    .select(boardColumns)
    .from(tasks)
    .where(eq(tasks.projectId, sql.placeholder('projectId')))
    .orderBy(asc(tasks.positionSection), asc(tasks.id))
    .prepare(),
);
const boardRowsByIds = preparedQuery((db: Reader) =>
  db
    .select(boardColumns)
    .from(tasks)
    .where(and(eq(tasks.projectId, sql.placeholder('projectId')), inJsonList(tasks.id, 'ids')))
    .prepare(),
);
const boardStates = preparedQuery((db: Reader) =>
  db
    .select()
    .from(projectStates)
    .where(eq(projectStates.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const boardTags = preparedQuery((db: Reader) =>
  db
    .select()
    .from(tags)
    .where(eq(tags.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const peopleByIds = preparedQuery((db: Reader) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inJsonList(users.id, 'ids'))
    .orderBy(asc(users.id))
    .prepare(),
);

function idsByTask(links: readonly { taskId: string; userId?: string; tagId?: string }[], key: 'userId' | 'tagId'): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const link of links) {
    const value = link[key]!;
    const group = grouped.get(link.taskId);
    if (group) group.push(value);
    else grouped.set(link.taskId, [value]);
  }
  return grouped;
}

type BoardRow = Awaited<ReturnType<ReturnType<typeof boardRows>['execute']>>[number];
type Links = { assignees: Map<string, string[]>; followers: Map<string, string[]>; tags: Map<string, string[]> };

const noIds: readonly string[] = [];

/** A task of the board without its people: what a board version fixes. */
function sharedTask(
  row: BoardRow,
  projectId: string,
  links: Links,
  states: Map<string, ReturnType<typeof presentState>>,
  tagsById: Map<string, PresentedTag>,
) {
  return {
    id: row.id,
    idCode: row.idCode,
    name: row.name,
    letter: row.letter ?? letterOf(row.name),
    route: `/${projectId}/tasks/d/${row.id}`,
    color: row.color,
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
    tags: (links.tags.get(row.id) ?? noIds).map((tagId) => tagsById.get(tagId)).filter((tag) => tag !== undefined),
    project: projectId,
    priority: row.priority,
    state: row.stateId,
    stateProject: states.get(row.stateId)!,
    authorId: row.authorId,
    assigneeIds: links.assignees.get(row.id) ?? noIds,
    followerIds: links.followers.get(row.id) ?? noIds,
  };
}

export type SharedTask = ReturnType<typeof sharedTask>;

async function presentRows(db: Reader, projectId: string, rows: readonly BoardRow[], links: Links): Promise<SharedTask[]> {
  const states = new Map((await boardStates(db).execute({ projectId })).map((state) => [state.id, presentState(state)]));
  const tagsById = new Map((await boardTags(db).execute({ projectId })).map((tag) => [tag.id, presentTag(tag)]));
  return rows.map((row) => sharedTask(row, projectId, links, states, tagsById));
}

/** The links the link queries find for `ids` (a JSON list of task or space ids), by task. */
async function linksOf(queries: ReturnType<typeof taskLinkQueries>['ofTasks'], ids: string) {
  return {
    assignees: idsByTask(await queries.assignees.execute({ ids }), 'userId'),
    followers: idsByTask(await queries.followers.execute({ ids }), 'userId'),
    tags: idsByTask(await queries.tags.execute({ ids }), 'tagId'),
  };
}

/** A space's tasks in board order (section position, then id), everything but people and the viewer's flags. */
export async function readBoardTasks(db: Reader, projectId: string): Promise<SharedTask[]> {
  const links = await linksOf(taskLinkQueries(db).ofSpaces, JSON.stringify([projectId]));
  return await presentRows(db, projectId, await boardRows(db).execute({ projectId }), links);
}

/** Board order: by position in the section, then by id (as the board's query sorts). */
const inBoardOrder = (left: SharedTask, right: SharedTask) =>
  left.positionSection - right.positionSection || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);

/**
 * The board after events that each changed one task's own rows (a task created, edited, deleted,
 * followed or unfollowed): those tasks are read again, the others kept, and a task no longer in the
 * space leaves the board.
 */
export async function patchBoardTasks(
  db: Reader,
  projectId: string,
  kept: readonly SharedTask[],
  changedIds: ReadonlySet<string>,
): Promise<SharedTask[]> {
  const ids = JSON.stringify([...changedIds]);
  const links = await linksOf(taskLinkQueries(db).ofTasks, ids);
  const reread = await presentRows(db, projectId, await boardRowsByIds(db).execute({ projectId, ids }), links);
  return [...kept.filter((task) => !changedIds.has(task.id)), ...reread].sort(inBoardOrder);
}

/** Everyone a board names: authors, assignees and followers, sorted. */
export function personIdsOf(boardTasks: readonly SharedTask[]): string[] {
  const personIds = new Set<string>();
  for (const task of boardTasks) {
    personIds.add(task.authorId);
    for (const id of task.assigneeIds) personIds.add(id);
    for (const id of task.followerIds) personIds.add(id);
  }
  return [...personIds].sort();
}

/** The people named on a board as they are now, and a signature that changes whenever one of them does. */
export async function readBoardPeople(
  db: Reader,
  personIds: readonly string[],
): Promise<{ people: Map<string, Person>; signature: string }> {
  const rows = personIds.length === 0 ? [] : await peopleByIds(db).execute({ ids: JSON.stringify(personIds) });
  return {
    people: new Map(rows.map((person) => [person.id, person])),
    signature: JSON.stringify(rows),
  };
}

const noPeople: readonly Person[] = [];

/**
 * The board's tasks with their people: shared by every viewer until the board or one of its people changes.
 * Objects here and in forBoardViewer are spelled out, never spread: V8 reads fields of spread copies many
 * times slower (measured: 10,000 copies of a 30-field task read in about 1 ms from literals against about
 * 100 ms from spread objects), and GraphQL execution reads each field of each task.
 */
export function withPeople(boardTasks: readonly SharedTask[], people: ReadonlyMap<string, Person>) {
  const peopleOf = (ids: readonly string[]) =>
    ids.length === 0 ? noPeople : ids.map((id) => people.get(id)).filter((person): person is Person => person !== undefined);
  return boardTasks.map((task) => ({
    id: task.id,
    idCode: task.idCode,
    name: task.name,
    letter: task.letter,
    route: task.route,
    color: task.color,
    cover: task.cover,
    createdAt: task.createdAt,
    updated: task.updated,
    updatedAt: task.updatedAt,
    positionSection: task.positionSection,
    positionDuedate: task.positionDuedate,
    positionAsignee: task.positionAsignee,
    length: task.length,
    deadline: task.deadline,
    parentTask: task.parentTask,
    sprint: task.sprint,
    tags: task.tags,
    project: task.project,
    priority: task.priority,
    state: task.state,
    stateProject: task.stateProject,
    authorId: task.authorId,
    assigneeIds: task.assigneeIds,
    followerIds: task.followerIds,
    users: peopleOf(task.assigneeIds),
    followers: peopleOf(task.followerIds),
    author: people.get(task.authorId) ?? null,
  }));
}

export type BoardTask = ReturnType<typeof withPeople>[number];

/**
 * The board as one viewer sees it: the shared task's fields with the viewer's flags (spelled out, see withPeople).
 */
export function forBoardViewer(boardTasks: readonly BoardTask[], access: SpaceContentAccess, viewerId: string) {
  const canEdit = spaceContentPolicy.write(access);
  return boardTasks.map((task) => ({
    id: task.id,
    idCode: task.idCode,
    name: task.name,
    letter: task.letter,
    route: task.route,
    color: task.color,
    cover: task.cover,
    createdAt: task.createdAt,
    updated: task.updated,
    updatedAt: task.updatedAt,
    positionSection: task.positionSection,
    positionDuedate: task.positionDuedate,
    positionAsignee: task.positionAsignee,
    length: task.length,
    deadline: task.deadline,
    parentTask: task.parentTask,
    sprint: task.sprint,
    tags: task.tags,
    users: task.users,
    followers: task.followers,
    project: task.project,
    priority: task.priority,
    state: task.state,
    stateProject: task.stateProject,
    author: task.author,
    authorId: task.authorId,
    isFollowing: task.followerIds.includes(viewerId),
    canEdit,
    canDelete: canEdit && spaceContentPolicy.manage(access, task),
  }));
}
