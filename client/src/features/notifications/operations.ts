/** The notifications area's GraphQL documents (SPEC §7: getNotifications, readNotifications, markNotification, subNotification). */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const notificationFragment = graphql(`
  fragment NotificationItem on Notification {
    id
    type
    description
    read
    marked
    author {
      id
      firstname
      lastname
      profileImg
    }
    project
    task
    meetingroom
    file
    doc
    event
    message
    privat
    createdAt
  }
`);

export type AppNotification = ResultOf<typeof notificationFragment>;

/** Newest first; `after` is the id of the last notification of the previous page. */
export const getNotificationsDocument = graphql(
  `
    query GetNotifications($first: Int, $after: ID, $filter: String) {
      getNotifications(first: $first, after: $after, filter: $filter) {
        notifications {
          ...NotificationItem
        }
        unread
        hasMore
      }
    }
  `,
  [notificationFragment],
);

/** With ids: those; without: every unread one of the team (mark all read). Answers how many changed. */
export const readNotificationsDocument = graphql('mutation ReadNotifications($ids: [ID!]) { readNotifications(ids: $ids) }');

export const markNotificationDocument = graphql(
  'mutation MarkNotification($id: ID!, $marked: Boolean!) { markNotification(id: $id, marked: $marked) { ...NotificationItem } }',
  [notificationFragment],
);

export const subNotificationDocument = graphql(
  `
    subscription SubNotification {
      subNotification {
        type
        seq
        notification {
          ...NotificationItem
        }
        notificationIds
        unread
      }
    }
  `,
  [notificationFragment],
);

export type NotificationChange = ResultOf<typeof subNotificationDocument>['subNotification'];
