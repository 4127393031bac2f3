// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { currentUserAtom } from '../auth/session';
import { storeSpacesAtom } from '../spaces/atoms';
import { teamPeopleAtom } from '../teams/atoms';
import { chatUnreadTotalAtom, setPrivats } from './atoms';
import ChatsPage from './ChatsPage';
import { applySpaceChatChange } from './chatLists';
import MessagesPage from './MessagesPage';
import type { Privat } from './operations';
import { message } from './testFixtures';
import type * as Subscriptions from '../../lib/subscriptions';

vi.mock('../../lib/subscriptions', async (importOriginal) => ({
  ...(await importOriginal<typeof Subscriptions>()),
  useSubscription: () => undefined,
  useOnReconnect: () => undefined,
}));

const ada = { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const grace = { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null };
const alan = { id: 'u3', firstname: 'Alan', lastname: 'Turing', profileImg: null };

function privat(id: string, overrides: Partial<Privat> = {}): Privat {
  return {
    id,
    name: null,
    logo: null,
    inactive: false,
    users: [ada, grace],
    lastMessage: null,
    unread: 0,
    createdAt: '2025-03-01T00:00:00.000Z',
    updated: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function setup() {
  const store = createAppStore();
  store.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  store.set(storeSpacesAtom, [{ id: 'p1', name: 'Design', color: null, logo: null, isMember: true }], { replaceList: true });
  setPrivats(store, [
    privat('c1', {
      unread: 3,
      updated: '2025-03-02T00:00:00.000Z',
      lastMessage: message('x1', { privat: 'c1', project: null, body: 'See **you**', author: grace }),
    }),
    privat('c2', { name: 'Launch crew', users: [ada, grace, alan] }),
  ]);
  store.set(teamPeopleAtom, [
    { ...grace, email: 'grace@example.com', isAuth: false, role: 'basic' },
    { ...alan, email: 'alan@example.com', isAuth: false, role: 'basic' },
    { ...ada, email: 'ada@example.com', isAuth: true, role: 'admin' },
  ]);
  return store;
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chats page', () => {
  it('lists private chats with the other person, the preview and the unread count', () => {
    mockGraphQL({});
    renderWithStore(<ChatsPage />, { store: setup(), path: '/chats', routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }] });
    const list = screen.getByRole('list', { name: 'Private' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/chats/c1', '/chats/c2']);
    expect(within(links[0]!).getByText('Grace Hopper')).toBeTruthy();
    expect(within(links[0]!).getByText('Grace Hopper: See you')).toBeTruthy();
    expect(within(links[0]!).getByLabelText('3 unread messages')).toBeTruthy();
    expect(within(links[1]!).getByText('Launch crew')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pick a conversation' })).toBeTruthy();
  });

  it('opens the chosen chat with its conversation', async () => {
    mockGraphQL({
      getMessages: () => ({ data: { getMessages: [message('x1', { privat: 'c2', project: null, body: 'Kick-off at ten' })] } }),
    });
    const router = renderWithStore(<ChatsPage />, {
      store: setup(),
      path: '/chats',
      routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }],
    }).router;
    await router.navigate('/chats/c2');
    expect(await screen.findByText('Kick-off at ten')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Launch crew' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat settings' })).toBeTruthy();
  });

  it('opened on a space channel, starts the lists on the spaces tab with that space', async () => {
    mockGraphQL({ getMessages: () => ({ data: { getMessages: [] } }) });
    const router = renderWithStore(<p>start</p>, {
      store: setup(),
      path: '/start',
      routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }],
    }).router;
    await router.navigate('/chats/p1');
    expect((await screen.findByRole('tab', { name: 'Spaces' })).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('list', { name: 'Spaces' })).getByRole('link', { name: /Design/ })).toBeTruthy();
  });

  it('starts a direct chat with one person from the New chat dialog', async () => {
    const graphql = mockGraphQL({
      setPrivat: () => ({ data: { setPrivat: privat('c9', { users: [ada, alan] }) } }),
      getMessages: () => ({ data: { getMessages: [] } }),
    });
    const { router } = renderWithStore(<ChatsPage />, {
      store: setup(),
      path: '/chats',
      routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Alan Turing' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Group name' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/c9'));
    expect(graphql.callsOf('setPrivat')[0]?.variables).toEqual({ users: ['u3'] });
  });

  it('asks a group for a name before creating it', async () => {
    const graphql = mockGraphQL({
      setPrivat: () => ({ data: { setPrivat: privat('c8', { name: 'Trio', users: [ada, grace, alan] }) } }),
      getMessages: () => ({ data: { getMessages: [] } }),
    });
    renderWithStore(<ChatsPage />, { store: setup(), path: '/chats', routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }] });
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Alan Turing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Grace Hopper' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Give the group a name.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Trio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(graphql.callsOf('setPrivat')[0]?.variables).toEqual({ users: ['u3', 'u2'], name: 'Trio' }));
  });
});

describe('one place for chats and messages', () => {
  const taskChat = {
    id: 't1',
    name: 'Ship the beta',
    idCode: 'DES-4',
    letter: 'S',
    color: '#2f9e8f',
    project: 'p1',
    unread: 2,
    lastMessage: message('z1', { task: 't1', project: null, body: 'Release notes are ready' }),
  };

  it('has private, recent, spaces, tasks and invitations tabs; invitations say meetings are not there yet', async () => {
    mockGraphQL({ getTaskChats: () => ({ data: { getTaskChats: [] } }) });
    renderWithStore(<ChatsPage />, { store: setup(), path: '/chats' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Private', 'Recent', 'Spaces', 'Tasks', 'Invitations']);
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    expect(
      within(screen.getByRole('list', { name: 'Recent' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/chats/c1', '/chats/c2']);
    await userEvent.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(screen.getByRole('heading', { name: 'No meeting invitations' })).toBeTruthy();
  });

  it('lists task threads with their space and opens one with a link to the task', async () => {
    mockGraphQL({
      getTaskChats: () => ({ data: { getTaskChats: [taskChat] } }),
      getMessages: () => ({ data: { getMessages: [taskChat.lastMessage] } }),
    });
    const { router } = renderWithStore(<ChatsPage />, {
      store: setup(),
      path: '/chats',
      routes: [{ path: '/chats/:chatid', element: <ChatsPage /> }],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Tasks' }));
    const link = await within(await screen.findByRole('list', { name: 'Tasks' })).findByRole('link', { name: /Ship the beta/ });
    expect(link.getAttribute('href')).toBe('/chats/t1');
    expect(within(link).getByText('Design · DES-4')).toBeTruthy();
    expect(within(link).getByLabelText('2 unread messages')).toBeTruthy();
    await router.navigate('/chats/t1');
    expect(await screen.findByRole('heading', { name: 'Ship the beta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open DES-4' }).getAttribute('href')).toBe('/p1/tasks/d/t1');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it("sends a space's messages address to that space's channel, and the overview's to the chat lists", async () => {
    mockGraphQL({ getMessages: () => ({ data: { getMessages: [] } }), getTaskChats: () => ({ data: { getTaskChats: [] } }) });
    const inScope = (scope: string) => ({
      element: <Outlet context={{ kind: 'area', scope, area: 'messages' }} />,
      children: [{ path: `/${scope}/messages`, element: <MessagesPage /> }],
    });
    const { router } = renderWithStore(<p>start</p>, {
      store: setup(),
      path: '/start',
      routes: [inScope('p1'), inScope('overview'), { path: '/chats/:chatid?', element: <ChatsPage /> }],
    });
    await router.navigate('/p1/messages');
    expect(await screen.findByRole('heading', { name: 'Design' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/p1');
    await router.navigate('/overview/messages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });
});

describe('unread counts', () => {
  it('sums private chats and spaces, updated by subProject project.message and project.read', () => {
    const store = setup();
    expect(store.get(chatUnreadTotalAtom)).toBe(3);
    applySpaceChatChange(store, { type: 'project.message', projectId: 'p1', project: { id: 'p1', unread: 2, lastMessage: message('y1') } });
    expect(store.get(chatUnreadTotalAtom)).toBe(5);
    applySpaceChatChange(store, { type: 'project.updated', projectId: 'p1', project: { id: 'p1', unread: 9, lastMessage: null } });
    expect(store.get(chatUnreadTotalAtom)).toBe(5);
    // Re-reading the spaces list (a reconnection) keeps the chat summary.
    store.set(storeSpacesAtom, [{ id: 'p1', name: 'Design 2', color: null, logo: null, isMember: true }], { replaceList: true });
    expect(store.get(chatUnreadTotalAtom)).toBe(5);
    applySpaceChatChange(store, { type: 'project.read', projectId: 'p1', project: { id: 'p1', unread: 0, lastMessage: message('y1') } });
    expect(store.get(chatUnreadTotalAtom)).toBe(3);
  });
});
