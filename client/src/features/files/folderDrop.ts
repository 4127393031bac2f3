/** Dropping onto a folder (a row, a tile, a crumb or the open folder itself): desktop files upload into it, dragged entries move into it. */
import { useStore, type AppStore } from '../../lib/store';
import { sortedEntriesAtom } from './atoms';
import { moveEntry, showUploadedFile } from './filesActions';
import type { FolderCrumb } from './operations';
import { useDropTarget } from './useDropTarget';
import { enqueueUploads } from './uploadQueue';

export function uploadInto(store: AppStore, project: string, folder: string | null, files: Iterable<File>): void {
  enqueueUploads(files, folder ? { project, folder } : { project }, store, { onUploaded: (file) => showUploadedFile(store, file) });
}

export function useFolderDrop(project: string, destination: FolderCrumb | null) {
  const store = useStore();
  return useDropTarget(
    (files) => uploadInto(store, project, destination?.id ?? null, files),
    (key) => {
      const entry = store.get(sortedEntriesAtom).find((candidate) => candidate.key === key);
      if (entry) void moveEntry(store, entry, destination);
    },
  );
}
