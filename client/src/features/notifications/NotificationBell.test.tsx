// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, heldReply, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { live, resetLive } from '../../test/liveMock';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { currentTeamAtom } from '../auth/session';
import { notificationFeedAtom, unreadNotificationsAtom } from './atoms';
import { NotificationBell } from './NotificationBell';
import type { AppNotification, NotificationChange } from './operations';
import { notification } from './testNotifications';

vi.mock('../../lib/subscriptions', async (importOriginal) => (await import('../../test/liveMock')).liveModule(importOriginal));

const justNow = () => new Date(Date.now() - 5 * 60_000).toISOString();

function page(notifications: AppNotification[], unread: number, hasMore = false) {
  return { data: { getNotifications: { notifications, unread, hasMore } } };
}

function sendLive(change: Partial<NotificationChange> & Pick<NotificationChange, 'type' | 'unread'>) {
  act(() =>
    live.subscriptions.get('subNotification')?.next({ subNotification: { seq: 1, notification: null, notificationIds: [], ...change } }),
  );
}

function renderBell(unread = 0) {
  const store = signedInStore();
  store.set(unreadNotificationsAtom, { teamId: 't1', count: unread });
  return renderWithStore(<NotificationBell />, {
    store,
    path: '/overview',
    routes: [{ path: '/chats/:chatid', element: <p>conversation</p> }],
  });
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => resetLive());
afterEach(() => cleanup());

describe('the notifications bell', () => {
  it('shows the live unread count, says it in its name, and caps it at 99+', async () => {
    renderBell(2);
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' }).textContent).toContain('2');
    sendLive({
      type: 'notification.created',
      notification: notification({ id: 'n9', createdAt: justNow() }),
      notificationIds: ['n9'],
      unread: 3,
    });
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' }).textContent).toContain('3');
    sendLive({ type: 'notification.created', unread: 150 });
    expect(screen.getByRole('button', { name: 'Notifications, 150 unread' }).textContent).toContain('99+');
    sendLive({ type: 'notification.read', notificationIds: ['n9'], unread: 0 });
    expect(screen.getByRole('button', { name: 'Notifications' }).textContent).toBe('');
  });

  it('opens a panel grouped by day with who did what, marks an item read on open and goes to its conversation', async () => {
    const mention = notification({ id: 'n1', message: 'm1', createdAt: justNow() });
    const old = notification({
      id: 'n2',
      type: 'TASK_UPDATED',
      description: 'T-12 Fix the login',
      task: 'k1',
      read: true,
      createdAt: '2025-03-04T10:00:00.000Z',
    });
    const graphql = mockGraphQL({
      getNotifications: () => page([mention, old], 1),
      readNotifications: () => ({ data: { readNotifications: 1 } }),
    });
    const { router, store } = renderBell(1);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect((await within(panel).findByRole('heading', { name: 'Today' })).isConnected).toBe(true);
    expect(within(panel).getByRole('heading', { name: /2025/ }).isConnected).toBe(true);
    const item = within(panel).getByRole('link', { name: /Ada Lovelace mentioned you/ });
    expect(item.textContent).toContain('Could you look at the login?');
    expect(item.textContent).toContain('5 minutes ago');
    expect(within(panel).getByRole('link', { name: /^Unread: Ada Lovelace mentioned you/ })).toBe(item);
    expect(
      within(panel)
        .getByRole('link', { name: /Ada Lovelace updated a task/ })
        .getAttribute('href'),
    ).toBe('/p1/tasks/d/k1');
    expect(graphql.callsOf('getNotifications')[0]?.variables).toEqual({ first: 30, filter: 'all' });

    await userEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/p1'));
    expect(router.state.location.search).toBe('?message=m1');
    expect(graphql.callsOf('readNotifications')[0]?.variables).toEqual({ ids: ['n1'] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(unreadNotificationsAtom)).toEqual({ teamId: 't1', count: 0 });
  });

  it('filters unread, mentions and pinned on the server, pins, and marks all read', async () => {
    const mention = notification({ id: 'n1', createdAt: justNow() });
    const graphql = mockGraphQL({
      getNotifications: (variables) => (variables.filter === 'marked' ? page([], 1) : page([mention], 1)),
      markNotification: (variables) => ({ data: { markNotification: { ...mention, marked: variables.marked } } }),
      readNotifications: () => ({ data: { readNotifications: 1 } }),
    });
    renderBell(1);
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('link', { name: /mentioned you/ });

    await userEvent.click(within(panel).getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(graphql.callsOf('getNotifications').at(-1)?.variables).toMatchObject({ filter: 'unread' }));
    expect(within(panel).getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mentions' }));
    await waitFor(() => expect(graphql.callsOf('getNotifications').at(-1)?.variables).toMatchObject({ filter: 'mentions' }));

    const pin = await within(panel).findByRole('button', { name: 'Pin', pressed: false });
    await userEvent.click(pin);
    expect((await within(panel).findByRole('button', { name: 'Pin', pressed: true })).isConnected).toBe(true);
    expect(graphql.callsOf('markNotification')[0]?.variables).toEqual({ id: 'n1', marked: true });

    await userEvent.click(within(panel).getByRole('button', { name: 'Pinned' }));
    expect((await within(panel).findByRole('heading', { name: 'Nothing pinned' })).isConnected).toBe(true);

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(graphql.callsOf('readNotifications')[0]?.variables).toEqual({}));
    expect((await screen.findByRole('button', { name: 'Notifications', hidden: true })).isConnected).toBe(true);
    expect((within(panel).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves through the items with the arrow keys; Escape closes the panel and focus goes back to the bell', async () => {
    mockGraphQL({
      getNotifications: () =>
        page(
          [notification({ id: 'a', createdAt: justNow() }), notification({ id: 'b', type: 'TASK_MOVE', task: 'k2', createdAt: justNow() })],
          2,
        ),
    });
    renderBell(2);
    const bell = screen.getByRole('button', { name: /Notifications/ });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog');
    const first = await within(panel).findByRole('link', { name: /mentioned you/ });
    const second = within(panel).getByRole('link', { name: /moved a task/ });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(second);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(bell);
  });

  it('loads the next page after the last one shown', async () => {
    const first = Array.from({ length: 2 }, (_, index) => notification({ id: `a${index}`, createdAt: justNow() }));
    const graphql = mockGraphQL({
      getNotifications: (variables) =>
        variables.after ? page([notification({ id: 'older', type: 'TASK_STATE', createdAt: justNow() })], 2) : page(first, 2, true),
    });
    renderBell(2);
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Load more' }));
    expect((await within(panel).findByRole('link', { name: /changed a task's state/ })).isConnected).toBe(true);
    expect(graphql.callsOf('getNotifications').at(-1)?.variables).toEqual({ first: 30, filter: 'all', after: 'a1' });
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('after a team switch, reads the new team’s count and listens again', async () => {
    const graphql = mockGraphQL({ getNotifications: () => page([], 4) });
    const { store } = renderBell(2);
    const before = live.subscriptions.get('subNotification');
    act(() => store.set(currentTeamAtom, { id: 't2', name: 'Looms', logo: null, url: null, role: null }));
    expect((await screen.findByRole('button', { name: 'Notifications, 4 unread' })).isConnected).toBe(true);
    expect(graphql.callsOf('getNotifications')).toHaveLength(1);
    expect(live.subscriptions.get('subNotification')).not.toBe(before);
  });

  it('after a gap, keeps a notification created while the first page was read again, and its count', async () => {
    const older = notification({ id: 'n1', createdAt: '2026-11-26T08:00:00.000Z' });
    const answer = heldReply();
    mockGraphQL({ getNotifications: answer.asked });
    const { store } = renderBell(1);
    store.set(notificationFeedAtom, { teamId: 't1', filter: 'all', items: [older], hasMore: false });
    act(() => live.subscriptions.get('subNotification')?.reload?.());
    await answer.sent();
    sendLive({
      type: 'notification.created',
      notification: notification({ id: 'n9', createdAt: justNow() }),
      notificationIds: ['n9'],
      unread: 1,
    });
    // During the gap n1 was read in another tab: the answer says so, and predates n9.
    answer.release(page([{ ...older, read: true }], 0));
    const readAgain = () => store.get(notificationFeedAtom)?.items.map((item) => [item.id, item.read]);
    await waitFor(() => expect(readAgain()?.at(-1)).toEqual(['n1', true]));
    expect(readAgain()).toEqual([
      ['n9', false],
      ['n1', true],
    ]);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' }).isConnected).toBe(true);
  });

  it('says when the list could not be read, and tries again', async () => {
    let fail = true;
    mockGraphQL({ getNotifications: () => (fail ? failure('INTERNAL', 'Something went wrong') : page([], 0)) });
    renderBell(0);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Notifications could not be loaded.');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect((await within(panel).findByRole('heading', { name: 'No notifications yet' })).isConnected).toBe(true);
  });

  it('with no mentions, says that mentions in conversations and docs show up there', async () => {
    mockGraphQL({ getNotifications: () => page([], 0) });
    renderBell(0);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mentions' }));
    expect((await within(panel).findByRole('heading', { name: 'No mentions' })).isConnected).toBe(true);
    expect(within(panel).getByText('When someone mentions you in a conversation or a doc, it shows up here.').isConnected).toBe(true);
  });
});
