// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import type { DocumentText } from '../../lib/graphqlDocument';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { renderWithStore } from '../../test/renderWithStore';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { spacesAtom, storeSpacesAtom } from '../spaces/atoms';
import { privatsAtom } from './atoms';
import type { Privat, PrivatChange, SpaceChatChange } from './operations';
import { flushOutbox, outboxAtom, sendMessage } from './outbox';
import { message } from './testFixtures';
import { useChatLive } from './useChatLive';
import type * as Subscriptions from '../../lib/subscriptions';

const live = vi.hoisted(() => ({
  /** Per subscription, by root field (subPrivat, subProject for the spaces' chats, subPresence): its handler and `reload`. */
  subscriptions: new Map<string, { next: (data: unknown) => void; reload?: () => void }>(),
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', async (importOriginal) => {
  const { operationOf: operationName } = await import('../../lib/graphqlDocument');
  return {
    ...(await importOriginal<typeof Subscriptions>()),
    subscribe: (document: DocumentText, _variables: unknown, next: (data: unknown) => void, _target: unknown, reload?: () => void) => {
      live.subscriptions.set(operationName(document), { next, ...(reload ? { reload } : {}) });
      return () => undefined;
    },
    onReconnect: (listener: () => void) => {
      live.reconnects.push(listener);
      return () => undefined;
    },
  };
});

const grace = { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null };

function privat(id: string, unread: number): Privat {
  return {
    id,
    name: null,
    logo: null,
    inactive: false,
    unread,
    createdAt: '2025-03-10T09:00:00.000Z',
    updated: '2025-03-10T10:00:00.000Z',
    users: [grace],
    lastMessage: null,
  };
}

let offline = false;

function server() {
  return mockGraphQL({
    getPrivats: () => ({ data: { getPrivats: [privat('c1', 0)] } }),
    getPresence: () => ({ data: { getPresence: [{ user: 'u2', state: 'online' }] } }),
    getProjects: () => ({ data: { getProjects: [{ id: 'p1', unread: 0, lastMessage: null }] } }),
    setMessage: (variables) => ({
      data: { setMessage: message('m9', { body: String(variables.body), clientId: String(variables.clientId) }) },
    }),
  });
}

function Live() {
  useChatLive();
  return null;
}

/** Ada signed in to a team with one space: the lists are read once. */
async function mount() {
  const graphql = server();
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'me',
    firstname: 'Ada',
    lastname: 'Lovelace',
    profileImg: null,
    email: 'ada@example.com',
    language: 'en',
  });
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: null });
  store.set(storeSpacesAtom, [{ id: 'p1', name: 'Design', color: null, logo: null, isMember: true }], { replaceList: true });
  renderWithStore(<Live />, { store });
  await waitFor(() => {
    expect(store.get(privatsAtom)).toHaveLength(1);
    expect(graphql.callsOf('getPresence')).toHaveLength(1);
    expect(graphql.callsOf('getProjects')).toHaveLength(1);
  });
  return { graphql, store };
}

beforeEach(() => {
  live.subscriptions.clear();
  live.reconnects.length = 0;
  localStorage.clear();
  offline = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useChatLive after a reconnection', () => {
  it('reads presence again and sends what waited in the outbox, and takes the lists’ replayed changes without reading them again', async () => {
    const { graphql, store } = await mount();
    offline = true;
    sendMessage(store, { target: { project: 'p1' }, body: 'Written offline' });
    // The flush that sending started has looked and left it waiting.
    await act(() => flushOutbox(store));
    offline = false;
    expect(store.get(outboxAtom).map((item) => item.state)).toEqual(['pending']);
    expect(graphql.callsOf('setMessage')).toHaveLength(0);

    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    await waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(1));
    await waitFor(() => expect(graphql.callsOf('getPresence')).toHaveLength(2));

    const opened: PrivatChange = { type: 'privat.created', privatId: 'c2', privat: privat('c2', 1) };
    // A change the page had live before the socket dropped may come again in the catch-up: applied by id.
    act(() => live.subscriptions.get('subPrivat')?.next({ subPrivat: opened }));
    act(() => live.subscriptions.get('subPrivat')?.next({ subPrivat: opened }));
    const read: SpaceChatChange = { type: 'project.message', projectId: 'p1', project: { id: 'p1', unread: 3, lastMessage: null } };
    act(() => live.subscriptions.get('subProject')?.next({ subProject: read }));
    expect(
      store
        .get(privatsAtom)
        ?.map((known) => known.id)
        .sort(),
    ).toEqual(['c1', 'c2']);
    expect(store.get(spacesAtom).get('p1')?.unread).toBe(3);
    expect(graphql.callsOf('getPrivats')).toHaveLength(1);
    expect(graphql.callsOf('getProjects')).toHaveLength(1);
  });

  it('reads a list again, once, when its subscription could not catch up (a gap), and only that list', async () => {
    const { graphql } = await mount();
    act(() => {
      live.subscriptions.get('subPrivat')?.reload?.();
      live.subscriptions.get('subPrivat')?.reload?.();
    });
    await waitFor(() => expect(graphql.callsOf('getPrivats')).toHaveLength(2));
    expect(graphql.callsOf('getProjects')).toHaveLength(1);
    act(() => live.subscriptions.get('subProject')?.reload?.());
    await waitFor(() => expect(graphql.callsOf('getProjects')).toHaveLength(2));
    expect(graphql.callsOf('getPrivats')).toHaveLength(2);
    expect(graphql.callsOf('getPresence')).toHaveLength(1);
  });
});
