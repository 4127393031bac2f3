// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentText } from '../../lib/graphqlDocument';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { DialogHost } from '../../ui';
import { toastsAtom } from '../../ui/toastStore';
import { folderEntry } from './atoms';
import { FakeXhr } from './fakeXhr';
import FilesPage from './FilesPage';
import { moveEntry } from './filesActions';
import type { FileChange, FolderChange } from './operations';
import { signedUpload, storedFile, storedFolder, testProject } from './testFixtures';

const live = vi.hoisted(() => ({
  files: [] as ((data: { subFile: FileChange }) => void)[],
  folders: [] as ((data: { subFolder: FolderChange }) => void)[],
  /** Each render's `reload` per subscription: what runs when it could not catch up after a reconnection. */
  reloads: { subFile: [] as (() => void)[], subFolder: [] as (() => void)[] },
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', async () => {
  const { operationOf } = await import('../../lib/graphqlDocument');
  return {
    useSubscription: (document: DocumentText, _variables: unknown, onNext: (data: unknown) => void, options?: { reload?: () => void }) => {
      const operation = operationOf(document) === 'subFile' ? 'subFile' : 'subFolder';
      if (operation === 'subFile') live.files.push(onNext);
      else live.folders.push(onNext);
      if (options?.reload) live.reloads[operation].push(options.reload);
    },
    useOnReconnect: (listener: () => void) => {
      live.reconnects.push(listener);
    },
  };
});

const designs = storedFolder({ id: 'd1', name: 'Designs' });
const archive = storedFolder({ id: 'd2', name: 'Archive' });
const rootFiles = [
  storedFile({ id: 'f1', name: 'report.pdf', size: 2048, createdAt: '2025-01-03T10:00:00.000Z' }),
  storedFile({
    id: 'f2',
    name: 'photo.png',
    size: 1536,
    type: 'image/png',
    category: 'image',
    width: 640,
    height: 480,
    thumbnail: '/media/files/f2/thumbnail',
    createdAt: '2025-01-05T10:00:00.000Z',
  }),
  storedFile({
    id: 'f3',
    name: 'budget.xlsx',
    size: 512,
    type: 'application/vnd.ms-excel',
    category: 'Xls',
    createdAt: '2025-01-04T10:00:00.000Z',
  }),
];
const inDesigns = [storedFile({ id: 'f9', name: 'logo.svg', folder: 'd1' })];

const page = (
  <>
    <FilesPage />
    <DialogHost />
  </>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

function server(handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  return mockGraphQL({
    getStats: () => ({
      data: {
        getStats: {
          team: 't',
          plan: 'free',
          storage: 50 * 1024 * 1024,
          storageLimit: 100 * 1024 * 1024,
          uploadLimit: 100 * 1024 * 1024,
          files: 4,
        },
      },
    }),
    getFolders: (variables) => ({ data: { getFolders: variables.folder ? [] : [designs, archive] } }),
    getFolder: (variables) => ({ data: { getFolder: { ...designs, id: String(variables.folder), path: [] } } }),
    getFiles: (variables) => ({ data: { getFiles: variables.folder === 'd1' ? inDesigns : rootFiles } }),
    ...handlers,
  });
}

const names = () => screen.getAllByTestId('file-row').map((row) => row.querySelector('[data-entry-main]')?.textContent);
const row = (name: string) =>
  screen.getAllByTestId('file-row').find((candidate) => candidate.querySelector('[data-entry-main]')?.textContent?.startsWith(name))!;

async function openFiles(handlers: Parameters<typeof mockGraphQL>[0] = {}, path = `/${testProject}/files`) {
  const graphql = server(handlers);
  const view = renderRoute(path, routes);
  await screen.findAllByTestId('file-row');
  return { graphql, ...view };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  live.files.length = 0;
  live.folders.length = 0;
  live.reloads.subFile.length = 0;
  live.reloads.subFolder.length = 0;
  live.reconnects.length = 0;
  localStorage.clear();
  FakeXhr.reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('files area', () => {
  it('lists folders first, then files, and sorts by a column (a second press reverses)', async () => {
    await openFiles();
    expect(names()).toEqual(['Archive', 'Designs', 'budget.xlsx', 'photo.png', 'report.pdf']);
    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['Archive', 'Designs', 'budget.xlsx', 'photo.png', 'report.pdf']);
    await userEvent.click(screen.getByRole('button', { name: /^Size/ }));
    expect(names()).toEqual(['Designs', 'Archive', 'report.pdf', 'photo.png', 'budget.xlsx']);
    await userEvent.click(screen.getByRole('button', { name: 'Date added' }));
    // Folders made at the same moment fall back to their names.
    expect(names()).toEqual(['Archive', 'Designs', 'report.pdf', 'budget.xlsx', 'photo.png']);
    expect(JSON.parse(localStorage.getItem('files.view') ?? '{}')).toMatchObject({ sort: 'date', descending: false });
    expect(within(row('budget.xlsx')).getByText('Spreadsheet')).toBeTruthy();
    expect(within(row('budget.xlsx')).getByText('512 B')).toBeTruthy();
    expect(screen.getByTestId('storage').textContent).toContain('50 MB of 100 MB used');
  });

  it('moves the selection with the arrows and opens a folder with Enter, with breadcrumbs back', async () => {
    const { graphql, router } = await openFiles();
    const first = within(row('Archive')).getAllByRole('button')[0]!;
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Designs');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/files/d1`));
    await waitFor(() => expect(names()).toEqual(['logo.svg']));
    expect(graphql.callsOf('getFiles').at(-1)?.variables).toMatchObject({ project: testProject, folder: 'd1' });
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('Designs').getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(crumbs).getByRole('link', { name: 'All files' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('renames with F2 through ediFile', async () => {
    const { graphql } = await openFiles({
      ediFile: (variables) => ({
        data: { ediFile: { ...rootFiles[0]!, name: String(variables.name), updatedAt: '2025-02-01T00:00:00.000Z' } },
      }),
    });
    within(row('report.pdf')).getAllByRole('button')[0]!.focus();
    await userEvent.keyboard('{F2}');
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'final report.pdf{Enter}');
    await waitFor(() => expect(graphql.callsOf('ediFile')[0]?.variables).toEqual({ id: 'f1', name: 'final report.pdf' }));
    expect(await screen.findByText('final report.pdf')).toBeTruthy();
  });

  it('deletes with the Delete key after a confirmation', async () => {
    const { graphql } = await openFiles({ delFile: () => ({ data: { delFile: true } }) });
    within(row('photo.png')).getAllByRole('button')[0]!.focus();
    await userEvent.keyboard('{Delete}');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(graphql.callsOf('delFile')[0]?.variables).toEqual({ id: 'f2' }));
    expect(names()).not.toContain('photo.png');
  });

  it('moves a file into a folder picked in the move dialog', async () => {
    const { graphql } = await openFiles({ ediFile: () => ({ data: { ediFile: { ...rootFiles[0]!, folder: 'd1' } } }) });
    await userEvent.click(within(row('report.pdf')).getByRole('button', { name: 'Actions for report.pdf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “report.pdf”' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Designs' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(graphql.callsOf('ediFile')[0]?.variables).toEqual({ id: 'f1', folder: 'd1' }));
    expect(names()).not.toContain('report.pdf');
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('“report.pdf” moved to Designs'));
  });

  it('puts a folder back and shows the server’s reason when it is moved into its own subfolder', async () => {
    const cycle = 'A folder cannot move into itself or one of its subfolders.';
    const { store } = await openFiles({ ediFolder: () => failure('BAD_USER_INPUT', cycle) });
    let moved: Promise<boolean> | undefined;
    act(() => {
      moved = moveEntry(store, folderEntry(designs), { id: 'd1-child', name: 'Inner' });
    });
    expect(names()).not.toContain('Designs');
    await act(async () => {
      expect(await moved).toBe(false);
    });
    expect(names()).toContain('Designs');
    expect(appStore.get(toastsAtom).at(-1)).toMatchObject({ title: 'It could not be moved', message: cycle });
  });

  it('follows live changes of files and folders', async () => {
    await openFiles();
    const added = storedFile({ id: 'f7', name: 'notes.pdf' });
    act(() => live.files.at(-1)?.({ subFile: { type: 'file.created', seq: 5, fileId: 'f7', file: added } }));
    expect(names()).toContain('notes.pdf');
    act(() => live.files.at(-1)?.({ subFile: { type: 'file.updated', seq: 6, fileId: 'f7', file: { ...added, folder: 'd1' } } }));
    expect(names()).not.toContain('notes.pdf');
    act(() => live.files.at(-1)?.({ subFile: { type: 'file.deleted', seq: 7, fileId: 'f3', file: null } }));
    expect(names()).not.toContain('budget.xlsx');
    act(() =>
      live.folders.at(-1)?.({
        subFolder: { type: 'folder.created', seq: 8, folderId: 'd5', folder: storedFolder({ id: 'd5', name: 'Contracts' }) },
      }),
    );
    expect(names().slice(0, 3)).toEqual(['Archive', 'Contracts', 'Designs']);
  });

  it('after a reconnection applies the replayed changes once each without reading the folder again, and reads the storage again', async () => {
    const { graphql } = await openFiles();
    const reads = () => graphql.calls.filter((call) => call.operation === 'getFiles' || call.operation === 'getFolders').length;
    const readsBefore = reads();
    const statsBefore = graphql.callsOf('getStats').length;
    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    const added = storedFile({ id: 'f7', name: 'notes.pdf' });
    // A change the page had live before the socket dropped may come again in the catch-up: applied by id.
    act(() => live.files.at(-1)?.({ subFile: { type: 'file.created', seq: 5, fileId: 'f7', file: added } }));
    act(() => live.files.at(-1)?.({ subFile: { type: 'file.created', seq: 5, fileId: 'f7', file: added } }));
    act(() =>
      live.folders.at(-1)?.({
        subFolder: { type: 'folder.created', seq: 6, folderId: 'd5', folder: storedFolder({ id: 'd5', name: 'Contracts' }) },
      }),
    );
    expect(names()).toEqual(['Archive', 'Contracts', 'Designs', 'budget.xlsx', 'notes.pdf', 'photo.png', 'report.pdf']);
    await waitFor(() => expect(graphql.callsOf('getStats')).toHaveLength(statsBefore + 1));
    expect(reads()).toBe(readsBefore);
  });

  it('reads the folder again when a subscription could not catch up (a gap), once when both say so', async () => {
    await openFiles();
    const again = server({
      getFiles: () => ({ data: { getFiles: [...rootFiles, storedFile({ id: 'f8', name: 'missed.pdf' })] } }),
    });
    act(() => {
      live.reloads.subFile.at(-1)?.();
      live.reloads.subFolder.at(-1)?.();
    });
    await waitFor(() => expect(names()).toContain('missed.pdf'));
    expect(again.callsOf('getFiles')).toHaveLength(1);
    expect(again.callsOf('getFolders')).toHaveLength(1);
  });

  it('shows the grid, remembered, and the details of the selected file', async () => {
    await openFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getAllByTestId('file-tile')).toHaveLength(5);
    expect(JSON.parse(localStorage.getItem('files.view') ?? '{}')).toMatchObject({ view: 'grid' });
    const tile = screen.getAllByTestId('file-tile').find((candidate) => candidate.textContent?.includes('photo.png'))!;
    await userEvent.click(within(tile).getByRole('button', { name: 'Actions for photo.png' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(within(details).getByText('Image')).toBeTruthy();
    expect(within(details).getByText('1.5 KB')).toBeTruthy();
    expect(within(details).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(details).getByText('640 × 480')).toBeTruthy();
  });

  it('uploads files dropped on the area into the open folder', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { graphql } = await openFiles({
      signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload('c1', Number(variables.size)) } }),
    });
    const dropped = new File(['hello'], 'dropped.pdf', { type: 'application/pdf' });
    const area = screen.getByRole('list', { name: 'Files and folders' });
    fireEvent.dragOver(area, { dataTransfer: { types: ['Files'], files: [dropped] } });
    fireEvent.drop(area, { dataTransfer: { types: ['Files'], files: [dropped] } });
    await waitFor(() =>
      expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ filename: 'dropped.pdf', project: testProject }),
    );
  });

  it('asks for a space on the overview', async () => {
    server();
    renderRoute('/overview/files', routes);
    expect(await screen.findByText('Pick a space in the sidebar to see its files.')).toBeTruthy();
  });
});
