import type { DomainModule } from '../module';
import { fileNotifications } from './fromFiles';
import { eventInvitationNotifications } from './fromCalendar';
import { missedCallNotifications } from './fromCalls';
import { answerNotifications } from './fromChat';
import { docMentionNotifications } from './fromDocs';
import { spaceNotifications } from './fromSpaces';
import { startNotificationDigest } from './digest';
import { notificationSubscriptions } from './live';
import { notificationsProjection } from './projection';
import { notificationMutations, notificationQueries } from './resolvers';
import { notificationsTypeDefs } from './schema';

export { type NotificationCreated, type NotificationEvent } from './events';
export { registerUnsubscribeRoute } from './unsubscribe';

/**
 * Notifications (issue 18): the list, the bell's unread count, read and pin, live; the projection of every
 * area's `notification.created` and the person's own `notification.read` / `notification.marked`; the e-mail
 * digest of what is still unread and its unsubscribe page.
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
  // The e-mail digest: a periodic job on the platform's runner, safe on every process (each mail is claimed).
  start: (services) => startNotificationDigest(services),
  // The causes other areas' events carry, told in the same unit of work (the tasks and chat areas record theirs themselves).
  reactions: [
    spaceNotifications,
    fileNotifications,
    answerNotifications,
    missedCallNotifications,
    eventInvitationNotifications,
    docMentionNotifications,
  ],
  access: {
    getNotifications: 'signedIn',
    readNotifications: 'signedIn',
    markNotification: 'signedIn',
    subNotification: 'signedIn',
  },
};
