import { asc, eq, sql } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { issue } from '../../errors';
import { historyPage } from '../accounts';
import { events } from '../../core/tables';
import type { StoredEvent } from '../../core/events';
import { requireActor } from '../../graphql/context';
import { requireReadableSpaceContent } from '../../core/spaceContent';
import type { TaskCreated, TaskFieldName, TaskFollowChanged, TaskMoved, TaskUpdated } from './events';
import { boardCacheOf } from './boardCache';
import { readBoardFields } from './boardFieldReaders';
import { forBoardViewer } from './boardRead';
import { asksForAny } from './requestedFields';
import { presentTasks, type PresentedTask } from './present';
import { ensureBoard, loadBoard, requireReadableTask, type Reader } from './state';
import { changesBeyond } from './logPayload';
import { tasks } from './tables';
import { digestRows, getTasksArguments, isDigest } from './taskDigest';
import { presentTask } from './taskMutations';
import { taskStream } from './taskWrites';
import type { QueryResolvers } from '../../graphql/schemaTypes';

/**
 * Spaces made before tasks existed have no board yet: the first read opens it (a small write, once,
 * by whoever looks first), so every space shows its default sections.
 */
export async function boardOf(context: MercuriusContext, actorId: string, projectId: string): Promise<void> {
  if (await loadBoard(context.services.database.db, projectId)) return;
  await context.services.store.run({ actorId }, async (unit) => await ensureBoard(unit, projectId));
}

const pageSchema = z.object({
  task: z.string(),
  first: z.number().int().min(1).max(100).nullish(),
  after: z
    .string()
    .refine((cursor) => /^\d{1,15}$/.test(cursor), issue('CURSOR_INVALID'))
    .nullish(),
});

/** Task fields the kept board leaves out (rich text is read per task); a board asking for them is read whole. */
const uncachedTaskFields = new Set(['description']);

type FieldChange = { field: string; from: unknown; to: unknown };

/** Task fields in the order the activity lists them (TaskFields' own order); a field of an older shape goes last. */
const taskFieldOrder: readonly TaskFieldName[] = [
  'name',
  'letter',
  'color',
  'description',
  'cover',
  'priority',
  'deadline',
  'length',
  'parentTaskId',
  'sprintId',
  'stateId',
  'tagIds',
  'assigneeIds',
  'positionSection',
  'positionDuedate',
  'positionAsignee',
];
const fieldRank = (field: string) => {
  const rank = taskFieldOrder.indexOf(field as TaskFieldName);
  return rank === -1 ? taskFieldOrder.length : rank;
};

/** What an entry of a task's history changed, from what to what. */
function changesOf(event: StoredEvent): FieldChange[] {
  switch (event.type) {
    case 'task.created': {
      const created = event.payload as TaskCreated;
      return [
        { field: 'name', from: null, to: created.name },
        { field: 'stateId', from: null, to: created.stateId },
        ...(created.duplicateOf ? [{ field: 'duplicateOf', from: null, to: created.duplicateOf }] : []),
      ];
    }
    case 'task.updated': {
      const updated = event.payload as TaskUpdated;
      // In the fields' own order: a payload read back from PostgreSQL's jsonb has its keys in jsonb's order.
      return Object.entries(updated.changes)
        .sort(([left], [right]) => fieldRank(left) - fieldRank(right) || (left < right ? -1 : left > right ? 1 : 0))
        .map(([field, to]) => ({
          field,
          from: (updated.previous as Record<string, unknown>)[field] ?? null,
          to,
        }));
    }
    case 'task.moved': {
      const moved = event.payload as TaskMoved;
      return [
        { field: 'project', from: moved.fromProjectId, to: moved.toProjectId },
        { field: 'idCode', from: moved.previousIdCode, to: moved.idCode },
        { field: 'stateId', from: moved.previous.stateId, to: moved.changes.stateId },
      ];
    }
    case 'task.followed':
      return [{ field: 'followers', from: null, to: (event.payload as TaskFollowChanged).userId }];
    case 'task.unfollowed':
      return [{ field: 'followers', from: (event.payload as TaskFollowChanged).userId, to: null }];
    default:
      return [];
  }
}

/** Updates that only reordered a list are left out of the history: dragging a card is not news. */
const notOnlyReordering = sql`NOT (${events.type} = 'task.updated' AND NOT ${changesBeyond(['positionSection', 'positionDuedate', 'positionAsignee'])})`;

export async function taskActivity(db: Reader, taskId: string, first: number, after: string | null | undefined) {
  const { entries, nextCursor } = await historyPage(db, [eq(events.stream, taskStream(taskId)), notOnlyReordering], first, after);
  return {
    entries: entries.map(({ event, actor }) => ({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt,
      actor,
      changes: changesOf(event),
    })),
    nextCursor,
  };
}

/**
 * The board's first screen: the first `perSection` top-level tasks of each section, of tasks in board order
 * (by position, so each section's own order is kept). Subtasks show only in their parent's panel.
 */
export function firstScreenOf<Task>(
  boardTasks: readonly Task[],
  perSection: number,
  sectionOf: (task: Task) => string,
  parentOf: (task: Task) => string | null,
): Task[] {
  const shownPerSection = new Map<string, number>();
  const shown: Task[] = [];
  for (const task of boardTasks) {
    if (parentOf(task) !== null) continue;
    const section = sectionOf(task);
    const count = shownPerSection.get(section) ?? 0;
    if (count >= perSection) continue;
    shownPerSection.set(section, count + 1);
    shown.push(task);
  }
  return shown;
}

export const taskQueries = {
  getTasks: async (_root, args: Record<string, unknown>, context, info) => {
    const actor = requireActor(context);
    const input = getTasksArguments.parse(args);
    const db = context.services.database.db;
    const access = input.project ? await requireReadableSpaceContent(db, input.project, actor.userId) : null;
    if (access) await boardOf(context, actor.userId, access.projectId);
    const perSection = input.perSection ?? null;
    if (access && !isDigest(input) && !asksForAny(info, uncachedTaskFields)) {
      const boardTasks = await boardCacheOf(context.services.database).tasksOf(db, access.projectId, access.teamId);
      const shown =
        perSection === null
          ? boardTasks
          : firstScreenOf(
              boardTasks,
              perSection,
              (task) => task.state,
              (task) => task.parentTask,
            );
      await readBoardFields(context, access.projectId, (field) => asksForAny(info, new Set([field])));
      // Without description, which this path is never taken for (uncachedTaskFields).
      return forBoardViewer(shown, access, actor.userId) as unknown as PresentedTask[];
    }
    if (isDigest(input)) return await presentTasks(db, await digestRows(db, actor.userId, input, access?.projectId ?? null), actor.userId);
    const rows = await db
      .select()
      .from(tasks)
      .where(eq(tasks.projectId, access!.projectId))
      .orderBy(asc(tasks.positionSection), asc(tasks.id));
    const shown =
      perSection === null
        ? rows
        : firstScreenOf(
            rows,
            perSection,
            (row) => row.stateId,
            (row) => row.parentTaskId,
          );
    await readBoardFields(context, access!.projectId, (field) => asksForAny(info, new Set([field])));
    return await presentTasks(db, shown, actor.userId);
  },
  getTask: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { row } = await requireReadableTask(db, args.id, actor.userId);
    return await presentTask(db, row.id, actor.userId);
  },
  getTaskActivity: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pageSchema.parse(args);
    const db = context.services.database.db;
    const { row } = await requireReadableTask(db, input.task, actor.userId);
    return await taskActivity(db, row.id, input.first ?? 20, input.after);
  },
} satisfies QueryResolvers;
