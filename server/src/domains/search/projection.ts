import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { MessageCreated } from '../chat';
import type { FileDeleted } from '../files';
import type { ProjectDeleted } from '../teams';
import type { TaskCreated, TaskDeleted, TaskMoved, TaskUpdated } from '../tasks';
import { searchText } from './ftsTable';
import { searchItems } from './tables';
import { descriptionText, indexedText } from './text';

type Kind = 'task' | 'message' | 'doc' | 'file';

interface ItemPlace {
  teamId: string;
  spaceId: string | null;
  privatId?: string | null;
  taskId?: string | null;
  meetingroomId?: string | null;
  code?: string | null;
  emoji?: string | null;
  folderId?: string | null;
}

/** Payloads of the docs, files and chat events this projection reads (only the fields it needs). */
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

function rowidOf(transaction: Transaction, kind: Kind, itemId: string): number | undefined {
  return transaction.get<{ id: number } | undefined>(sql`SELECT id FROM search_items WHERE kind = ${kind} AND item_id = ${itemId}`)?.id;
}

function insertItem(
  transaction: Transaction,
  kind: Kind,
  itemId: string,
  place: ItemPlace,
  createdAt: string,
  title: string,
  body: string,
) {
  const row = transaction.get<{ id: number }>(sql`
    INSERT INTO search_items (kind, item_id, team_id, space_id, privat_id, task_id, meetingroom_id, code, emoji, folder_id, created_at)
    VALUES (${kind}, ${itemId}, ${place.teamId}, ${place.spaceId}, ${place.privatId ?? null}, ${place.taskId ?? null},
      ${place.meetingroomId ?? null}, ${place.code ?? null}, ${place.emoji ?? null}, ${place.folderId ?? null}, ${createdAt})
    ON CONFLICT (kind, item_id) DO NOTHING
    RETURNING id`);
  if (!row) return;
  transaction.run(sql`INSERT INTO search_text (rowid, title, body) VALUES (${row.id}, ${indexedText(title)}, ${indexedText(body)})`);
}

function setText(transaction: Transaction, kind: Kind, itemId: string, text: { title?: string; body?: string }) {
  const rowid = rowidOf(transaction, kind, itemId);
  if (rowid === undefined) return;
  if (text.title !== undefined) transaction.run(sql`UPDATE search_text SET title = ${indexedText(text.title)} WHERE rowid = ${rowid}`);
  if (text.body !== undefined) transaction.run(sql`UPDATE search_text SET body = ${indexedText(text.body)} WHERE rowid = ${rowid}`);
}

function deleteWhere(transaction: Transaction, condition: ReturnType<typeof sql>) {
  transaction.run(sql`DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_items WHERE ${condition})`);
  transaction.run(sql`DELETE FROM search_items WHERE ${condition}`);
}

function deleteItem(transaction: Transaction, kind: Kind, itemId: string) {
  deleteWhere(transaction, sql`kind = ${kind} AND item_id = ${itemId}`);
}

function applyTaskEvent(transaction: Transaction, stored: StoredEvent): void {
  switch (stored.type) {
    case 'task.created': {
      const task = stored.payload as TaskCreated;
      const place = { teamId: task.teamId, spaceId: task.projectId, taskId: task.taskId, code: task.idCode };
      insertItem(transaction, 'task', task.taskId, place, stored.createdAt, task.name, descriptionText(task.description));
      return;
    }
    case 'task.updated': {
      const { taskId, changes } = stored.payload as TaskUpdated;
      setText(transaction, 'task', taskId, {
        ...(changes.name !== undefined ? { title: changes.name } : {}),
        ...(changes.description !== undefined ? { body: descriptionText(changes.description) } : {}),
      });
      return;
    }
    case 'task.moved': {
      // The task, its thread's messages and its files now live in the other space.
      const moved = stored.payload as TaskMoved;
      transaction.run(sql`UPDATE search_items SET space_id = ${moved.toProjectId} WHERE task_id = ${moved.taskId}`);
      transaction.run(sql`UPDATE search_items SET code = ${moved.idCode} WHERE kind = 'task' AND item_id = ${moved.taskId}`);
      return;
    }
    case 'task.deleted':
      // Its thread and its files go with it, as in the chat and files areas.
      deleteWhere(transaction, sql`task_id = ${(stored.payload as TaskDeleted).taskId}`);
      return;
  }
}

function applyMessageEvent(transaction: Transaction, stored: StoredEvent): void {
  switch (stored.type) {
    case 'message.created': {
      const message = stored.payload as MessageCreated;
      if (!searchableMessageTypes.has(message.type) || message.body.trim() === '') return;
      const place = {
        teamId: stored.teamId!,
        spaceId: message.spaceId,
        privatId: message.privatId,
        taskId: message.taskId,
        meetingroomId: message.meetingroomId,
      };
      insertItem(transaction, 'message', message.messageId, place, stored.createdAt, '', message.body);
      return;
    }
    case 'message.edited': {
      const { messageId, body } = stored.payload as MessageEdited;
      setText(transaction, 'message', messageId, { body });
      return;
    }
    case 'message.deleted':
      deleteItem(transaction, 'message', (stored.payload as { messageId: string }).messageId);
      return;
  }
}

function applyDocEvent(transaction: Transaction, stored: StoredEvent): void {
  switch (stored.type) {
    case 'doc.created': {
      const doc = stored.payload as DocCreated;
      const place = { teamId: doc.teamId, spaceId: doc.projectId, emoji: doc.emoji };
      // The doc's text is indexed apart (doc_text_search, kept by triggers on the docs rooms' doc_texts): it is not in the log.
      insertItem(transaction, 'doc', doc.docId, place, stored.createdAt, doc.title, '');
      return;
    }
    case 'doc.edited': {
      const { docId, changes } = stored.payload as DocEdited;
      if (changes.title !== undefined) setText(transaction, 'doc', docId, { title: changes.title });
      if (changes.emoji !== undefined)
        transaction.run(sql`UPDATE search_items SET emoji = ${changes.emoji} WHERE kind = 'doc' AND item_id = ${docId}`);
      return;
    }
    case 'doc.deleted':
      deleteItem(transaction, 'doc', (stored.payload as { docId: string }).docId);
      return;
  }
}

function applyFileEvent(transaction: Transaction, stored: StoredEvent): void {
  switch (stored.type) {
    case 'file.created': {
      const file = stored.payload as FileCreated;
      const place = { teamId: file.teamId, spaceId: file.projectId, privatId: file.privatId, taskId: file.taskId, folderId: file.folderId };
      insertItem(transaction, 'file', file.fileId, place, stored.createdAt, file.name, file.text ?? '');
      return;
    }
    case 'file.updated': {
      const { fileId, changes } = stored.payload as FileUpdated;
      if (changes.name !== undefined) setText(transaction, 'file', fileId, { title: changes.name });
      if (changes.folderId !== undefined)
        transaction.run(sql`UPDATE search_items SET folder_id = ${changes.folderId} WHERE kind = 'file' AND item_id = ${fileId}`);
      if (changes.projectId !== undefined)
        transaction.run(sql`UPDATE search_items SET space_id = ${changes.projectId} WHERE kind = 'file' AND item_id = ${fileId}`);
      return;
    }
    case 'file.text_extracted': {
      const { fileId, text } = stored.payload as { fileId: string; text: string };
      setText(transaction, 'file', fileId, { body: text });
      return;
    }
    case 'file.deleted':
      deleteItem(transaction, 'file', (stored.payload as FileDeleted).fileId);
      return;
  }
}

/**
 * The search index: tasks (name, description), messages (text), docs (title) and files (name, a PDF's text),
 * written in the same transaction as the events that create, change and delete them, and rebuilt by replay.
 * A deleted space or task takes its items with it; a deleted folder's files move up, and their links with them.
 * A doc's text is content, not in the log: its index is doc_text_search (see migrations/0016_search.sql).
 */
export const searchProjection: Projection = {
  name: 'search',
  // search_text is emptied before search_items on a rebuild (reverse order): both are plain DELETEs.
  tables: [searchItems, searchText],
  apply(transaction: Transaction, stored: StoredEvent) {
    const family = stored.type.slice(0, stored.type.indexOf('.'));
    if (family === 'task') applyTaskEvent(transaction, stored);
    else if (family === 'message') applyMessageEvent(transaction, stored);
    else if (family === 'doc') applyDocEvent(transaction, stored);
    else if (family === 'file') applyFileEvent(transaction, stored);
    else if (stored.type === 'project.deleted') deleteWhere(transaction, sql`space_id = ${(stored.payload as ProjectDeleted).projectId}`);
    else if (stored.type === 'folder.deleted') {
      const { folderId, upfolderId } = stored.payload as { folderId: string; upfolderId: string | null };
      transaction.run(sql`UPDATE search_items SET folder_id = ${upfolderId} WHERE kind = 'file' AND folder_id = ${folderId}`);
    }
  },
};
