import { fileKindFromMimeType } from '#shared/files';
import type { PlanName } from '#shared/plans';
import { uploadErrorMessages, uploadRejection, type UploadErrorKey } from '#shared/uploads';
import type { ErrorCode } from '#shared/errors';
import { codedError, DomainError, refusal } from '../../errors';
import { diffFields } from '../fields';
import type { FileAnalysis, FileEvent, FileFields, FileOwner, FolderEvent, FolderFields } from './events';
import { checkFileName, type NameCheck } from './rules';

/** An upload error of SPEC §5: the code is the key in capitals, the key itself travels in the details. */
export function uploadError(key: UploadErrorKey, details: Record<string, unknown> = {}): DomainError {
  return new DomainError(key.toUpperCase() as ErrorCode, uploadErrorMessages[key], { key, ...details });
}

/** A refusal with its own code: the client shows it in the user's language. */
const refused = (code: ErrorCode) => new DomainError(code);
const nameRefused = (check: Extract<NameCheck, { ok: false }>) => new DomainError(check.code, check.message);
export const fileMessages = {
  fileNotFound: 'This file does not exist or you cannot see it.',
  folderNotFound: 'This folder does not exist or is in another space.',
  uploadNotFound: 'This upload does not exist, or was already recorded or cancelled.',
  folderType: 'A folder type is file, doc or media.',
  oneOwner: 'Give exactly one of project, task or privat.',
  privatUnavailable: 'Files of private chats are not available yet.',
} as const;

export const folderTypes = ['file', 'doc', 'media'] as const;

export interface PendingUpload {
  id: string;
  teamId: string;
  userId: string;
  key: string;
  size: number;
  recordBy: string;
}

export interface FolderState {
  id: string;
  teamId: string;
  projectId: string;
  type: string;
  name: string;
  upfolderId: string | null;
  authorId: string;
  /** Folders above it, nearest first. */
  ancestorIds: readonly string[];
}

export interface FileState extends FileFields {
  id: string;
  teamId: string;
  taskId: string | null;
  privatId: string | null;
  authorId: string;
  size: number;
  location: string;
  thumbnail: string | null;
}

export interface RecordFile {
  fileId: string;
  actorId: string;
  now: Date;
  given: { name: string; size: number; location: string };
  /** The signed upload named by setFile's code; null when there is none. */
  upload: PendingUpload | null;
  owner: FileOwner;
  ownerTeamId: string;
  /** undefined: no folder asked for; null: asked for one that does not exist. */
  folder: FolderState | null | undefined;
  /** What the bytes turned out to be: their size (null when none arrived) and the type decision. */
  stored: { size: number | null; type: { mimeType: string } | { rejection: UploadErrorKey } };
  analysis: FileAnalysis;
  quota: { plan: PlanName; usedBytes: number };
  /** Recorded as a story of the space (setFile's story); a story is a video of a space, never of a task or a chat. */
  story?: boolean;
}

/** setFile: the upload is the caller's, complete, of an allowed type, and fits the team's quota as it is now. */
export function decideRecordFile(command: RecordFile): FileEvent[] {
  const { upload, given, owner } = command;
  const name = checkFileName(given.name);
  if (!name.ok) throw nameRefused(name);
  if (!upload || upload.userId !== command.actorId || upload.key !== given.location)
    throw uploadError('upload_failed', { reason: 'unknown_upload' });
  if (command.now.toISOString() > upload.recordBy) throw uploadError('upload_failed', { reason: 'expired' });
  if (upload.teamId !== command.ownerTeamId) throw refused('UPLOAD_OTHER_TEAM');
  if (given.size !== upload.size || command.stored.size !== upload.size) throw uploadError('upload_failed', { reason: 'incomplete' });
  if ('rejection' in command.stored.type) throw uploadError(command.stored.type.rejection);
  const folderId = checkFolderFor(owner, command.folder);
  const rejection = uploadRejection(command.quota.plan, command.quota.usedBytes, upload.size);
  if (rejection) throw uploadError(rejection, { usedBytes: command.quota.usedBytes });
  const mimeType = command.stored.type.mimeType;
  const kind = fileKindFromMimeType(mimeType);
  const story = command.story === true;
  if (story && (owner.kind !== 'project' || kind !== 'video')) throw codedError('STORY_NOT_ALLOWED', { field: 'story' });
  return [
    {
      type: 'file.created',
      payload: {
        fileId: command.fileId,
        teamId: upload.teamId,
        projectId: owner.kind === 'privat' ? null : owner.projectId,
        taskId: owner.kind === 'task' ? owner.taskId : null,
        privatId: owner.kind === 'privat' ? owner.privatId : null,
        folderId,
        name: name.name,
        mimeType,
        kind,
        size: upload.size,
        location: upload.key,
        ...command.analysis,
        story,
      },
    },
  ];
}

function checkFolderFor(owner: FileOwner, folder: FolderState | null | undefined): string | null {
  if (folder === undefined) return null;
  if (owner.kind !== 'project') throw refused('FILE_FOLDERS_UNAVAILABLE');
  if (folder === null || folder.projectId !== owner.projectId) throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
  refuseFolderType(folder);
  return folder.id;
}

/** Folders that hold uploaded files: `doc` folders hold documents only. */
export const fileFolderTypes: readonly string[] = ['file', 'media'] satisfies (typeof folderTypes)[number][];

function refuseFolderType(folder: FolderState): void {
  if (!fileFolderTypes.includes(folder.type)) throw refused('FILE_FOLDER_TYPE');
}

export interface FileEditReferences {
  /** The folder asked for (null: the top level), undefined when the folder does not change. */
  folder?: FolderState | null | 'missing';
  /** The space asked for, with its team; null when it does not exist or is out of the caller's reach. */
  target?: { projectId: string; teamId: string } | null;
}

/** ediFile: rename, share, move to a folder or to another space of the same team; only what differs is recorded. */
export function decideEditFile(
  file: FileState,
  requested: Partial<Omit<FileFields, 'folderId'>>,
  references: FileEditReferences,
): FileEvent[] {
  const next: Partial<FileFields> = {};
  if (requested.name !== undefined) {
    const name = checkFileName(requested.name);
    if (!name.ok) throw nameRefused(name);
    next.name = name.name;
  }
  if (requested.shared !== undefined) next.shared = requested.shared;
  let projectId = file.projectId;
  if (requested.projectId !== undefined && requested.projectId !== file.projectId) {
    if (file.taskId !== null || file.privatId !== null) throw refused('FILE_MOVE_UNAVAILABLE');
    const target = references.target;
    if (!target || target.teamId !== file.teamId) throw refusal('NOT_FOUND', 'FILE_NOT_FOUND');
    projectId = target.projectId;
    next.projectId = projectId;
    next.folderId = null;
  }
  if (references.folder !== undefined) {
    const folder = references.folder;
    if (folder !== null && (file.taskId !== null || file.privatId !== null)) throw refused('FILE_FOLDERS_UNAVAILABLE');
    if (folder === 'missing' || (folder !== null && folder.projectId !== projectId)) throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
    if (folder !== null) refuseFolderType(folder);
    next.folderId = folder?.id ?? null;
  }
  const { changes, previous } = diffFields<FileFields>(file, next);
  if (Object.keys(changes).length === 0) return [];
  return [
    { type: 'file.updated', payload: { fileId: file.id, projectId, taskId: file.taskId, privatId: file.privatId, changes, previous } },
  ];
}

export function decideDeleteFile(file: FileState): FileEvent[] {
  const { id: fileId, projectId, taskId, privatId, name, size, location, thumbnail } = file;
  return [{ type: 'file.deleted', payload: { fileId, projectId, taskId, privatId, name, size, location, thumbnail } }];
}

function folderName(raw: string): string {
  const name = checkFileName(raw, 'folder');
  if (!name.ok) throw nameRefused(name);
  return name.name;
}

export interface NewFolder {
  folderId: string;
  teamId: string;
  projectId: string;
  type: string;
  name: string;
  /** undefined: the top level; null: asked for one that does not exist. */
  upfolder: FolderState | null | undefined;
}

export function decideCreateFolder(command: NewFolder): FolderEvent[] {
  if (!(folderTypes as readonly string[]).includes(command.type)) throw codedError('FOLDER_TYPE_INVALID', { field: 'type' });
  const name = folderName(command.name);
  const upfolder = command.upfolder;
  if (upfolder === null || (upfolder && (upfolder.projectId !== command.projectId || upfolder.type !== command.type)))
    throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
  return [
    {
      type: 'folder.created',
      payload: {
        folderId: command.folderId,
        teamId: command.teamId,
        projectId: command.projectId,
        type: command.type,
        name,
        upfolderId: upfolder?.id ?? null,
      },
    },
  ];
}

/**
 * ediFolder: rename, or move under another folder of the same space and type (null: the top level).
 * A folder moved into itself or below itself would cut its subtree off the tree: refused.
 */
export function decideEditFolder(
  folder: FolderState,
  requested: { name?: string },
  upfolder?: FolderState | null | 'missing',
): FolderEvent[] {
  const next: Partial<FolderFields> = {};
  if (requested.name !== undefined) next.name = folderName(requested.name);
  if (upfolder !== undefined) {
    if (upfolder === 'missing' || (upfolder !== null && (upfolder.projectId !== folder.projectId || upfolder.type !== folder.type)))
      throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
    if (upfolder !== null && (upfolder.id === folder.id || upfolder.ancestorIds.includes(folder.id))) throw refused('FOLDER_CYCLE');
    next.upfolderId = upfolder?.id ?? null;
  }
  const { changes, previous } = diffFields<FolderFields>(folder, next);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'folder.updated', payload: { folderId: folder.id, projectId: folder.projectId, changes, previous } }];
}

/** What deleting a folder records, stream by stream: each move as its own event, then the deletion. */
export interface FolderDeletion {
  /** file.updated of each file moved up, for its file stream. */
  files: { fileId: string; events: FileEvent[] }[];
  /** folder.updated of each subfolder moved up, for its folder stream. */
  subfolders: { folderId: string; events: FolderEvent[] }[];
  /** folder.deleted, for the folder's own stream. */
  folder: FolderEvent[];
}

/**
 * delFolder: its files and subfolders move up to its parent, each by an event of its own (file.updated,
 * folder.updated) so that subscribers of the space see every move; then the folder goes. folder.deleted
 * still moves whatever is left (events recorded before the moves were their own), so replay is unchanged.
 */
export function decideDeleteFolder(
  folder: FolderState,
  contents: { files: readonly FileState[]; subfolders: readonly FolderState[] },
): FolderDeletion {
  const upfolderId = folder.upfolderId;
  return {
    files: contents.files
      .filter((file) => file.folderId === folder.id)
      .map((file) => ({
        fileId: file.id,
        events: [
          {
            type: 'file.updated',
            payload: {
              fileId: file.id,
              projectId: file.projectId,
              taskId: file.taskId,
              privatId: file.privatId,
              changes: { folderId: upfolderId },
              previous: { folderId: folder.id },
            },
          },
        ],
      })),
    subfolders: contents.subfolders
      .filter((subfolder) => subfolder.upfolderId === folder.id)
      .map((subfolder) => ({
        folderId: subfolder.id,
        events: [
          {
            type: 'folder.updated',
            payload: {
              folderId: subfolder.id,
              projectId: subfolder.projectId,
              changes: { upfolderId },
              previous: { upfolderId: folder.id },
            },
          },
        ],
      })),
    folder: [{ type: 'folder.deleted', payload: { folderId: folder.id, projectId: folder.projectId, name: folder.name, upfolderId } }],
  };
}
