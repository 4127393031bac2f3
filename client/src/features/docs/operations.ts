/** Docs (SPEC §3 "Wall", §7): typed documents of the docs area, its doc folders and the mention sources. */
import type { DocSort } from '#shared/docs';
import { gql } from '../../lib/graphql';

/** A doc as a member of its space sees it; the content is not here but in the Yjs room at `room`. */
export interface Wall {
  id: string;
  title: string;
  emoji: string | null;
  cover: string | null;
  description: string | null;
  shared: boolean;
  shareUrl: string | null;
  embed: string | null;
  folder: string | null;
  project: string;
  author: string;
  createdAt: string;
  updatedAt: string;
  lastSavedAt: string | null;
  room: string;
  canEdit: boolean;
  canManage: boolean;
}

/** What the holder of a public link sees besides the live content. */
export interface PublicWall {
  id: string;
  title: string;
  emoji: string | null;
  cover: string | null;
  updatedAt: string;
  embed: string;
  room: string;
}

export interface DocChange {
  type: string;
  seq: number;
  project: string;
  docId: string;
  doc: Wall | null;
  userId: string | null;
}

export interface DocFolder {
  id: string;
  type: string;
  name: string;
  upfolder: string | null;
  project: string;
  canEdit: boolean;
  /** Folders above it, the top level first. */
  path: { id: string; name: string }[];
}

export interface FolderChange {
  type: string;
  seq: number;
  folderId: string;
  folder: DocFolder | null;
}

/** Someone who can be mentioned: a member of the space. */
export interface DocPerson {
  id: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}

/** A task that can be mentioned. */
export interface DocTask {
  id: string;
  idCode: string;
  name: string;
}

export interface WallEdit {
  title?: string;
  emoji?: string;
  cover?: string;
  shared?: boolean;
  description?: string;
  /** "" moves the doc to the top level. */
  folder?: string;
}

/** The folder type the files area keeps the docs' folders under. */
export const docFolderType = 'doc';

const wallFields =
  'id title emoji cover description shared shareUrl embed folder project author createdAt updatedAt lastSavedAt room canEdit canManage';
const folderFields = 'id type name upfolder project canEdit path { id name }';

/** A page of a space's docs, sorted by the server; folder: a doc folder's id or "root" for the top level. */
export const getWallsDocument = gql<
  { getWalls: { walls: Wall[]; total: number } },
  { project: string; folder: string; sort: DocSort; limit: number; offset: number }
>(
  `query GetWalls($project: ID!, $folder: ID, $sort: String, $limit: Int, $offset: Int) { getWalls(project: $project, folder: $folder, sort: $sort, limit: $limit, offset: $offset) { walls { ${wallFields} } total } }`,
);

export const getWallDocument = gql<{ getWall: Wall }, { id: string }>(`query GetWall($id: ID!) { getWall(id: $id) { ${wallFields} } }`);

export const getWorkspaceDocument = gql<{ getWorkspace: PublicWall }, { workspace: string }>(
  'query GetWorkspace($workspace: String!) { getWorkspace(workspace: $workspace) { id title emoji cover updatedAt embed room } }',
);

export const signedDownloadPublicURLDocDocument = gql<{ signedDownloadPublicURLDoc: string }, { url: string; share?: string | null }>(
  'query SignedDownloadPublicURLDoc($url: String!, $share: String) { signedDownloadPublicURLDoc(url: $url, share: $share) }',
);

export const setWorkspaceDocument = gql<
  { setWorkspace: Wall },
  { project: string; title: string; emoji?: string | null; folder?: string | null }
>(
  `mutation SetWorkspace($project: ID!, $title: String!, $emoji: String, $folder: ID) { setWorkspace(project: $project, title: $title, emoji: $emoji, folder: $folder) { ${wallFields} } }`,
);

export const updateWallDocument = gql<{ updateWall: Wall }, WallEdit & { id: string }>(
  `mutation UpdateWall($id: ID!, $title: String, $emoji: String, $cover: String, $shared: Boolean, $description: String, $folder: ID) {
    updateWall(id: $id, title: $title, emoji: $emoji, cover: $cover, shared: $shared, description: $description, folder: $folder) { ${wallFields} } }`,
);

export const delWorkspaceDocument = gql<{ delWorkspace: boolean }, { id: string }>(
  'mutation DelWorkspace($id: ID!) { delWorkspace(id: $id) }',
);

export const subDocDocument = gql<{ subDoc: DocChange }, { project: string }>(
  `subscription SubDoc($project: ID!) { subDoc(project: $project) { type seq project docId userId doc { ${wallFields} } } }`,
);

export const getFoldersDocument = gql<{ getFolders: DocFolder[] }, { type: string; project: string; folder?: string | null }>(
  `query GetFolders($type: String, $project: ID!, $folder: ID) { getFolders(type: $type, project: $project, folder: $folder) { ${folderFields} } }`,
);

export const getFolderDocument = gql<{ getFolder: DocFolder }, { folder: string }>(
  `query GetFolder($folder: ID!) { getFolder(folder: $folder) { ${folderFields} } }`,
);

export const setFolderDocument = gql<{ setFolder: DocFolder }, { project: string; name: string; type: string; upfolder?: string | null }>(
  `mutation SetFolder($project: ID!, $name: String!, $type: String, $upfolder: ID) { setFolder(project: $project, name: $name, type: $type, upfolder: $upfolder) { ${folderFields} } }`,
);

export const ediFolderDocument = gql<{ ediFolder: DocFolder }, { id: string; name: string }>(
  `mutation EdiFolder($id: ID!, $name: String) { ediFolder(id: $id, name: $name) { ${folderFields} } }`,
);

export const delFolderDocument = gql<{ delFolder: boolean }, { id: string }>('mutation DelFolder($id: ID!) { delFolder(id: $id) }');

export const subFolderDocument = gql<{ subFolder: FolderChange }, { project: string }>(
  `subscription SubFolder($project: ID!) { subFolder(project: $project) { type seq folderId folder { ${folderFields} } } }`,
);

export const getDocPeopleDocument = gql<{ getUsers: DocPerson[] }, { project: string }>(
  'query GetDocPeople($project: ID) { getUsers(project: $project) { id firstname lastname email } }',
);

export const getDocTasksDocument = gql<{ getTasks: DocTask[] }, { project: string }>(
  'query GetDocTasks($project: ID!) { getTasks(project: $project) { id idCode name } }',
);
