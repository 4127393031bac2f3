// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentText } from '../../lib/graphqlDocument';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { TooltipProvider } from '../../ui';
import { toastsAtom } from '../../ui/toastStore';
import { FakeXhr } from '../files/fakeXhr';
import type { StoredFile } from '../files/operations';
import { signedUpload, storedFile } from '../files/testFixtures';
import { uploadsAtom } from '../files/uploadQueue';
import { boardTask, testProject as project } from './fixtures';
import type { BoardTask } from './operations';
import TasksPage from './TasksPage';

const live = vi.hoisted(() => ({ files: [] as ((data: unknown) => void)[] }));
vi.mock('../../lib/subscriptions', async () => {
  const { operationOf } = await import('../../lib/graphqlDocument');
  return {
    useSubscription: (document: DocumentText, _variables: unknown, onNext: (data: unknown) => void) => {
      if (operationOf(document) === 'subFile') live.files.push(onNext);
    },
    useOnReconnect: () => undefined,
  };
});

// pdf.js does not run in happy-dom: the viewer is checked to hand the preview the file's own address.
vi.mock('../files/pdf/PdfViewer', () => ({
  PdfViewer: ({ source, name }: { source: { url: string }; name: string }) => (
    <section aria-label={`preview of ${name}`} data-url={source.url} />
  ),
}));

const page = (
  <TooltipProvider>
    <TasksPage />
  </TooltipProvider>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

const photo = storedFile({
  id: 'f1',
  name: 'photo.png',
  type: 'image/png',
  category: 'image',
  task: 't1',
  thumbnail: '/media/files/f1/thumbnail',
  createdAt: '2025-01-12T10:00:00.000Z',
});
const brief = storedFile({
  id: 'f2',
  name: 'brief.pdf',
  task: 't1',
  canEdit: false,
  canDelete: false,
  createdAt: '2025-01-11T10:00:00.000Z',
});

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
  appStore.set(uploadsAtom, []);
  live.files.length = 0;
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openTask(
  task: Partial<BoardTask> = {},
  handlers: Record<string, (variables: Record<string, unknown>) => GraphQLReply | Promise<GraphQLReply>> = {},
) {
  let current = boardTask({ id: 't1', name: 'Write the spec', files: [{ id: 'f1' }, { id: 'f2' }], ...task });
  const graphql = mockGraphQL({
    getStatesProject: () => ({ data: { getStatesProject: [{ id: 's1', value: 'To do', position: 1024, icon: 0, project }] } }),
    getTasks: () => ({ data: { getTasks: [current] } }),
    getFiles: () => ({ data: { getFiles: [brief, photo] } }),
    getStats: () => ({
      data: { getStats: { team: 'team', plan: 'business', storage: 0, storageLimit: null, uploadLimit: 5 * 1024 ** 3, files: 2 } },
    }),
    signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload('c1', Number(variables.size), String(variables.filetype)) } }),
    ediFile: (variables) => ({ data: { ediFile: { ...photo, ...variables } } }),
    delFile: () => ({ data: { delFile: true } }),
    ediTask: (variables) => {
      current = { ...current, ...variables };
      return { data: { ediTask: current } };
    },
    suggestPics: () => ({ data: { suggestPics: [] } }),
    ...handlers,
  });
  return { graphql, ...renderRoute(`/${project}/tasks/d/t1`, routes) };
}

async function openFilesTab() {
  const tab = await screen.findByRole('tab', { name: /Files/ });
  await userEvent.click(tab);
  return screen.findByRole('list', { name: 'Files of the task' });
}

/** Lets the queued upload send, report progress, then finish and be recorded. */
async function sendUpload(loaded: number, total: number) {
  await waitFor(() => expect(FakeXhr.instances.filter((xhr) => xhr.sent)).toHaveLength(1));
  const xhr = FakeXhr.instances.find((candidate) => candidate.sent)!;
  xhr.progress(loaded, total);
  return xhr;
}

describe('the Files tab of a task', () => {
  it('counts the task’s files on its tab and its card, lists them newest first and opens an image in the viewer', async () => {
    const { graphql } = openTask();
    const tab = await screen.findByRole('tab', { name: /Files/ });
    expect(within(tab).getByLabelText('2 files')).toBeTruthy();
    expect(within(screen.getByTestId('task-card')).getByRole('img', { name: '2 files' })).toBeTruthy();
    const list = await openFilesTab();
    expect(graphql.callsOf('getFiles')[0]?.variables).toMatchObject({ task: 't1' });
    expect(
      within(list)
        .getAllByTestId('task-file')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('photo.png'), expect.stringContaining('brief.pdf')]);
    await userEvent.click(within(list).getByRole('button', { name: 'Open photo.png' }));
    expect(await screen.findByRole('dialog', { name: 'photo.png' })).toBeTruthy();
  });

  it('opens a PDF in the media viewer (the server sends it as a download), and steps there from the image', async () => {
    openTask();
    const list = await openFilesTab();
    expect(within(list).queryByRole('link', { name: 'brief.pdf' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Open brief.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'brief.pdf' });
    expect(within(viewer).getByRole('region', { name: 'preview of brief.pdf' }).dataset.url).toBe('/media/files/f2');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('dialog', { name: 'photo.png' })).toBeTruthy();
  });

  it('downloads a file the viewer cannot show from its name, without opening a tab', async () => {
    const sheet = storedFile({ id: 'f4', name: 'budget.xlsx', type: 'application/vnd.ms-excel', category: 'Xls', task: 't1' });
    openTask({ files: [{ id: 'f4' }] }, { getFiles: () => ({ data: { getFiles: [sheet] } }) });
    const list = await openFilesTab();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await userEvent.click(within(list).getByRole('button', { name: 'budget.xlsx' }));
    click.mockRestore();
    expect(clicked.map((link) => [link.getAttribute('href'), link.getAttribute('download'), link.getAttribute('target')])).toEqual([
      ['/media/files/f4?download=1', 'budget.xlsx', null],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renames and, after confirmation, deletes a file; offers neither where the caller may not', async () => {
    const { graphql } = openTask();
    const list = await openFilesTab();
    expect(within(list).queryByRole('button', { name: 'Rename brief.pdf' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Delete brief.pdf' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Rename photo.png' }));
    const rename = appStore.get(dialogQueueAtom)[0]!;
    settleDialog(rename.id, { confirmed: true, values: ['cover shot.png'] });
    await waitFor(() => expect(graphql.callsOf('ediFile')[0]?.variables).toEqual({ id: 'f1', name: 'cover shot.png' }));
    expect(await within(list).findByRole('button', { name: 'Open cover shot.png' })).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Delete cover shot.png' }));
    const confirm = appStore.get(dialogQueueAtom)[0]!;
    expect(confirm.options.tone).toBe('danger');
    settleDialog(confirm.id, { confirmed: false, values: [] });
    await waitFor(() => expect(appStore.get(dialogQueueAtom)).toHaveLength(0));
    expect(graphql.callsOf('delFile')).toHaveLength(0);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete cover shot.png' }));
    settleDialog(appStore.get(dialogQueueAtom)[0]!.id, { confirmed: true, values: [] });
    await waitFor(() => expect(graphql.callsOf('delFile')[0]?.variables).toEqual({ id: 'f1' }));
    await waitFor(() => expect(within(list).getAllByTestId('task-file')).toHaveLength(1));
    expect(within(await screen.findByRole('tab', { name: /Files/ })).getByLabelText('1 file')).toBeTruthy();
  });

  it('does not bring back a file deleted by someone else while its rename was on its way', async () => {
    let answer: (reply: GraphQLReply) => void = () => undefined;
    const { graphql } = openTask({}, { ediFile: () => new Promise<GraphQLReply>((resolve) => (answer = resolve)) });
    const list = await openFilesTab();
    await userEvent.click(within(list).getByRole('button', { name: 'Rename photo.png' }));
    settleDialog(appStore.get(dialogQueueAtom)[0]!.id, { confirmed: true, values: ['cover shot.png'] });
    expect(await within(list).findByRole('button', { name: 'Open cover shot.png' })).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('ediFile')).toHaveLength(1));
    act(() => {
      for (const deliver of live.files) deliver({ subFile: { type: 'file.deleted', seq: 7, fileId: 'f1', file: null } });
    });
    await waitFor(() => expect(within(list).getAllByTestId('task-file')).toHaveLength(1));
    // act drains the answer's promises (the mocked fetch, its JSON, the rename's continuation) before it settles.
    await act(async () => answer({ data: { ediFile: { ...photo, name: 'cover shot.png' } } }));
    expect(
      within(screen.getByRole('list', { name: 'Files of the task' }))
        .getAllByTestId('task-file')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('brief.pdf')]);
  });

  it('uploads picked files to the task with their own progress, then lists them', async () => {
    const uploaded = storedFile({ id: 'f3', name: 'notes.txt', task: 't1', category: 'unknown', createdAt: '2025-02-01T10:00:00.000Z' });
    const { graphql } = openTask({}, { setFile: () => ({ data: { setFile: uploaded } }) });
    await openFilesTab();
    await userEvent.upload(screen.getByTestId('task-files-input'), new File(['hello world'], 'notes.txt', { type: 'text/plain' }));
    const xhr = await sendUpload(5, 11);
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ filename: 'notes.txt', task: 't1' });
    const progress = await screen.findByRole('progressbar', { name: 'Upload progress of notes.txt' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('45'));
    xhr.respond(201, '{}');
    await waitFor(() => expect(graphql.callsOf('setFile')[0]?.variables).toMatchObject({ name: 'notes.txt', task: 't1', code: 'c1' }));
    const list = screen.getByRole('list', { name: 'Files of the task' });
    await waitFor(() => expect(within(list).getAllByTestId('task-file')[0]?.textContent).toContain('notes.txt'));
    expect(screen.queryByRole('progressbar', { name: 'Upload progress of notes.txt' })).toBeNull();
    // The tab's count follows the list (its own read of the task's files): waited for, not assumed in the same render.
    expect(await within(screen.getByRole('tab', { name: /Files/ })).findByLabelText('3 files')).toBeTruthy();
  });

  describe('an upload whose live echo and setFile answer come in either order', () => {
    const recorded = storedFile({ id: 'c1', name: 'notes.txt', task: 't1', category: 'unknown', createdAt: '2025-02-01T10:00:00.000Z' });
    const echo = () => {
      for (const deliver of live.files) deliver({ subFile: { type: 'file.created', seq: 6, fileId: 'c1', file: recorded } });
    };
    /** How many times notes.txt shows in the tab: as a listed file, or as an upload still in progress. */
    const shown = () =>
      screen.queryAllByTestId('task-file').filter((row) => row.textContent?.includes('notes.txt')).length +
      screen.queryAllByRole('progressbar', { name: 'Upload progress of notes.txt' }).length;

    /** Uploads notes.txt until its bytes are sent and setFile is on its way; returns what answers setFile. */
    async function uploadUntilRecording() {
      let answer: (reply: GraphQLReply) => void = () => undefined;
      const { graphql, store } = openTask({}, { setFile: () => new Promise<GraphQLReply>((resolve) => (answer = resolve)) });
      await openFilesTab();
      await userEvent.upload(screen.getByTestId('task-files-input'), new File(['hello world'], 'notes.txt', { type: 'text/plain' }));
      const xhr = await sendUpload(11, 11);
      xhr.respond(201, '{}');
      await waitFor(() => expect(graphql.callsOf('setFile')).toHaveLength(1));
      expect(screen.getByRole('progressbar', { name: 'Upload progress of notes.txt' })).toBeTruthy();
      expect(shown()).toBe(1);
      const recordedInQueue = () => waitFor(() => expect(store.get(uploadsAtom)[0]?.status).toBe('done'));
      return { answer, recordedInQueue };
    }

    it('shows the file once when the echo comes before the answer', async () => {
      const { answer, recordedInQueue } = await uploadUntilRecording();
      act(echo);
      await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress of notes.txt' })).toBeNull());
      expect(shown()).toBe(1);
      answer({ data: { setFile: recorded } });
      await recordedInQueue();
      expect(shown()).toBe(1);
      expect(await within(screen.getByRole('tab', { name: /Files/ })).findByLabelText('3 files')).toBeTruthy();
    });

    it('shows the file once when the answer comes before the echo', async () => {
      const { answer, recordedInQueue } = await uploadUntilRecording();
      answer({ data: { setFile: recorded } });
      await recordedInQueue();
      await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress of notes.txt' })).toBeNull());
      expect(shown()).toBe(1);
      act(echo);
      expect(shown()).toBe(1);
      expect(await within(screen.getByRole('tab', { name: /Files/ })).findByLabelText('3 files')).toBeTruthy();
    });
  });

  it('uploads files dropped on the tab, and follows files added by others live', async () => {
    const { graphql } = openTask();
    await openFilesTab();
    const dropped = new File(['%PDF'], 'dropped.pdf', { type: 'application/pdf' });
    const zone = screen.getByTestId('task-files-drop');
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [dropped] } });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [dropped] } });
    await waitFor(() => expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ filename: 'dropped.pdf', task: 't1' }));

    const added: StoredFile = storedFile({
      id: 'f9',
      name: 'from Ben.png',
      category: 'image',
      task: 't1',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    for (const deliver of live.files) deliver({ subFile: { type: 'file.created', seq: 5, fileId: 'f9', file: added } });
    const list = screen.getByRole('list', { name: 'Files of the task' });
    await waitFor(() => expect(within(list).getAllByTestId('task-file')[0]?.textContent).toContain('from Ben.png'));
  });

  it('offers no upload to a viewer who cannot edit the task', async () => {
    openTask({ canEdit: false });
    await openFilesTab();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
  });
});

describe('a cover from an uploaded image', () => {
  it('uploads the image to the task and makes its url the cover', async () => {
    const image = storedFile({ id: 'f7', name: 'cover.png', type: 'image/png', category: 'image', task: 't1' });
    const { graphql } = openTask({ files: [] }, { setFile: () => ({ data: { setFile: image } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add cover' }));
    await screen.findByRole('dialog', { name: 'Choose a cover' });
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeTruthy();
    await userEvent.upload(
      screen.getByTestId('cover-upload-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a cover' })).toBeNull());
    const xhr = await sendUpload(2, 4);
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ filename: 'cover.png', filetype: 'image/png', task: 't1' });
    expect(await screen.findByRole('progressbar', { name: 'Uploading the cover' })).toBeTruthy();
    xhr.respond(201, '{}');
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', cover: '/media/files/f7' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Cover of Write the spec' }).getAttribute('src')).toBe('/media/files/f7'));
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    const { graphql } = openTask();
    await userEvent.click(await screen.findByRole('button', { name: 'Add cover' }));
    await screen.findByRole('dialog', { name: 'Choose a cover' });
    await userEvent.upload(screen.getByTestId('cover-upload-input'), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Choose an image file (PNG, JPEG, GIF or WebP) for the cover.')).toBeTruthy();
    expect(graphql.callsOf('signedUploadURL')).toHaveLength(0);
  });
});
