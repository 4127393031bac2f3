import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { detailsOpenAtom, filesAreaAtom, selectedEntryKeyAtom } from './atoms';
import { viewedFileIdAtom } from './entryCommands';
import { isViewable } from './fileDisplay';
import { getFileDocument } from './operations';
import { folderPath } from './useFilesArea';

/** Where a link to one file lands: its folder, with `?file=` saying which file to open there. */
export function linkedFilePath(project: string, folder: string | null, fileId: string): string {
  return `${folderPath(project, folder)}?file=${encodeURIComponent(fileId)}`;
}

/**
 * `/:project/files/d/<file>` (notifications' links): finds the file's folder and goes there with `?file=`.
 * A file that is gone, or in another space, lands on the space's files with nothing opened.
 */
export function useLinkedFileRedirect(project: string, fileId: string | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!fileId) return;
    let current = true;
    request(getFileDocument, { id: fileId }, { silent: true }).then(
      ({ getFile }) => {
        if (current)
          void navigate(getFile.project === project ? linkedFilePath(project, getFile.folder ?? null, fileId) : folderPath(project, null), {
            replace: true,
          });
      },
      () => current && void navigate(folderPath(project, null), { replace: true }),
    );
    return () => {
      current = false;
    };
  }, [fileId, navigate, project]);
}

/**
 * `?file=<id>` once the folder has loaded: a picture, video or PDF opens in the viewer; any other file is
 * selected with its details shown (a link never starts a download by itself).
 */
export function useOpenLinkedFile(fileId: string | null): void {
  const store = useStore();
  const area = useAtomValue(filesAreaAtom);
  const file = fileId ? area.files.get(fileId) : undefined;
  // Once per link: a live change to the file, or the viewer closed, must not open it again.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!file || opened.current === file.id) return;
    opened.current = file.id;
    if (isViewable(file)) {
      store.set(viewedFileIdAtom, file.id);
    } else {
      store.set(selectedEntryKeyAtom, `file:${file.id}`);
      store.set(detailsOpenAtom, true);
    }
  }, [file, store]);
}
