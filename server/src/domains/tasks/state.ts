import { and, asc, count, eq, gte, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Positioned } from '#shared/ordering';
import type { Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
import { DomainError, refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { isId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { loadSpaceState, requirePlanRoom } from '../teams';
import { readableSpaceContent, spaceContentAccess, type SpaceContentAccessOf } from '../../core/spaceContent';
import { boardStream, openBoard } from './board';
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

export async function loadBoard(db: Reader, projectId: string): Promise<BoardState | null> {
  // Sent together: on PostgreSQL one round trip instead of three (the board's lock is held meanwhile).
  const [[board], states, boardTags] = await Promise.all([
    boardOf(db).execute({ projectId }),
    statesOf(db).execute({ projectId }),
    tagsOf(db).execute({ projectId }),
  ]);
  if (!board) return null;
  return { projectId, teamId: board.teamId, prefix: board.prefix, lastNumber: board.lastNumber, states, tags: boardTags };
}

/**
 * The board of a space, opened first when the space predates tasks. The board's stream is locked first: what a
 * command decides from the board (the next task number, the sections, the tags) stays true until it commits.
 */
export async function ensureBoard(unit: UnitOfWork, projectId: string): Promise<BoardState> {
  await unit.lock(boardStream(projectId));
  const existing = await loadBoard(unit.transaction, projectId);
  if (existing) return existing;
  const space = await loadSpaceState(unit.transaction, projectId);
  if (!space) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  await openBoard(unit, { projectId, teamId: space.teamId, name: space.name, ownerId: space.ownerId });
  return (await loadBoard(unit.transaction, projectId))!;
}

/** The board of a space that has one, its stream locked first (see ensureBoard). */
export async function lockedBoard(unit: UnitOfWork, projectId: string): Promise<BoardState | null> {
  await unit.lock(boardStream(projectId));
  return await loadBoard(unit.transaction, projectId);
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
    .orderBy(asc(taskTags.tagId))
    .prepare(),
  assigneeIds: db
    .select({ id: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, sql.placeholder('taskId')))
    .orderBy(asc(taskAssignees.userId))
    .prepare(),
  followerIds: db
    .select({ id: taskFollowers.userId })
    .from(taskFollowers)
    .where(eq(taskFollowers.taskId, sql.placeholder('taskId')))
    .orderBy(asc(taskFollowers.userId))
    .prepare(),
}));

export async function findTaskRow(db: Reader, taskId: string): Promise<TaskRow | undefined> {
  if (!isId(taskId)) return undefined;
  return (await taskById(db).execute({ taskId }))[0];
}

export async function toTaskState(db: Reader, row: TaskRow): Promise<TaskState> {
  const links = linksOfTask(db);
  const ids = async (query: (typeof links)['tagIds']) => (await query.execute({ taskId: row.id })).map((entry) => entry.id);
  const tagIds = await ids(links.tagIds);
  const assigneeIds = await ids(links.assigneeIds);
  const followerIds = await ids(links.followerIds);
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
    tagIds,
    assigneeIds,
    followerIds,
    positionSection: row.positionSection,
    positionDuedate: row.positionDuedate,
    positionAsignee: row.positionAsignee,
  };
}

/** The deepest chain of parents followed: deeper than anyone nests, and a bound should the data ever hold a cycle. */
const deepestNesting = 1000;

const parentOf = preparedQuery((db: Reader) =>
  db
    .select({ parentTaskId: tasks.parentTaskId })
    .from(tasks)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .prepare(),
);

/** Ids above a task, nearest first (parent, grandparent, ...): one lookup by key per level, on both databases. */
export async function ancestorsOf(db: Reader, taskId: string): Promise<string[]> {
  const ancestors: string[] = [];
  let current = taskId;
  while (ancestors.length < deepestNesting) {
    const parentTaskId = (await parentOf(db).execute({ taskId: current }))[0]?.parentTaskId ?? null;
    if (parentTaskId === null) break;
    ancestors.push(parentTaskId);
    current = parentTaskId;
  }
  return ancestors;
}

/** Subtasks at every level below a task, parents before their children (level by level, by id within a level). */
export async function descendantsOf(db: Reader, taskId: string): Promise<TaskRow[]> {
  const below: TaskRow[] = [];
  let parents = [taskId];
  for (let depth = 1; parents.length > 0 && depth <= deepestNesting; depth += 1) {
    const level: TaskRow[] = [];
    for (let start = 0; start < parents.length; start += 500) {
      level.push(
        ...(await db
          .select()
          .from(tasks)
          .where(inArray(tasks.parentTaskId, parents.slice(start, start + 500)))),
      );
    }
    level.sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
    below.push(...level);
    parents = level.map((row) => row.id);
  }
  return below;
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

// The last card of a list, read from the top of its position index. Not max(): PostgreSQL keeps a prepared statement's
// plan until the table is analyzed again, and a max() planned while the table was nearly empty read every card of the
// board each time (10,000 cards seeded at once spent a third of their time there); this plan stays one row
// (lastPositions.test.ts). On SQLite both read the same index.
const highestPositions = preparedQuery((db: Reader) => {
  const highest = (field: TasksRespaced['field']) => {
    const column = positionColumns[field];
    return db
      .select({ value: column })
      .from(tasks)
      .where(listScope(field, sql.placeholder('projectId'), sql.placeholder('stateId')))
      .orderBy(sql`${column} DESC`)
      .limit(1)
      .prepare();
  };
  return { section: highest('positionSection'), duedate: highest('positionDuedate'), asignee: highest('positionAsignee') };
});

export async function lastPositions(db: Reader, projectId: string, stateId: string) {
  const queries = highestPositions(db);
  const values = { projectId, stateId };
  // Sent together (one round trip on PostgreSQL).
  const [section, duedate, asignee] = await Promise.all([
    queries.section.execute(values),
    queries.duedate.execute(values),
    queries.asignee.execute(values),
  ]);
  return { section: section[0]?.value ?? null, duedate: duedate[0]?.value ?? null, asignee: asignee[0]?.value ?? null };
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

export async function neighboursOf(
  db: Reader,
  field: TasksRespaced['field'],
  task: { id: string; projectId: string; stateId: string },
  position: number,
) {
  const queries = neighbourPositions(db)[field];
  const values = { projectId: task.projectId, stateId: task.stateId, taskId: task.id, position };
  const before = (await queries.before.execute(values))[0]?.value ?? null;
  const after = (await queries.after.execute(values))[0]?.value ?? null;
  return { before, after };
}

export async function listPositions(
  db: Reader,
  field: TasksRespaced['field'],
  task: { projectId: string; stateId: string },
): Promise<Positioned[]> {
  const column = positionColumns[field];
  return await db
    .select({ id: tasks.id, position: column })
    .from(tasks)
    .where(listScope(field, task.projectId, task.stateId));
}

/**
 * Who among `userIds` may see a space's tasks (to be assigned, or to be told about a change), read before deciding so
 * the decisions stay synchronous: the answer is a predicate over the people read, and anyone not among them is
 * answered as someone who may not see the space. Callers name everyone their decision asks about.
 */
export async function spaceReaders(db: Reader, projectId: string, userIds: Iterable<string>): Promise<(userId: string) => boolean> {
  const readers = new Set<string>();
  for (const userId of new Set(userIds)) if ((await readableSpaceContent(db, projectId, userId)) !== null) readers.add(userId);
  return (userId) => readers.has(userId);
}

/** The task, if the user may see it; SPEC §8's "Wrong Task" otherwise, so ids cannot be probed. */
export async function requireReadableTask(
  db: Reader,
  taskId: string,
  userId: string,
): Promise<{ row: TaskRow; access: SpaceContentAccessOf }> {
  const row = await findTaskRow(db, taskId);
  const access = row ? await spaceContentAccess(db, row.projectId, userId) : null;
  if (!row || !access || !spaceContentPolicy.read(access)) throw refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return { row, access };
}

export async function requireWritableTask(
  db: Reader,
  taskId: string,
  userId: string,
): Promise<{ row: TaskRow; access: SpaceContentAccessOf }> {
  const found = await requireReadableTask(db, taskId, userId);
  if (!spaceContentPolicy.write(found.access)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

const tasksInSpace = preparedQuery((db: Reader) =>
  db
    .select({ tasks: count().mapWith(Number) })
    .from(tasks)
    .where(eq(tasks.projectId, sql.placeholder('projectId')))
    .prepare(),
);

/** Refuses `adding` more tasks in a space when its team's plan allows no more there (subtasks are tasks too). */
export async function requireTaskRoom(db: Reader, teamId: string, projectId: string, adding = 1): Promise<void> {
  await requirePlanRoom(db, teamId, 'tasksPerSpace', async () => (await tasksInSpace(db).execute({ projectId }))[0]?.tasks ?? 0, adding);
}
