// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentText } from '../../lib/graphqlDocument';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { TooltipProvider } from '../../ui';
import DocsPage from './DocsPage';
import { folder, testProject, wall } from './fixtures';
import type { DocChange, FolderChange } from './operations';

const live = vi.hoisted(() => ({
  handlers: new Map<string, (data: unknown) => void>(),
  /** Per subscription, its `reload`: what runs when it could not catch up after a reconnection. */
  reloads: new Map<string, () => void>(),
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', async () => {
  const { operationOf } = await import('../../lib/graphqlDocument');
  return {
    useSubscription: (document: DocumentText, _variables: unknown, onNext: (data: unknown) => void, options?: { reload?: () => void }) => {
      live.handlers.set(operationOf(document), onNext);
      if (options?.reload) live.reloads.set(operationOf(document), options.reload);
    },
    useOnReconnect: (listener: () => void) => {
      live.reconnects.push(listener);
    },
  };
});

const page = (
  <TooltipProvider>
    <DocsPage />
  </TooltipProvider>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

const docs = [
  wall({ id: 'w1', title: 'Roadmap', emoji: '🚀', updatedAt: '2024-03-03T10:00:00.000Z', createdAt: '2024-01-02T10:00:00.000Z' }),
  wall({ id: 'w2', title: 'Architecture', updatedAt: '2024-03-01T10:00:00.000Z', createdAt: '2024-01-03T10:00:00.000Z' }),
  wall({ id: 'w3', title: 'Meeting notes', updatedAt: '2024-03-02T10:00:00.000Z', createdAt: '2024-01-01T10:00:00.000Z' }),
  wall({ id: 'w4', title: 'Filed away', folder: 'f1' }),
];

/** What the server answers: the folder's docs ("root": those in no folder), in the asked order, with the scope's total. */
function serverWalls(variables: Record<string, unknown>) {
  const inScope = docs.filter((doc) => doc.folder === (variables.folder === 'root' ? null : variables.folder));
  const field = variables.sort === 'created' ? 'createdAt' : 'updatedAt';
  const sorted =
    variables.sort === 'title'
      ? [...inScope].sort((left, right) => left.title.localeCompare(right.title))
      : [...inScope].sort((left, right) => right[field].localeCompare(left[field]));
  return { data: { getWalls: { walls: sorted, total: inScope.length } } };
}

function openList(path = `/${testProject}/docs`, handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({
    getWalls: serverWalls,
    getFolders: () => ({ data: { getFolders: [folder({ id: 'f1', name: 'Specs' }), folder({ id: 'f2', name: 'Archive' })] } }),
    getFolder: () => ({ data: { getFolder: folder({ id: 'f1', name: 'Specs', path: [] }) } }),
    ...handlers,
  });
  const view = renderRoute(path, routes);
  return { graphql, ...view };
}

const docTitles = () =>
  within(screen.getByRole('region', { name: 'Docs' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const known = ['Architecture', 'Meeting notes', 'Roadmap'];
const knownOrder = () => docTitles().map((text) => known.find((title) => text?.includes(title)));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  live.handlers.clear();
  live.reloads.clear();
  live.reconnects.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('docs list', () => {
  it('shows the folders, then the top-level docs with their emoji, most recently updated first', async () => {
    const { graphql } = openList();
    expect(await screen.findByRole('link', { name: 'Specs' })).toHaveProperty('pathname', `/${testProject}/docs/f1`);
    expect(
      within(screen.getByRole('region', { name: 'Folders' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Specs', 'Archive']);
    expect(docTitles()).toEqual([
      expect.stringContaining('Roadmap'),
      expect.stringContaining('Meeting notes'),
      expect.stringContaining('Architecture'),
    ]);
    expect(docTitles()[0]).toContain('🚀');
    expect(screen.getByRole('link', { name: /Roadmap/ })).toHaveProperty('pathname', `/${testProject}/docs/d/w1`);
    expect(graphql.callsOf('getFolders')[0]?.variables).toMatchObject({ type: 'doc', project: testProject, folder: null });
  });

  it('asks the server for the top level only ("root"), sorted, and shows its order as is', async () => {
    const { graphql } = openList();
    await screen.findByRole('link', { name: /Roadmap/ });
    expect(graphql.callsOf('getWalls')[0]?.variables).toMatchObject({ project: testProject, folder: 'root', sort: 'updated', offset: 0 });
    expect(screen.queryByRole('link', { name: /Filed away/ })).toBeNull();
    // The client keeps the server's order: a server answer in any order shows in that order.
    cleanup();
    openList(`/${testProject}/docs`, { getWalls: () => ({ data: { getWalls: { walls: [docs[1]!, docs[0]!, docs[2]!], total: 3 } } }) });
    await screen.findByRole('link', { name: /Roadmap/ });
    expect(knownOrder()).toEqual(['Architecture', 'Roadmap', 'Meeting notes']);
  });

  it('sorts on the server: another order reads the first page again in that order', async () => {
    const { graphql } = openList();
    await screen.findByRole('link', { name: /Roadmap/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title');
    await vi.waitFor(() => expect(knownOrder()).toEqual(['Architecture', 'Meeting notes', 'Roadmap']));
    expect(graphql.callsOf('getWalls').at(-1)?.variables).toMatchObject({ folder: 'root', sort: 'title', offset: 0 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created');
    await vi.waitFor(() => expect(knownOrder()).toEqual(['Architecture', 'Roadmap', 'Meeting notes']));
    expect(graphql.callsOf('getWalls').at(-1)?.variables).toMatchObject({ folder: 'root', sort: 'created', offset: 0 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'updated');
    await vi.waitFor(() => expect(knownOrder()).toEqual(['Roadmap', 'Meeting notes', 'Architecture']));
  });

  it('loads the next page from the server offset, counting the docs removed meanwhile', async () => {
    const { graphql } = openList(`/${testProject}/docs`, {
      getWalls: (variables) =>
        variables.offset === 0
          ? { data: { getWalls: { walls: [docs[0]!, docs[2]!], total: 3 } } }
          : { data: { getWalls: { walls: [docs[1]!], total: 2 } } },
    });
    await screen.findByRole('link', { name: /Roadmap/ });
    await act(() =>
      live.handlers.get('subDoc')?.({
        subDoc: { type: 'doc.deleted', seq: 1, project: testProject, userId: 'u2', docId: 'w3', doc: null },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Architecture/ });
    expect(graphql.callsOf('getWalls').at(-1)?.variables).toMatchObject({ folder: 'root', sort: 'updated', offset: 1 });
    expect(knownOrder()).toEqual(['Roadmap', 'Architecture']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("opens a folder with breadcrumbs and asks for that folder's docs", async () => {
    const { graphql } = openList(`/${testProject}/docs/f1`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Specs' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('link', { name: 'Docs' })).toHaveProperty(
      'pathname',
      `/${testProject}/docs`,
    );
    expect(graphql.callsOf('getWalls')[0]?.variables).toMatchObject({ project: testProject, folder: 'f1', offset: 0 });
    expect(await screen.findByRole('link', { name: /Filed away/ })).toHaveProperty('pathname', `/${testProject}/docs/f1/d/w4`);
  });

  it('follows live changes: a new doc, a renamed doc, a deleted doc, a doc moved away, a new folder', async () => {
    openList();
    await screen.findByRole('link', { name: /Roadmap/ });
    const docChange = (change: Partial<DocChange> & Pick<DocChange, 'docId'>) =>
      act(() =>
        live.handlers.get('subDoc')?.({ subDoc: { type: 'doc.edited', seq: 1, project: testProject, userId: 'u2', doc: null, ...change } }),
      );
    await docChange({
      docId: 'w5',
      type: 'doc.created',
      doc: wall({ id: 'w5', title: 'Fresh ideas', updatedAt: '2024-04-01T10:00:00.000Z' }),
    });
    expect(docTitles()[0]).toContain('Fresh ideas');
    await docChange({ docId: 'w2', doc: wall({ id: 'w2', title: 'Architecture v2', updatedAt: '2024-01-01T00:00:00.000Z' }) });
    expect(screen.getByRole('link', { name: /Architecture v2/ })).toBeTruthy();
    await docChange({ docId: 'w3', type: 'doc.deleted' });
    expect(screen.queryByRole('link', { name: /Meeting notes/ })).toBeNull();
    await docChange({ docId: 'w1', doc: wall({ id: 'w1', title: 'Roadmap', folder: 'f2' }) });
    expect(screen.queryByRole('link', { name: /Roadmap/ })).toBeNull();
    const folderChange: FolderChange = { type: 'folder.created', seq: 2, folderId: 'f3', folder: folder({ id: 'f3', name: 'Budgets' }) };
    await act(() => live.handlers.get('subFolder')?.({ subFolder: folderChange }));
    expect(screen.getByRole('link', { name: 'Budgets' })).toBeTruthy();
    await act(() =>
      live.handlers.get('subFolder')?.({
        subFolder: { ...folderChange, folderId: 'f4', folder: { ...folder({ id: 'f4', name: 'Files only' }), type: 'file' } },
      }),
    );
    expect(screen.queryByRole('link', { name: 'Files only' })).toBeNull();
  });

  it('after a reconnection applies the replayed changes once each without reading the folder again', async () => {
    const { graphql } = openList();
    await screen.findByRole('link', { name: /Roadmap/ });
    const reads = () => graphql.calls.filter((call) => ['getWalls', 'getFolders', 'getFolder'].includes(call.operation)).length;
    const readsBefore = reads();
    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    const created: DocChange = {
      type: 'doc.created',
      seq: 7,
      project: testProject,
      docId: 'w5',
      userId: 'u2',
      doc: wall({ id: 'w5', title: 'Fresh ideas', updatedAt: '2024-04-01T10:00:00.000Z' }),
    };
    // A change the page had live before the socket dropped may come again in the catch-up: applied by id.
    act(() => live.handlers.get('subDoc')?.({ subDoc: created }));
    act(() => live.handlers.get('subDoc')?.({ subDoc: created }));
    act(() => live.handlers.get('subDoc')?.({ subDoc: { ...created, type: 'doc.deleted', seq: 8, docId: 'w3', doc: null } }));
    act(() =>
      live.handlers.get('subFolder')?.({
        subFolder: { type: 'folder.created', seq: 9, folderId: 'f3', folder: folder({ id: 'f3', name: 'Budgets' }) },
      }),
    );
    expect(knownOrder()).toEqual([undefined, 'Roadmap', 'Architecture']);
    expect(docTitles().filter((title) => title?.includes('Fresh ideas'))).toHaveLength(1);
    // Every doc of the folder is on screen: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Budgets' })).toBeTruthy();
    expect(reads()).toBe(readsBefore);
  });

  it('reads the folder again when a subscription could not catch up (a gap), once when both say so', async () => {
    openList();
    await screen.findByRole('link', { name: /Roadmap/ });
    const again = mockGraphQL({
      getWalls: () => ({ data: { getWalls: { walls: [wall({ id: 'w6', title: 'Written meanwhile' })], total: 1 } } }),
      getFolders: () => ({ data: { getFolders: [] } }),
    });
    act(() => {
      live.reloads.get('subDoc')?.();
      live.reloads.get('subFolder')?.();
    });
    expect(await screen.findByRole('link', { name: /Written meanwhile/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Roadmap/ })).toBeNull();
    expect(again.callsOf('getWalls')).toHaveLength(1);
    expect(again.callsOf('getFolders')).toHaveLength(1);
  });

  it('shows the empty state and creates a doc, then opens it', async () => {
    const { router, graphql } = openList(`/${testProject}/docs`, {
      getWalls: () => ({ data: { getWalls: { walls: [], total: 0 } } }),
      getFolders: () => ({ data: { getFolders: [] } }),
      setWorkspace: () => ({ data: { setWorkspace: wall({ id: 'w9', title: 'Untitled' }) } }),
    });
    expect(await screen.findByRole('heading', { name: 'No docs in this space yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New doc' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/docs/d/w9`));
    expect(graphql.callsOf('setWorkspace')[0]?.variables).toMatchObject({ project: testProject, title: 'Untitled', folder: null });
  });

  it('shows an error with a retry when the docs cannot be read', async () => {
    openList(`/${testProject}/docs`, { getWalls: () => ({ errors: [{ message: 'boom' }] }) });
    expect(await screen.findByText('The docs could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
