import type { MercuriusContext } from 'mercurius';
import { requireReadableSpaceContent } from '../../core/spaceContent';
import { notificationStream } from '../../core/streams';
import { isId } from '../../core/ids';
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
export function viewerOf(db: Reader, userId: string): Viewer {
  const { team } = requireCurrentTeam(db, userId);
  return { userId, teamId: team.id, hidden: hiddenTypes(db, userId, team.id) };
}

/** A space of the viewer's team they may see, or SPACE_NOT_FOUND. */
function requireSpaceOfTeam(db: Reader, projectId: string, viewer: Viewer): string {
  const access = requireReadableSpaceContent(db, projectId, viewer.userId);
  if (access.teamId !== viewer.teamId) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND', { field: 'project' });
  return access.projectId;
}

/** One of the viewer's own notifications, or NOT_FOUND (another person's, another team's, or none). */
function requireOwnNotification(db: Reader, id: string, viewer: Viewer, field: string): NotificationRow {
  const row = isId(id) ? findNotification(db, id) : undefined;
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

export const notificationQueries = {
  getNotifications: (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const filter = parseFilter(args.filter);
    const limit = parsePageSize(args.first);
    const viewer = viewerOf(db, actor.userId);
    const projectId = args.project ? requireSpaceOfTeam(db, args.project, viewer) : null;
    const beforeSeq = args.after ? requireOwnNotification(db, args.after, viewer, 'after').seq : null;
    const page = notificationPage(db, viewer, { projectId, filter, limit, beforeSeq });
    return { notifications: presentNotifications(db, page.rows), unread: unreadCount(db, viewer), hasMore: page.hasMore };
  },
} satisfies QueryResolvers;

export const notificationMutations = {
  readNotifications: (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    if (args.ids && args.ids.length > readIdsMaximum)
      throw codedError('NOTIFICATION_IDS_TOO_MANY', { params: { maximum: readIdsMaximum }, field: 'ids' });
    return runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const viewer = viewerOf(db, actor.userId);
      const projectId = args.project ? requireSpaceOfTeam(db, args.project, viewer) : null;
      let changed: string[];
      if (args.ids) {
        const wanted = [...new Set(args.ids)];
        if (!wanted.every(isId)) throw refusal('NOT_FOUND', 'NOTIFICATION_NOT_FOUND', { field: 'ids' });
        const rows = findNotifications(db, wanted);
        if (rows.length !== wanted.length || !rows.every((row) => notificationPolicy.own(row, viewer)))
          throw refusal('NOT_FOUND', 'NOTIFICATION_NOT_FOUND', { field: 'ids' });
        changed = rows.filter((row) => !row.read && (projectId === null || row.projectId === projectId)).map((row) => row.id);
      } else changed = unreadIds(db, viewer, projectId);
      if (changed.length > 0)
        await unit.append(
          notificationStream(actor.userId),
          [{ type: 'notification.read', payload: { userId: actor.userId, teamId: viewer.teamId, notificationIds: changed } }],
          { teamId: viewer.teamId },
        );
      return changed.length;
    });
  },
  markNotification: (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    return runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const viewer = viewerOf(db, actor.userId);
      const row = requireOwnNotification(db, args.id, viewer, 'id');
      if (row.marked !== args.marked)
        await unit.append(
          notificationStream(actor.userId),
          [
            {
              type: 'notification.marked',
              payload: { userId: actor.userId, teamId: viewer.teamId, notificationId: row.id, marked: args.marked },
            },
          ],
          { teamId: viewer.teamId },
        );
      return presentNotifications(db, [{ ...row, marked: args.marked }])[0]!;
    });
  },
} satisfies MutationResolvers;
