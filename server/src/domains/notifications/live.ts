import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, topics, type Verdict } from '../../core/live';
import { notificationStream } from '../../core/streams';
import { requireActor } from '../../graphql/context';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';
import { currentTeam } from '../teams';
import type { NotificationEvent } from './events';
import { presentNotifications } from './present';
import { viewerOf } from './resolvers';
import { findNotification, hiddenTypes, unreadCount } from './state';

/**
 * subNotification's feed: the subscriber's own notification stream, only what happens in their current team;
 * a created notification of a type their app channel hides is skipped (judged when it is delivered, so a
 * preference changed meanwhile counts). Switching team or leaving it ends the feed: the client starts it again.
 */
function notificationFeed(context: MercuriusContext) {
  const actor = requireActor(context);
  const db = context.services.database.db;
  const { teamId } = viewerOf(db, actor.userId);
  return feed(context, actor, topics.stream(notificationStream(actor.userId)), (event): Verdict => {
    if (currentTeam(db, actor.userId)?.id !== teamId) return 'end';
    if (event.teamId !== teamId) return 'skip';
    const notice = { type: event.type, payload: event.payload } as NotificationEvent;
    switch (notice.type) {
      case 'notification.created':
        return hiddenTypes(db, actor.userId, teamId).includes(notice.payload.type) ? 'skip' : 'deliver';
      case 'notification.read':
      case 'notification.marked':
        return 'deliver';
      default:
        return 'skip';
    }
  });
}

export const notificationSubscriptions = {
  subNotification: {
    subscribe: (_root, _args, context) => notificationFeed(context),
    resolve: (event, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const viewer = viewerOf(db, actor.userId);
      const notice = { type: event.type, payload: event.payload } as NotificationEvent;
      const ids = notice.type === 'notification.read' ? notice.payload.notificationIds : [notice.payload.notificationId];
      const row = notice.type === 'notification.read' ? undefined : findNotification(db, ids[0]!);
      return {
        type: event.type,
        seq: event.seq,
        notification: row ? presentNotifications(db, [row])[0]! : null,
        notificationIds: ids,
        unread: unreadCount(db, viewer),
      };
    },
  } satisfies LiveSubscription<'subNotification', StoredEvent>,
} satisfies SubscriptionResolvers;
