import { and, eq, inArray, lt, type SQLWrapper } from 'drizzle-orm';
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
async function deleteContent(transaction: Transaction, docIds: readonly string[] | SQLWrapper): Promise<void> {
  if (Array.isArray(docIds) && docIds.length === 0) return;
  await transaction.delete(docUpdates).where(inArray(docUpdates.docId, docIds));
  await transaction.delete(docSnapshots).where(inArray(docSnapshots.docId, docIds));
  await transaction.delete(docTexts).where(inArray(docTexts.docId, docIds));
}

async function applyDocEvent(transaction: Transaction, event: DocEvent, stored: StoredEvent): Promise<void> {
  const at = stored.createdAt;
  switch (event.type) {
    case 'doc.created': {
      const { docId, projectId, teamId, ...fields } = event.payload;
      await transaction.insert(docs).values({
        ...fields,
        id: docId,
        projectId,
        teamId,
        shared: false,
        shareToken: null,
        authorId: stored.actorId ?? '',
        createdAt: at,
        updatedAt: at,
      });
      return;
    }
    case 'doc.edited':
      await transaction
        .update(docs)
        .set({ ...event.payload.changes, updatedAt: at })
        .where(eq(docs.id, event.payload.docId));
      return;
    case 'doc.shared':
      await transaction.update(docs).set({ shared: true, shareToken: event.payload.shareToken }).where(eq(docs.id, event.payload.docId));
      return;
    case 'doc.unshared':
      await transaction.update(docs).set({ shared: false, shareToken: null }).where(eq(docs.id, event.payload.docId));
      return;
    case 'doc.updated':
      // The last edit's time, not the recording's (the entry may be written up to a debounce window
      // later, or at start-up after a crash); never moving the time backwards (ISO strings compare bytewise on both).
      await transaction
        .update(docs)
        .set({ updatedAt: event.payload.until ?? at })
        .where(and(eq(docs.id, event.payload.docId), lt(docs.updatedAt, event.payload.until ?? at)));
      return;
    case 'doc.deleted':
      await deleteContent(transaction, [event.payload.docId]);
      await transaction.delete(docs).where(eq(docs.id, event.payload.docId));
      return;
  }
}

/** How doc events become rows; a space's deletion takes its docs, a folder's moves them up. */
export const docsProjection: Projection = {
  name: 'docs',
  tables: [docs],
  /** Answers a promise for its own events only (and the space and folder deletions it follows); every projection sees every event. */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type === 'project.deleted') return deleteSpaceDocs(transaction, (stored.payload as ProjectDeleted).projectId);
    if (stored.type === 'folder.deleted') return moveFolderDocsUp(transaction, stored.payload as FolderDeleted);
    if (stored.type.startsWith('doc.'))
      return applyDocEvent(transaction, { type: stored.type, payload: stored.payload } as DocEvent, stored);
    return undefined;
  },
};

async function deleteSpaceDocs(transaction: Transaction, projectId: string): Promise<void> {
  // The space's docs as a subquery: a space may hold more docs than one statement takes parameters.
  await deleteContent(transaction, transaction.select({ id: docs.id }).from(docs).where(eq(docs.projectId, projectId)));
  await transaction.delete(docs).where(eq(docs.projectId, projectId));
}

/** Like the files in it, the docs of a deleted folder move up to its parent. */
async function moveFolderDocsUp(transaction: Transaction, { folderId, upfolderId }: FolderDeleted): Promise<void> {
  await transaction.update(docs).set({ folderId: upfolderId }).where(eq(docs.folderId, folderId));
}
