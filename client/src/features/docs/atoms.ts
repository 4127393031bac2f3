/**
 * The docs area's state: the open folder's docs and subfolders, and the open doc. Server results,
 * optimistic edits and live changes (subDoc, subFolder) all go through the reducers below.
 */
import { docSorts, type DocSort } from '#shared/docs';
import { deletionsOf } from '../../lib/deletions';
import { atom, type AppStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { folderDeletions } from '../files/atoms';
import { forgetLocalDoc } from './collab/localDocs';
import type { DocChange, DocFolder, FolderChange, Wall } from './operations';

export { docSorts, type DocSort };
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The doc page's state: `notFound` when the server says the id names nothing the caller may see. */
export type OpenWallStatus = LoadStatus | 'notFound';

export interface OpenWallState {
  /** The doc the page asked for last: an answer for any other (an earlier page's) is dropped. */
  id: string | null;
  wall: Wall | null;
  status: OpenWallStatus;
  /** Set once the server says the doc is gone. */
  deleted: boolean;
}

export interface DocsListState {
  project: string | null;
  /** The open folder; null for the space's top level. */
  folder: string | null;
  /** The order the server listed them in (getWalls' sort). */
  sort: DocSort;
  /** In the server's order (a Map keeps insertion order); docs that arrive live go first. */
  docs: ReadonlyMap<string, Wall>;
  /** How many docs the server has in this scope (for "Load more"). */
  total: number;
  /**
   * The next page's offset: how many the server handed over, less those removed since (so the
   * next page skips nothing). Docs that arrive live are not counted: the next page may repeat one,
   * which is dropped as already shown.
   */
  loaded: number;
  status: LoadStatus;
}

export interface FoldersState {
  project: string | null;
  /** The folder whose subfolders these are; null for the top level. */
  parent: string | null;
  /** The open folder itself (name and path, for the breadcrumbs); null at the top level. */
  current: DocFolder | null;
  folders: DocFolder[];
  /** The open folder was deleted while shown. */
  gone: boolean;
}

export const emptyDocsList: DocsListState = {
  project: null,
  folder: null,
  sort: 'updated',
  docs: new Map(),
  total: 0,
  loaded: 0,
  status: 'idle',
};
export const docsListAtom = atom<DocsListState>(emptyDocsList);
export const docFoldersAtom = atom<FoldersState>({ project: null, parent: null, current: null, folders: [], gone: false });
export const docSortAtom = atom<DocSort>('updated');

/** The doc open on the doc page. */
export const openWallAtom = atom<OpenWallState>({ id: null, wall: null, status: 'idle', deleted: false });

/** The docs of the open folder, in the order the server sorted them (getWalls' folder and sort). */
export const visibleDocsAtom = atom((get) => [...get(docsListAtom).docs.values()]);

/**
 * The deletions of docs heard or answered in a store (lib/deletions): an answer, an echo or a read that was on its way
 * before a doc's deletion does not bring it back. Doc folders share the files area's folder deletions (same ids).
 */
export const docDeletions = (store: AppStore) => deletionsOf(store, 'doc');
export { folderDeletions };

/**
 * A doc as the server sent it now (a write's result or a live change): in the list if it belongs to the open folder, on
 * the doc page if open; not if it was deleted meanwhile.
 */
export function applyWall(store: AppStore, wall: Wall): void {
  if (docDeletions(store).has(wall.id)) return;
  store.set(docsListAtom, (list) => {
    if (list.project !== wall.project) return list;
    const belongs = wall.folder === list.folder;
    const listed = list.docs.has(wall.id);
    if (!belongs && !listed) return list;
    if (!belongs) return without(list, wall.id);
    // A doc already listed keeps its place; one new to this folder goes first, until the next load sorts it.
    const docs = listed ? new Map(list.docs).set(wall.id, wall) : new Map([[wall.id, wall], ...list.docs]);
    return { ...list, docs, total: Math.max(list.total + (listed ? 0 : 1), docs.size) };
  });
  store.set(openWallAtom, (open) => (open.wall?.id === wall.id ? { ...open, wall } : open));
}

/** The list without a doc it showed: one fewer on the server before the next page, too. */
function without(list: DocsListState, id: string): DocsListState {
  const docs = new Map(list.docs);
  docs.delete(id);
  return { ...list, docs, total: Math.max(list.total - 1, 0), loaded: Math.max(list.loaded - 1, 0) };
}

export function removeWall(store: AppStore, id: string): void {
  store.set(docsListAtom, (list) => (list.docs.has(id) ? without(list, id) : list));
  store.set(openWallAtom, (open) => (open.wall?.id === id ? { ...open, deleted: true } : open));
}

/** A live change of subDoc; a deletion also deletes what this device kept of the doc. */
export function applyDocChange(store: AppStore, change: DocChange): void {
  if (change.type === 'doc.deleted') docDeletions(store).confirm(change.docId);
  if (change.doc) return applyWall(store, change.doc);
  removeWall(store, change.docId);
  forgetLocalDoc(store.get(currentUserAtom)?.id, change.docId);
}

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (left: DocFolder, right: DocFolder) => byTitle.compare(left.name, right.name) || left.id.localeCompare(right.id);

/** A folder as the server sent it now: listed when it sits in the open folder, the breadcrumbs follow a rename; not if deleted meanwhile. */
export function applyFolder(store: AppStore, folder: DocFolder): void {
  if (folderDeletions(store).has(folder.id)) return;
  store.set(docFoldersAtom, (state) => {
    if (state.project !== folder.project) return state;
    const current = state.current?.id === folder.id ? folder : state.current;
    const others = state.folders.filter((existing) => existing.id !== folder.id);
    const folders = folder.upfolder === state.parent && folder.id !== state.parent ? [...others, folder].sort(byName) : others;
    return { ...state, current, folders };
  });
}

export function removeFolder(store: AppStore, id: string): void {
  store.set(docFoldersAtom, (state) => ({
    ...state,
    folders: state.folders.filter((folder) => folder.id !== id),
    gone: state.gone || state.parent === id,
  }));
}

/** subFolder reports every folder type of the space; the docs area keeps its own. */
export function applyFolderChange(store: AppStore, change: FolderChange, type: string): void {
  if (change.type === 'folder.deleted') folderDeletions(store).confirm(change.folderId);
  if (!change.folder) removeFolder(store, change.folderId);
  else if (change.folder.type === type) applyFolder(store, change.folder);
}
