import type { StoredEvent } from '../../core/events';
import type { MessageCreated } from '../chat';
import type { FileDeleted } from '../files';
import type { ProjectDeleted } from '../teams';
import type { TaskCreated, TaskDeleted, TaskMoved, TaskUpdated } from '../tasks';
import type { IndexChange, IndexedItem, IndexedKind, ItemPlace } from './port';
import { descriptionText } from './text';

/** Payloads of the docs, files and chat events the index reads (only the fields it needs). */
interface DocCreated {
  docId: string;
  projectId: string;
  teamId: string;
  title: string;
  emoji: string | null;
}
interface DocEdited {
  docId: string;
  changes: { title?: string; emoji?: string | null };
}
interface FileCreated {
  fileId: string;
  teamId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  folderId: string | null;
  name: string;
  text: string | null;
}
interface FileUpdated {
  fileId: string;
  projectId: string | null;
  changes: { name?: string; folderId?: string | null; projectId?: string | null };
}
interface MessageEdited {
  messageId: string;
  body: string;
}

const searchableMessageTypes = new Set(['text', 'file']);

const nowhere = { privatId: null, taskId: null, meetingroomId: null, code: null, emoji: null, folderId: null } as const;

function added(kind: IndexedKind, itemId: string, place: ItemPlace, stored: StoredEvent, title: string, body: string): IndexChange {
  const item: IndexedItem = { kind, itemId, ...place, createdAt: stored.createdAt, title, body };
  return { type: 'add', item };
}

function taskChanges(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'task.created': {
      const task = stored.payload as TaskCreated;
      const place = { ...nowhere, teamId: task.teamId, spaceId: task.projectId, taskId: task.taskId, code: task.idCode };
      return [added('task', task.taskId, place, stored, task.name, descriptionText(task.description))];
    }
    case 'task.updated': {
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
    }
    case 'task.moved': {
      // The task, its thread's messages and its files now live in the other space.
      const moved = stored.payload as TaskMoved;
      return [
        { type: 'setPlace', where: { taskId: moved.taskId }, set: { spaceId: moved.toProjectId } },
        { type: 'setPlace', where: { kind: 'task', itemId: moved.taskId }, set: { code: moved.idCode } },
      ];
    }
    case 'task.deleted':
      // Its thread and its files go with it, as in the chat and files areas.
      return [{ type: 'remove', where: { taskId: (stored.payload as TaskDeleted).taskId } }];
    default:
      return [];
  }
}

function messageChanges(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'message.created': {
      const message = stored.payload as MessageCreated;
      if (!searchableMessageTypes.has(message.type) || message.body.trim() === '') return [];
      const place = {
        ...nowhere,
        teamId: stored.teamId!,
        spaceId: message.spaceId,
        privatId: message.privatId,
        taskId: message.taskId,
        meetingroomId: message.meetingroomId,
      };
      return [added('message', message.messageId, place, stored, '', message.body)];
    }
    case 'message.edited': {
      const { messageId, body } = stored.payload as MessageEdited;
      return [{ type: 'setText', kind: 'message', itemId: messageId, body }];
    }
    case 'message.deleted':
      return [{ type: 'remove', where: { kind: 'message', itemId: (stored.payload as { messageId: string }).messageId } }];
    default:
      return [];
  }
}

function docChanges(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'doc.created': {
      const doc = stored.payload as DocCreated;
      const place = { ...nowhere, teamId: doc.teamId, spaceId: doc.projectId, emoji: doc.emoji };
      // The doc's text is indexed apart (setDocText: the docs rooms store it, it is not in the log).
      return [added('doc', doc.docId, place, stored, doc.title, '')];
    }
    case 'doc.edited': {
      const { docId, changes } = stored.payload as DocEdited;
      return [
        ...(changes.title !== undefined ? [{ type: 'setText', kind: 'doc', itemId: docId, title: changes.title } as const] : []),
        ...(changes.emoji !== undefined
          ? [{ type: 'setPlace', where: { kind: 'doc', itemId: docId }, set: { emoji: changes.emoji } } as const]
          : []),
      ];
    }
    case 'doc.deleted':
      return [{ type: 'remove', where: { kind: 'doc', itemId: (stored.payload as { docId: string }).docId } }];
    default:
      return [];
  }
}

function fileChanges(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'file.created': {
      const file = stored.payload as FileCreated;
      const place = {
        ...nowhere,
        teamId: file.teamId,
        spaceId: file.projectId,
        privatId: file.privatId,
        taskId: file.taskId,
        folderId: file.folderId,
      };
      return [added('file', file.fileId, place, stored, file.name, file.text ?? '')];
    }
    case 'file.updated': {
      const { fileId, changes } = stored.payload as FileUpdated;
      const where = { kind: 'file', itemId: fileId } as const;
      return [
        ...(changes.name !== undefined ? [{ type: 'setText', ...where, title: changes.name } as const] : []),
        ...(changes.folderId !== undefined ? [{ type: 'setPlace', where, set: { folderId: changes.folderId } } as const] : []),
        ...(changes.projectId !== undefined ? [{ type: 'setPlace', where, set: { spaceId: changes.projectId } } as const] : []),
      ];
    }
    case 'file.text_extracted': {
      const { fileId, text } = stored.payload as { fileId: string; text: string };
      return [{ type: 'setText', kind: 'file', itemId: fileId, body: text }];
    }
    case 'file.deleted':
      return [{ type: 'remove', where: { kind: 'file', itemId: (stored.payload as FileDeleted).fileId } }];
    default:
      return [];
  }
}

/**
 * What an event does to the search index: tasks (name, description), messages (text), docs (title) and files (name,
 * a PDF's text) added, changed and removed; a deleted space or task takes its items with it; a deleted folder's
 * files move up, and their links with them. The same for every adapter.
 */
export function indexChangesOf(stored: StoredEvent): IndexChange[] {
  const family = stored.type.slice(0, stored.type.indexOf('.'));
  if (family === 'task') return taskChanges(stored);
  if (family === 'message') return messageChanges(stored);
  if (family === 'doc') return docChanges(stored);
  if (family === 'file') return fileChanges(stored);
  if (stored.type === 'project.deleted') return [{ type: 'remove', where: { spaceId: (stored.payload as ProjectDeleted).projectId } }];
  if (stored.type === 'folder.deleted') {
    const { folderId, upfolderId } = stored.payload as { folderId: string; upfolderId: string | null };
    return [{ type: 'setPlace', where: { kind: 'file', folderId }, set: { folderId: upfolderId } }];
  }
  return [];
}
