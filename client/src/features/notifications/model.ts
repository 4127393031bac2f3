/**
 * The notifications list as the bell and panel keep it: one reducer for server changes and mutation results
 * (STYLE: the same reducer into the same atoms), the place each notification opens, and the day groups.
 */
import type { AppNotification, NotificationChange } from './operations';

export const notificationFilters = ['all', 'unread', 'mentions', 'marked'] as const;
export type NotificationFilter = (typeof notificationFilters)[number];

/** The panel's page size (the server's default is 30, at most 100). */
export const notificationPageSize = 30;

/** What the panel shows for one filter: newest first. */
export interface NotificationFeed {
  teamId: string;
  filter: NotificationFilter;
  items: readonly AppNotification[];
  hasMore: boolean;
}

/** The bell's text: the count, capped so the badge keeps its size. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

export function matchesFilter(notification: AppNotification, filter: NotificationFilter): boolean {
  if (filter === 'unread') return !notification.read;
  if (filter === 'mentions') return notification.type === 'MESSAGE_MENTION';
  if (filter === 'marked') return notification.marked;
  return true;
}

function newestFirst(left: AppNotification, right: AppNotification): number {
  return Date.parse(right.createdAt) - Date.parse(left.createdAt);
}

/** Puts a notification in its place by time, replacing the copy already there. */
function placed(items: readonly AppNotification[], notification: AppNotification): AppNotification[] {
  const others = items.filter((item) => item.id !== notification.id);
  return [...others, notification].sort(newestFirst);
}

/**
 * A change applied to the feed. A notification read while the "unread" filter shows stays listed (read), so the
 * list does not jump under the pointer; unpinned under "pinned" leaves, since that is what the person asked.
 */
export function applyChange(
  feed: NotificationFeed,
  change: Pick<NotificationChange, 'type' | 'notification' | 'notificationIds'>,
): NotificationFeed {
  const { notification } = change;
  if (change.type === 'notification.read') {
    const ids = new Set(change.notificationIds);
    if (!feed.items.some((item) => ids.has(item.id) && !item.read)) return feed;
    return { ...feed, items: feed.items.map((item) => (ids.has(item.id) ? { ...item, read: true } : item)) };
  }
  if (!notification) return feed;
  const known = feed.items.some((item) => item.id === notification.id);
  if (change.type === 'notification.created') {
    if (known || !matchesFilter(notification, feed.filter)) return feed;
    return { ...feed, items: placed(feed.items, notification) };
  }
  if (change.type === 'notification.marked') {
    if (feed.filter === 'marked' && !notification.marked)
      return { ...feed, items: feed.items.filter((item) => item.id !== notification.id) };
    if (known)
      return { ...feed, items: feed.items.map((item) => (item.id === notification.id ? { ...item, marked: notification.marked } : item)) };
    // Pinned elsewhere (another tab) while the pinned list shows: it joins where its time puts it, unless older than the loaded pages.
    const oldest = feed.items.at(-1);
    if (feed.filter === 'marked' && (!feed.hasMore || !oldest || newestFirst(notification, oldest) <= 0)) {
      return { ...feed, items: placed(feed.items, notification) };
    }
  }
  return feed;
}

/** Every notification of the feed read (mark all read). */
export function allRead(feed: NotificationFeed): NotificationFeed {
  return feed.items.some((item) => !item.read)
    ? { ...feed, items: feed.items.map((item) => (item.read ? item : { ...item, read: true })) }
    : feed;
}

type Place = Pick<AppNotification, 'type' | 'project' | 'task' | 'meetingroom' | 'file' | 'doc' | 'event' | 'message' | 'privat'>;

/**
 * Where a notification opens (SPEC §2 routes): a message its conversation (a private chat, a task's thread or a
 * space's channel; `message` names it for the conversation), a task its panel (a file added to a task too), a
 * story its space's stories, a doc, file or event the detail item of its area, a meeting room its page, a call its
 * private chat or room; else the space. Null: nowhere.
 */
export function notificationPath(notification: Place): string | null {
  const { project, task, meetingroom, file, doc, event, message, privat } = notification;
  const encoded = (id: string) => encodeURIComponent(id);
  if (message) {
    const conversation = privat ?? task ?? project;
    if (conversation) return `/chats/${encoded(conversation)}?message=${encoded(message)}`;
    if (meetingroom) return `/meetingroom/${encoded(meetingroom)}`;
  }
  if (task && project) return `/${encoded(project)}/tasks/d/${encoded(task)}`;
  if (notification.type === 'NEW_STORY' && project) return `/${encoded(project)}/stories`;
  if (doc && project) return `/${encoded(project)}/docs/d/${encoded(doc)}`;
  if (file && project) return `/${encoded(project)}/files/d/${encoded(file)}`;
  if (event) return `/${encoded(project ?? 'overview')}/calendar/d/${encoded(event)}`;
  if (meetingroom) return `/meetingroom/${encoded(meetingroom)}`;
  if (privat) return `/chats/${encoded(privat)}`;
  if (project) return `/${encoded(project)}`;
  return null;
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Consecutive notifications of one local day together, in list order (newest first). */
export function groupByDay(items: readonly AppNotification[]): { day: string; first: string; items: AppNotification[] }[] {
  const groups: { day: string; first: string; items: AppNotification[] }[] = [];
  for (const item of items) {
    const key = dayKey(new Date(item.createdAt));
    const last = groups.at(-1);
    if (last?.day === key) last.items.push(item);
    else groups.push({ day: key, first: item.createdAt, items: [item] });
  }
  return groups;
}
