import { addedItem, placedNowhere, type SearchSource } from '../../core/searchSources';
import type { TaskCreated, TaskDeleted, TaskEvent, TaskMoved, TaskUpdated } from './events';

interface RichNode {
  type?: unknown;
  text?: unknown;
  attrs?: { label?: unknown } | null;
  content?: unknown;
}

/**
 * The words of a task description (a Tiptap tree as the tasks area stores it), the way its
 * `description_text` column has them: blocks of a doc or a list on their own lines, mentions as @label.
 * Reads any JSON the log holds (a string, a malformed node) without failing, as a replay must.
 */
export function descriptionText(node: unknown): string {
  if (node === null || typeof node !== 'object') return typeof node === 'string' ? node : '';
  const rich = node as RichNode;
  if (rich.type === 'text') return typeof rich.text === 'string' ? rich.text : '';
  if (rich.type === 'hardBreak') return '\n';
  if (rich.type === 'mention') return `@${String(rich.attrs?.label ?? '')}`;
  const type = typeof rich.type === 'string' ? rich.type : '';
  const children = Array.isArray(rich.content) ? rich.content : [];
  return children.map(descriptionText).join(type === 'doc' || type.endsWith('List') ? '\n' : '');
}

/** Tasks in the search index: name and description, with the task's code; a move or a deletion takes its thread and files along. */
export const tasksSearchSource: SearchSource<TaskEvent['type']> = {
  area: 'tasks',
  changes: {
    'task.created': (stored) => {
      const task = stored.payload as TaskCreated;
      const place = { ...placedNowhere, teamId: task.teamId, spaceId: task.projectId, taskId: task.taskId, code: task.idCode };
      return [addedItem('task', task.taskId, place, stored, task.name, descriptionText(task.description))];
    },
    'task.updated': (stored) => {
      const { taskId, changes } = stored.payload as TaskUpdated;
      if (changes.name === undefined && changes.description === undefined) return [];
      return [
        {
          type: 'setText',
          kind: 'task',
          itemId: taskId,
          ...(changes.name !== undefined ? { title: changes.name } : {}),
          ...(changes.description !== undefined ? { body: descriptionText(changes.description) } : {}),
        },
      ];
    },
    'task.moved': (stored) => {
      // The task, its thread's messages and its files now live in the other space.
      const moved = stored.payload as TaskMoved;
      return [
        { type: 'setPlace', where: { taskId: moved.taskId }, set: { spaceId: moved.toProjectId } },
        { type: 'setPlace', where: { kind: 'task', itemId: moved.taskId }, set: { code: moved.idCode } },
      ];
    },
    // Its thread and its files go with it, as in the chat and files areas.
    'task.deleted': (stored) => [{ type: 'remove', where: { taskId: (stored.payload as TaskDeleted).taskId } }],
  },
};
