import { eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { FolderDeleted } from '../files';
import type { ProjectDeleted } from '../teams';
import type { DocEvent } from './events';
import { docs, docSnapshots, docTexts, docUpdates } from './tables';

/**
 * A doc's content goes with it. The content tables are not projection tables (a rebuild must not
 * empty them: the log does not hold the content), but deleting follows the log, so a replay
 * deletes exactly what the live run deleted.
 */
function deleteContent(transaction: Transaction, docIds: readonly string[]): void {
  if (docIds.length === 0) return;
  transaction.delete(docUpdates).where(inArray(docUpdates.docId, docIds)).run();
  transaction.delete(docSnapshots).where(inArray(docSnapshots.docId, docIds)).run();
  transaction.delete(docTexts).where(inArray(docTexts.docId, docIds)).run();
}

function applyDocEvent(transaction: Transaction, event: DocEvent, stored: StoredEvent): void {
  const at = stored.createdAt;
  switch (event.type) {
    case 'doc.created': {
      const { docId, projectId, teamId, ...fields } = event.payload;
      transaction
        .insert(docs)
        .values({
          ...fields,
          id: docId,
          projectId,
          teamId,
          shared: false,
          shareToken: null,
          authorId: stored.actorId ?? '',
          createdAt: at,
          updatedAt: at,
        })
        .run();
      return;
    }
    case 'doc.edited':
      transaction
        .update(docs)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(docs.id, event.payload.docId))
        .run();
      return;
    case 'doc.shared':
      transaction.update(docs).set({ shared: true, shareToken: event.payload.shareToken }).where(eq(docs.id, event.payload.docId)).run();
      return;
    case 'doc.unshared':
      transaction.update(docs).set({ shared: false, shareToken: null }).where(eq(docs.id, event.payload.docId)).run();
      return;
    case 'doc.updated':
      // The last edit's time, not the recording's (the entry may be written up to a debounce window
      // later, or at start-up after a crash); never moving the time backwards.
      transaction
        .update(docs)
        .set({ updatedAt: sql`max(${docs.updatedAt}, ${event.payload.until ?? at})` })
        .where(eq(docs.id, event.payload.docId))
        .run();
      return;
    case 'doc.deleted':
      deleteContent(transaction, [event.payload.docId]);
      transaction.delete(docs).where(eq(docs.id, event.payload.docId)).run();
      return;
  }
}

/** How doc events become rows; a space's deletion takes its docs, a folder's moves them up. */
export const docsProjection: Projection = {
  name: 'docs',
  tables: [docs],
  apply(transaction: Transaction, stored: StoredEvent) {
    if (stored.type === 'project.deleted') {
      const { projectId } = stored.payload as ProjectDeleted;
      const ids = transaction
        .select({ id: docs.id })
        .from(docs)
        .where(eq(docs.projectId, projectId))
        .all()
        .map((row) => row.id);
      deleteContent(transaction, ids);
      transaction.delete(docs).where(eq(docs.projectId, projectId)).run();
      return;
    }
    if (stored.type === 'folder.deleted') {
      // Like the files in it, the docs of a deleted folder move up to its parent.
      const { folderId, upfolderId } = stored.payload as FolderDeleted;
      transaction.update(docs).set({ folderId: upfolderId }).where(eq(docs.folderId, folderId)).run();
      return;
    }
    if (stored.type.startsWith('doc.')) applyDocEvent(transaction, { type: stored.type, payload: stored.payload } as DocEvent, stored);
  },
};
