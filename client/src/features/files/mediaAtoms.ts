/** The media area's state: a space's images and videos, newest first, kept live by subFile. */
import { request } from '../../lib/graphql';
import { atom, type AppStore } from '../../lib/store';
import { fileDeletions } from './atoms';
import { isMedia } from './fileDisplay';
import { filesPageSize } from './filesActions';
import { getFilesDocument, type FileChange, type StoredFile } from './operations';

export interface MediaArea {
  project: string | null;
  files: ReadonlyMap<string, StoredFile>;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const mediaAtom = atom<MediaArea>({ project: null, files: new Map(), status: 'idle' });

export const mediaFilesAtom = atom((get) =>
  [...get(mediaAtom).files.values()].sort(
    (left, right) => Date.parse(right.createdAt) - Date.parse(left.createdAt) || right.id.localeCompare(left.id),
  ),
);

const belongs = (project: string | null, file: StoredFile) => file.project === project && !file.task && !file.privat && isMedia(file);

/** Reads every image and video of the space, page after page (each shown as it arrives), without files deleted meanwhile. */
export async function loadMedia(store: AppStore, project: string): Promise<void> {
  if (store.get(mediaAtom).project !== project) store.set(mediaAtom, { project, files: new Map(), status: 'loading' });
  const files = new Map<string, StoredFile>();
  try {
    for (let offset = 0; ; offset += filesPageSize) {
      const { getFiles } = await request(
        getFilesDocument,
        { project, category: 'media', offset, limit: filesPageSize },
        { handledByCaller: true },
      );
      if (store.get(mediaAtom).project !== project) return;
      for (const file of getFiles) files.set(file.id, file);
      store.set(mediaAtom, {
        project,
        files: new Map(
          fileDeletions(store)
            .without([...files.values()])
            .map((file) => [file.id, file]),
        ),
        status: 'ready',
      });
      if (getFiles.length < filesPageSize) return;
    }
  } catch {
    if (store.get(mediaAtom).project === project)
      store.set(mediaAtom, (area) => ({ ...area, status: area.status === 'ready' ? 'ready' : 'error' }));
  }
}

export function applyMediaChange(area: MediaArea, change: FileChange): MediaArea {
  const files = new Map(area.files);
  if (change.file && belongs(area.project, change.file)) files.set(change.fileId, change.file);
  else if (!files.delete(change.fileId)) return area;
  return { ...area, files };
}

/** A recorded upload, unless its deletion was heard before its answer. */
export function addMedia(store: AppStore, file: StoredFile): void {
  if (fileDeletions(store).has(file.id)) return;
  store.set(mediaAtom, (area) =>
    belongs(area.project, file) ? applyMediaChange(area, { type: 'file.created', seq: 0, fileId: file.id, file }) : area,
  );
}
