import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { preparedForms, preparedQuery, rowPlaceholders, rowValues } from '../../db/prepared';
import type { Projection, StoredEvent } from '../../core/events';
import type { FileDeleted } from '../files';
import type { ProjectDeleted } from '../teams';
import { plainText, type RichNode } from './description';
import type { BoardEvent, TaskEvent, TaskFields } from './events';
import { projectStates, tags, taskAssignees, taskBoards, taskFollowers, tasks, taskTags } from './tables';

type TaskColumns = Partial<typeof tasks.$inferInsert>;

/** The task columns a set of field changes writes (links are separate tables). */
function columnsOf(fields: Partial<TaskFields>): TaskColumns {
  const columns: TaskColumns = {};
  const { length, description, tagIds: _tagIds, assigneeIds: _assigneeIds, ...plain } = fields;
  Object.assign(columns, plain);
  if (description !== undefined) {
    columns.description = description;
    columns.descriptionText = description === null ? null : plainText(description as RichNode);
  }
  if (length !== undefined) {
    columns.lengthAmount = length?.amount ?? null;
    columns.lengthUnit = length?.unit ?? null;
  }
  return columns;
}

/** A task's links, and the writes every task event makes: built once per connection (db/prepared.ts). */
const linkTables = { tagIds: taskTags, assigneeIds: taskAssignees, followerIds: taskFollowers } as const;
const linkColumn = { tagIds: 'tagId', assigneeIds: 'userId', followerIds: 'userId' } as const;

const taskWrites = preparedQuery((transaction: Transaction) => {
  const linkWrites = (key: keyof typeof linkTables) => {
    const table = linkTables[key];
    return {
      clear: transaction
        .delete(table)
        .where(eq(table.taskId, sql.placeholder('taskId')))
        .prepare(),
      add: transaction
        .insert(table)
        .values({
          taskId: sql.placeholder('taskId'),
          projectId: sql.placeholder('projectId'),
          [linkColumn[key]]: sql.placeholder('linkedId'),
        } as never)
        .prepare(),
    };
  };
  return {
    links: { tagIds: linkWrites('tagIds'), assigneeIds: linkWrites('assigneeIds'), followerIds: linkWrites('followerIds') },
    insertTask: transaction.insert(tasks).values(rowPlaceholders(tasks)).prepare(),
    // A CASE rather than SQLite's two-argument max (PostgreSQL's is GREATEST): the same on both.
    raiseLastNumber: transaction
      .update(taskBoards)
      .set({
        lastNumber: sql`case when ${taskBoards.lastNumber} < ${sql.placeholder('number')} then ${sql.placeholder('number')} else ${taskBoards.lastNumber} end`,
      })
      .where(eq(taskBoards.projectId, sql.placeholder('projectId')))
      .prepare(),
  };
});

/** Sets the links given: each kind named is cleared and written again. */
async function replaceLinks(
  transaction: Transaction,
  taskId: string,
  projectId: string,
  links: { tagIds?: string[] | undefined; assigneeIds?: string[] | undefined; followerIds?: string[] | undefined },
): Promise<void> {
  const writes = taskWrites(transaction).links;
  for (const key of ['tagIds', 'assigneeIds', 'followerIds'] as const) {
    const linkedIds = links[key];
    if (!linkedIds) continue;
    await writes[key].clear.execute({ taskId });
    for (const linkedId of linkedIds) await writes[key].add.execute({ taskId, projectId, linkedId });
  }
}

/** At most this many forms of a task's UPDATE (one per set of changed columns) are kept per connection. */
const taskUpdateFormsKept = 64;

/**
 * A task's UPDATE of the columns named, built once per connection and set of columns (an edit changes a few
 * fields, the same few again and again): drizzle would otherwise build its SQL on every edit. Values go in
 * mapped as drizzle maps them (see rowValues).
 */
const taskUpdates = preparedForms((transaction: Transaction, key) => {
  const assignments: Record<string, SQL> = {};
  for (const name of key.split(',')) assignments[name] = sql`${sql.placeholder(name)}`;
  return transaction
    .update(tasks)
    .set(assignments as TaskColumns)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .prepare();
}, taskUpdateFormsKept);

/** The keys of the task table's columns (a Set: `in` on the columns object would also accept inherited names like `toString`). */
const taskColumnNames: ReadonlySet<string> = new Set(Object.keys(getTableColumns(tasks)));

/**
 * Writes the changed columns. A key that is not a column is skipped, as drizzle's own `.set()` skips it: a
 * `task.updated` stored in an older shape (a field since renamed or removed) must not make replay fail.
 */
async function updateTask(transaction: Transaction, taskId: string, columns: TaskColumns): Promise<void> {
  const columnNames = (Object.keys(columns) as (keyof TaskColumns)[])
    .filter((name) => taskColumnNames.has(name) && columns[name] !== undefined)
    .sort();
  const values: Record<string, unknown> = { taskId };
  for (const name of columnNames) values[name] = columns[name] === null ? null : tasks[name].mapToDriverValue(columns[name] as never);
  await taskUpdates(transaction, columnNames.join(',')).execute(values);
}

async function deleteTask(transaction: Transaction, taskId: string): Promise<void> {
  await transaction.delete(taskTags).where(eq(taskTags.taskId, taskId));
  await transaction.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  await transaction.delete(taskFollowers).where(eq(taskFollowers.taskId, taskId));
  await transaction.delete(tasks).where(eq(tasks.id, taskId));
}

async function raiseLastNumber(transaction: Transaction, projectId: string, number: number): Promise<void> {
  await taskWrites(transaction).raiseLastNumber.execute({ projectId, number });
}

/** A task's cover made from one of its files goes with that file (the row only: it is not news of its own). */
async function clearFileCover(transaction: Transaction, deleted: FileDeleted): Promise<void> {
  if (!deleted.taskId) return;
  await transaction
    .update(tasks)
    .set({ cover: null })
    .where(and(eq(tasks.id, deleted.taskId), eq(tasks.cover, `/media/files/${deleted.fileId}`)));
}

async function applyBoardEvent(transaction: Transaction, event: BoardEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'board.created':
      await transaction.insert(taskBoards).values({ ...event.payload, lastNumber: 0 });
      return;
    case 'state.created': {
      const { stateId, projectId, value, icon, position } = event.payload;
      await transaction
        .insert(projectStates)
        .values({ id: stateId, projectId, teamId: stored.teamId!, value, icon, position, createdAt: at });
      return;
    }
    case 'state.updated':
      await transaction.update(projectStates).set(event.payload.changes).where(eq(projectStates.id, event.payload.stateId));
      return;
    case 'state.deleted': {
      const { stateId, moveTo, positionOffset } = event.payload;
      await transaction
        .update(tasks)
        .set({ stateId: moveTo, positionSection: sql`${tasks.positionSection} + ${positionOffset}` })
        .where(eq(tasks.stateId, stateId));
      await transaction.delete(projectStates).where(eq(projectStates.id, stateId));
      return;
    }
    case 'states.reordered':
      for (const { stateId, position } of event.payload.positions)
        await transaction.update(projectStates).set({ position }).where(eq(projectStates.id, stateId));
      return;
    case 'tag.created': {
      const { tagId, projectId, name, color, isSprint } = event.payload;
      await transaction.insert(tags).values({ id: tagId, projectId, teamId: stored.teamId!, name, color, isSprint, createdAt: at });
      return;
    }
    case 'tag.updated':
      await transaction.update(tags).set(event.payload.changes).where(eq(tags.id, event.payload.tagId));
      return;
    case 'tag.deleted':
      await transaction.delete(taskTags).where(eq(taskTags.tagId, event.payload.tagId));
      await transaction.update(tasks).set({ sprintId: null }).where(eq(tasks.sprintId, event.payload.tagId));
      await transaction.delete(tags).where(eq(tags.id, event.payload.tagId));
      return;
    case 'tasks.respaced': {
      const { field, positions } = event.payload;
      for (const { taskId, position } of positions)
        await transaction
          .update(tasks)
          .set({ [field]: position })
          .where(eq(tasks.id, taskId));
      return;
    }
  }
}

async function applyTaskEvent(transaction: Transaction, event: TaskEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'task.created': {
      const {
        taskId,
        projectId,
        teamId,
        number,
        idCode,
        tagIds,
        assigneeIds,
        followerIds,
        duplicateOf: _duplicateOf,
        ...fields
      } = event.payload;
      const writes = taskWrites(transaction);
      const links = { tagIds, assigneeIds, followerIds };
      // Sent together, in this order (one round trip on PostgreSQL): the task's row, its links (a new task has none to
      // clear), the board's last number.
      await Promise.all([
        writes.insertTask.execute(
          rowValues(tasks, {
            ...columnsOf(fields),
            id: taskId,
            projectId,
            teamId,
            number,
            idCode,
            authorId: stored.actorId ?? '',
            createdAt: at,
            updatedAt: at,
          }),
        ),
        ...(['tagIds', 'assigneeIds', 'followerIds'] as const).flatMap((key) =>
          (links[key] ?? []).map((linkedId) => writes.links[key].add.execute({ taskId, projectId, linkedId })),
        ),
        writes.raiseLastNumber.execute({ projectId, number }),
      ]);
      return;
    }
    case 'task.updated': {
      const { taskId, projectId, changes, followersAdded } = event.payload;
      await updateTask(transaction, taskId, { ...columnsOf(changes), updatedAt: at });
      await replaceLinks(transaction, taskId, projectId, { tagIds: changes.tagIds, assigneeIds: changes.assigneeIds });
      for (const userId of followersAdded)
        await transaction.insert(taskFollowers).values({ taskId, userId, projectId }).onConflictDoNothing();
      return;
    }
    case 'task.moved': {
      const { taskId, toProjectId, number, idCode, changes, followerIds } = event.payload;
      await transaction
        .update(tasks)
        .set({ ...columnsOf(changes), projectId: toProjectId, number, idCode, updatedAt: at })
        .where(eq(tasks.id, taskId));
      await replaceLinks(transaction, taskId, toProjectId, { tagIds: changes.tagIds, assigneeIds: changes.assigneeIds, followerIds });
      await raiseLastNumber(transaction, toProjectId, number);
      return;
    }
    case 'task.deleted':
      await deleteTask(transaction, event.payload.taskId);
      return;
    case 'task.followed': {
      const { taskId, projectId, userId } = event.payload;
      await transaction.insert(taskFollowers).values({ taskId, userId, projectId }).onConflictDoNothing();
      return;
    }
    case 'task.unfollowed':
      await transaction
        .delete(taskFollowers)
        .where(and(eq(taskFollowers.taskId, event.payload.taskId), eq(taskFollowers.userId, event.payload.userId)));
      return;
  }
}

/** A deleted space takes its board, sections, tags and tasks with it. */
async function deleteSpaceBoard(transaction: Transaction, projectId: string): Promise<void> {
  for (const table of [taskTags, taskAssignees, taskFollowers]) await transaction.delete(table).where(eq(table.projectId, projectId));
  await transaction.delete(tasks).where(eq(tasks.projectId, projectId));
  await transaction.delete(tags).where(eq(tags.projectId, projectId));
  await transaction.delete(projectStates).where(eq(projectStates.projectId, projectId));
  await transaction.delete(taskBoards).where(eq(taskBoards.projectId, projectId));
}

/** The board events this projection writes (besides task events, a space's deletion and a file's). */
const boardEventTypes: ReadonlySet<string> = new Set<BoardEvent['type']>([
  'board.created',
  'state.created',
  'state.updated',
  'state.deleted',
  'states.reordered',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'tasks.respaced',
]);

/** How board and task events (and a space's deletion) become rows. Notifications are the notifications area's to project. */
export const tasksProjection: Projection = {
  name: 'tasks',
  tables: [taskBoards, projectStates, tags, tasks, taskAssignees, taskFollowers, taskTags],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    const event = { type: stored.type, payload: stored.payload } as BoardEvent | TaskEvent;
    if (stored.type === 'project.deleted') return deleteSpaceBoard(transaction, (stored.payload as ProjectDeleted).projectId);
    if (stored.type.startsWith('task.')) return applyTaskEvent(transaction, event as TaskEvent, stored);
    if (stored.type === 'file.deleted') return clearFileCover(transaction, stored.payload as FileDeleted);
    if (boardEventTypes.has(stored.type)) return applyBoardEvent(transaction, event as BoardEvent, stored);
    return undefined;
  },
};
