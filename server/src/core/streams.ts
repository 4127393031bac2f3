/**
 * Stream names of the log, one place for every area: a stream is one aggregate's history, and its
 * version is the optimistic-concurrency check of commands on it. The names are stored in the log
 * forever, never renamed.
 */
export const teamStream = (teamId: string) => `team:${teamId}`;
export const userStream = (userId: string) => `user:${userId}`;
export const spaceStream = (projectId: string) => `project:${projectId}`;
export const boardStream = (projectId: string) => `board:${projectId}`;
export const taskStream = (taskId: string) => `task:${taskId}`;
export const notificationStream = (userId: string) => `notifications:${userId}`;
export const chatStream = (conversation: string) => `chat:${conversation}`;
export const privatStream = (privatId: string) => `privat:${privatId}`;
export const readsStream = (userId: string) => `reads:${userId}`;
export const fileStream = (fileId: string) => `file:${fileId}`;
export const folderStream = (folderId: string) => `folder:${folderId}`;
export const docStream = (docId: string) => `doc:${docId}`;
