// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { applyFileChange, applyFolderChange, emptyFilesArea, fileEntry, filesAreaAtom, heardFileChange, heardFolderChange } from './atoms';
import { createFolder, deleteEntry, loadFolder, moveEntry, renameEntry, setShared, showUploadedFile } from './filesActions';
import { addMedia, loadMedia, mediaAtom } from './mediaAtoms';
import type { FileChange, FolderChange, StoredFile } from './operations';
import { storedFile, storedFolder, testProject as project } from './testFixtures';

const report = storedFile({ id: 'f1', name: 'report.pdf' });

function setup(): AppStore {
  const store = createAppStore();
  store.set(filesAreaAtom, { ...emptyFilesArea, project, files: new Map([[report.id, report]]), status: 'ready' });
  return store;
}

const updated = (file: StoredFile): FileChange => ({ type: 'file.updated', seq: 1, fileId: file.id, file });
const deleted: FileChange = { type: 'file.deleted', seq: 2, fileId: 'f1', file: null };
const hear = (store: AppStore, change: FileChange) => {
  const heard = heardFileChange(store, change);
  store.set(filesAreaAtom, (area) => applyFileChange(area, heard));
};
const hearFolder = (store: AppStore, change: FolderChange) => {
  const heard = heardFolderChange(store, change);
  store.set(filesAreaAtom, (area) => applyFolderChange(area, heard));
};
const shown = (store: AppStore) => [...store.get(filesAreaAtom).files.values()];
const shownFolders = (store: AppStore) => [...store.get(filesAreaAtom).folders.keys()];
const gone: GraphQLReply = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('a rename and its live echo', () => {
  it('shows the renamed file once, whether the echo comes before the answer or after it', async () => {
    const renamed = { ...report, name: 'final.pdf', updatedAt: '2025-01-11T10:00:00.000Z' };
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ ediFile: answer.asked });
      const store = setup();
      const renaming = renameEntry(store, fileEntry(report), 'final.pdf');
      expect(shown(store).map((file) => file.name)).toEqual(['final.pdf']);
      await answer.sent();
      if (echoFirst) hear(store, updated(renamed));
      answer.release({ data: { ediFile: renamed } });
      expect(await renaming).toBe(true);
      if (!echoFirst) hear(store, updated(renamed));
      expect(shown(store)).toEqual([renamed]);
    }
  });
});

describe('a write to a file deleted while its answer was on its way', () => {
  it('does not bring back the file after a rename or a share, answered or refused', async () => {
    const writes = [
      (store: AppStore) => renameEntry(store, fileEntry(report), 'final.pdf'),
      (store: AppStore) => setShared(store, report, true),
    ];
    for (const write of writes) {
      for (const reply of [{ data: { ediFile: { ...report, name: 'final.pdf', shared: true } } }, gone]) {
        const answer = heldReply();
        mockGraphQL({ ediFile: answer.asked });
        vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.resolve() } });
        const store = setup();
        const writing = write(store);
        await answer.sent();
        hear(store, deleted);
        answer.release(reply);
        await writing;
        expect(shown(store)).toEqual([]);
      }
    }
  });

  it('does not put back a file whose deletion the server refused because it is gone, and puts back one refused otherwise', async () => {
    const refusals: [GraphQLReply, number][] = [
      [gone, 0],
      [{ errors: [{ message: 'Not allowed.', extensions: { code: 'PERMISSION_DENIED' } }] }, 1],
    ];
    for (const [reply, left] of refusals) {
      mockGraphQL({ delFile: () => reply });
      const removed = setup();
      expect(await deleteEntry(removed, fileEntry(report))).toBe(false);
      expect(shown(removed)).toHaveLength(left);
    }
  });
});

describe('a move the server refused', () => {
  const archive = { id: 'folder-2', name: 'Archive' };

  it('puts the file back when refused for a reason other than not found, without reading the folder again', async () => {
    const server = mockGraphQL({ ediFile: () => ({ errors: [{ message: 'Not allowed.', extensions: { code: 'PERMISSION_DENIED' } }] }) });
    const store = setup();
    expect(await moveEntry(store, fileEntry(report), archive)).toBe(false);
    expect(shown(store)).toEqual([report]);
    expect(server.callsOf('getFiles')).toEqual([]);
  });

  it('reads the open folder again when refused as not found: the file shows if only the destination was gone, not if the file was', async () => {
    // NOT_FOUND names either the destination folder (deleted by someone meanwhile) or the file itself: the folder's read decides.
    for (const [stillThere, expected] of [
      [[report], [report]],
      [[], []],
    ] as const) {
      mockGraphQL({
        ediFile: () => gone,
        getFolders: () => ({ data: { getFolders: [] } }),
        getFiles: () => ({ data: { getFiles: stillThere } }),
      });
      const store = setup();
      expect(await moveEntry(store, fileEntry(report), archive)).toBe(false);
      expect(shown(store)).toEqual(expected);
    }
  });
});

describe('an entry deleted while an answer or a read of it was on its way', () => {
  const drafts = storedFolder({ id: 'folder-1', name: 'Drafts' });
  const folderHeard = (type: string, folder: typeof drafts | null): FolderChange => ({ type, seq: 3, folderId: drafts.id, folder });

  it('does not list a new folder whose answer lands after its creation and deletion were heard, or after its deletion alone', async () => {
    for (const creationHeard of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ setFolder: answer.asked });
      const store = setup();
      const creating = createFolder(store, project, null, 'Drafts');
      await answer.sent();
      if (creationHeard) hearFolder(store, folderHeard('folder.created', drafts));
      hearFolder(store, folderHeard('folder.deleted', null));
      answer.release({ data: { setFolder: drafts } });
      await creating;
      expect(shownFolders(store)).toEqual([]);
    }
  });

  it('does not show an upload whose answer lands after its deletion was heard, in the folder or among the media', () => {
    const photo = storedFile({ id: 'f2', name: 'photo.jpg', type: 'image/jpeg', category: 'Image' });
    const store = setup();
    store.set(mediaAtom, { project, files: new Map(), status: 'ready' });
    hear(store, { type: 'file.created', seq: 3, fileId: photo.id, file: photo });
    hear(store, { type: 'file.deleted', seq: 4, fileId: photo.id, file: null });
    showUploadedFile(store, photo);
    addMedia(store, photo);
    expect([shown(store), [...store.get(mediaAtom).files.keys()]]).toEqual([[report], []]);
  });

  it('leaves out of a folder read the files and folders deleted while it was on its way', async () => {
    const files = heldReply();
    mockGraphQL({ getFolders: () => ({ data: { getFolders: [drafts] } }), getFiles: files.asked });
    const store = setup();
    const reading = loadFolder(store, project, null);
    await files.sent();
    hear(store, deleted);
    hearFolder(store, folderHeard('folder.deleted', null));
    files.release({ data: { getFiles: [report] } });
    await reading;
    expect([shown(store), shownFolders(store)]).toEqual([[], []]);
  });

  it('leaves out of a media read the files deleted while it was on its way', async () => {
    const files = heldReply();
    mockGraphQL({ getFiles: files.asked });
    const store = createAppStore();
    const reading = loadMedia(store, project);
    await files.sent();
    hear(store, deleted);
    files.release({ data: { getFiles: [report] } });
    await reading;
    expect([...store.get(mediaAtom).files.keys()]).toEqual([]);
  });

  it('keeps a file the caller deleted gone when an earlier rename’s echo lands, and when the deletion is refused after someone’s deletion was heard', async () => {
    const answer = heldReply();
    mockGraphQL({ delFile: answer.asked });
    const store = setup();
    const deleting = deleteEntry(store, fileEntry(report));
    await answer.sent();
    hear(store, updated({ ...report, name: 'final.pdf', updatedAt: '2025-01-11T10:00:00.000Z' }));
    expect(shown(store)).toEqual([]);
    hear(store, deleted);
    answer.release({ errors: [{ message: 'Not allowed.', extensions: { code: 'PERMISSION_DENIED' } }] });
    expect(await deleting).toBe(false);
    expect(shown(store)).toEqual([]);
  });
});

describe('a folder read that was on its way while entries were heard', () => {
  it('keeps a file created and a rename heard meanwhile, unless the read has a newer version, and leaves out a file moved away', async () => {
    const budget = storedFile({ id: 'f2', name: 'budget.xlsx' });
    const photo = storedFile({ id: 'f3', name: 'photo.jpg' });
    for (const readIsNewer of [false, true]) {
      const files = heldReply();
      mockGraphQL({ getFolders: () => ({ data: { getFolders: [] } }), getFiles: files.asked });
      const store = setup();
      store.set(filesAreaAtom, (area) => ({ ...area, files: new Map([...area.files, [budget.id, budget]]) }));
      const reading = loadFolder(store, project, null);
      await files.sent();
      hear(store, updated({ ...report, name: 'final.pdf', updatedAt: '2025-01-11T10:00:00.000Z' }));
      hear(store, { type: 'file.created', seq: 3, fileId: photo.id, file: photo });
      hear(store, { type: 'file.updated', seq: 4, fileId: budget.id, file: { ...budget, folder: 'folder-2' } });
      const readReport = readIsNewer ? { ...report, name: 'later.pdf', updatedAt: '2025-01-12T10:00:00.000Z' } : report;
      files.release({ data: { getFiles: [readReport, budget] } });
      await reading;
      expect(shown(store).map((file) => file.name)).toEqual([readIsNewer ? 'later.pdf' : 'final.pdf', 'photo.jpg']);
    }
  });
});
