import type { StoredEvent } from '../../core/events';
import { addedItem, placedNowhere, type IndexChange, type SearchSource } from '../../core/searchSources';
import type { FileCreated, FileDeleted, FileTextExtracted, FileUpdated, FolderDeleted } from './events';

function changesOf(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'file.created': {
      const file = stored.payload as FileCreated;
      const place = {
        ...placedNowhere,
        teamId: file.teamId,
        spaceId: file.projectId,
        privatId: file.privatId,
        taskId: file.taskId,
        folderId: file.folderId,
      };
      return [addedItem('file', file.fileId, place, stored, file.name, file.text ?? '')];
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
      const { fileId, text } = stored.payload as FileTextExtracted;
      return [{ type: 'setText', kind: 'file', itemId: fileId, body: text }];
    }
    case 'file.deleted':
      return [{ type: 'remove', where: { kind: 'file', itemId: (stored.payload as FileDeleted).fileId } }];
    case 'folder.deleted': {
      // A deleted folder's files move up, and their links with them.
      const { folderId, upfolderId } = stored.payload as FolderDeleted;
      return [{ type: 'setPlace', where: { kind: 'file', folderId }, set: { folderId: upfolderId } }];
    }
    default:
      return [];
  }
}

/** Files in the search index: the name and a PDF's text, in their space, task or private chat and folder. */
export const filesSearchSource: SearchSource = {
  area: 'files',
  eventTypes: ['file.created', 'file.updated', 'file.text_extracted', 'file.deleted', 'folder.deleted'],
  changesOf,
};
