/** Files and folders (SPEC §3, §7): typed documents of uploads, the files and media areas, and their live changes. */
import { gql } from '../../lib/graphql';

export interface FilePerson {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

/** A recorded file as the areas show it. Named apart from the DOM's File, which is what the user picks. */
export interface StoredFile {
  id: string;
  name: string;
  /** The mime type the server decided from the bytes. */
  type: string;
  shared: boolean;
  size: number;
  /** Where the session reads the bytes (/media/files/<id>). */
  url: string;
  /** A 480 px preview of an image; null for other files. */
  thumbnail: string | null;
  /** A tiny blurred data URL shown while the thumbnail loads. */
  base64: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  /** SPEC §5 kind: image, video, Pdf, Word, Xls or unknown. */
  category: string;
  folder: string | null;
  author: FilePerson | null;
  project: string | null;
  task: string | null;
  privat: string | null;
  createdAt: string;
  updatedAt: string;
  sharedUrl: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

export interface FolderCrumb {
  id: string;
  name: string;
}

export interface StoredFolder {
  id: string;
  name: string;
  type: string;
  upfolder: string | null;
  project: string;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
}

export interface FolderWithPath extends StoredFolder {
  /** The folders above it, top level first. */
  path: FolderCrumb[];
}

export interface SignedUpload {
  original: string;
  method: string;
  headers: Record<string, string>;
  key: string;
  code: string;
  size: number;
  expiresAt: string;
}

export interface StorageStats {
  team: string;
  plan: string;
  storage: number;
  /** null when the plan has no quota. */
  storageLimit: number | null;
  /** A single file must be smaller than this. */
  uploadLimit: number;
  files: number;
}

export interface FileChange {
  type: string;
  seq: number;
  fileId: string;
  /** The file now; null when deleted or moved out of what the subscription watches. */
  file: StoredFile | null;
}

export interface FolderChange {
  type: string;
  seq: number;
  folderId: string;
  folder: StoredFolder | null;
}

/** Where a file belongs: exactly one of project, task or privat; folder only with project. */
export interface FileOwnerArgs {
  project?: string;
  task?: string;
  privat?: string;
}

const fileFields = `id name type shared size url thumbnail base64 width height duration category folder
  author { id firstname lastname profileImg } project task privat createdAt updatedAt sharedUrl canEdit canDelete`;
const folderFields = 'id name type upfolder project createdAt updatedAt canEdit';

export const signedUploadUrlDocument = gql<
  { signedUploadURL: SignedUpload },
  { filename: string; filetype: string; size: number } & FileOwnerArgs
>(
  `query SignedUploadURL($filename: String!, $filetype: String!, $size: Float!, $project: ID, $task: ID, $privat: ID) {
    signedUploadURL(filename: $filename, filetype: $filetype, size: $size, project: $project, task: $task, privat: $privat) {
      original method headers key code size expiresAt
    }
  }`,
);

export const setFileDocument = gql<
  { setFile: StoredFile },
  { name: string; code: string; type: string; size: number; location: string; folder?: string } & FileOwnerArgs
>(
  `mutation SetFile($name: String!, $code: ID!, $type: String!, $size: Float!, $location: String!, $project: ID, $task: ID, $privat: ID, $folder: ID) {
    setFile(name: $name, code: $code, type: $type, size: $size, location: $location, project: $project, task: $task, privat: $privat, folder: $folder) { ${fileFields} }
  }`,
);

export interface FilesQuery extends FileOwnerArgs {
  category?: string;
  /** The caller's own uploads in their current team, without project, task or privat. */
  portfolio?: boolean;
  /** A folder id, or "root" for the top level. */
  folder?: string;
  offset?: number;
  limit?: number;
}

export const getFilesDocument = gql<{ getFiles: StoredFile[] }, FilesQuery>(
  `query GetFiles($project: ID, $task: ID, $privat: ID, $category: String, $portfolio: Boolean, $folder: ID, $offset: Int, $limit: Int) {
    getFiles(project: $project, task: $task, privat: $privat, category: $category, portfolio: $portfolio, folder: $folder, offset: $offset, limit: $limit) { ${fileFields} }
  }`,
);

export const getFoldersDocument = gql<{ getFolders: StoredFolder[] }, { project: string; folder?: string }>(
  `query GetFolders($project: ID!, $folder: ID) { getFolders(type: "file", project: $project, folder: $folder) { ${folderFields} } }`,
);

export const getFolderDocument = gql<{ getFolder: FolderWithPath }, { folder: string }>(
  `query GetFolder($folder: ID!) { getFolder(folder: $folder) { ${folderFields} path { id name } } }`,
);

export const setFolderDocument = gql<{ setFolder: StoredFolder }, { project: string; name: string; upfolder?: string }>(
  `mutation SetFolder($project: ID!, $name: String!, $upfolder: ID) { setFolder(project: $project, name: $name, type: "file", upfolder: $upfolder) { ${folderFields} } }`,
);

export const ediFolderDocument = gql<{ ediFolder: StoredFolder }, { id: string; name?: string; upfolder?: string }>(
  `mutation EdiFolder($id: ID!, $name: String, $upfolder: ID) { ediFolder(id: $id, name: $name, upfolder: $upfolder) { ${folderFields} } }`,
);

export const delFolderDocument = gql<{ delFolder: boolean }, { id: string }>('mutation DelFolder($id: ID!) { delFolder(id: $id) }');

export const ediFileDocument = gql<{ ediFile: StoredFile }, { id: string; shared?: boolean; folder?: string; name?: string }>(
  `mutation EdiFile($id: ID!, $shared: Boolean, $folder: ID, $name: String) { ediFile(id: $id, shared: $shared, folder: $folder, name: $name) { ${fileFields} } }`,
);

export const delFileDocument = gql<{ delFile: boolean }, { id: string }>('mutation DelFile($id: ID!) { delFile(id: $id) }');

export const getStatsDocument = gql<{ getStats: StorageStats }>(
  'query GetStats { getStats { team plan storage storageLimit uploadLimit files } }',
);

export const subFileDocument = gql<{ subFile: FileChange }, FileOwnerArgs>(
  `subscription SubFile($project: ID, $task: ID, $privat: ID) { subFile(project: $project, task: $task, privat: $privat) { type seq fileId file { ${fileFields} } } }`,
);

export const subFolderDocument = gql<{ subFolder: FolderChange }, { project: string }>(
  `subscription SubFolder($project: ID!) { subFolder(project: $project) { type seq folderId folder { ${folderFields} } } }`,
);

/** What anyone with the link learns of a shared file (the public page). */
export interface SharedFileDetails {
  id: string;
  name: string;
  type: string;
  /** SPEC §5 kind: image, video, Pdf, Word, Xls or unknown. */
  kind: string;
  size: number;
}

export const getSharedFileDocument = gql<{ getSharedFile: SharedFileDetails }, { id: string }>(
  'query GetSharedFile($id: ID!) { getSharedFile(id: $id) { id name type kind size } }',
);

/** The paths the server serves a file's bytes at (server/src/domains/files/present.ts filePaths). */
export const filePaths = {
  download: (fileId: string) => `/media/files/${fileId}?download=1`,
  shared: (fileId: string) => `/media/files/${fileId}/shared`,
  sharedDownload: (fileId: string) => `/media/files/${fileId}/shared?download=1`,
  sharedThumbnail: (fileId: string) => `/media/files/${fileId}/shared/thumbnail`,
  sharePage: (fileId: string) => `/share/media/${fileId}`,
};
