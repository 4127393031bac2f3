import type { MercuriusContext } from 'mercurius';
import { requireReadableSpaceContent } from '../../core/spaceContent';
import { notificationStream } from '../../core/streams';
import { isId } from '../../core/ids';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { codedError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { requireCurrentTeam } from '../teams';
import { notificationPolicy } from './policies';
import { presentNotifications } from './present';
import {
  findNotification,
  findNotifications,
  hiddenTypes,
  notificationFilters,
  notificationPage,
  unreadCount,
  unreadIds,
  type NotificationFilter,
  type NotificationRow,
  type Reader,
  type Viewer,
} from './state';

/** getNotifications' page size: 30 unless asked, at most 100. */
export const notificationPageSize = { default: 30, maximum: 100 } as const;
/** Most ids readNotifications takes at once; "mark all read" names none. */
export const readIdsMaximum = 500;

/** The caller in the team of their session, with the types their app channel hides. */
export async function viewerOf(db: Reader, userId: string): Promise<Viewer> {
  const { team } = await requireCurrentTeam(db, userId);
  return { userId, teamId: team.id, hidden: await hiddenTypes(db, userId, team.id) };
}

/** A space of the viewer's team they may see, or SPACE_NOT_FOUND. */
async function requireSpaceOfTeam(db: Reader, projectId: string, viewer: Viewer): Promise<string> {
  const access = await requireReadableSpaceContent(db, projectId, viewer.userId);
  if (access.teamId !== viewer.teamId) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND', { field: 'project' });
  return access.projectId;
}

/** One of the viewer's own notifications, or NOT_FOUND (another person's, another team's, or none). */
async function requireOwnNotification(db: Reader, id: string, viewer: Viewer, field: string): Promise<NotificationRow> {
  const row = isId(id) ? await findNotification(db, id) : undefined;
  if (!row || !notificationPolicy.own(row, viewer)) throw refusal('NOT_FOUND', 'NOTIFICATION_NOT_FOUND', { field });
  return row;
}

function parseFilter(filter: string | null | undefined): NotificationFilter {
  const value = filter ?? 'all';
  if (!(notificationFilters as readonly string[]).includes(value)) throw codedError('NOTIFICATION_FILTER_INVALID', { field: 'filter' });
  return value as NotificationFilter;
}

function parsePageSize(first: number | null | undefined): number {
  const limit = first ?? notificationPageSize.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > notificationPageSize.maximum)
    throw codedError('NOTIFICATION_PAGE_SIZE', { params: { maximum: notificationPageSize.maximum }, field: 'first' });
  return limit;
}

/** What getNotifications is asked: a filter, a page size, a space, and the last notification of the previous page. */
export interface NotificationsRequest {
  filter?: string | null;
  first?: number | null;
  project?: string | null;
  after?: string | null;
}

/** getNotifications' answer for the caller: one page of their list, the bell's unread count, and whether more follow. */
export async function notificationsOf(
  db: Reader & Parameters<typeof presentNotifications>[0],
  userId: string,
  request: NotificationsRequest,
) {
  const filter = parseFilter(request.filter);
  const limit = parsePageSize(request.first);
  const viewer = await viewerOf(db, userId);
  const projectId = request.project ? await requireSpaceOfTeam(db, request.project, viewer) : null;
  const beforeSeq = request.after ? (await requireOwnNotification(db, request.after, viewer, 'after')).seq : null;
  const page = await notificationPage(db, viewer, { projectId, filter, limit, beforeSeq });
  return { notifications: await presentNotifications(db, page.rows), unread: await unreadCount(db, viewer), hasMore: page.hasMore };
}

/**
 * readNotifications in a unit: the caller's named notifications (or all their unread ones, of one space when given)
 * marked read; answers how many were unread. The person's notification stream is locked before their notifications
 * are read, so two reads at once (two tabs' "mark all read") tell each id once, never twice.
 */
export async function readNotificationsIn(
  unit: UnitOfWork,
  userId: string,
  request: { ids?: readonly string[] | null; project?: string | null },
): Promise<number> {
  if (request.ids && request.ids.length > readIdsMaximum)
    throw codedError('NOTIFICATION_IDS_TOO_MANY', { params: { maximum: readIdsMaximum }, field: 'ids' });
  await unit.lock(notificationStream(userId));
  const db = unit.transaction;
  const viewer = await viewerOf(db, userId);
  const projectId = request.project ? await requireSpaceOfTeam(db, request.project, viewer) : null;
  let changed: string[];
  if (request.ids) {
    const wanted = [...new Set(request.ids)];
    if (!wanted.every(isId)) throw refusal('NOT_FOUND', 'NOTIFICATION_NOT_FOUND', { field: 'ids' });
    const rows = await findNotifications(db, wanted);
    if (rows.length !== wanted.length || !rows.every((row) => notificationPolicy.own(row, viewer)))
      throw refusal('NOT_FOUND', 'NOTIFICATION_NOT_FOUND', { field: 'ids' });
    changed = rows.filter((row) => !row.read && (projectId === null || row.projectId === projectId)).map((row) => row.id);
  } else changed = await unreadIds(db, viewer, projectId);
  if (changed.length > 0)
    await unit.append(
      notificationStream(userId),
      [{ type: 'notification.read', payload: { userId, teamId: viewer.teamId, notificationIds: changed } }],
      { teamId: viewer.teamId },
    );
  return changed.length;
}

/**
 * markNotification in a unit: pins or unpins one of the caller's notifications (nothing appended when it already is
 * so); answers it as presented. The person's notification stream is locked before the notification is read.
 */
export async function markNotificationIn(unit: UnitOfWork, userId: string, id: string, marked: boolean) {
  await unit.lock(notificationStream(userId));
  const db = unit.transaction;
  const viewer = await viewerOf(db, userId);
  const row = await requireOwnNotification(db, id, viewer, 'id');
  if (row.marked !== marked)
    await unit.append(
      notificationStream(userId),
      [{ type: 'notification.marked', payload: { userId, teamId: viewer.teamId, notificationId: row.id, marked } }],
      { teamId: viewer.teamId },
    );
  return (await presentNotifications(db, [{ ...row, marked }]))[0]!;
}

export const notificationQueries = {
  getNotifications: async (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    return notificationsOf(context.services.database.db, actor.userId, args);
  },
} satisfies QueryResolvers;

export const notificationMutations = {
  readNotifications: (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    if (args.ids && args.ids.length > readIdsMaximum)
      throw codedError('NOTIFICATION_IDS_TOO_MANY', { params: { maximum: readIdsMaximum }, field: 'ids' });
    return runCommand(context, actor.userId, (unit) => readNotificationsIn(unit, actor.userId, args));
  },
  markNotification: (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    return runCommand(context, actor.userId, (unit) => markNotificationIn(unit, actor.userId, args.id, args.marked));
  },
} satisfies MutationResolvers;
