import type { DomainModule } from '../module';
import { notificationSubscriptions } from './live';
import { notificationsProjection } from './projection';
import { notificationMutations, notificationQueries } from './resolvers';
import { notificationsTypeDefs } from './schema';

export { type NotificationCreated, type NotificationEvent } from './events';

/**
 * Notifications (issue 18): the list, the bell's unread count, read and pin, live; the projection of every
 * area's `notification.created` and the person's own `notification.read` / `notification.marked`.
 */
export const notificationsModule: DomainModule = {
  name: 'notifications',
  typeDefs: notificationsTypeDefs,
  resolvers: {
    Query: notificationQueries,
    Mutation: notificationMutations,
    Subscription: notificationSubscriptions,
  },
  projections: [notificationsProjection],
  access: {
    getNotifications: 'signedIn',
    readNotifications: 'signedIn',
    markNotification: 'signedIn',
    subNotification: 'signedIn',
  },
};
