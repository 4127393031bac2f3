import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { TaskDeleted, TaskMoved } from '../tasks';
import type { ProjectDeleted } from '../teams';
import type { FileEvent, FolderEvent } from './events';
import { files, folders } from './tables';

async function applyFileEvent(transaction: Transaction, event: FileEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'file.created': {
      const { fileId, ...fields } = event.payload;
      await transaction
        .insert(files)
        .values({ ...fields, id: fileId, shared: false, authorId: stored.actorId ?? '', createdAt: at, updatedAt: at });
      return;
    }
    case 'file.updated':
      await transaction
        .update(files)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(files.id, event.payload.fileId));
      return;
    case 'file.deleted':
      await transaction.delete(files).where(eq(files.id, event.payload.fileId));
      return;
    case 'file.text_extracted':
      await transaction.update(files).set({ text: event.payload.text }).where(eq(files.id, event.payload.fileId));
      return;
  }
}

async function applyFolderEvent(transaction: Transaction, event: FolderEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'folder.created': {
      const { folderId, ...fields } = event.payload;
      await transaction.insert(folders).values({ ...fields, id: folderId, authorId: stored.actorId ?? '', createdAt: at, updatedAt: at });
      return;
    }
    case 'folder.updated':
      await transaction
        .update(folders)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(folders.id, event.payload.folderId));
      return;
    case 'folder.deleted': {
      const { folderId, upfolderId } = event.payload;
      await transaction.update(files).set({ folderId: upfolderId }).where(eq(files.folderId, folderId));
      await transaction.update(folders).set({ upfolderId }).where(eq(folders.upfolderId, folderId));
      await transaction.delete(folders).where(eq(folders.id, folderId));
      return;
    }
  }
}

/**
 * How file and folder events become rows. A deleted space takes its folders and files with it, a
 * deleted task its files (their bytes go in the storage sweep); a task moved to another space keeps its
 * files, now counted in that space.
 */
export const filesProjection: Projection = {
  name: 'files',
  tables: [folders, files],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type.startsWith('file.'))
      return applyFileEvent(transaction, { type: stored.type, payload: stored.payload } as FileEvent, stored);
    if (stored.type.startsWith('folder.'))
      return applyFolderEvent(transaction, { type: stored.type, payload: stored.payload } as FolderEvent, stored);
    if (stored.type === 'project.deleted') return forgetSpace(transaction, (stored.payload as ProjectDeleted).projectId);
    if (stored.type === 'task.deleted' || stored.type === 'task.moved') return followTask(transaction, stored);
    return undefined;
  },
};

/** A deleted task takes its files with it; a moved one keeps them, now counted in its new space. */
async function followTask(transaction: Transaction, stored: StoredEvent): Promise<void> {
  if (stored.type === 'task.deleted') {
    await transaction.delete(files).where(eq(files.taskId, (stored.payload as TaskDeleted).taskId));
    return;
  }
  const moved = stored.payload as TaskMoved;
  await transaction.update(files).set({ projectId: moved.toProjectId }).where(eq(files.taskId, moved.taskId));
}

async function forgetSpace(transaction: Transaction, projectId: string): Promise<void> {
  await transaction.delete(files).where(eq(files.projectId, projectId));
  await transaction.delete(folders).where(eq(folders.projectId, projectId));
}
