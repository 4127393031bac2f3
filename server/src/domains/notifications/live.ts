import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, mapFeed, topics, type LiveFeed, type Verdict } from '../../core/live';
import { notificationStream } from '../../core/streams';
import { requireActor, type Actor } from '../../graphql/context';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';
import { currentTeam, requireCurrentTeam } from '../teams';
import type { NotificationEvent } from './events';
import { presentNotifications } from './present';
import { findNotification, hiddenTypes, unreadCount, type Viewer } from './state';

/** An event to send, with the subscriber as the judge saw them when it let it through. */
interface Delivery {
  event: StoredEvent;
  viewer: Viewer;
}

/**
 * subNotification's feed: the subscriber's own notification stream, only what happens in their current team;
 * a created notification of a type their app channel hides is skipped (judged when it is delivered, so a
 * preference changed meanwhile counts). Switching team or leaving it ends the feed: the client starts it again.
 * Each delivery carries the viewer its judge read; mapFeed takes it right after that judgement (the feed judges one
 * event at a time, an asynchronous judge too).
 */
function notificationFeed(context: MercuriusContext, actor: Actor, teamId: string): LiveFeed<Delivery> {
  const db = context.services.database.db;
  let viewer: Viewer = { userId: actor.userId, teamId, hidden: [] };
  const events = feed(context, actor, topics.stream(notificationStream(actor.userId)), async (event): Promise<Verdict> => {
    if (event.teamId !== teamId) return 'skip';
    if ((await currentTeam(db, actor.userId))?.id !== teamId) return 'end';
    viewer = { userId: actor.userId, teamId, hidden: await hiddenTypes(db, actor.userId, teamId) };
    const notice = { type: event.type, payload: event.payload } as NotificationEvent;
    switch (notice.type) {
      case 'notification.created':
        return viewer.hidden.includes(notice.payload.type) ? 'skip' : 'deliver';
      case 'notification.read':
      case 'notification.marked':
        return 'deliver';
      default:
        return 'skip';
    }
  });
  return mapFeed(events, (event) => ({ event, viewer }));
}

export const notificationSubscriptions = {
  subNotification: {
    subscribe: async (_root, _args, context) => {
      const actor = requireActor(context);
      const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
      return notificationFeed(context, actor, team.id);
    },
    resolve: async ({ event, viewer }, _args, context) => {
      const db = context.services.database.db;
      const notice = { type: event.type, payload: event.payload } as NotificationEvent;
      const ids = notice.type === 'notification.read' ? notice.payload.notificationIds : [notice.payload.notificationId];
      const row = notice.type === 'notification.read' ? undefined : await findNotification(db, ids[0]!);
      return {
        type: event.type,
        seq: event.seq,
        notification: row ? (await presentNotifications(db, [row]))[0]! : null,
        notificationIds: ids,
        unread: await unreadCount(db, viewer),
      };
    },
  } satisfies LiveSubscription<'subNotification', Delivery>,
} satisfies SubscriptionResolvers;
