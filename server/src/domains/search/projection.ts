import { and, eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
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

/** search_text's rows with their rowid (search_items.id), for the writes below; ftsTable.ts declares what is compared. */
const searchTextRows = sqliteTable('search_text', { rowid: integer('rowid'), title: text('title'), body: text('body') });

const placeholder = sql.placeholder;

/** The writes every indexed task, message, doc and file makes: built once per connection (db/prepared.ts). */
const searchWrites = preparedQuery((transaction: Transaction) => ({
  rowidOf: transaction
    .select({ id: searchItems.id })
    .from(searchItems)
    .where(and(eq(searchItems.kind, placeholder('kind')), eq(searchItems.itemId, placeholder('itemId'))))
    .prepare(),
  insertItem: transaction
    .insert(searchItems)
    .values({
      kind: placeholder('kind'),
      itemId: placeholder('itemId'),
      teamId: placeholder('teamId'),
      spaceId: placeholder('spaceId'),
      privatId: placeholder('privatId'),
      taskId: placeholder('taskId'),
      meetingroomId: placeholder('meetingroomId'),
      code: placeholder('code'),
      emoji: placeholder('emoji'),
      folderId: placeholder('folderId'),
      createdAt: placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning({ id: searchItems.id })
    .prepare(),
  insertText: transaction
    .insert(searchTextRows)
    .values({ rowid: placeholder('rowid'), title: placeholder('title'), body: placeholder('body') })
    .prepare(),
  setTitle: transaction
    .update(searchTextRows)
    .set({ title: sql`${placeholder('title')}` })
    .where(eq(searchTextRows.rowid, placeholder('rowid')))
    .prepare(),
  setBody: transaction
    .update(searchTextRows)
    .set({ body: sql`${placeholder('body')}` })
    .where(eq(searchTextRows.rowid, placeholder('rowid')))
    .prepare(),
}));

function rowidOf(transaction: Transaction, kind: Kind, itemId: string): number | undefined {
  return searchWrites(transaction).rowidOf.get({ kind, itemId })?.id;
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
  const writes = searchWrites(transaction);
  const row = writes.insertItem.get({
    kind,
    itemId,
    teamId: place.teamId,
    spaceId: place.spaceId,
    privatId: place.privatId ?? null,
    taskId: place.taskId ?? null,
    meetingroomId: place.meetingroomId ?? null,
    code: place.code ?? null,
    emoji: place.emoji ?? null,
    folderId: place.folderId ?? null,
    createdAt,
  });
  if (!row) return;
  writes.insertText.run({ rowid: row.id, title: indexedText(title), body: indexedText(body) });
}

function setText(transaction: Transaction, kind: Kind, itemId: string, text: { title?: string; body?: string }) {
  const rowid = rowidOf(transaction, kind, itemId);
  if (rowid === undefined) return;
  const writes = searchWrites(transaction);
  if (text.title !== undefined) writes.setTitle.run({ rowid, title: indexedText(text.title) });
  if (text.body !== undefined) writes.setBody.run({ rowid, body: indexedText(text.body) });
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
