/** The paths the server serves a recorded file's bytes at (the files area's media routes). */
export const filePaths = {
  file: (fileId: string) => `/media/files/${fileId}`,
  thumbnail: (fileId: string) => `/media/files/${fileId}/thumbnail`,
  shared: (fileId: string) => `/media/files/${fileId}/shared`,
  sharedThumbnail: (fileId: string) => `/media/files/${fileId}/shared/thumbnail`,
  sharePage: (fileId: string) => `/share/media/${fileId}`,
};

/** The file id in a path filePaths.file made (or filePaths.thumbnail, when allowed), or null for any other path. */
export function fileIdOfPath(path: string, { thumbnail = false } = {}): string | null {
  const match = /^\/media\/files\/([0-9a-f]{24})(\/thumbnail)?$/.exec(path);
  return match && (thumbnail || match[2] === undefined) ? match[1]! : null;
}
