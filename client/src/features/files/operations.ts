/** Files and folders (SPEC §3, §7): the documents of uploads, the files and media areas and their live changes, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

/**
 * A recorded file as the areas show it (named apart from the DOM's File, which is what the user picks): type is the
 * mime type the server decided from the bytes, url where the session reads them (/media/files/<id>), thumbnail a
 * 480 px preview of an image, base64 a tiny blurred data URL shown while it loads, category the SPEC §5 kind.
 */
export const storedFileFragment = graphql(`
  fragment StoredFile on File {
    id
    name
    type
    shared
    size
    url
    thumbnail
    base64
    width
    height
    duration
    category
    folder
    author {
      id
      firstname
      lastname
      profileImg
    }
    project
    task
    privat
    createdAt
    updatedAt
    sharedUrl
    canEdit
    canDelete
  }
`);

const storedFolderFragment = graphql('fragment StoredFolder on Folder { id name type upfolder project createdAt updatedAt canEdit }');

export type StoredFile = ResultOf<typeof storedFileFragment>;
export type StoredFolder = ResultOf<typeof storedFolderFragment>;

/** Where a file belongs: exactly one of project, task or privat; folder only with project. */
export interface FileOwnerArgs {
  project?: string;
  task?: string;
  privat?: string;
}

/** Where to PUT a file's bytes (original, with method and headers) and the code that records it with setFile. */
export const signedUploadUrlDocument = graphql(`
  query SignedUploadURL($filename: String!, $filetype: String!, $size: Float!, $project: ID, $task: ID, $privat: ID) {
    signedUploadURL(filename: $filename, filetype: $filetype, size: $size, project: $project, task: $task, privat: $privat) {
      original
      method
      headers
      key
      code
      size
      expiresAt
    }
  }
`);

export type SignedUpload = ResultOf<typeof signedUploadUrlDocument>['signedUploadURL'];

export const setFileDocument = graphql(
  `
    mutation SetFile(
      $name: String!
      $code: ID!
      $type: String!
      $size: Float!
      $location: String!
      $project: ID
      $task: ID
      $privat: ID
      $folder: ID
    ) {
      setFile(
        name: $name
        code: $code
        type: $type
        size: $size
        location: $location
        project: $project
        task: $task
        privat: $privat
        folder: $folder
      ) {
        ...StoredFile
      }
    }
  `,
  [storedFileFragment],
);

/** portfolio: the caller's own uploads in their current team, without project, task or privat; folder: a folder id, or "root" for the top level. */
export const getFilesDocument = graphql(
  `
    query GetFiles($project: ID, $task: ID, $privat: ID, $category: String, $portfolio: Boolean, $folder: ID, $offset: Int, $limit: Int) {
      getFiles(
        project: $project
        task: $task
        privat: $privat
        category: $category
        portfolio: $portfolio
        folder: $folder
        offset: $offset
        limit: $limit
      ) {
        ...StoredFile
      }
    }
  `,
  [storedFileFragment],
);

export type FilesQuery = VariablesOf<typeof getFilesDocument>;

export const getFoldersDocument = graphql(
  'query GetFolders($project: ID!, $folder: ID) { getFolders(type: "file", project: $project, folder: $folder) { ...StoredFolder } }',
  [storedFolderFragment],
);

/** A folder with the folders above it, top level first. */
export const getFolderDocument = graphql(
  'query GetFolder($folder: ID!) { getFolder(folder: $folder) { ...StoredFolder path { id name } } }',
  [storedFolderFragment],
);

export type FolderCrumb = ResultOf<typeof getFolderDocument>['getFolder']['path'][number];

export const setFolderDocument = graphql(
  `
    mutation SetFolder($project: ID!, $name: String!, $upfolder: ID) {
      setFolder(project: $project, name: $name, type: "file", upfolder: $upfolder) {
        ...StoredFolder
      }
    }
  `,
  [storedFolderFragment],
);

export const ediFolderDocument = graphql(
  'mutation EdiFolder($id: ID!, $name: String, $upfolder: ID) { ediFolder(id: $id, name: $name, upfolder: $upfolder) { ...StoredFolder } }',
  [storedFolderFragment],
);

export const delFolderDocument = graphql('mutation DelFolder($id: ID!) { delFolder(id: $id) }');

export const ediFileDocument = graphql(
  `
    mutation EdiFile($id: ID!, $shared: Boolean, $folder: ID, $name: String) {
      ediFile(id: $id, shared: $shared, folder: $folder, name: $name) {
        ...StoredFile
      }
    }
  `,
  [storedFileFragment],
);

export const delFileDocument = graphql('mutation DelFile($id: ID!) { delFile(id: $id) }');

/** The team's storage: storageLimit is null when the plan has no quota; a single file must be smaller than uploadLimit. */
export const getStatsDocument = graphql('query GetStats { getStats { team plan storage storageLimit uploadLimit files } }');

export type StorageStats = ResultOf<typeof getStatsDocument>['getStats'];

/** A change to the files watched: file is null when deleted or moved out of what the subscription watches. */
export const subFileDocument = graphql(
  `
    subscription SubFile($project: ID, $task: ID, $privat: ID) {
      subFile(project: $project, task: $task, privat: $privat) {
        type
        seq
        fileId
        file {
          ...StoredFile
        }
      }
    }
  `,
  [storedFileFragment],
);

export type FileChange = ResultOf<typeof subFileDocument>['subFile'];

export const subFolderDocument = graphql(
  'subscription SubFolder($project: ID!) { subFolder(project: $project) { type seq folderId folder { ...StoredFolder } } }',
  [storedFolderFragment],
);

export type FolderChange = ResultOf<typeof subFolderDocument>['subFolder'];

/** What anyone with the link learns of a shared file (the public page); kind is the SPEC §5 kind. */
export const getSharedFileDocument = graphql('query GetSharedFile($id: ID!) { getSharedFile(id: $id) { id name type kind size } }');

export type SharedFileDetails = ResultOf<typeof getSharedFileDocument>['getSharedFile'];

/** The paths the server serves a file's bytes at (server/src/domains/files/present.ts filePaths). */
export const filePaths = {
  download: (fileId: string) => `/media/files/${fileId}?download=1`,
  shared: (fileId: string) => `/media/files/${fileId}/shared`,
  sharedDownload: (fileId: string) => `/media/files/${fileId}/shared?download=1`,
  sharedThumbnail: (fileId: string) => `/media/files/${fileId}/shared/thumbnail`,
  sharePage: (fileId: string) => `/share/media/${fileId}`,
};

/** One file, for a link to it (a notification, a search result): NOT_FOUND when it is gone or not readable. */
export const getFileDocument = graphql(
  `
    query GetFile($id: ID!) {
      getFile(id: $id) {
        ...StoredFile
      }
    }
  `,
  [storedFileFragment],
);
