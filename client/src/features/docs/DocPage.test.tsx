// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { TooltipProvider } from '../../ui';
import { openWallAtom } from './atoms';
import { fakeSession } from './collab/fakeProvider';
import DocsPage from './DocsPage';
import { loadWall } from './docsActions';
import { testProject, wall } from './fixtures';
import type { DocChange } from './operations';

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subDoc: DocChange }) => void)[],
  /** Each render's `reload`: what runs when subDoc could not catch up after a reconnection. */
  reloads: [] as (() => void)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', () => ({
  useSubscription: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subDoc: DocChange }) => void,
    options?: { reload?: () => void },
  ) => {
    live.handlers.push(onNext);
    if (options?.reload) live.reloads.push(options.reload);
  },
  useOnReconnect: (listener: () => void) => {
    live.reconnects.push(listener);
  },
}));
// The page's live session is a hand-driven stand-in: these tests are about reading the doc's fields.
vi.mock('./collab/connect', () => ({ openDocSession: () => fakeSession().session }));
// The editor chunk is not what these tests look at.
vi.mock('./editor/DocEditor', () => ({ default: () => null }));

const page = (
  <TooltipProvider>
    <DocsPage />
  </TooltipProvider>
);
const routes = [{ path: ':project/:category?/:id?/d/:id2', element: page }];

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

/** A reply the test hands over when it chooses. */
function deferred() {
  let resolve!: (reply: GraphQLReply) => void;
  const promise = new Promise<GraphQLReply>((done) => (resolve = done));
  return { promise, resolve };
}

describe('doc page', () => {
  it('keeps the doc asked for last when an earlier, slower read answers after it', async () => {
    const first = deferred();
    mockGraphQL({
      getWall: (variables) => (variables.id === 'a' ? first.promise : { data: { getWall: wall({ id: 'b', title: 'Second' }) } }),
    });
    const store = createAppStore();
    const slow = loadWall(store, 'a');
    await loadWall(store, 'b');
    first.resolve({ data: { getWall: wall({ id: 'a', title: 'First' }) } });
    await slow;
    expect(store.get(openWallAtom)).toMatchObject({ id: 'b', status: 'ready', wall: { id: 'b', title: 'Second' } });
  });

  it('shows the doc after moving on from one whose read is still on its way', async () => {
    const first = deferred();
    mockGraphQL({
      getWall: (variables) => (variables.id === 'a' ? first.promise : { data: { getWall: wall({ id: 'b', title: 'Second' }) } }),
    });
    const { router } = renderRoute(`/${testProject}/docs/d/a`, routes);
    expect(await screen.findByRole('progressbar', { name: 'Loading the doc…' })).toBeTruthy();
    await act(() => router.navigate(`/${testProject}/docs/d/b`));
    expect(await screen.findByDisplayValue('Second')).toBeTruthy();
    await act(async () => first.resolve({ data: { getWall: wall({ id: 'a', title: 'First' }) } }));
    expect(screen.getByDisplayValue('Second')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading the doc…' })).toBeNull();
  });

  it('shows the not-found page, with the way back to the docs, for an id that names no doc', async () => {
    mockGraphQL({ getWall: () => failure('NOT_FOUND', 'This doc does not exist, or you do not have access to it.') });
    renderRoute(`/${testProject}/docs/d/missing`, routes);
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All docs' })).toBeTruthy();
  });

  it('offers a retry when the doc could not be read, and shows it once a retry gets through', async () => {
    let attempts = 0;
    const graphql = mockGraphQL({
      getWall: () => {
        attempts += 1;
        return attempts === 1
          ? failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.')
          : { data: { getWall: wall({ id: 'w1', title: 'Roadmap' }) } };
      },
    });
    renderRoute(`/${testProject}/docs/d/w1`, routes);
    expect(await screen.findByText('The doc could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Roadmap')).toBeTruthy();
    expect(graphql.callsOf('getWall')).toHaveLength(2);
  });

  it('after a reconnection shows the replayed changes of its fields without reading the doc again', async () => {
    const graphql = mockGraphQL({ getWall: () => ({ data: { getWall: wall({ id: 'w1', title: 'Roadmap' }) } }) });
    renderRoute(`/${testProject}/docs/d/w1`, routes);
    expect(await screen.findByDisplayValue('Roadmap')).toBeTruthy();
    act(() => live.reconnects.forEach((reconnected) => reconnected()));
    const renamed = wall({ id: 'w1', title: 'Roadmap 2025' });
    act(() =>
      live.handlers.at(-1)?.({ subDoc: { type: 'doc.edited', seq: 4, project: testProject, docId: 'w1', userId: 'u2', doc: renamed } }),
    );
    expect(screen.getByDisplayValue('Roadmap 2025')).toBeTruthy();
    expect(graphql.callsOf('getWall')).toHaveLength(1);
  });

  it('reads the doc again when subDoc could not catch up (a gap)', async () => {
    mockGraphQL({ getWall: () => ({ data: { getWall: wall({ id: 'w1', title: 'Roadmap' }) } }) });
    renderRoute(`/${testProject}/docs/d/w1`, routes);
    expect(await screen.findByDisplayValue('Roadmap')).toBeTruthy();
    const again = mockGraphQL({ getWall: () => ({ data: { getWall: wall({ id: 'w1', title: 'Renamed meanwhile' }) } }) });
    act(() => live.reloads.at(-1)?.());
    expect(await screen.findByDisplayValue('Renamed meanwhile')).toBeTruthy();
    expect(again.callsOf('getWall')).toHaveLength(1);
  });
});
