import type { Services } from '../../graphql/context';
import { closeStorage, storageOf } from '../../storage';
import type { DomainModule } from '../module';
import { attachmentLoaders, messageAttachesItsConversationsFile } from './attachments';
import { callRecordingsLandInFiles } from './callRecordings';
import { fileMutations, fileQueries, teamStorageLoaders } from './fileResolvers';
import { folderFields, folderMutations, folderQueries } from './folderResolvers';
import { fileSubscriptions } from './live';
import { filesProjection } from './projection';
import { filesTypeDefs } from './schema';
import { taskCoverIsTheTasksImage, taskFields } from './taskFiles';
import { startPdfTextExtraction } from './textExtraction';
import { sweepStorage, uploadTimes } from './uploads';

export { type FileDeleted, type FolderDeleted } from './events';
export { signedDownloadUrl } from './fileResolvers';
export { fileIdOfPath } from './present';
export { filePlacesById, findFileRow, findFolderRow, requireReadableFile, type FilePlace } from './state';
export { filesSearchSource } from './searchSource';

export { registerFileRoutes } from './routes';
export { sweepStorage } from './uploads';

/**
 * Starts the storage sweep (a periodic job whose first run waits a sweep interval, so start-up stays
 * quick) and the reading of PDFs' text, which picks up any PDF still waiting for it. The app's job
 * runner owns the timers and stops them on close.
 */
function startFiles(services: Services): () => void {
  const stopTextExtraction = startPdfTextExtraction(services);
  storageOf(services.config).ready.catch((error: unknown) => console.error('file storage is not ready:', error));
  services.jobs.every('files: storage sweep', uploadTimes.sweepEveryMs, async () => {
    await sweepStorage(services);
  });
  return () => {
    stopTextExtraction();
    closeStorage(services.config);
  };
}

/** Files and folders: signed uploads, quotas, previews, public media, live updates (issue 8). */
export const filesModule: DomainModule = {
  name: 'files',
  typeDefs: filesTypeDefs,
  resolvers: {
    Query: { ...fileQueries, ...folderQueries },
    Mutation: { ...fileMutations, ...folderMutations },
    Subscription: fileSubscriptions,
    Folder: folderFields,
    // Task.files of the tasks area's Task type: a task's files are this area's.
    Task: taskFields,
  },
  // Team.storage of the teams area's Team type, batched across the teams of a response, and a chat Message's file.
  loaders: { ...teamStorageLoaders, ...attachmentLoaders },
  reactions: [taskCoverIsTheTasksImage, messageAttachesItsConversationsFile, callRecordingsLandInFiles],
  projections: [filesProjection],
  access: {
    signedUploadURL: 'teamMember',
    signedDownloadPublicURL: 'spaceMember',
    getFolder: 'spaceMember',
    getFolders: 'spaceMember',
    setFolder: 'spaceMember',
    ediFolder: 'spaceMember',
    delFolder: 'spaceMember',
    getFile: 'spaceMember',
    getFiles: 'spaceMember',
    setFile: 'spaceMember',
    ediFile: 'spaceMember',
    delFile: 'spaceMember',
    getStats: 'teamMember',
    getSharedFile: 'public',
    cancelUpload: 'signedIn',
    subFile: 'spaceMember',
    subFolder: 'spaceMember',
  },
  start: startFiles,
};
