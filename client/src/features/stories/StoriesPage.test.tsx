// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { storedFile, testProject } from '../files/testFixtures';
import type { StoryChange, StoryFile } from './operations';
import StoriesPage from './StoriesPage';

const live = vi.hoisted(() => ({ handlers: [] as ((data: { subFile: StoryChange }) => void)[] }));

vi.mock('../../lib/subscriptions', () => ({
  useSubscription: (_document: unknown, _variables: unknown, onNext: (data: { subFile: StoryChange }) => void) => {
    live.handlers.push(onNext);
  },
  useOnReconnect: () => undefined,
}));

const routes = [{ path: ':project/:category?/:id?/:id2?', element: <StoriesPage /> }];

const story = (overrides: Partial<StoryFile> & Pick<StoryFile, 'id' | 'name'>): StoryFile => ({
  ...storedFile({ type: 'video/webm', category: 'video', ...overrides }),
  story: true,
  ...overrides,
});

const stories = [
  story({ id: 's1', name: 'Older demo.webm', duration: 42, createdAt: '2025-01-01T00:00:00.000Z' }),
  story({ id: 's2', name: 'Newer demo.webm', duration: 75, createdAt: '2025-01-02T00:00:00.000Z' }),
];

const cards = () => screen.queryAllByRole('button', { name: /^Play / }).map((card) => card.getAttribute('aria-label'));

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  live.handlers.length = 0;
});

describe('stories area', () => {
  it('lists the space’s stories newest first with author and duration, plays one in the viewer, and follows live changes', async () => {
    const graphql = mockGraphQL({ getFiles: () => ({ data: { getFiles: stories } }) });
    renderRoute(`/${testProject}/stories`, routes);
    await screen.findByRole('list', { name: 'Stories of this space' });
    expect(cards()).toEqual(['Play Newer demo.webm', 'Play Older demo.webm']);
    expect(graphql.callsOf('getFiles')[0]?.variables).toMatchObject({ project: testProject });
    const newer = screen.getByRole('button', { name: 'Play Newer demo.webm' });
    expect(newer.textContent).toContain('1:15');
    expect(newer.textContent).toContain('Ada Lovelace');

    await userEvent.click(newer);
    expect(screen.getByRole('dialog', { name: 'Newer demo.webm' })).toBeTruthy();
    expect(screen.getByTestId('viewer-video').getAttribute('src')).toBe('/media/files/s2');
    await userEvent.keyboard('{Escape}');

    // A teammate's new story arrives; a plain video of the space does not join the list; a deleted story leaves it.
    const added = story({ id: 's3', name: 'Newest demo.webm', createdAt: '2025-01-03T00:00:00.000Z' });
    const plain = { ...story({ id: 'v1', name: 'Plain.webm', createdAt: '2025-01-04T00:00:00.000Z' }), story: false };
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.created', seq: 3, fileId: 's3', file: added } }));
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.created', seq: 4, fileId: 'v1', file: plain } }));
    act(() => live.handlers.at(-1)?.({ subFile: { type: 'file.deleted', seq: 5, fileId: 's1', file: null } }));
    expect(cards()).toEqual(['Play Newest demo.webm', 'Play Newer demo.webm']);
  });

  it('invites to record the first story when the space has none', async () => {
    mockGraphQL({ getFiles: () => ({ data: { getFiles: [] } }) });
    renderRoute(`/${testProject}/stories`, routes);
    expect(await screen.findByRole('heading', { name: 'No stories yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record a story' })).toBeTruthy();
  });

  it('asks for a space on the overview', () => {
    renderRoute('/overview/stories', routes);
    expect(screen.getByText('Open a space to watch and record its stories.')).toBeTruthy();
  });
});
