// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/graphql';
import type { AppStore } from '../../lib/store';
import { failure, heldReply, mockGraphQL } from '../../test/graphqlMock';
import { signedInStore } from '../../test/signedInStore';
import {
  loadFirstPage,
  loadNextPage,
  notificationFeedAtom,
  pinNotification,
  readAllNotifications,
  readNotification,
  receiveChange,
  unreadNotificationsAtom,
} from './atoms';
import type { NotificationFilter } from './model';
import type { AppNotification, NotificationChange } from './operations';
import { notification } from './testNotifications';

const older = notification({ id: 'old', createdAt: '2026-11-26T08:00:00.000Z' });
const created = notification({ id: 'new', createdAt: '2026-11-26T10:00:00.000Z' });

function change(type: string, unread: number, about: AppNotification | string): NotificationChange {
  return typeof about === 'string'
    ? { type, seq: 1, notification: null, notificationIds: [about], unread }
    : { type, seq: 1, notification: about, notificationIds: [about.id], unread };
}

/** A store showing `items` under `filter` with `unread` on the bell. */
function showing(items: AppNotification[], unread: number, filter: NotificationFilter = 'all'): AppStore {
  const store = signedInStore();
  store.set(notificationFeedAtom, { teamId: 't1', filter, items, hasMore: false });
  store.set(unreadNotificationsAtom, { teamId: 't1', count: unread });
  return store;
}

/** Starts a first-page read (as the reload after a gap does) held until the test answers it; other operations answer as given. */
async function readHeld(store: AppStore, filter: NotificationFilter = 'all', others: Parameters<typeof mockGraphQL>[0] = {}) {
  const answer = heldReply();
  mockGraphQL({ ...others, getNotifications: answer.asked });
  const reading = loadFirstPage(request, store, 't1', filter, { silent: true });
  await answer.sent();
  return (notifications: AppNotification[], unread: number) => {
    answer.release({ data: { getNotifications: { notifications, unread, hasMore: false } } });
    return reading;
  };
}

/** The feed's ids with read and pinned, and the bell's count. */
function shown(store: AppStore) {
  return {
    items: store.get(notificationFeedAtom)?.items.map((item) => [item.id, item.read, item.marked]),
    count: store.get(unreadNotificationsAtom)?.count,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a first-page read that was on its way while notifications were heard', () => {
  it('keeps a notification created live that the read predates, with the count the server gave after it', async () => {
    const store = showing([older], 1);
    const answer = await readHeld(store);
    receiveChange(store, change('notification.created', 2, created));
    await answer([older], 1);
    expect(shown(store)).toEqual({
      items: [
        ['new', false, false],
        ['old', false, false],
      ],
      count: 2,
    });
  });

  it('keeps the read’s version of a notification it already has when its creation is heard meanwhile (the read is newer)', async () => {
    const store = showing([older], 1);
    const answer = await readHeld(store);
    receiveChange(store, change('notification.created', 2, created));
    await answer([{ ...created, read: true }, older], 1);
    expect(shown(store).items).toEqual([
      ['new', true, false],
      ['old', false, false],
    ]);
  });

  it('keeps a notification opened meanwhile read, and lowers the read’s count only when the read predates the opening', async () => {
    for (const readIsNewer of [false, true]) {
      const store = showing([created, older], 2);
      const answer = await readHeld(store, 'all', { readNotifications: () => ({ data: { readNotifications: 1 } }) });
      await readNotification(request, store, created);
      await answer([{ ...created, read: readIsNewer }, older], readIsNewer ? 1 : 2);
      expect(shown(store)).toEqual({
        items: [
          ['new', true, false],
          ['old', false, false],
        ],
        count: 1,
      });
    }
  });

  it('shows unread again a notification whose opening was refused meanwhile, without raising the read’s count', async () => {
    const store = showing([created, older], 2);
    const answer = await readHeld(store, 'all', { readNotifications: () => failure('INTERNAL', 'Something went wrong') });
    await expect(readNotification(request, store, created)).rejects.toThrow();
    await answer([created, older], 2);
    expect(shown(store)).toEqual({
      items: [
        ['new', false, false],
        ['old', false, false],
      ],
      count: 2,
    });
  });

  it('keeps a mark-all and a pin answered meanwhile', async () => {
    const store = showing([created, older], 2);
    const answer = await readHeld(store, 'all', {
      readNotifications: () => ({ data: { readNotifications: 2 } }),
      markNotification: () => ({ data: { markNotification: { ...older, marked: true } } }),
    });
    await readAllNotifications(request, store);
    await pinNotification(request, store, older, true);
    await answer([created, older], 2);
    expect(shown(store)).toEqual({
      items: [
        ['new', true, false],
        ['old', true, true],
      ],
      count: 0,
    });
  });

  it('leaves out of the pinned list one unpinned meanwhile', async () => {
    const pinned = { ...older, marked: true };
    const store = showing([pinned], 1, 'marked');
    const answer = await readHeld(store, 'marked');
    receiveChange(store, change('notification.marked', 1, older));
    await answer([pinned], 1);
    expect(shown(store)).toEqual({ items: [], count: 1 });
  });

  it('does not take what an earlier read stored meanwhile as heard: the read answered last replaces it', async () => {
    const store = showing([older], 1);
    const answer = await readHeld(store);
    store.set(notificationFeedAtom, { teamId: 't1', filter: 'all', items: [created, older], hasMore: false });
    store.set(unreadNotificationsAtom, { teamId: 't1', count: 2 });
    await answer([older], 1);
    expect(shown(store)).toEqual({ items: [['old', false, false]], count: 1 });
  });

  it('does not replace the feed of another filter chosen meanwhile, unless the read chose its filter', async () => {
    const store = showing([older], 1);
    const answer = await readHeld(store, 'all');
    store.set(notificationFeedAtom, { teamId: 't1', filter: 'unread', items: [older], hasMore: false });
    await answer([created, older], 2);
    expect([store.get(notificationFeedAtom)?.filter, shown(store)]).toEqual(['unread', { items: [['old', false, false]], count: 1 }]);

    mockGraphQL({
      getNotifications: () => ({ data: { getNotifications: { notifications: [created, older], unread: 2, hasMore: false } } }),
    });
    await loadFirstPage(request, store, 't1', 'all', { choosesFilter: true });
    expect([store.get(notificationFeedAtom)?.filter, shown(store).count]).toEqual(['all', 2]);
  });
});

describe('a next page that was on its way while notifications were heard', () => {
  const oldest = notification({ id: 'oldest', createdAt: '2026-11-25T08:00:00.000Z' });

  /** Starts reading the page after what `store` shows, held until the test answers it. */
  async function nextHeld(store: AppStore) {
    const answer = heldReply();
    const graphql = mockGraphQL({ getNotifications: answer.asked });
    const reading = loadNextPage(request, store, { ...store.get(notificationFeedAtom)!, hasMore: true });
    await answer.sent();
    expect(graphql.callsOf('getNotifications')[0]?.variables).toEqual({ first: 30, filter: 'all', after: 'old' });
    return (notifications: AppNotification[], unread: number) => {
      answer.release({ data: { getNotifications: { notifications, unread, hasMore: false } } });
      return reading;
    };
  }

  it('joins the feed with a read heard meanwhile laid over it, and the count the server gave after what was heard', async () => {
    const store = showing([older], 2);
    const answer = await nextHeld(store);
    receiveChange(store, change('notification.read', 1, 'oldest'));
    receiveChange(store, change('notification.created', 2, created));
    await answer([oldest], 2);
    expect(shown(store)).toEqual({
      items: [
        ['new', false, false],
        ['old', false, false],
        ['oldest', true, false],
      ],
      count: 2,
    });
  });

  it('is left out when a first page stored meanwhile ends elsewhere, so the list is read on from its new end without a gap', async () => {
    const store = showing([older], 2);
    const answer = await nextHeld(store);
    store.set(notificationFeedAtom, { teamId: 't1', filter: 'all', items: [created], hasMore: true });
    await answer([oldest], 1);
    expect(shown(store)).toEqual({ items: [['new', false, false]], count: 2 });
  });
});
