/**
 * The docs area's state: the open folder's docs and subfolders, and the open doc. Server results,
 * optimistic edits and live changes (subDoc, subFolder) all go through the reducers below.
 */
import { atom, type AppStore } from '../../lib/store';
import type { DocChange, DocFolder, FolderChange, Wall } from './operations';

export type DocSort = 'updated' | 'title' | 'created';
export const docSorts: readonly DocSort[] = ['updated', 'title', 'created'];
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DocsListState {
  project: string | null;
  /** The open folder; null for the space's top level. */
  folder: string | null;
  docs: ReadonlyMap<string, Wall>;
  /** How many docs the server has in this scope (for "Load more"). */
  total: number;
  /** How many the server has handed over so far (the next page's offset). */
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

export const emptyDocsList: DocsListState = { project: null, folder: null, docs: new Map(), total: 0, loaded: 0, status: 'idle' };
export const docsListAtom = atom<DocsListState>(emptyDocsList);
export const docFoldersAtom = atom<FoldersState>({ project: null, parent: null, current: null, folders: [], gone: false });
export const docSortAtom = atom<DocSort>('updated');

/** The doc open on the doc page; `deleted` once the server says it is gone. */
export const openWallAtom = atom<{ wall: Wall | null; status: LoadStatus; deleted: boolean }>({ wall: null, status: 'idle', deleted: false });

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortDocs(docs: Iterable<Wall>, sort: DocSort): Wall[] {
  const list = [...docs];
  if (sort === 'title') return list.sort((left, right) => byTitle.compare(left.title, right.title) || left.id.localeCompare(right.id));
  const field = sort === 'created' ? 'createdAt' : 'updatedAt';
  return list.sort((left, right) => right[field].localeCompare(left[field]) || right.id.localeCompare(left.id));
}

/**
 * The docs of the open folder, sorted. getWalls without a folder answers every doc of the space,
 * so the top level keeps only the docs in no folder.
 */
export const visibleDocsAtom = atom((get) => {
  const list = get(docsListAtom);
  return sortDocs([...list.docs.values()].filter((doc) => doc.folder === list.folder), get(docSortAtom));
});

/** A doc as the server sent it now (a write's result or a live change): in the list if it belongs to the open folder, on the doc page if open. */
export function applyWall(store: AppStore, wall: Wall): void {
  store.set(docsListAtom, (list) => {
    if (list.project !== wall.project) return list;
    const belongs = list.folder === null || wall.folder === list.folder;
    if (!belongs && !list.docs.has(wall.id)) return list;
    const docs = new Map(list.docs);
    if (belongs) docs.set(wall.id, wall);
    else docs.delete(wall.id);
    const total = list.total + (belongs && !list.docs.has(wall.id) ? 1 : 0) - (!belongs ? 1 : 0);
    return { ...list, docs, total: Math.max(total, docs.size) };
  });
  store.set(openWallAtom, (open) => (open.wall?.id === wall.id ? { ...open, wall } : open));
}

export function removeWall(store: AppStore, id: string): void {
  store.set(docsListAtom, (list) => {
    if (!list.docs.has(id)) return list;
    const docs = new Map(list.docs);
    docs.delete(id);
    return { ...list, docs, total: Math.max(list.total - 1, 0) };
  });
  store.set(openWallAtom, (open) => (open.wall?.id === id ? { ...open, deleted: true } : open));
}

export function applyDocChange(store: AppStore, change: DocChange): void {
  if (change.doc) applyWall(store, change.doc);
  else removeWall(store, change.docId);
}

const byName = (left: DocFolder, right: DocFolder) => byTitle.compare(left.name, right.name) || left.id.localeCompare(right.id);

/** A folder as the server sent it now: listed when it sits in the open folder, the breadcrumbs follow a rename. */
export function applyFolder(store: AppStore, folder: DocFolder): void {
  store.set(docFoldersAtom, (state) => {
    if (state.project !== folder.project) return state;
    const current = state.current?.id === folder.id ? folder : state.current;
    const others = state.folders.filter((existing) => existing.id !== folder.id);
    const folders = folder.upfolder === state.parent && folder.id !== state.parent ? [...others, folder].sort(byName) : others;
    return { ...state, current, folders };
  });
}

export function removeFolder(store: AppStore, id: string): void {
  store.set(docFoldersAtom, (state) => ({ ...state, folders: state.folders.filter((folder) => folder.id !== id), gone: state.gone || state.parent === id }));
}

/** subFolder reports every folder type of the space; the docs area keeps its own. */
export function applyFolderChange(store: AppStore, change: FolderChange, type: string): void {
  if (!change.folder) removeFolder(store, change.folderId);
  else if (change.folder.type === type) applyFolder(store, change.folder);
}
