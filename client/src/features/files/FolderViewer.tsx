import { useAtom, useAtomValue } from '../../lib/store';
import { sortedEntriesAtom } from './atoms';
import { viewedFileIdAtom } from './entryCommands';
import { isViewable } from './fileDisplay';
import { MediaViewer } from './MediaViewer';
import type { StoredFile } from './operations';

/** The viewer over the files area: steps through the open folder's images, videos and PDFs in the list's order. */
export function FolderViewer() {
  const [viewed, setViewed] = useAtom(viewedFileIdAtom);
  const entries = useAtomValue(sortedEntriesAtom);
  if (!viewed) return null;
  const media = entries.flatMap((entry): StoredFile[] => (entry.kind === 'file' && isViewable(entry.file) ? [entry.file] : []));
  return <MediaViewer files={media} currentId={viewed} onChange={setViewed} onClose={() => setViewed(null)} />;
}
