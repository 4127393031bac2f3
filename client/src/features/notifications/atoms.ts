/**
 * The notifications' state: the list the panel shows (the start-up preload reads its first page) and the unread count
 * the bell shows, both for one team; live changes and mutation results go through model.ts's reducer into them, and a
 * read replays over its answer what was heard while it was on its way (feedAsRead).
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

interface NotificationPage {
  items: readonly AppNotification[];
  unread: number;
  hasMore: boolean;
}

/** One page of the filter's notifications, newest first; `after` is the last one already shown. */
async function fetchNotificationPage(
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

/**
 * One thing the notifications heard (live, or the caller's own reads, refusals, mark-all and pins as they were shown),
 * kept while a read of a page is on its way so its answer, which may predate it, does not undo it (feedAsRead).
 */
type HeardNotification =
  | { kind: 'change'; change: NotificationChange }
  | { kind: 'opened'; id: string }
  | { kind: 'refused'; id: string }
  | { kind: 'allRead' }
  | { kind: 'pinned'; notification: AppNotification };

/** What was heard while one read of a page was on its way, in the order it arrived. */
interface HeardMeanwhile {
  teamId: string;
  inOrder: HeardNotification[];
}

/** Per store, the reads of pages on their way, each with what was heard since it was sent. */
const readsOnTheirWay = new WeakMap<AppStore, Set<HeardMeanwhile>>();

function hear(store: AppStore, teamId: string, heard: HeardNotification): void {
  for (const meanwhile of readsOnTheirWay.get(store) ?? []) if (meanwhile.teamId === teamId) meanwhile.inOrder.push(heard);
}

/** Starts keeping what the team's notifications hear until `end` (call it when the read is answered or failed). */
function startHearing(store: AppStore, teamId: string): { heard: HeardMeanwhile; end: () => void } {
  let reads = readsOnTheirWay.get(store);
  if (!reads) readsOnTheirWay.set(store, (reads = new Set()));
  const heard: HeardMeanwhile = { teamId, inOrder: [] };
  reads.add(heard);
  return { heard, end: () => reads.delete(heard) };
}

/**
 * A page's answer with what was heard while it was on its way replayed over it in the order it arrived, each
 * under the rule it had live (model.ts's reducer). A notification the read already has keeps the read's version when
 * its creation is heard, and one read stays read (a notification never becomes unread on the server). The count
 * follows: a live change's count is the server's after it, a mark-all's is zero, and an opening lowers it by one
 * unless the read already shows that notification read (it was served after the opening); a refusal gives that one back.
 */
function feedAsRead(feed: NotificationFeed, unread: number, heard: HeardMeanwhile): { feed: NotificationFeed; unread: number } {
  let count = unread;
  // The openings this replay lowered the count for since the last count the server gave.
  const lowered = new Set<string>();
  for (const entry of heard.inOrder) {
    if (entry.kind === 'change') {
      feed = applyChange(feed, entry.change);
      count = entry.change.unread;
      lowered.clear();
    } else if (entry.kind === 'opened') {
      if (feed.items.find((item) => item.id === entry.id)?.read !== true) {
        count = Math.max(0, count - 1);
        lowered.add(entry.id);
      }
      feed = applyChange(feed, { type: 'notification.read', notification: null, notificationIds: [entry.id] });
    } else if (entry.kind === 'refused') {
      feed = withUnread(feed, entry.id);
      if (lowered.delete(entry.id)) count += 1;
    } else if (entry.kind === 'allRead') {
      feed = allRead(feed);
      count = 0;
      lowered.clear();
    } else {
      feed = applyChange(feed, { type: 'notification.marked', notification: entry.notification, notificationIds: [entry.notification.id] });
    }
  }
  return { feed, unread: count };
}

/** The feed with one notification unread again (its opening refused). */
function withUnread(feed: NotificationFeed, id: string): NotificationFeed {
  return { ...feed, items: feed.items.map((item) => (item.id === id ? { ...item, read: false } : item)) };
}

/**
 * Reads the first page of a filter's notifications, which becomes the feed (for the team it was read in) and gives the
 * bell its count, with what was heard while it was on its way laid over it (feedAsRead). Stored only while the team is
 * the one it was read in and `wanted` says so; a read that does not choose the filter (the start-up preload, a
 * team switch, a reload after a gap) does not replace a feed another read stored for another filter meanwhile.
 */
export async function loadFirstPage(
  request: Request,
  store: AppStore,
  teamId: string,
  filter: NotificationFilter,
  options: { silent?: boolean; choosesFilter?: boolean; wanted?: () => boolean } = {},
): Promise<void> {
  const hearing = startHearing(store, teamId);
  try {
    const page = await fetchNotificationPage(request, filter, undefined, options.silent);
    if (store.get(currentTeamAtom)?.id !== teamId || (options.wanted && !options.wanted())) return;
    const shown = store.get(notificationFeedAtom);
    if (!options.choosesFilter && shown?.teamId === teamId && shown.filter !== filter) return;
    const read = feedAsRead({ teamId, filter, items: page.items, hasMore: page.hasMore }, page.unread, hearing.heard);
    store.set(notificationFeedAtom, read.feed);
    store.set(unreadNotificationsAtom, { teamId, count: read.unread });
  } finally {
    hearing.end();
  }
}

/**
 * Reads the page after the feed's last notification. It joins the feed while the feed is still the one it was read for
 * and still ends where it was read from (a first page stored meanwhile starts the list again, and the next page is then
 * read from its end, leaving no gap), with what was heard while it was on its way replayed over it as for a first page
 * (feedAsRead); the count follows.
 */
export async function loadNextPage(request: Request, store: AppStore, feed: NotificationFeed): Promise<void> {
  const last = feed.items.at(-1);
  if (!last) return;
  const hearing = startHearing(store, feed.teamId);
  try {
    const page = await fetchNotificationPage(request, feed.filter, last.id);
    const current = store.get(notificationFeedAtom);
    if (store.get(currentTeamAtom)?.id !== feed.teamId || !current || current.teamId !== feed.teamId || current.filter !== feed.filter)
      return;
    if (current.items.at(-1)?.id !== last.id) return;
    const read = feedAsRead({ ...current, items: page.items, hasMore: page.hasMore }, page.unread, hearing.heard);
    const known = new Set(current.items.map((item) => item.id));
    store.set(notificationFeedAtom, {
      ...current,
      items: [...current.items, ...read.feed.items.filter((item) => !known.has(item.id))],
      hasMore: page.hasMore,
    });
    store.set(unreadNotificationsAtom, { teamId: feed.teamId, count: read.unread });
  } finally {
    hearing.end();
  }
}

/** The start-up preload's read (SPEC §7 delayed group): the newest of every kind, silently. */
export async function preloadNotifications(request: Request, store: AppStore): Promise<void> {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  await loadFirstPage(request, store, teamId, 'all', { silent: true });
}

/** A live change of the current team: into the feed, and the count the server says is left. */
export function receiveChange(store: AppStore, change: NotificationChange): void {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  hear(store, teamId, { kind: 'change', change });
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
  hear(store, teamId, { kind: 'opened', id: notification.id });
  store.set(notificationFeedAtom, (feed) => (feed ? applyChange(feed, change) : feed));
  lowerCount(store, teamId, 1);
  try {
    await request(readNotificationsDocument, { ids: [notification.id] });
  } catch (error) {
    hear(store, teamId, { kind: 'refused', id: notification.id });
    store.set(notificationFeedAtom, (feed) => (feed ? withUnread(feed, notification.id) : feed));
    lowerCount(store, teamId, -1);
    throw error;
  }
}

/** Mark all read: every unread one of the team. */
export async function readAllNotifications(request: Request, store: AppStore): Promise<void> {
  const teamId = store.get(currentTeamAtom)?.id;
  if (!teamId) return;
  await request(readNotificationsDocument, {});
  hear(store, teamId, { kind: 'allRead' });
  store.set(notificationFeedAtom, (feed) => (feed && feed.teamId === teamId ? allRead(feed) : feed));
  store.set(unreadNotificationsAtom, { teamId, count: 0 });
}

/** Pins or unpins; the server's notification goes through the same reducer as a live change. */
export async function pinNotification(request: Request, store: AppStore, notification: AppNotification, marked: boolean): Promise<void> {
  const { markNotification } = await request(markNotificationDocument, { id: notification.id, marked });
  const teamId = store.get(currentTeamAtom)?.id;
  if (teamId) hear(store, teamId, { kind: 'pinned', notification: markNotification });
  const change = { type: 'notification.marked', notification: markNotification, notificationIds: [markNotification.id] };
  store.set(notificationFeedAtom, (feed) => (feed ? applyChange(feed, change) : feed));
}
