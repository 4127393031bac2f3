/**
 * The notifications' state: the list the panel shows (the start-up preload reads its first page) and the unread count
 * the bell shows, both for one team; live changes and mutation results go through model.ts's reducer into them.
 */
import type { GraphQLClient } from '../../lib/graphql';
import { atom, type AppStore } from '../../lib/store';
import { currentTeamAtom } from '../auth/session';
import { allRead, applyChange, notificationPageSize, type NotificationFeed, type NotificationFilter } from './model';
import {
  getNotificationsDocument,
  markNotificationDocument,
  readNotificationsDocument,
  type AppNotification,
  type NotificationChange,
} from './operations';

export const notificationFeedAtom = atom<NotificationFeed | null>(null);

/** The team's unread count for the bell; null until read. */
export const unreadNotificationsAtom = atom<{ teamId: string; count: number } | null>(null);

type Request = GraphQLClient['request'];

export interface NotificationPage {
  items: readonly AppNotification[];
  unread: number;
  hasMore: boolean;
}

/** One page of the filter's notifications, newest first; `after` is the last one already shown. */
export async function fetchNotificationPage(
  request: Request,
  filter: NotificationFilter,
  after?: string,
  silent = false,
): Promise<NotificationPage> {
  const { getNotifications } = await request(
    getNotificationsDocument,
    { first: notificationPageSize, filter, ...(after ? { after } : {}) },
    silent ? { silent: true } : { handledByCaller: true },
  );
  return { items: getNotifications.notifications, unread: getNotifications.unread, hasMore: getNotifications.hasMore };
}

/** A first page becomes the feed (for the team it was read in) and gives the bell its count. */
export function storeFirstPage(store: AppStore, teamId: string, filter: NotificationFilter, page: NotificationPage): void {
  store.set(notificationFeedAtom, { teamId, filter, items: page.items, hasMore: page.hasMore });
  store.set(unreadNotificationsAtom, { teamId, count: page.unread });
}

/** A further page joins the feed, when the feed is still the one it was read for. */
export function storeNextPage(store: AppStore, feed: NotificationFeed, page: NotificationPage): void {
  store.set(notificationFeedAtom, (current) => {
    if (!current || current.teamId !== feed.teamId || current.filter !== feed.filter) return current;
    const known = new Set(current.items.map((item) => item.id));
    return { ...current, items: [...current.items, ...page.items.filter((item) => !known.has(item.id))], hasMore: page.hasMore };
  });
  store.set(unreadNotificationsAtom, { teamId: feed.teamId, count: page.unread });
}

/** The start-up preload's read (SPEC §7 delayed group): the newest of every kind, silently. */
export async function preloadNotifications(request: Request, store: AppStore): Promise<void> {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  const page = await fetchNotificationPage(request, 'all', undefined, true);
  if (store.get(currentTeamAtom)?.id === teamId) storeFirstPage(store, teamId, 'all', page);
}

/** A live change of the current team: into the feed, and the count the server says is left. */
export function receiveChange(store: AppStore, change: NotificationChange): void {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  store.set(notificationFeedAtom, (feed) => (feed && feed.teamId === teamId ? applyChange(feed, change) : feed));
  store.set(unreadNotificationsAtom, { teamId, count: change.unread });
}

function lowerCount(store: AppStore, teamId: string, by: number): void {
  store.set(unreadNotificationsAtom, (current) =>
    current?.teamId === teamId ? { teamId, count: Math.max(0, current.count - by) } : current,
  );
}

/** Marks one notification read (opening it): shown at once, put back when the server refuses (the data client says why). */
export async function readNotification(request: Request, store: AppStore, notification: AppNotification): Promise<void> {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId || notification.read) return;
  const change = { type: 'notification.read', notification: null, notificationIds: [notification.id] };
  store.set(notificationFeedAtom, (feed) => (feed ? applyChange(feed, change) : feed));
  lowerCount(store, teamId, 1);
  try {
    await request(readNotificationsDocument, { ids: [notification.id] });
  } catch (error) {
    store.set(notificationFeedAtom, (feed) =>
      feed ? { ...feed, items: feed.items.map((item) => (item.id === notification.id ? { ...item, read: false } : item)) } : feed,
    );
    lowerCount(store, teamId, -1);
    throw error;
  }
}

/** Mark all read: every unread one of the team. */
export async function readAllNotifications(request: Request, store: AppStore): Promise<void> {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  await request(readNotificationsDocument, {});
  store.set(notificationFeedAtom, (feed) => (feed && feed.teamId === teamId ? allRead(feed) : feed));
  store.set(unreadNotificationsAtom, { teamId, count: 0 });
}

/** Pins or unpins; the server's notification goes through the same reducer as a live change. */
export async function pinNotification(request: Request, store: AppStore, notification: AppNotification, marked: boolean): Promise<void> {
  const { markNotification } = await request(markNotificationDocument, { id: notification.id, marked });
  const change = { type: 'notification.marked', notification: markNotification, notificationIds: [markNotification.id] };
  store.set(notificationFeedAtom, (feed) => (feed ? applyChange(feed, change) : feed));
}
