import { and, asc, count, eq, gte, lte, max, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Positioned } from '#shared/ordering';
import type { Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
import { DomainError, refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { isId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { loadSpaceState, requirePlanRoom } from '../teams';
import { readableSpaceContent, spaceContentAccess, type SpaceContentAccessOf } from '../../core/spaceContent';
import { openBoard } from './board';
import type { BoardState, TaskState } from './commands';
import type { TaskLength, TasksRespaced } from './events';
import { projectStates, tags, taskAssignees, taskBoards, taskFollowers, tasks, taskTags } from './tables';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select' | 'all'>;
export type TaskRow = typeof tasks.$inferSelect;

// A board is read by every task command: its reads are built once per connection (see db/prepared.ts).
const boardOf = preparedQuery((db: Reader) =>
  db
    .select()
    .from(taskBoards)
    .where(eq(taskBoards.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const statesOf = preparedQuery((db: Reader) =>
  db
    .select({ id: projectStates.id, value: projectStates.value, icon: projectStates.icon, position: projectStates.position })
    .from(projectStates)
    .where(eq(projectStates.projectId, sql.placeholder('projectId')))
    .orderBy(asc(projectStates.position), asc(projectStates.id))
    .prepare(),
);
const tagsOf = preparedQuery((db: Reader) =>
  db
    .select({ id: tags.id, name: tags.name, isSprint: tags.isSprint, color: tags.color })
    .from(tags)
    .where(eq(tags.projectId, sql.placeholder('projectId')))
    .prepare(),
);

export function loadBoard(db: Reader, projectId: string): BoardState | null {
  const board = boardOf(db).get({ projectId });
  if (!board) return null;
  const states = statesOf(db).all({ projectId });
  const boardTags = tagsOf(db).all({ projectId });
  return { projectId, teamId: board.teamId, prefix: board.prefix, lastNumber: board.lastNumber, states, tags: boardTags };
}

/** The board of a space, opened first when the space predates tasks. */
export async function ensureBoard(unit: UnitOfWork, projectId: string): Promise<BoardState> {
  const existing = loadBoard(unit.transaction, projectId);
  if (existing) return existing;
  const space = loadSpaceState(unit.transaction, projectId);
  if (!space) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  await openBoard(unit, { projectId, teamId: space.teamId, name: space.name, ownerId: space.ownerId });
  return loadBoard(unit.transaction, projectId)!;
}

const taskById = preparedQuery((db: Reader) =>
  db
    .select()
    .from(tasks)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .prepare(),
);
const linksOfTask = preparedQuery((db: Reader) => ({
  tagIds: db
    .select({ id: taskTags.tagId })
    .from(taskTags)
    .where(eq(taskTags.taskId, sql.placeholder('taskId')))
    .prepare(),
  assigneeIds: db
    .select({ id: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, sql.placeholder('taskId')))
    .prepare(),
  followerIds: db
    .select({ id: taskFollowers.userId })
    .from(taskFollowers)
    .where(eq(taskFollowers.taskId, sql.placeholder('taskId')))
    .prepare(),
}));

export function findTaskRow(db: Reader, taskId: string): TaskRow | undefined {
  if (!isId(taskId)) return undefined;
  return taskById(db).get({ taskId });
}

export function toTaskState(db: Reader, row: TaskRow): TaskState {
  const links = linksOfTask(db);
  const ids = (query: (typeof links)['tagIds']) => query.all({ taskId: row.id }).map((entry) => entry.id);
  return {
    id: row.id,
    projectId: row.projectId,
    teamId: row.teamId,
    number: row.number,
    idCode: row.idCode,
    authorId: row.authorId,
    name: row.name,
    letter: row.letter,
    color: row.color,
    description: row.description ?? null,
    cover: row.cover,
    priority: row.priority,
    deadline: row.deadline,
    length:
      row.lengthUnit !== null && row.lengthAmount !== null ? ({ amount: row.lengthAmount, unit: row.lengthUnit } as TaskLength) : null,
    parentTaskId: row.parentTaskId,
    sprintId: row.sprintId,
    stateId: row.stateId,
    tagIds: ids(links.tagIds),
    assigneeIds: ids(links.assigneeIds),
    followerIds: ids(links.followerIds),
    positionSection: row.positionSection,
    positionDuedate: row.positionDuedate,
    positionAsignee: row.positionAsignee,
  };
}

/** Ids above a task, nearest first (parent, grandparent, ...). */
export function ancestorsOf(db: Reader, taskId: string): string[] {
  const rows = db.all<{ id: string }>(sql`
    WITH RECURSIVE chain(id, parent, depth) AS (
      SELECT id, parent_task_id, 0 FROM tasks WHERE id = ${taskId}
      UNION ALL SELECT tasks.id, tasks.parent_task_id, chain.depth + 1 FROM tasks JOIN chain ON tasks.id = chain.parent WHERE chain.depth < 1000
    ) SELECT id FROM chain WHERE depth > 0 ORDER BY depth`);
  return rows.map((row) => row.id);
}

/** Subtasks at every level below a task, parents before their children. */
export function descendantsOf(db: Reader, taskId: string): TaskRow[] {
  const rows = db.all<{ id: string }>(sql`
    WITH RECURSIVE below(id, depth) AS (
      SELECT id, 1 FROM tasks WHERE parent_task_id = ${taskId}
      UNION ALL SELECT tasks.id, below.depth + 1 FROM tasks JOIN below ON tasks.parent_task_id = below.id WHERE below.depth < 1000
    ) SELECT id FROM below ORDER BY depth, id`);
  return rows.map((row) => findTaskRow(db, row.id)!);
}

const positionColumns = {
  positionSection: tasks.positionSection,
  positionDuedate: tasks.positionDuedate,
  positionAsignee: tasks.positionAsignee,
} as const;

/** The list a position orders: a section for positionSection, the whole space for the other two. */
function listScope(field: TasksRespaced['field'], projectId: string | Placeholder, stateId: string | Placeholder): SQL {
  return field === 'positionSection' ? eq(tasks.stateId, stateId) : eq(tasks.projectId, projectId);
}

const highestPositions = preparedQuery((db: Reader) => {
  const highest = (field: TasksRespaced['field']) =>
    db
      .select({ value: max(positionColumns[field]) })
      .from(tasks)
      .where(listScope(field, sql.placeholder('projectId'), sql.placeholder('stateId')))
      .prepare();
  return { section: highest('positionSection'), duedate: highest('positionDuedate'), asignee: highest('positionAsignee') };
});

export function lastPositions(db: Reader, projectId: string, stateId: string) {
  const queries = highestPositions(db);
  const values = { projectId, stateId };
  return {
    section: queries.section.get(values)?.value ?? null,
    duedate: queries.duedate.get(values)?.value ?? null,
    asignee: queries.asignee.get(values)?.value ?? null,
  };
}

// Every placed task (an edit's move, a position given) reads its neighbours: built once per connection.
const neighbourPositions = preparedQuery((db: Reader) => {
  const neighbour = (field: TasksRespaced['field'], side: 'before' | 'after') => {
    const column = positionColumns[field];
    const scope = and(listScope(field, sql.placeholder('projectId'), sql.placeholder('stateId')), ne(tasks.id, sql.placeholder('taskId')));
    return db
      .select({ value: column })
      .from(tasks)
      .where(and(scope, side === 'before' ? lte(column, sql.placeholder('position')) : gte(column, sql.placeholder('position'))))
      .orderBy(side === 'before' ? sql`${column} DESC` : asc(column))
      .limit(1)
      .prepare();
  };
  const bothSides = (field: TasksRespaced['field']) => ({ before: neighbour(field, 'before'), after: neighbour(field, 'after') });
  return {
    positionSection: bothSides('positionSection'),
    positionDuedate: bothSides('positionDuedate'),
    positionAsignee: bothSides('positionAsignee'),
  };
});

export function neighboursOf(
  db: Reader,
  field: TasksRespaced['field'],
  task: { id: string; projectId: string; stateId: string },
  position: number,
) {
  const queries = neighbourPositions(db)[field];
  const values = { projectId: task.projectId, stateId: task.stateId, taskId: task.id, position };
  return { before: queries.before.get(values)?.value ?? null, after: queries.after.get(values)?.value ?? null };
}

export function listPositions(db: Reader, field: TasksRespaced['field'], task: { projectId: string; stateId: string }): Positioned[] {
  const column = positionColumns[field];
  return db
    .select({ id: tasks.id, position: column })
    .from(tasks)
    .where(listScope(field, task.projectId, task.stateId))
    .all();
}

/** Whether someone may see a space's tasks (to be assigned, or to be told about a change); answers are remembered per call site. */
export function spaceReaders(db: Reader, projectId: string): (userId: string) => boolean {
  const known = new Map<string, boolean>();
  return (userId) => {
    if (!known.has(userId)) known.set(userId, readableSpaceContent(db, projectId, userId) !== null);
    return known.get(userId)!;
  };
}

/** The task, if the user may see it; SPEC §8's "Wrong Task" otherwise, so ids cannot be probed. */
export function requireReadableTask(db: Reader, taskId: string, userId: string): { row: TaskRow; access: SpaceContentAccessOf } {
  const row = findTaskRow(db, taskId);
  const access = row ? spaceContentAccess(db, row.projectId, userId) : null;
  if (!row || !access || !spaceContentPolicy.read(access)) throw refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return { row, access };
}

export function requireWritableTask(db: Reader, taskId: string, userId: string): { row: TaskRow; access: SpaceContentAccessOf } {
  const found = requireReadableTask(db, taskId, userId);
  if (!spaceContentPolicy.write(found.access)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

const tasksInSpace = preparedQuery((db: Reader) =>
  db
    .select({ tasks: count() })
    .from(tasks)
    .where(eq(tasks.projectId, sql.placeholder('projectId')))
    .prepare(),
);

/** Refuses `adding` more tasks in a space when its team's plan allows no more there (subtasks are tasks too). */
export function requireTaskRoom(db: Reader, teamId: string, projectId: string, adding = 1): void {
  requirePlanRoom(db, teamId, 'tasksPerSpace', () => tasksInSpace(db).get({ projectId })?.tasks ?? 0, adding);
}
