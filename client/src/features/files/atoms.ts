/** The files area's state: the open folder of a space (its subfolders and files), kept live by subFile and subFolder. */
import { readStored, writeStored } from '../../lib/browser';
import { deletionsOf } from '../../lib/deletions';
import { atom, type AppStore } from '../../lib/store';
import type { FileChange, FolderChange, FolderCrumb, StoredFile, StoredFolder } from './operations';

export interface FilesArea {
  /** The space shown; null before the first load. */
  project: string | null;
  /** The open folder; null for the top level. */
  folder: string | null;
  /** Breadcrumbs: the folders above the open one and the open one itself, top level first. */
  path: FolderCrumb[];
  folders: ReadonlyMap<string, StoredFolder>;
  files: ReadonlyMap<string, StoredFile>;
  /** `missing`: the open folder does not exist (deleted, or another space's). */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'missing';
  /** False while later pages of a large folder are still being read. */
  complete: boolean;
}

export const emptyFilesArea: FilesArea = {
  project: null,
  folder: null,
  path: [],
  folders: new Map(),
  files: new Map(),
  status: 'idle',
  complete: true,
};

export const filesAreaAtom = atom<FilesArea>(emptyFilesArea);

export type FilesView = 'list' | 'grid';
export type FilesSortKey = 'name' | 'size' | 'type' | 'date';
export const filesSortKeys: readonly FilesSortKey[] = ['name', 'size', 'type', 'date'];

export interface FilesPrefs {
  view: FilesView;
  sort: FilesSortKey;
  descending: boolean;
}

export const defaultFilesPrefs: FilesPrefs = { view: 'list', sort: 'name', descending: false };
export const filesPrefsKey = 'files.view';

export function readFilesPrefs(): FilesPrefs {
  try {
    const saved = JSON.parse(readStored(filesPrefsKey) ?? 'null') as Partial<FilesPrefs> | null;
    return {
      view: saved?.view === 'grid' ? 'grid' : 'list',
      sort: filesSortKeys.includes(saved?.sort as FilesSortKey) ? (saved?.sort as FilesSortKey) : 'name',
      descending: saved?.descending === true,
    };
  } catch {
    return defaultFilesPrefs;
  }
}

const storedPrefsAtom = atom<FilesPrefs | null>(null);

/** The layout and sort order, remembered in this browser. */
export const filesPrefsAtom = atom(
  (get) => get(storedPrefsAtom) ?? readFilesPrefs(),
  (get, set, changes: Partial<FilesPrefs>) => {
    const next = { ...(get(storedPrefsAtom) ?? readFilesPrefs()), ...changes };
    set(storedPrefsAtom, next);
    writeStored(filesPrefsKey, JSON.stringify(next));
  },
);

export type Entry = { kind: 'folder'; key: string; folder: StoredFolder } | { kind: 'file'; key: string; file: StoredFile };

export const folderEntry = (folder: StoredFolder): Entry => ({ kind: 'folder', key: `folder:${folder.id}`, folder });
export const fileEntry = (file: StoredFile): Entry => ({ kind: 'file', key: `file:${file.id}`, file });
export const entryName = (entry: Entry) => (entry.kind === 'folder' ? entry.folder.name : entry.file.name);
export const entryId = (entry: Entry) => (entry.kind === 'folder' ? entry.folder.id : entry.file.id);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (left: string, right: string) => collator.compare(left, right);

function compareFiles(sort: FilesSortKey): (left: StoredFile, right: StoredFile) => number {
  switch (sort) {
    case 'size':
      return (left, right) => left.size - right.size || byName(left.name, right.name);
    case 'type':
      return (left, right) => byName(left.category, right.category) || byName(left.type, right.type) || byName(left.name, right.name);
    case 'date':
      return (left, right) => Date.parse(left.createdAt) - Date.parse(right.createdAt) || byName(left.name, right.name);
    default:
      return (left, right) => byName(left.name, right.name);
  }
}

/** Folders first (as every file manager does), then files; folders have no size or type, so they sort by name unless by date. */
export function sortEntries(
  folders: Iterable<StoredFolder>,
  files: Iterable<StoredFile>,
  { sort, descending }: Pick<FilesPrefs, 'sort' | 'descending'>,
): Entry[] {
  const direction = descending ? -1 : 1;
  const folderOrder =
    sort === 'date'
      ? (left: StoredFolder, right: StoredFolder) =>
          Date.parse(left.createdAt) - Date.parse(right.createdAt) || byName(left.name, right.name)
      : (left: StoredFolder, right: StoredFolder) => byName(left.name, right.name);
  const fileOrder = compareFiles(sort);
  return [
    ...[...folders].sort((left, right) => direction * folderOrder(left, right)).map(folderEntry),
    ...[...files].sort((left, right) => direction * fileOrder(left, right)).map(fileEntry),
  ];
}

export const sortedEntriesAtom = atom((get) => {
  const area = get(filesAreaAtom);
  return sortEntries(area.folders.values(), area.files.values(), get(filesPrefsAtom));
});

/** The selected entry's key (`folder:<id>` or `file:<id>`): arrows move it, Enter opens it, F2 renames it. */
export const selectedEntryKeyAtom = atom<string | null>(null);

export const selectedEntryAtom = atom((get) => {
  const key = get(selectedEntryKeyAtom);
  return key ? (get(sortedEntriesAtom).find((entry) => entry.key === key) ?? null) : null;
});

export const detailsOpenAtom = atom(false);

/** Whether `incoming` is an older version than the one `stored` (a live echo or an answer overtaken by a later one). */
export const isOlder = (incoming: { updatedAt: string }, stored: { updatedAt: string } | undefined) =>
  stored !== undefined && Date.parse(incoming.updatedAt) < Date.parse(stored.updatedAt);

/** Whether a file belongs in the open folder of the space. */
export function showsFile(area: Pick<FilesArea, 'project' | 'folder'>, file: StoredFile): boolean {
  return file.project === area.project && !file.task && !file.privat && (file.folder ?? null) === area.folder;
}

/** One subFile change: upsert by id when it belongs here (never a second row for an id), drop it otherwise, ignore older versions. */
export function applyFileChange(area: FilesArea, change: FileChange): FilesArea {
  if (area.project === null) return area;
  const files = new Map(area.files);
  if (change.file && showsFile(area, change.file)) {
    if (isOlder(change.file, area.files.get(change.fileId))) return area;
    files.set(change.fileId, change.file);
  } else if (!files.delete(change.fileId)) return area;
  return { ...area, files };
}

/** One subFolder change: subfolders of the open folder are upserted or dropped; a renamed folder of the path renames its crumb. */
export function applyFolderChange(area: FilesArea, change: FolderChange): FilesArea {
  if (area.project === null) return area;
  const { folder } = change;
  const folders = new Map(area.folders);
  if (folder && folder.project === area.project && (folder.upfolder ?? null) === area.folder) {
    if (isOlder(folder, area.folders.get(folder.id))) return area;
    folders.set(folder.id, folder);
  } else folders.delete(change.folderId);
  const path = folder ? area.path.map((crumb) => (crumb.id === folder.id ? { id: crumb.id, name: folder.name } : crumb)) : area.path;
  return { ...area, folders, path };
}

/**
 * The deletions of files and of folders heard or sent in a store (lib/deletions): an answer, an echo or a read that was
 * on its way before a deletion does not bring the entry back. Docs folders are folders too, with the same ids.
 */
export const fileDeletions = (store: AppStore) => deletionsOf(store, 'file');
export const folderDeletions = (store: AppStore) => deletionsOf(store, 'folder');

/** A subFile change as heard: a deletion is remembered; a change carrying a file deleted meanwhile only takes it away. */
export function heardFileChange(store: AppStore, change: FileChange): FileChange {
  const deletions = fileDeletions(store);
  if (change.type === 'file.deleted') deletions.confirm(change.fileId);
  return change.file && deletions.has(change.fileId) ? { ...change, file: null } : change;
}

/** A subFolder change as heard: a deletion is remembered; a change carrying a folder deleted meanwhile only takes it away. */
export function heardFolderChange(store: AppStore, change: FolderChange): FolderChange {
  const deletions = folderDeletions(store);
  if (change.type === 'folder.deleted') deletions.confirm(change.folderId);
  return change.folder && deletions.has(change.folderId) ? { ...change, folder: null } : change;
}
