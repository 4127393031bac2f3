import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { TaskDeleted, TaskMoved } from '../tasks';
import type { ProjectDeleted } from '../teams';
import type { FileEvent, FolderEvent } from './events';
import { files, folders } from './tables';

function applyFileEvent(transaction: Transaction, event: FileEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'file.created': {
      const { fileId, ...fields } = event.payload;
      transaction
        .insert(files)
        .values({ ...fields, id: fileId, shared: false, authorId: stored.actorId ?? '', createdAt: at, updatedAt: at })
        .run();
      return;
    }
    case 'file.updated':
      transaction
        .update(files)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(files.id, event.payload.fileId))
        .run();
      return;
    case 'file.deleted':
      transaction.delete(files).where(eq(files.id, event.payload.fileId)).run();
      return;
    case 'file.text_extracted':
      transaction.update(files).set({ text: event.payload.text }).where(eq(files.id, event.payload.fileId)).run();
      return;
  }
}

function applyFolderEvent(transaction: Transaction, event: FolderEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'folder.created': {
      const { folderId, ...fields } = event.payload;
      transaction
        .insert(folders)
        .values({ ...fields, id: folderId, authorId: stored.actorId ?? '', createdAt: at, updatedAt: at })
        .run();
      return;
    }
    case 'folder.updated':
      transaction
        .update(folders)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(folders.id, event.payload.folderId))
        .run();
      return;
    case 'folder.deleted': {
      const { folderId, upfolderId } = event.payload;
      transaction.update(files).set({ folderId: upfolderId }).where(eq(files.folderId, folderId)).run();
      transaction.update(folders).set({ upfolderId }).where(eq(folders.upfolderId, folderId)).run();
      transaction.delete(folders).where(eq(folders.id, folderId)).run();
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
  apply(transaction: Transaction, stored: StoredEvent) {
    if (stored.type.startsWith('file.')) applyFileEvent(transaction, { type: stored.type, payload: stored.payload } as FileEvent, stored);
    else if (stored.type.startsWith('folder.'))
      applyFolderEvent(transaction, { type: stored.type, payload: stored.payload } as FolderEvent, stored);
    else if (stored.type === 'project.deleted') {
      const { projectId } = stored.payload as ProjectDeleted;
      transaction.delete(files).where(eq(files.projectId, projectId)).run();
      transaction.delete(folders).where(eq(folders.projectId, projectId)).run();
    } else if (stored.type === 'task.deleted') {
      transaction
        .delete(files)
        .where(eq(files.taskId, (stored.payload as TaskDeleted).taskId))
        .run();
    } else if (stored.type === 'task.moved') {
      const moved = stored.payload as TaskMoved;
      transaction.update(files).set({ projectId: moved.toProjectId }).where(eq(files.taskId, moved.taskId)).run();
    }
  },
};
