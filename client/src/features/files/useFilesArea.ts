/**
 * Loads a folder of a space and keeps it live: subFile and subFolder changes. After a reconnection
 * both subscriptions catch up from the last event they saw; the folder is read again only when one
 * of them could not (a gap), once for both.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useOnReconnect, useSubscription } from '../../lib/subscriptions';
import { useStore } from '../../lib/store';
import { useCoalescedReload } from '../../lib/coalescedReload';
import { applyFileChange, applyFolderChange, filesAreaAtom, heardFileChange, heardFolderChange, selectedEntryKeyAtom } from './atoms';
import { loadFolder } from './filesActions';
import { subFileDocument, subFolderDocument } from './operations';
import { loadStorageStats } from './stats';

export function folderPath(project: string, folder: string | null): string {
  return folder ? `/${project}/files/${folder}` : `/${project}/files`;
}

export function useFilesArea(project: string, folder: string | null): void {
  const store = useStore();
  const navigate = useNavigate();

  useEffect(() => {
    store.set(selectedEntryKeyAtom, null);
    void loadFolder(store, project, folder);
  }, [store, project, folder]);

  useEffect(() => {
    void loadStorageStats(store);
  }, [store]);

  const reloadFolder = useCoalescedReload(() => loadFolder(store, project, folder));

  useSubscription(
    subFileDocument,
    { project },
    ({ subFile }) => {
      const change = heardFileChange(store, subFile);
      store.set(filesAreaAtom, (area) => applyFileChange(area, change));
    },
    { reload: reloadFolder },
  );

  useSubscription(
    subFolderDocument,
    { project },
    ({ subFolder: heard }) => {
      const subFolder = heardFolderChange(store, heard);
      const area = store.get(filesAreaAtom);
      // The open folder (or one above it) was deleted or moved away: go to what is left above it.
      const crumb = area.path.findIndex((entry) => entry.id === subFolder.folderId);
      if (crumb >= 0 && subFolder.type === 'folder.deleted') {
        navigate(folderPath(project, area.path[crumb - 1]?.id ?? null));
        return;
      }
      if (crumb >= 0 && subFolder.folder && (subFolder.folder.upfolder ?? null) !== (area.path[crumb - 1]?.id ?? null)) {
        void loadFolder(store, project, folder);
        return;
      }
      store.set(filesAreaAtom, (current) => applyFolderChange(current, subFolder));
    },
    { reload: reloadFolder },
  );

  // The team's storage counts every space's files, which no subscription here reports: read again after a reconnection.
  useOnReconnect(() => void loadStorageStats(store));
}
