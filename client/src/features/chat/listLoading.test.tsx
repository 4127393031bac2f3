// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { spaceIdsAtom } from '../spaces/atoms';
import { privatsAtom } from './atoms';
import ChatsPage from './ChatsPage';
import { keepLoading, privatsFailedAtom } from './listLoading';
import { PeoplePicker } from './PeoplePicker';
import type * as Subscriptions from '../../lib/subscriptions';

vi.mock('../../lib/subscriptions', async (importOriginal) => ({
  ...(await importOriginal<typeof Subscriptions>()),
  useSubscription: () => undefined,
  useOnReconnect: () => undefined,
}));

const ada = { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const grace = { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null };
const serverError = () => failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.');

/** A signed-in user of a team whose lists are not read yet (privats and spaces null). */
function signedIn() {
  const store = createAppStore();
  store.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: null });
  return store;
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('keepLoading', () => {
  it('tries again after each failure, waiting longer each time, until a read gets through', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const states: boolean[] = [];
    keepLoading(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('server restarting');
      },
      { onFailed: (failed) => states.push(failed), delay: (attempt) => 1_000 * 2 ** attempt },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
    expect(states).toEqual([true, true, false]);
  });

  it('tries at once when woken, and stops for good when stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let wake = () => {};
    const stop = keepLoading(
      async () => {
        calls += 1;
        throw new Error('down');
      },
      { wakeOn: (listener) => ((wake = listener), () => undefined), delay: () => 30_000 },
    );
    await vi.advanceTimersByTimeAsync(0);
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(2);
  });
});

describe('chats page while its lists cannot be read', () => {
  it('reads the spaces list itself, says when it failed, and shows the spaces once Try again gets through', async () => {
    let spacesUp = false;
    const graphql = mockGraphQL({
      getProjects: () =>
        spacesUp ? { data: { getProjects: [{ id: 'p1', name: 'Design', color: null, logo: null, isMember: true }] } } : serverError(),
      getTaskChats: () => ({ data: { getTaskChats: [] } }),
    });
    const store = signedIn();
    store.set(privatsAtom, []);
    renderWithStore(<ChatsPage />, { store, path: '/chats', routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }] });
    await userEvent.click(screen.getByRole('tab', { name: 'Spaces' }));
    expect(await screen.findByText('The chats could not be loaded.')).toBeTruthy();
    spacesUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('list', { name: 'Spaces' })).findByRole('link', { name: /Design/ })).toBeTruthy();
    expect(graphql.callsOf('getProjects').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the private chats’ failure, read app-wide, instead of a spinner for good', async () => {
    mockGraphQL({ getTaskChats: () => ({ data: { getTaskChats: [] } }) });
    const store = signedIn();
    store.set(spaceIdsAtom, []);
    store.set(privatsFailedAtom, true);
    const { router } = renderWithStore(<p>start</p>, {
      store,
      path: '/start',
      routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }],
    });
    await router.navigate('/chats/c1');
    expect(await screen.findAllByText('The chats could not be loaded.')).toHaveLength(2);
    expect(screen.queryByRole('status', { name: 'Loading chats…' })).toBeNull();
  });
});

describe('people picker', () => {
  it('says when the teammates could not be read and lists them once Try again gets through', async () => {
    let up = false;
    mockGraphQL({
      getUsers: () =>
        up ? { data: { getUsers: [{ ...grace, email: 'grace@example.com', isAuth: false, role: 'basic' }] } } : serverError(),
    });
    renderWithStore(<PeoplePicker selected={[]} onChange={() => undefined} />, { store: signedIn() });
    expect(await screen.findByText('The teammates could not be loaded.')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  });
});
