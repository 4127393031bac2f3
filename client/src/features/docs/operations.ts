/** Docs (SPEC §3 "Wall", §7): the documents of the docs area, its doc folders and the mention sources, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

/** A doc as a member of its space sees it; the content is not here but in the Yjs room at `room`. */
const wallFragment = graphql(`
  fragment Wall on Wall {
    id
    title
    emoji
    cover
    description
    shared
    shareUrl
    embed
    folder
    project
    author
    createdAt
    updatedAt
    lastSavedAt
    room
    canEdit
    canManage
  }
`);

/** A doc folder, with the folders above it (path, the top level first). */
const docFolderFragment = graphql('fragment DocFolder on Folder { id type name upfolder project canEdit path { id name } }');

export type Wall = ResultOf<typeof wallFragment>;
export type DocFolder = ResultOf<typeof docFolderFragment>;

/** The folder type the files area keeps the docs' folders under. */
export const docFolderType = 'doc';

/** A page of a space's docs, sorted by the server; folder: a doc folder's id or "root" for the top level. */
export const getWallsDocument = graphql(
  `
    query GetWalls($project: ID!, $folder: ID, $sort: String, $limit: Int, $offset: Int) {
      getWalls(project: $project, folder: $folder, sort: $sort, limit: $limit, offset: $offset) {
        walls {
          ...Wall
        }
        total
      }
    }
  `,
  [wallFragment],
);

export const getWallDocument = graphql('query GetWall($id: ID!) { getWall(id: $id) { ...Wall } }', [wallFragment]);

/** What the holder of a public link sees besides the live content. */
export const getWorkspaceDocument = graphql(
  'query GetWorkspace($workspace: String!) { getWorkspace(workspace: $workspace) { id title emoji cover updatedAt embed room } }',
);

export type PublicWall = ResultOf<typeof getWorkspaceDocument>['getWorkspace'];

export const signedDownloadPublicURLDocDocument = graphql(
  'query SignedDownloadPublicURLDoc($url: String!, $share: String) { signedDownloadPublicURLDoc(url: $url, share: $share) }',
);

export const setWorkspaceDocument = graphql(
  `
    mutation SetWorkspace($project: ID!, $title: String!, $emoji: String, $folder: ID) {
      setWorkspace(project: $project, title: $title, emoji: $emoji, folder: $folder) {
        ...Wall
      }
    }
  `,
  [wallFragment],
);

/** folder "" moves the doc to the top level; a missing field stays as it is. */
export const updateWallDocument = graphql(
  `
    mutation UpdateWall($id: ID!, $title: String, $emoji: String, $cover: String, $shared: Boolean, $description: String, $folder: ID) {
      updateWall(id: $id, title: $title, emoji: $emoji, cover: $cover, shared: $shared, description: $description, folder: $folder) {
        ...Wall
      }
    }
  `,
  [wallFragment],
);

/** What the doc's screens change in one edit (the document takes these and null besides, which they never send). */
export interface WallEdit {
  title?: string;
  emoji?: string;
  cover?: string;
  shared?: boolean;
  description?: string;
  /** "" moves the doc to the top level. */
  folder?: string;
}

export const delWorkspaceDocument = graphql('mutation DelWorkspace($id: ID!) { delWorkspace(id: $id) }');

export const subDocDocument = graphql(
  'subscription SubDoc($project: ID!) { subDoc(project: $project) { type seq project docId userId doc { ...Wall } } }',
  [wallFragment],
);

export type DocChange = ResultOf<typeof subDocDocument>['subDoc'];

export const getFoldersDocument = graphql(
  'query GetFolders($type: String, $project: ID!, $folder: ID) { getFolders(type: $type, project: $project, folder: $folder) { ...DocFolder } }',
  [docFolderFragment],
);

export const getFolderDocument = graphql('query GetFolder($folder: ID!) { getFolder(folder: $folder) { ...DocFolder } }', [
  docFolderFragment,
]);

export const setFolderDocument = graphql(
  `
    mutation SetFolder($project: ID!, $name: String!, $type: String, $upfolder: ID) {
      setFolder(project: $project, name: $name, type: $type, upfolder: $upfolder) {
        ...DocFolder
      }
    }
  `,
  [docFolderFragment],
);

export const ediFolderDocument = graphql(
  'mutation EdiFolder($id: ID!, $name: String) { ediFolder(id: $id, name: $name) { ...DocFolder } }',
  [docFolderFragment],
);

export const delFolderDocument = graphql('mutation DelFolder($id: ID!) { delFolder(id: $id) }');

export const subFolderDocument = graphql(
  'subscription SubFolder($project: ID!) { subFolder(project: $project) { type seq folderId folder { ...DocFolder } } }',
  [docFolderFragment],
);

export type FolderChange = ResultOf<typeof subFolderDocument>['subFolder'];

/** Who can be mentioned: the members of the space. */
export const getDocPeopleDocument = graphql(
  'query GetDocPeople($project: ID) { getUsers(project: $project) { id firstname lastname email } }',
);

export type DocPerson = ResultOf<typeof getDocPeopleDocument>['getUsers'][number];

/** The tasks that can be mentioned. */
export const getDocTasksDocument = graphql('query GetDocTasks($project: ID!) { getTasks(project: $project) { id idCode name } }');

export type DocTask = ResultOf<typeof getDocTasksDocument>['getTasks'][number];
