/** The docs area's reads and writes: optimistic on screen where a write can be undone, rolled back with a toast when the server refuses. */
import { docPageSize, docRootFolder, type DocSort } from '#shared/docs';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { planLimitToastExtras } from '../planLimits/planLimits';
import { currentUserAtom } from '../auth/session';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import {
  applyFolder,
  applyWall,
  docDeletions,
  docFoldersAtom,
  docSortAtom,
  docsListAtom,
  folderDeletions,
  openWallAtom,
  removeFolder,
  removeWall,
} from './atoms';
import { forgetLocalDoc } from './collab/localDocs';
import {
  delFolderDocument,
  delWorkspaceDocument,
  docFolderType,
  ediFolderDocument,
  getFolderDocument,
  getFoldersDocument,
  getWallDocument,
  getWallsDocument,
  setFolderDocument,
  setWorkspaceDocument,
  updateWallDocument,
  type DocFolder,
  type Wall,
  type WallEdit,
} from './operations';

function refused(title: string, error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : i18n.t('docs.errors.generic');
  showToast({ title, message, icon: 'error', ...planLimitToastExtras(error) });
}

const sameScope = (store: AppStore, project: string, folder: string | null, sort: DocSort) => {
  const list = store.get(docsListAtom);
  return list.project === project && list.folder === folder && list.sort === sort;
};

/** getWalls' folder: the server lists the top level ("root") or one folder, and counts that scope, so pages and totals are right. */
const wallsFolder = (folder: string | null) => folder ?? docRootFolder;

/**
 * Per store, the docs its list reads stored: a doc whose version changed while a read was on its way, to one no read
 * stored, was heard meanwhile (a live change, an answer, an edit shown at once).
 */
const readWallsOf = new WeakMap<AppStore, WeakSet<Wall>>();

function readWallsIn(store: AppStore): WeakSet<Wall> {
  let walls = readWallsOf.get(store);
  if (!walls) readWallsOf.set(store, (walls = new WeakSet()));
  return walls;
}

/**
 * A first page's docs with what was heard while it was on its way laid over them, which the read may predate: a doc
 * changed meanwhile keeps its heard version unless the read's is newer, one that arrived meanwhile goes first (as live
 * ones do), and one that left the folder or was deleted meanwhile stays out. `read` counts the read's docs kept.
 */
function wallsAsRead(store: AppStore, sent: readonly Wall[], before: ReadonlyMap<string, Wall>) {
  const now = store.get(docsListAtom).docs;
  const readWalls = readWallsIn(store);
  const heard = (wall: Wall) => before.get(wall.id) !== wall && !readWalls.has(wall);
  const kept = docDeletions(store)
    .without(sent)
    .filter((wall) => !before.has(wall.id) || now.has(wall.id))
    .map((wall) => {
      const known = now.get(wall.id);
      return known && heard(known) && Date.parse(known.updatedAt) >= Date.parse(wall.updatedAt) ? known : wall;
    });
  const keptIds = new Set(kept.map((wall) => wall.id));
  const arrived = [...now.values()].filter((wall) => !keptIds.has(wall.id) && !before.has(wall.id) && heard(wall));
  const docs = new Map([...arrived, ...kept].map((wall) => [wall.id, wall]));
  for (const wall of docs.values()) readWalls.add(wall);
  return { docs, read: kept.length, arrived: arrived.length };
}

/**
 * Reads the first page of docs of a folder (or the top level), sorted by the server, with its
 * subfolders; a reload of the same folder and order keeps what is shown meanwhile. What was heard while it was on its
 * way is laid over it (wallsAsRead), and folders deleted meanwhile are left out.
 */
export async function loadDocs(
  store: AppStore,
  project: string,
  folder: string | null,
  sort: DocSort = store.get(docSortAtom),
): Promise<void> {
  if (!sameScope(store, project, folder, sort)) {
    const list = store.get(docsListAtom);
    const sameFolder = list.project === project && list.folder === folder;
    store.set(docsListAtom, { project, folder, sort, docs: new Map(), total: 0, loaded: 0, status: 'loading' });
    // Another order of the same folder keeps its subfolders on screen.
    if (!sameFolder) store.set(docFoldersAtom, { project, parent: folder, current: null, folders: [], gone: false });
  }
  const before = store.get(docsListAtom).docs;
  try {
    const [{ getWalls }, { getFolders }, current] = await Promise.all([
      request(
        getWallsDocument,
        { project, folder: wallsFolder(folder), sort, limit: docPageSize.default, offset: 0 },
        { handledByCaller: true },
      ),
      request(getFoldersDocument, { type: docFolderType, project, folder }, { handledByCaller: true }),
      folder ? request(getFolderDocument, { folder }, { handledByCaller: true }).then((result) => result.getFolder) : Promise.resolve(null),
    ]);
    if (!sameScope(store, project, folder, sort)) return;
    const { docs, read, arrived } = wallsAsRead(store, getWalls.walls, before);
    store.set(docsListAtom, {
      project,
      folder,
      sort,
      docs,
      total: Math.max(getWalls.total - (getWalls.walls.length - read) + arrived, docs.size),
      loaded: read,
      status: 'ready',
    });
    const deletedFolders = folderDeletions(store);
    store.set(docFoldersAtom, {
      project,
      parent: folder,
      current,
      folders: [...deletedFolders.without(getFolders)],
      gone: folder !== null && deletedFolders.has(folder),
    });
  } catch {
    if (sameScope(store, project, folder, sort))
      store.set(docsListAtom, (list) => ({ ...list, status: list.status === 'ready' ? 'ready' : 'error' }));
  }
}

/** The next page, appended; docs that changed meanwhile keep their live version. */
export async function loadMoreDocs(store: AppStore): Promise<void> {
  const { project, folder, sort, loaded } = store.get(docsListAtom);
  if (!project) return;
  try {
    const { getWalls } = await request(getWallsDocument, {
      project,
      folder: wallsFolder(folder),
      sort,
      limit: docPageSize.default,
      offset: loaded,
    });
    if (!sameScope(store, project, folder, sort)) return;
    store.set(docsListAtom, (list) => {
      const docs = new Map(list.docs);
      for (const wall of docDeletions(store).without(getWalls.walls)) if (!docs.has(wall.id)) docs.set(wall.id, wall);
      return { ...list, docs, total: getWalls.total, loaded: list.loaded + getWalls.walls.length };
    });
  } catch {
    // The data client has shown the error; the button stays for another try.
  }
}

export async function createDoc(store: AppStore, project: string, folder: string | null, title: string): Promise<Wall | null> {
  try {
    const { setWorkspace } = await request(setWorkspaceDocument, { project, title, folder }, { handledByCaller: true });
    applyWall(store, setWorkspace);
    return setWorkspace;
  } catch (error) {
    refused(i18n.t('docs.errors.create'), error);
    return null;
  }
}

/**
 * Reads the doc the page shows. The atom remembers which doc was asked for last, so the answer for
 * a doc the person already left (a slower request) cannot replace the one they are on now.
 */
export async function loadWall(store: AppStore, id: string): Promise<void> {
  store.set(openWallAtom, (open) => (open.id === id && open.wall ? open : { id, wall: null, status: 'loading', deleted: false }));
  try {
    const { getWall } = await request(getWallDocument, { id }, { handledByCaller: true });
    // A doc whose deletion was heard while this read was on its way shows as deleted, as it would have live.
    const deleted = docDeletions(store).has(id);
    store.set(openWallAtom, (open) => (open.id === id ? { id, wall: getWall, status: 'ready', deleted } : open));
  } catch (error) {
    // A reload that fails (a reconnection) keeps the doc on screen; a first read says why it has nothing.
    const status = isNotFoundError(error) ? 'notFound' : 'error';
    store.set(openWallAtom, (open) => (open.id !== id || open.wall ? open : { id, wall: null, status, deleted: false }));
  }
}

/**
 * Whether a doc is still on screen: listed, or open and not deleted. A doc deleted meanwhile, live (its deletion's
 * echo can come before a write's answer), is not brought back by that answer.
 */
function stillShown(store: AppStore, id: string): boolean {
  const open = store.get(openWallAtom);
  return store.get(docsListAtom).docs.has(id) || (open.wall?.id === id && !open.deleted);
}

/**
 * Edits a doc's fields: shown at once, put back as it was if the server refuses, unless the doc is gone (the server
 * says so, or its deletion was heard live meanwhile).
 * Returns whether it was kept.
 */
export async function editWall(store: AppStore, wall: Wall, edit: WallEdit): Promise<boolean> {
  const optimistic: Wall = {
    ...wall,
    ...(edit.title !== undefined ? { title: edit.title } : {}),
    ...(edit.emoji !== undefined ? { emoji: edit.emoji || null } : {}),
    ...(edit.cover !== undefined ? { cover: edit.cover || null } : {}),
    ...(edit.shared !== undefined ? { shared: edit.shared } : {}),
    ...(edit.folder !== undefined ? { folder: edit.folder || null } : {}),
  };
  applyWall(store, optimistic);
  try {
    const { updateWall } = await request(updateWallDocument, { id: wall.id, ...edit }, { handledByCaller: true });
    if (stillShown(store, wall.id)) applyWall(store, updateWall);
    return true;
  } catch (error) {
    // Gone on the server, or deleted live meanwhile (refused for another reason): either way it stays gone.
    if (!isNotFoundError(error) && stillShown(store, wall.id)) applyWall(store, wall);
    refused(i18n.t('docs.errors.update'), error);
    return false;
  }
}

export async function deleteDoc(store: AppStore, wall: Wall): Promise<boolean> {
  try {
    await request(delWorkspaceDocument, { id: wall.id }, { handledByCaller: true });
    docDeletions(store).confirm(wall.id);
    removeWall(store, wall.id);
    // What this device kept of the doc goes with it.
    forgetLocalDoc(store.get(currentUserAtom)?.id, wall.id);
    return true;
  } catch (error) {
    refused(i18n.t('docs.errors.delete'), error);
    return false;
  }
}

export async function createFolder(store: AppStore, project: string, parent: string | null, name: string): Promise<void> {
  try {
    const { setFolder } = await request(
      setFolderDocument,
      { project, name, type: docFolderType, upfolder: parent },
      { handledByCaller: true },
    );
    applyFolder(store, setFolder);
  } catch (error) {
    refused(i18n.t('docs.errors.folder'), error);
  }
}

export async function renameFolder(store: AppStore, folder: DocFolder, name: string): Promise<void> {
  applyFolder(store, { ...folder, name });
  try {
    const { ediFolder } = await request(ediFolderDocument, { id: folder.id, name }, { handledByCaller: true });
    applyFolder(store, ediFolder);
  } catch (error) {
    applyFolder(store, folder);
    refused(i18n.t('docs.errors.folder'), error);
  }
}

/** Deletes a folder; the server moves what it held up a level, so the list is read again. */
export async function deleteFolder(store: AppStore, folder: DocFolder): Promise<void> {
  try {
    await request(delFolderDocument, { id: folder.id }, { handledByCaller: true });
    folderDeletions(store).confirm(folder.id);
    removeFolder(store, folder.id);
    const list = store.get(docsListAtom);
    if (list.project) await loadDocs(store, list.project, list.folder, list.sort);
  } catch (error) {
    refused(i18n.t('docs.errors.folder'), error);
  }
}

/** The doc folders directly inside `parent` (the top level for null), for the move dialog. */
export async function foldersIn(project: string, parent: string | null): Promise<DocFolder[]> {
  const { getFolders } = await request(getFoldersDocument, { type: docFolderType, project, folder: parent });
  return getFolders;
}
