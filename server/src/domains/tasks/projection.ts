import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { preparedQuery, rowPlaceholders, rowValues } from '../../db/prepared';
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
    raiseLastNumber: transaction
      .update(taskBoards)
      .set({ lastNumber: sql`max(${taskBoards.lastNumber}, ${sql.placeholder('number')})` })
      .where(eq(taskBoards.projectId, sql.placeholder('projectId')))
      .prepare(),
  };
});

/** Sets the links given; `created`: the task is new, so it has no links to clear (three statements fewer per task created). */
function replaceLinks(
  transaction: Transaction,
  taskId: string,
  projectId: string,
  links: { tagIds?: string[] | undefined; assigneeIds?: string[] | undefined; followerIds?: string[] | undefined },
  created = false,
): void {
  const writes = taskWrites(transaction).links;
  for (const key of ['tagIds', 'assigneeIds', 'followerIds'] as const) {
    const linkedIds = links[key];
    if (!linkedIds) continue;
    if (!created) writes[key].clear.run({ taskId });
    for (const linkedId of linkedIds) writes[key].add.run({ taskId, projectId, linkedId });
  }
}

/** At most this many forms of a task's UPDATE (one per set of changed columns) are kept per connection. */
const taskUpdateFormsKept = 64;

/**
 * A task's UPDATE of the columns named, built once per connection and set of columns (an edit changes a few
 * fields, the same few again and again): drizzle would otherwise build its SQL on every edit. Values go in
 * mapped as drizzle maps them (see rowValues).
 */
const taskUpdates = preparedQuery((transaction: Transaction) => {
  const forms = new Map<string, { run: (values: Record<string, unknown>) => unknown }>();
  return (columnNames: readonly (keyof TaskColumns)[]) => {
    const key = columnNames.join(',');
    let form = forms.get(key);
    if (!form) {
      const assignments: Record<string, SQL> = {};
      for (const name of columnNames) assignments[name] = sql`${sql.placeholder(name)}`;
      form = transaction
        .update(tasks)
        .set(assignments as TaskColumns)
        .where(eq(tasks.id, sql.placeholder('taskId')))
        .prepare();
      if (forms.size >= taskUpdateFormsKept) forms.delete(forms.keys().next().value!);
      forms.set(key, form);
    }
    return form;
  };
});

/** The keys of the task table's columns (a Set: `in` on the columns object would also accept inherited names like `toString`). */
const taskColumnNames: ReadonlySet<string> = new Set(Object.keys(getTableColumns(tasks)));

/**
 * Writes the changed columns. A key that is not a column is skipped, as drizzle's own `.set()` skips it: a
 * `task.updated` stored in an older shape (a field since renamed or removed) must not make replay fail.
 */
function updateTask(transaction: Transaction, taskId: string, columns: TaskColumns): void {
  const columnNames = (Object.keys(columns) as (keyof TaskColumns)[])
    .filter((name) => taskColumnNames.has(name) && columns[name] !== undefined)
    .sort();
  const values: Record<string, unknown> = { taskId };
  for (const name of columnNames) values[name] = columns[name] === null ? null : tasks[name].mapToDriverValue(columns[name] as never);
  taskUpdates(transaction)(columnNames).run(values);
}

function deleteTask(transaction: Transaction, taskId: string): void {
  transaction.delete(taskTags).where(eq(taskTags.taskId, taskId)).run();
  transaction.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId)).run();
  transaction.delete(taskFollowers).where(eq(taskFollowers.taskId, taskId)).run();
  transaction.delete(tasks).where(eq(tasks.id, taskId)).run();
}

function raiseLastNumber(transaction: Transaction, projectId: string, number: number): void {
  taskWrites(transaction).raiseLastNumber.run({ projectId, number });
}

/** A task's cover made from one of its files goes with that file (the row only: it is not news of its own). */
function clearFileCover(transaction: Transaction, deleted: FileDeleted): void {
  if (!deleted.taskId) return;
  transaction
    .update(tasks)
    .set({ cover: null })
    .where(and(eq(tasks.id, deleted.taskId), eq(tasks.cover, `/media/files/${deleted.fileId}`)))
    .run();
}

function applyBoardEvent(transaction: Transaction, event: BoardEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'board.created':
      transaction
        .insert(taskBoards)
        .values({ ...event.payload, lastNumber: 0 })
        .run();
      return;
    case 'state.created': {
      const { stateId, projectId, value, icon, position } = event.payload;
      transaction
        .insert(projectStates)
        .values({ id: stateId, projectId, teamId: stored.teamId!, value, icon, position, createdAt: at })
        .run();
      return;
    }
    case 'state.updated':
      transaction.update(projectStates).set(event.payload.changes).where(eq(projectStates.id, event.payload.stateId)).run();
      return;
    case 'state.deleted': {
      const { stateId, moveTo, positionOffset } = event.payload;
      transaction
        .update(tasks)
        .set({ stateId: moveTo, positionSection: sql`${tasks.positionSection} + ${positionOffset}` })
        .where(eq(tasks.stateId, stateId))
        .run();
      transaction.delete(projectStates).where(eq(projectStates.id, stateId)).run();
      return;
    }
    case 'states.reordered':
      for (const { stateId, position } of event.payload.positions)
        transaction.update(projectStates).set({ position }).where(eq(projectStates.id, stateId)).run();
      return;
    case 'tag.created': {
      const { tagId, projectId, name, color, isSprint } = event.payload;
      transaction.insert(tags).values({ id: tagId, projectId, teamId: stored.teamId!, name, color, isSprint, createdAt: at }).run();
      return;
    }
    case 'tag.updated':
      transaction.update(tags).set(event.payload.changes).where(eq(tags.id, event.payload.tagId)).run();
      return;
    case 'tag.deleted':
      transaction.delete(taskTags).where(eq(taskTags.tagId, event.payload.tagId)).run();
      transaction.update(tasks).set({ sprintId: null }).where(eq(tasks.sprintId, event.payload.tagId)).run();
      transaction.delete(tags).where(eq(tags.id, event.payload.tagId)).run();
      return;
    case 'tasks.respaced': {
      const { field, positions } = event.payload;
      for (const { taskId, position } of positions)
        transaction
          .update(tasks)
          .set({ [field]: position })
          .where(eq(tasks.id, taskId))
          .run();
      return;
    }
  }
}

function applyTaskEvent(transaction: Transaction, event: TaskEvent, stored: StoredEvent): void {
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
      taskWrites(transaction).insertTask.run(
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
      );
      replaceLinks(transaction, taskId, projectId, { tagIds, assigneeIds, followerIds }, true);
      raiseLastNumber(transaction, projectId, number);
      return;
    }
    case 'task.updated': {
      const { taskId, projectId, changes, followersAdded } = event.payload;
      updateTask(transaction, taskId, { ...columnsOf(changes), updatedAt: at });
      replaceLinks(transaction, taskId, projectId, { tagIds: changes.tagIds, assigneeIds: changes.assigneeIds });
      for (const userId of followersAdded)
        transaction.insert(taskFollowers).values({ taskId, userId, projectId }).onConflictDoNothing().run();
      return;
    }
    case 'task.moved': {
      const { taskId, toProjectId, number, idCode, changes, followerIds } = event.payload;
      transaction
        .update(tasks)
        .set({ ...columnsOf(changes), projectId: toProjectId, number, idCode, updatedAt: at })
        .where(eq(tasks.id, taskId))
        .run();
      replaceLinks(transaction, taskId, toProjectId, { tagIds: changes.tagIds, assigneeIds: changes.assigneeIds, followerIds });
      raiseLastNumber(transaction, toProjectId, number);
      return;
    }
    case 'task.deleted':
      deleteTask(transaction, event.payload.taskId);
      return;
    case 'task.followed': {
      const { taskId, projectId, userId } = event.payload;
      transaction.insert(taskFollowers).values({ taskId, userId, projectId }).onConflictDoNothing().run();
      return;
    }
    case 'task.unfollowed':
      transaction
        .delete(taskFollowers)
        .where(and(eq(taskFollowers.taskId, event.payload.taskId), eq(taskFollowers.userId, event.payload.userId)))
        .run();
      return;
  }
}

/** A deleted space takes its board, sections, tags and tasks with it. */
function deleteSpaceBoard(transaction: Transaction, projectId: string): void {
  for (const table of [taskTags, taskAssignees, taskFollowers]) transaction.delete(table).where(eq(table.projectId, projectId)).run();
  transaction.delete(tasks).where(eq(tasks.projectId, projectId)).run();
  transaction.delete(tags).where(eq(tags.projectId, projectId)).run();
  transaction.delete(projectStates).where(eq(projectStates.projectId, projectId)).run();
  transaction.delete(taskBoards).where(eq(taskBoards.projectId, projectId)).run();
}

/** How board and task events (and a space's deletion) become rows. Notifications are the notifications area's to project. */
export const tasksProjection: Projection = {
  name: 'tasks',
  tables: [taskBoards, projectStates, tags, tasks, taskAssignees, taskFollowers, taskTags],
  apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as BoardEvent | TaskEvent;
    if (stored.type === 'project.deleted') deleteSpaceBoard(transaction, (stored.payload as ProjectDeleted).projectId);
    else if (stored.type.startsWith('task.')) applyTaskEvent(transaction, event as TaskEvent, stored);
    else if (stored.type === 'file.deleted') clearFileCover(transaction, stored.payload as FileDeleted);
    else if (stored.type.startsWith('file.')) return;
    else applyBoardEvent(transaction, event as BoardEvent, stored);
  },
};
