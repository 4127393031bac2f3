import type { DomainEvent } from '../../core/events';
import { fileStream } from '../../core/streams';

/** Who a file belongs to; access follows the owner. */
export type FileOwner =
  { kind: 'project'; projectId: string } | { kind: 'task'; taskId: string; projectId: string } | { kind: 'privat'; privatId: string };

/** What the server learnt from the bytes before recording them. */
export interface FileAnalysis {
  thumbnail: string | null;
  preview: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  text: string | null;
}

export interface FileCreated extends FileAnalysis {
  fileId: string;
  teamId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  folderId: string | null;
  name: string;
  mimeType: string;
  kind: string;
  size: number;
  location: string;
  /**
   * A story of the space (a screen recording from the stories area), for reactions such as the NEW_STORY
   * notification. Absent on events recorded before stories existed, which were not stories.
   */
  story?: boolean;
}

export interface FileFields {
  name: string;
  folderId: string | null;
  shared: boolean;
  projectId: string | null;
}

/** Only what changed, with the values it replaced. `projectId` is the file's space after the change. */
export interface FileUpdated {
  fileId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  changes: Partial<FileFields>;
  previous: Partial<FileFields>;
}

export interface FileDeleted {
  fileId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  name: string;
  size: number;
  location: string;
  thumbnail: string | null;
}

/** A PDF's text, read after the file was recorded; empty when pdf.js could not read the PDF. */
export interface FileTextExtracted {
  fileId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  text: string;
}

export interface FolderCreated {
  folderId: string;
  teamId: string;
  projectId: string;
  type: string;
  name: string;
  upfolderId: string | null;
}

export interface FolderFields {
  name: string;
  upfolderId: string | null;
}

export interface FolderUpdated {
  folderId: string;
  projectId: string;
  changes: Partial<FolderFields>;
  previous: Partial<FolderFields>;
}

/** Its files and subfolders move up to `upfolderId`: deleting a folder never deletes a file. */
export interface FolderDeleted {
  folderId: string;
  projectId: string;
  name: string;
  upfolderId: string | null;
}

/** The stream of a file's events. */

/** File events go to `file:<fileId>`, folder events to `folder:<folderId>`; types are stored forever. */
export type FileEvent =
  | DomainEvent<'file.created', FileCreated>
  | DomainEvent<'file.updated', FileUpdated>
  | DomainEvent<'file.deleted', FileDeleted>
  | DomainEvent<'file.text_extracted', FileTextExtracted>;

export type FolderEvent =
  | DomainEvent<'folder.created', FolderCreated>
  | DomainEvent<'folder.updated', FolderUpdated>
  | DomainEvent<'folder.deleted', FolderDeleted>;

export { fileStream };
