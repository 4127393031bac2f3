// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { renderWithStore } from '../../test/renderWithStore';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { storageStatsAtom } from '../files/stats';
import { teamPeopleAtom, teamsAtom } from './atoms';
import type { ResultOf } from '../../lib/graphqlDocument';
import type { subTeamDocument, TeamSummary } from './operations';
import { useTeamLive } from './useTeamLive';

type TeamChange = ResultOf<typeof subTeamDocument>['subTeam'];

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subTeam: TeamChange }) => void)[],
  /** The subscription's `reload`: what runs when it could not catch up after a reconnection. */
  reloads: [] as (() => void)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', () => ({
  subscribe: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subTeam: TeamChange }) => void,
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

const engines: TeamSummary = { id: 't1', name: 'Engines', logo: null, url: null, isDefault: true, role: 'admin' };
const grace = {
  id: 'u2',
  firstname: 'Grace',
  lastname: 'Hopper',
  profileImg: null,
  email: 'grace@example.com',
  isAuth: false,
  role: 'basic',
};

function Live() {
  useTeamLive();
  return null;
}

/** Ada, admin of Engines, on a screen that shows the team's people and the team switcher. */
function mount() {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'me',
    firstname: 'Ada',
    lastname: 'Lovelace',
    profileImg: null,
    email: 'ada@example.com',
    language: 'en',
  });
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: 'admin' });
  store.set(teamsAtom, [engines]);
  store.set(teamPeopleAtom, []);
  renderWithStore(<Live />, { store });
  return store;
}

function server() {
  return mockGraphQL({
    getUsers: () => ({ data: { getUsers: [grace] } }),
    getTeams: () => ({ data: { getTeams: [engines] } }),
  });
}

beforeEach(() => {
  live.handlers.length = 0;
  live.reloads.length = 0;
  live.reconnects.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useTeamLive after a reconnection', () => {
  it('reads nothing for the reconnection itself, and what is on screen once for a run of replayed changes', async () => {
    const graphql = server();
    const store = mount();
    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    expect(graphql.calls).toHaveLength(0);
    act(() => {
      for (const type of ['team.member_added', 'team.member_added', 'team.updated'])
        live.handlers.at(-1)?.({ subTeam: { type, teamId: 't1', userId: 'u2', team: engines } });
    });
    await waitFor(() => expect(store.get(teamPeopleAtom)).toEqual([grace]));
    expect(graphql.callsOf('getUsers')).toHaveLength(1);
    expect(graphql.callsOf('getTeams')).toHaveLength(1);
  });

  it('reads what is on screen again, once, when the subscription could not catch up (a gap)', async () => {
    const graphql = server();
    const store = mount();
    act(() => {
      live.reloads.at(-1)?.();
      live.reloads.at(-1)?.();
    });
    await waitFor(() => expect(store.get(teamPeopleAtom)).toEqual([grace]));
    expect(graphql.callsOf('getUsers')).toHaveLength(1);
    expect(graphql.callsOf('getTeams')).toHaveLength(1);
  });
});

describe('useTeamLive on a plan change', () => {
  it('reads the storage quota again when a storage bar shows it, so the new plan’s quota appears at once', async () => {
    const business = { team: 't1', plan: 'business', storage: 0, storageLimit: 2_000_000_000_000, uploadLimit: 1_000_000_000, files: 0 };
    const graphql = mockGraphQL({
      getUsers: () => ({ data: { getUsers: [grace] } }),
      getTeams: () => ({ data: { getTeams: [engines] } }),
      getStats: () => ({ data: { getStats: business } }),
    });
    const store = mount();
    store.set(storageStatsAtom, { ...business, plan: 'free', storageLimit: 100_000_000, uploadLimit: 100_000_000 });
    act(() => live.handlers.at(-1)?.({ subTeam: { type: 'team.plan_changed', teamId: 't1', userId: null, team: engines } }));
    await waitFor(() => expect(store.get(storageStatsAtom)?.plan).toBe('business'));
    expect(graphql.callsOf('getStats')).toHaveLength(1);
  });
});
