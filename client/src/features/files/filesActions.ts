/** The files area's reads and writes: optimistic on screen at once, rolled back with a toast when the server refuses. */
import { request, RequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import {
  fileDeletions,
  fileEntry,
  filesAreaAtom,
  folderDeletions,
  entryId,
  folderEntry,
  isOlder,
  showsFile,
  type Entry,
  type FilesArea,
} from './atoms';
import {
  delFileDocument,
  delFolderDocument,
  ediFileDocument,
  ediFolderDocument,
  filePaths,
  getFilesDocument,
  getFolderDocument,
  getFoldersDocument,
  setFolderDocument,
  type FolderCrumb,
  type StoredFile,
  type StoredFolder,
} from './operations';
import { adjustStorage } from './stats';

/** getFiles answers at most 200 files per call: a large folder is read page after page, each shown as it arrives. */
export const filesPageSize = 200;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('files.errors.generic');
}

export function refused(title: string, error: unknown): void {
  showToast({ title, message: messageOf(error), icon: 'error' });
}

const isShown = (store: AppStore, project: string, folder: string | null) => {
  const area = store.get(filesAreaAtom);
  return area.project === project && area.folder === folder;
};

/**
 * Per store, the entries folder reads stored: an entry whose version changed while a read was on its way, to one no read
 * of that store stored, was heard meanwhile.
 */
const storedByReadsOf = new WeakMap<AppStore, WeakSet<StoredFile | StoredFolder>>();

function storedByReadsIn(store: AppStore): WeakSet<StoredFile | StoredFolder> {
  let stored = storedByReadsOf.get(store);
  if (!stored) storedByReadsOf.set(store, (stored = new WeakSet()));
  return stored;
}

/**
 * A read's entries with what was heard while it was on its way laid over them, which the read may predate: an entry
 * that appeared or changed meanwhile is kept unless the read has a newer version, and one that left meanwhile stays out.
 * `before` is what was shown when the read left.
 */
function asRead<Item extends StoredFile | StoredFolder>(
  storedByReads: WeakSet<StoredFile | StoredFolder>,
  read: Iterable<Item>,
  before: ReadonlyMap<string, Item>,
  now: ReadonlyMap<string, Item>,
): Map<string, Item> {
  const heard = (item: Item) => before.get(item.id) !== item && !storedByReads.has(item);
  const entries = new Map<string, Item>();
  for (const item of read) {
    if (before.has(item.id) && !now.has(item.id)) continue;
    const known = now.get(item.id);
    entries.set(item.id, known && heard(known) && !isOlder(known, item) ? known : item);
  }
  for (const item of now.values()) if (!entries.has(item.id) && !before.has(item.id) && heard(item)) entries.set(item.id, item);
  for (const item of entries.values()) storedByReads.add(item);
  return entries;
}

/**
 * Reads a folder of a space (null: the top level): its path, subfolders, then its files page by page. A reload keeps the
 * list on screen. What was heard while a page was on its way is laid over it (asRead), and entries deleted meanwhile
 * are left out.
 */
export async function loadFolder(store: AppStore, project: string, folder: string | null): Promise<void> {
  if (!isShown(store, project, folder)) {
    store.set(filesAreaAtom, { project, folder, path: [], folders: new Map(), files: new Map(), status: 'loading', complete: false });
  }
  let before = store.get(filesAreaAtom);
  try {
    const [{ getFolders }, current] = await Promise.all([
      request(getFoldersDocument, folder ? { project, folder } : { project }, { handledByCaller: true }),
      folder ? request(getFolderDocument, { folder }, { handledByCaller: true }).then(({ getFolder }) => getFolder) : Promise.resolve(null),
    ]);
    if (!isShown(store, project, folder)) return;
    if (current && current.project !== project) {
      store.set(filesAreaAtom, (area) => ({ ...area, status: 'missing', complete: true }));
      return;
    }
    const path: FolderCrumb[] = current
      ? [...current.path.map(({ id, name }) => ({ id, name })), { id: current.id, name: current.name }]
      : [];
    const files = new Map<string, StoredFile>();
    for (let offset = 0; ; offset += filesPageSize) {
      const { getFiles } = await request(
        getFilesDocument,
        { project, folder: folder ?? 'root', offset, limit: filesPageSize },
        { handledByCaller: true },
      );
      if (!isShown(store, project, folder)) return;
      for (const file of getFiles) files.set(file.id, file);
      const complete = getFiles.length < filesPageSize;
      const now = store.get(filesAreaAtom);
      store.set(filesAreaAtom, {
        project,
        folder,
        path,
        folders: asRead(storedByReadsIn(store), folderDeletions(store).without(getFolders), before.folders, now.folders),
        files: asRead(storedByReadsIn(store), fileDeletions(store).without([...files.values()]), before.files, now.files),
        status: 'ready',
        complete,
      });
      if (complete) return;
      // The next page is laid over what this one stored: what changes from here on was heard during the next read.
      before = store.get(filesAreaAtom);
    }
  } catch (error) {
    if (!isShown(store, project, folder)) return;
    const missing = folder !== null && error instanceof RequestError && error.code === 'NOT_FOUND';
    store.set(filesAreaAtom, (area) => ({
      ...area,
      status: missing ? 'missing' : area.status === 'ready' ? 'ready' : 'error',
      complete: true,
    }));
  }
}

/** A file as an answer or a rollback has it: shown if it belongs in the open folder, unless it was deleted meanwhile. */
function upsertFile(store: AppStore, file: StoredFile): void {
  const deleted = fileDeletions(store).has(file.id);
  store.set(filesAreaAtom, (area) => {
    const files = new Map(area.files);
    if (showsFile(area, file) && !deleted) files.set(file.id, file);
    else files.delete(file.id);
    return { ...area, files };
  });
}

/**
 * A write's answer for an entry (or the rollback of a refused rename or share): only while the open folder still
 * shows it, and not over a newer version heard live. An entry deleted meanwhile (its deletion's echo can come before
 * this answer) is not brought back.
 */
function updateShownEntry(store: AppStore, entry: Entry): void {
  const area = store.get(filesAreaAtom);
  const shown = entry.kind === 'folder' ? area.folders.get(entry.folder.id) : area.files.get(entry.file.id);
  if (!shown || isOlder(entry.kind === 'folder' ? entry.folder : entry.file, shown)) return;
  if (entry.kind === 'folder') upsertFolder(store, entry.folder);
  else upsertFile(store, entry.file);
}

const deletionsOfEntry = (store: AppStore, entry: Entry) => (entry.kind === 'folder' ? folderDeletions(store) : fileDeletions(store));

/**
 * Puts back an entry shown as gone at once (deleted) when the server refused, unless it is gone anyway: the server says
 * it no longer exists, or someone's deletion of it was heard meanwhile.
 */
function restoreUnlessGone(store: AppStore, entry: Entry, error: unknown): void {
  const deletions = deletionsOfEntry(store, entry);
  if (isNotFoundError(error)) deletions.confirm(entryId(entry));
  else if (!deletions.refuse(entryId(entry))) restoreEntry(store, entry);
}

/** A folder as an answer or a rollback has it: listed if it sits in the open folder, unless it was deleted meanwhile. */
function upsertFolder(store: AppStore, folder: StoredFolder): void {
  const deleted = folderDeletions(store).has(folder.id);
  store.set(filesAreaAtom, (area) => {
    const folders = new Map(area.folders);
    if (folder.project === area.project && (folder.upfolder ?? null) === area.folder && !deleted) folders.set(folder.id, folder);
    else folders.delete(folder.id);
    return { ...area, folders };
  });
}

/** A recorded upload: shown at once when it landed in the open folder (its subFile echo is then harmless), unless deleted meanwhile. */
export function showUploadedFile(store: AppStore, file: StoredFile): void {
  if (showsFile(store.get(filesAreaAtom), file)) upsertFile(store, file);
}

function removeEntry(store: AppStore, entry: Entry): void {
  store.set(filesAreaAtom, (area) => {
    if (entry.kind === 'folder') {
      const folders = new Map(area.folders);
      folders.delete(entry.folder.id);
      return { ...area, folders };
    }
    const files = new Map(area.files);
    files.delete(entry.file.id);
    return { ...area, files };
  });
}

function restoreEntry(store: AppStore, entry: Entry): void {
  if (entry.kind === 'folder') upsertFolder(store, entry.folder);
  else upsertFile(store, entry.file);
}

export async function createFolder(store: AppStore, project: string, upfolder: string | null, name: string): Promise<StoredFolder | null> {
  try {
    const { setFolder } = await request(setFolderDocument, upfolder ? { project, name, upfolder } : { project, name }, {
      handledByCaller: true,
    });
    upsertFolder(store, setFolder);
    return setFolder;
  } catch (error) {
    refused(i18n.t('files.errors.createFolder'), error);
    return null;
  }
}

export async function renameEntry(store: AppStore, entry: Entry, name: string): Promise<boolean> {
  if (entry.kind === 'folder') upsertFolder(store, { ...entry.folder, name });
  else upsertFile(store, { ...entry.file, name });
  try {
    if (entry.kind === 'folder')
      updateShownEntry(
        store,
        folderEntry((await request(ediFolderDocument, { id: entry.folder.id, name }, { handledByCaller: true })).ediFolder),
      );
    else
      updateShownEntry(store, fileEntry((await request(ediFileDocument, { id: entry.file.id, name }, { handledByCaller: true })).ediFile));
    return true;
  } catch (error) {
    updateShownEntry(store, entry);
    refused(i18n.t('files.errors.rename'), error);
    return false;
  }
}

/**
 * Moves a file or folder into `destination` (null: the top level). It leaves the list at once; a
 * refusal (a folder moved into its own subfolder, say) brings it back with the server's reason. A
 * refusal as not found reads the open folder again: it can mean the entry is gone or the destination
 * is (deleted by someone meanwhile), and only the server knows which.
 */
export async function moveEntry(store: AppStore, entry: Entry, destination: FolderCrumb | null): Promise<boolean> {
  const target = destination?.id ?? 'root';
  if (entry.kind === 'folder' && entry.folder.id === destination?.id) return false;
  const current = entry.kind === 'folder' ? entry.folder.upfolder : entry.file.folder;
  if ((current ?? 'root') === target) return false;
  removeEntry(store, entry);
  try {
    if (entry.kind === 'folder')
      upsertFolder(
        store,
        (await request(ediFolderDocument, { id: entry.folder.id, upfolder: target }, { handledByCaller: true })).ediFolder,
      );
    else upsertFile(store, (await request(ediFileDocument, { id: entry.file.id, folder: target }, { handledByCaller: true })).ediFile);
    showToast({
      message: i18n.t('files.moved', {
        name: entry.kind === 'folder' ? entry.folder.name : entry.file.name,
        folder: destination?.name ?? i18n.t('files.root'),
      }),
      icon: 'success',
    });
    return true;
  } catch (error) {
    refused(i18n.t('files.errors.move'), error);
    if (!isNotFoundError(error)) restoreEntry(store, entry);
    else {
      const area = store.get(filesAreaAtom);
      if (area.project && area.folder === (current ?? null)) await loadFolder(store, area.project, area.folder);
    }
    return false;
  }
}

/** Deletes a file (its bytes and quota go too) or a folder (its content moves up to the open folder, so the folder is read again). */
export async function deleteEntry(store: AppStore, entry: Entry): Promise<boolean> {
  const deletions = deletionsOfEntry(store, entry);
  deletions.begin(entryId(entry));
  removeEntry(store, entry);
  try {
    if (entry.kind === 'folder') {
      await request(delFolderDocument, { id: entry.folder.id }, { handledByCaller: true });
      deletions.confirm(entry.folder.id);
      const area: FilesArea = store.get(filesAreaAtom);
      if (area.project) void loadFolder(store, area.project, area.folder);
    } else {
      await request(delFileDocument, { id: entry.file.id }, { handledByCaller: true });
      deletions.confirm(entry.file.id);
      adjustStorage(store, -entry.file.size, -1);
    }
    return true;
  } catch (error) {
    restoreUnlessGone(store, entry, error);
    refused(i18n.t('files.errors.delete'), error);
    return false;
  }
}

export function shareLinkOf(fileId: string): string {
  return `${window.location.origin}${filePaths.sharePage(fileId)}`;
}

/** Copies the public page's address; without clipboard access the toast shows it to copy by hand. */
export async function copyShareLink(fileId: string): Promise<void> {
  const link = shareLinkOf(fileId);
  try {
    await navigator.clipboard.writeText(link);
    showToast({ message: i18n.t('files.share.copied'), icon: 'success' });
  } catch {
    showToast({ message: i18n.t('files.errors.copy', { url: link }), icon: 'info', persistent: true });
  }
}

/** Turns the public link on (and copies it) or off. */
export async function setShared(store: AppStore, file: StoredFile, shared: boolean): Promise<boolean> {
  upsertFile(store, { ...file, shared });
  try {
    const { ediFile } = await request(ediFileDocument, { id: file.id, shared }, { handledByCaller: true });
    updateShownEntry(store, fileEntry(ediFile));
    if (shared) await copyShareLink(file.id);
    else showToast({ message: i18n.t('files.share.stopped'), icon: 'success' });
    return true;
  } catch (error) {
    updateShownEntry(store, fileEntry(file));
    refused(i18n.t('files.errors.share'), error);
    return false;
  }
}
