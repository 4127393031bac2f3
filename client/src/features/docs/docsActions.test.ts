// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { applyDocChange, applyFolderChange, docFoldersAtom, docsListAtom, emptyDocsList, openWallAtom } from './atoms';
import { createDoc, editWall, loadDocs, loadWall, renameFolder } from './docsActions';
import { folder, testProject as project, wall } from './fixtures';
import { docFolderType, type DocChange, type FolderChange, type Wall } from './operations';

const plan = wall({ id: 'd1', title: 'Plan' });

function setup(): AppStore {
  const store = createAppStore();
  store.set(docsListAtom, { ...emptyDocsList, project, docs: new Map([[plan.id, plan]]), total: 1, loaded: 1, status: 'ready' });
  return store;
}

const saved = (doc: Wall): DocChange => ({ type: 'doc.updated', seq: 1, project, docId: doc.id, userId: 'u1', doc });
const deleted = (id: string): DocChange => ({ type: 'doc.deleted', seq: 2, project, docId: id, userId: 'u2', doc: null });
const listed = (store: AppStore) => [...store.get(docsListAtom).docs.keys()];

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('a new doc and its live echo', () => {
  it('lists it once and counts it once, whether the echo comes before the answer or after it', async () => {
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ setWorkspace: answer.asked });
      const store = setup();
      const notes = wall({ id: 'd2', title: 'Notes' });
      const creating = createDoc(store, project, null, 'Notes');
      await answer.sent();
      if (echoFirst) applyDocChange(store, { ...saved(notes), type: 'doc.created' });
      answer.release({ data: { setWorkspace: notes } });
      await creating;
      if (!echoFirst) applyDocChange(store, { ...saved(notes), type: 'doc.created' });
      expect(listed(store)).toEqual(['d2', 'd1']);
      expect(store.get(docsListAtom).total).toBe(2);
    }
  });
});

describe('an edit of a doc deleted while its answer was on its way', () => {
  it('does not bring the doc back, answered, refused as gone or refused for another reason', async () => {
    const replies: GraphQLReply[] = [
      { data: { updateWall: { ...plan, emoji: '📌' } } },
      { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] },
      { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] },
    ];
    for (const reply of replies) {
      const answer = heldReply();
      mockGraphQL({ updateWall: answer.asked });
      const store = setup();
      store.set(openWallAtom, { id: plan.id, wall: plan, status: 'ready', deleted: false });
      const editing = editWall(store, plan, { emoji: '📌' });
      expect(store.get(docsListAtom).docs.get('d1')?.emoji).toBe('📌');
      await answer.sent();
      applyDocChange(store, deleted('d1'));
      answer.release(reply);
      await editing;
      expect(listed(store)).toEqual([]);
      expect(store.get(docsListAtom).total).toBe(0);
      expect(store.get(openWallAtom).deleted).toBe(true);
    }
  });

  it('still shows the answer, and the echo, of an edit of a doc that is kept, in either order', async () => {
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ updateWall: answer.asked });
      const store = setup();
      const pinned = { ...plan, emoji: '📌', updatedAt: '2024-01-02T10:00:00.000Z' };
      const editing = editWall(store, plan, { emoji: '📌' });
      await answer.sent();
      if (echoFirst) applyDocChange(store, saved(pinned));
      answer.release({ data: { updateWall: pinned } });
      expect(await editing).toBe(true);
      if (!echoFirst) applyDocChange(store, saved(pinned));
      expect([...store.get(docsListAtom).docs.values()]).toEqual([pinned]);
      expect(store.get(docsListAtom).total).toBe(1);
    }
  });
});

describe('a doc or a folder deleted while an answer or a read of it was on its way', () => {
  const drafts = folder({ id: 'folder-1', name: 'Drafts' });
  const folderDeleted: FolderChange = { type: 'folder.deleted', seq: 3, folderId: drafts.id, folder: null };
  const folderNames = (store: AppStore) => store.get(docFoldersAtom).folders.map((shown) => shown.name);
  const withFolder = (store: AppStore) => {
    store.set(docFoldersAtom, { project, parent: null, current: null, folders: [drafts], gone: false });
    return store;
  };

  it('does not list a new doc whose answer lands after its deletion was heard, with or without its creation heard first', async () => {
    for (const creationHeard of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ setWorkspace: answer.asked });
      const store = setup();
      const notes = wall({ id: 'd2', title: 'Notes' });
      const creating = createDoc(store, project, null, 'Notes');
      await answer.sent();
      if (creationHeard) applyDocChange(store, { ...saved(notes), type: 'doc.created' });
      applyDocChange(store, deleted('d2'));
      answer.release({ data: { setWorkspace: notes } });
      await creating;
      expect([listed(store), store.get(docsListAtom).total]).toEqual([['d1'], 1]);
    }
  });

  it('does not bring back a folder with a rename’s answer or rollback that lands after its deletion was heard', async () => {
    const replies: GraphQLReply[] = [
      { data: { ediFolder: { ...drafts, name: 'Final' } } },
      { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] },
    ];
    for (const reply of replies) {
      const answer = heldReply();
      mockGraphQL({ ediFolder: answer.asked });
      const store = withFolder(setup());
      const renaming = renameFolder(store, drafts, 'Final');
      expect(folderNames(store)).toEqual(['Final']);
      await answer.sent();
      applyFolderChange(store, folderDeleted, docFolderType);
      answer.release(reply);
      await renaming;
      expect(folderNames(store)).toEqual([]);
    }
  });

  it('leaves out of a list read the docs and folders deleted while it was on its way', async () => {
    const walls = heldReply();
    mockGraphQL({ getWalls: walls.asked, getFolders: () => ({ data: { getFolders: [drafts] } }) });
    const store = setup();
    const reading = loadDocs(store, project, null);
    await walls.sent();
    applyDocChange(store, deleted('d1'));
    applyFolderChange(store, folderDeleted, docFolderType);
    walls.release({ data: { getWalls: { walls: [plan, wall({ id: 'd2', title: 'Notes' })], total: 2 } } });
    await reading;
    expect([listed(store), store.get(docsListAtom).total, folderNames(store)]).toEqual([['d2'], 1, []]);
  });

  it('shows a doc read as deleted when its deletion was heard while the read was on its way', async () => {
    const read = heldReply();
    mockGraphQL({ getWall: read.asked });
    const store = setup();
    const reading = loadWall(store, 'd1');
    await read.sent();
    applyDocChange(store, deleted('d1'));
    read.release({ data: { getWall: plan } });
    await reading;
    expect(store.get(openWallAtom).deleted).toBe(true);
  });
});

describe('a list read that was on its way while docs were heard', () => {
  it('keeps a doc created and an edit heard meanwhile, unless the read has a newer version, and leaves out a doc moved away', async () => {
    const moved = wall({ id: 'd3', title: 'Moved' });
    const notes = wall({ id: 'd2', title: 'Notes' });
    for (const readIsNewer of [false, true]) {
      const walls = heldReply();
      mockGraphQL({ getWalls: walls.asked, getFolders: () => ({ data: { getFolders: [] } }) });
      const store = setup();
      store.set(docsListAtom, (list) => ({ ...list, docs: new Map([...list.docs, [moved.id, moved]]), total: 2, loaded: 2 }));
      const reading = loadDocs(store, project, null);
      await walls.sent();
      applyDocChange(store, saved({ ...plan, title: 'Plan B', updatedAt: '2024-01-02T10:00:00.000Z' }));
      applyDocChange(store, { ...saved(notes), type: 'doc.created' });
      applyDocChange(store, saved({ ...moved, folder: 'folder-2' }));
      const readPlan = readIsNewer ? { ...plan, title: 'Plan C', updatedAt: '2024-01-03T10:00:00.000Z' } : plan;
      walls.release({ data: { getWalls: { walls: [readPlan, moved], total: 2 } } });
      await reading;
      const list = store.get(docsListAtom);
      expect([[...list.docs.values()].map((doc) => doc.title), list.total, list.loaded]).toEqual([
        ['Notes', readIsNewer ? 'Plan C' : 'Plan B'],
        2,
        1,
      ]);
    }
  });
});
