import { refusal } from '../../errors';
import { findFolderRow } from '../files';
import type { Reader } from './state';

/** The folder type the files area gives the docs area's folders. */
const docFolderType = 'doc';

/**
 * A doc may only go into a doc folder of its own space. Folders are the files area's (its
 * exported lookup); a folder of another space, of another type or of nobody gets the same
 * answer, so folder ids of other teams cannot be probed.
 */
export async function requireDocFolder(db: Reader, projectId: string, folderId: string | null | undefined): Promise<void> {
  if (folderId === null || folderId === undefined) return;
  const folder = await findFolderRow(db, folderId);
  if (!folder || folder.projectId !== projectId || folder.type !== docFolderType) throw refusal('NOT_FOUND', 'DOC_FOLDER_NOT_FOUND');
}
