import { and, asc, count, desc, eq, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import { addedNotificationTypes, notificationTypes, type NotificationType } from '#shared/notifications';
import type { Transaction } from '../../db/connection';
import { notificationPreferences } from './preferences';
import { notifications } from './tables';

export type Reader = Pick<Transaction, 'select'>;
export type NotificationRow = typeof notifications.$inferSelect;

const everyType: readonly NotificationType[] = [...notificationTypes, ...addedNotificationTypes];

/** The types a person switched off for the app channel (own setting, else the team's default): not listed, counted nor sent live. */
export async function hiddenTypes(db: Reader, userId: string, teamId: string): Promise<NotificationType[]> {
  const preferences = await notificationPreferences(db, userId, teamId);
  return everyType.filter((type) => !preferences.allows('app', type));
}

export const notificationFilters = ['all', 'unread', 'mentions', 'marked'] as const;
export type NotificationFilter = (typeof notificationFilters)[number];

export interface Viewer {
  userId: string;
  teamId: string;
  hidden: readonly NotificationType[];
}

/** The viewer's notifications this list shows: their own, in their team, of types the app channel lets through. */
function visibleTo(viewer: Viewer): SQL {
  const conditions = [eq(notifications.userId, viewer.userId), eq(notifications.teamId, viewer.teamId)];
  if (viewer.hidden.length > 0) conditions.push(notInArray(notifications.type, [...viewer.hidden]));
  return and(...conditions)!;
}

function filterCondition(filter: NotificationFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'unread':
      return eq(notifications.read, false);
    case 'mentions':
      return eq(notifications.type, 'MESSAGE_MENTION');
    case 'marked':
      return eq(notifications.marked, true);
  }
}

export interface PageRequest {
  projectId: string | null;
  filter: NotificationFilter;
  limit: number;
  /** The `seq` of the previous page's last notification. */
  beforeSeq: number | null;
}

/** One page, newest first, and whether more follow. */
export async function notificationPage(
  db: Reader,
  viewer: Viewer,
  request: PageRequest,
): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
  const conditions = [visibleTo(viewer), filterCondition(request.filter)];
  if (request.projectId) conditions.push(eq(notifications.projectId, request.projectId));
  if (request.beforeSeq !== null) conditions.push(lt(notifications.seq, request.beforeSeq));
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.seq))
    .limit(request.limit + 1);
  return { rows: rows.slice(0, request.limit), hasMore: rows.length > request.limit };
}

/** The bell's count: unread, in the whole team, of the types the app channel lets through. */
export async function unreadCount(db: Reader, viewer: Viewer): Promise<number> {
  // count() arrives as text on PostgreSQL (a bigint): read as a number on both.
  const [row] = await db
    .select({ count: count().mapWith(Number) })
    .from(notifications)
    .where(and(visibleTo(viewer), eq(notifications.read, false)));
  return row?.count ?? 0;
}

/** Unread ids of the viewer's list (of one space when given): what "mark all read" changes. */
export async function unreadIds(db: Reader, viewer: Viewer, projectId: string | null): Promise<string[]> {
  const conditions = [visibleTo(viewer), eq(notifications.read, false)];
  if (projectId) conditions.push(eq(notifications.projectId, projectId));
  // Oldest first (the order SQLite's index gave before it was said), so a read event carries its ids alike on both databases.
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(asc(notifications.seq));
  return rows.map((row) => row.id);
}

export async function findNotification(db: Reader, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

export async function findNotifications(db: Reader, ids: readonly string[]): Promise<NotificationRow[]> {
  return ids.length === 0
    ? []
    : await db
        .select()
        .from(notifications)
        .where(inArray(notifications.id, [...ids]))
        .orderBy(asc(notifications.id));
}
