// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { renderWithStore } from '../../test/renderWithStore';
import { currentTeamAtom } from '../auth/session';
import { spaceListAtom } from './atoms';
import { testSpaceWithMembers } from './fixtures';
import type { SpaceChange } from './operations';
import { useSpacesLive } from './useSpacesLive';

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subProject: SpaceChange }) => void)[],
  /** The subscription's `reload`: what runs when it could not catch up after a reconnection. */
  reloads: [] as (() => void)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', () => ({
  subscribe: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subProject: SpaceChange }) => void,
    _target: unknown,
    reload?: () => void,
  ) => {
    live.handlers.push(onNext);
    if (reload) live.reloads.push(reload);
    return () => undefined;
  },
  onReconnect: (listener: () => void) => {
    live.reconnects.push(listener);
    return () => undefined;
  },
  useOnReconnect: (listener: () => void) => {
    live.reconnects.push(listener);
  },
}));

function Live() {
  useSpacesLive();
  return null;
}

function mount() {
  const store = createAppStore();
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: null });
  renderWithStore(<Live />, { store });
  return store;
}

const names = (store: ReturnType<typeof createAppStore>) => store.get(spaceListAtom).map((known) => known.name);

beforeEach(() => {
  live.handlers.length = 0;
  live.reloads.length = 0;
  live.reconnects.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSpacesLive after a reconnection', () => {
  it('applies the replayed space changes once each without reading the spaces again', async () => {
    const graphql = mockGraphQL({});
    const store = mount();
    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    const created: SpaceChange = {
      type: 'project.created',
      projectId: 'a',
      userId: null,
      member: null,
      project: testSpaceWithMembers('a', 'Design'),
    };
    act(() => live.handlers.at(-1)?.({ subProject: created }));
    act(() => live.handlers.at(-1)?.({ subProject: created }));
    act(() =>
      live.handlers.at(-1)?.({ subProject: { ...created, type: 'project.updated', project: testSpaceWithMembers('a', 'Design team') } }),
    );
    expect(names(store)).toEqual(['Design team']);
    expect(graphql.callsOf('getProjects')).toHaveLength(0);
  });

  it('reads the spaces again, once, when the subscription could not catch up (a gap)', async () => {
    const graphql = mockGraphQL({ getProjects: () => ({ data: { getProjects: [testSpaceWithMembers('b', 'Made meanwhile')] } }) });
    const store = mount();
    act(() => {
      live.reloads.at(-1)?.();
      live.reloads.at(-1)?.();
    });
    await waitFor(() => expect(names(store)).toEqual(['Made meanwhile']));
    expect(graphql.callsOf('getProjects')).toHaveLength(1);
  });
});
