import { addedItem, placedNowhere, type SearchSource } from '../../core/searchSources';
import type { FileCreated, FileDeleted, FileEvent, FileTextExtracted, FileUpdated, FolderDeleted, FolderEvent } from './events';

/** Files in the search index: the name and a PDF's text, in their space, task or private chat and folder. */
export const filesSearchSource: SearchSource<FileEvent['type'] | FolderEvent['type']> = {
  area: 'files',
  changes: {
    'file.created': (stored) => {
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
    },
    'file.updated': (stored) => {
      const { fileId, changes } = stored.payload as FileUpdated;
      const where = { kind: 'file', itemId: fileId } as const;
      return [
        ...(changes.name !== undefined ? [{ type: 'setText', ...where, title: changes.name } as const] : []),
        ...(changes.folderId !== undefined ? [{ type: 'setPlace', where, set: { folderId: changes.folderId } } as const] : []),
        ...(changes.projectId !== undefined ? [{ type: 'setPlace', where, set: { spaceId: changes.projectId } } as const] : []),
      ];
    },
    'file.text_extracted': (stored) => {
      const { fileId, text } = stored.payload as FileTextExtracted;
      return [{ type: 'setText', kind: 'file', itemId: fileId, body: text }];
    },
    'file.deleted': (stored) => [{ type: 'remove', where: { kind: 'file', itemId: (stored.payload as FileDeleted).fileId } }],
    'folder.deleted': (stored) => {
      // A deleted folder's files move up, and their links with them.
      const { folderId, upfolderId } = stored.payload as FolderDeleted;
      return [{ type: 'setPlace', where: { kind: 'file', folderId }, set: { folderId: upfolderId } }];
    },
  },
};
