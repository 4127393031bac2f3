// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import MediaPage from './MediaPage';
import type { FileChange } from './operations';
import { storedFile, testProject } from './testFixtures';

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subFile: FileChange }) => void)[],
  /** Each render's `reload`: what runs when subFile could not catch up after a reconnection. */
  reloads: [] as (() => void)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', () => ({
  useSubscription: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subFile: FileChange }) => void,
    options?: { reload?: () => void },
  ) => {
    live.handlers.push(onNext);
    if (options?.reload) live.reloads.push(options.reload);
  },
  useOnReconnect: (listener: () => void) => {
    live.reconnects.push(listener);
  },
}));

const routes = [{ path: ':project/:category?/:id?/:id2?', element: <MediaPage /> }];
const media = [
  storedFile({
    id: 'm1',
    name: 'older.jpg',
    type: 'image/jpeg',
    category: 'image',
    thumbnail: '/media/files/m1/thumbnail',
    createdAt: '2025-01-01T00:00:00.000Z',
  }),
  storedFile({ id: 'm2', name: 'newer.mp4', type: 'video/mp4', category: 'video', duration: 75, createdAt: '2025-01-02T00:00:00.000Z' }),
];

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  live.handlers.length = 0;
  live.reloads.length = 0;
  live.reconnects.length = 0;
});

const labels = () => screen.getAllByTestId('media-tile').map((tile) => tile.getAttribute('aria-label'));

describe('media area', () => {
  it('shows the space’s images and videos newest first, opens the viewer, and follows live changes', async () => {
    const graphql = mockGraphQL({ getFiles: () => ({ data: { getFiles: media } }) });
    renderRoute(`/${testProject}/media`, routes);
    const tiles = await screen.findAllByTestId('media-tile');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Open newer.mp4', 'Open older.jpg']);
    expect(graphql.callsOf('getFiles')[0]?.variables).toMatchObject({ project: testProject, category: 'media' });
    expect(tiles[0]?.textContent).toContain('1:15');
    expect(tiles[1]?.querySelector('img')?.getAttribute('src')).toBe('/media/files/m1/thumbnail');

    await userEvent.click(tiles[1]!);
    expect(screen.getByRole('dialog', { name: 'older.jpg' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    const pdf = storedFile({ id: 'p1', name: 'doc.pdf' });
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.created', seq: 3, fileId: 'p1', file: pdf } }));
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.deleted', seq: 4, fileId: 'm2', file: null } }));
    expect(screen.getAllByTestId('media-tile').map((tile) => tile.getAttribute('aria-label'))).toEqual(['Open older.jpg']);
  });

  it('after a reconnection shows the replayed changes once each without reading the media again', async () => {
    const graphql = mockGraphQL({ getFiles: () => ({ data: { getFiles: media } }) });
    renderRoute(`/${testProject}/media`, routes);
    await screen.findAllByTestId('media-tile');
    act(() => live.reconnects.forEach((reconnected) => reconnected()));
    const added = storedFile({ id: 'm3', name: 'newest.png', type: 'image/png', category: 'image', createdAt: '2025-01-03T00:00:00.000Z' });
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.created', seq: 5, fileId: 'm3', file: added } }));
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.created', seq: 5, fileId: 'm3', file: added } }));
    expect(labels()).toEqual(['Open newest.png', 'Open newer.mp4', 'Open older.jpg']);
    expect(graphql.callsOf('getFiles')).toHaveLength(1);
  });

  it('reads the media again, once, when subFile could not catch up (a gap)', async () => {
    const graphql = mockGraphQL({ getFiles: () => ({ data: { getFiles: media } }) });
    renderRoute(`/${testProject}/media`, routes);
    await screen.findAllByTestId('media-tile');
    const missed = storedFile({
      id: 'm4',
      name: 'missed.jpg',
      type: 'image/jpeg',
      category: 'image',
      createdAt: '2025-01-04T00:00:00.000Z',
    });
    const again = mockGraphQL({ getFiles: () => ({ data: { getFiles: [missed, ...media] } }) });
    act(() => {
      live.reloads.at(-1)?.();
      live.reloads.at(-1)?.();
    });
    await waitFor(() => expect(labels()).toEqual(['Open missed.jpg', 'Open newer.mp4', 'Open older.jpg']));
    expect(again.callsOf('getFiles')).toHaveLength(1);
    expect(graphql.callsOf('getFiles')).toHaveLength(1);
  });

  it('says so when the space has no media yet', async () => {
    mockGraphQL({ getFiles: () => ({ data: { getFiles: [] } }) });
    renderRoute(`/${testProject}/media`, routes);
    expect(await screen.findByText('No images or videos yet')).toBeTruthy();
  });
});
