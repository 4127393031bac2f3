/** What a file or folder does when asked (menu, keys, double-click): the prompts and confirmations around the area's writes. */
import { i18n } from '../../lib/i18n';
import { atom, type AppStore } from '../../lib/store';
import { openDialog } from '../../ui';
import { entryName, type Entry } from './atoms';
import { createFolder, deleteEntry, renameEntry } from './filesActions';
import { downloadFile, isViewable } from './fileDisplay';
import { filePaths, type StoredFile } from './operations';

/** The entry whose destination is being picked in the move dialog. */
export const movingEntryAtom = atom<Entry | null>(null);

/** The image, video or PDF open in the viewer, by id. */
export const viewedFileIdAtom = atom<string | null>(null);

export async function promptNewFolder(store: AppStore, project: string, upfolder: string | null): Promise<void> {
  const { confirmed, values } = await openDialog(
    {
      title: i18n.t('files.newFolder.title'),
      inputs: [{ label: i18n.t('files.newFolder.label'), defaultValue: i18n.t('files.newFolder.defaultName') }],
      primaryLabel: i18n.t('files.newFolder.create'),
    },
    store,
  );
  const name = values[0]?.trim();
  if (confirmed && name) await createFolder(store, project, upfolder, name);
}

export async function promptRename(store: AppStore, entry: Entry): Promise<void> {
  if (!canEdit(entry)) return;
  const current = entryName(entry);
  const { confirmed, values } = await openDialog(
    {
      title: i18n.t('files.rename.title', { name: current }),
      inputs: [{ label: i18n.t('files.rename.label'), defaultValue: current }],
      primaryLabel: i18n.t('files.rename.save'),
    },
    store,
  );
  const name = values[0]?.trim();
  if (confirmed && name && name !== current) await renameEntry(store, entry, name);
}

export async function confirmDelete(store: AppStore, entry: Entry): Promise<void> {
  if (!canDelete(entry)) return;
  const name = entryName(entry);
  const folder = entry.kind === 'folder';
  const { confirmed } = await openDialog(
    {
      title: i18n.t(folder ? 'files.deleteFolder.title' : 'files.deleteFile.title', { name }),
      description: i18n.t(folder ? 'files.deleteFolder.description' : 'files.deleteFile.description'),
      primaryLabel: i18n.t('files.actions.delete'),
      tone: 'danger',
    },
    store,
  );
  if (confirmed) await deleteEntry(store, entry);
}

export const canEdit = (entry: Entry) => (entry.kind === 'folder' ? entry.folder.canEdit : entry.file.canEdit);
export const canDelete = (entry: Entry) => (entry.kind === 'folder' ? entry.folder.canEdit : entry.file.canDelete);

export function downloadStoredFile(file: StoredFile): void {
  downloadFile(filePaths.download(file.id), file.name);
}

/**
 * Opens a file the way its kind allows: images, videos and PDFs in the viewer, anything else downloads.
 * A PDF is never opened at its address: the server sends it as an attachment, and the viewer draws it.
 */
export function openFile(store: AppStore, file: StoredFile): void {
  if (isViewable(file)) store.set(viewedFileIdAtom, file.id);
  else downloadStoredFile(file);
}
