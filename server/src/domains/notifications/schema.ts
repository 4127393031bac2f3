/** The notifications area's SDL (issue 18); the contract the server, the client and the digest share. */
export const notificationsTypeDefs = /* GraphQL */ `
  "A notification one person received (SPEC §3). type: a SPEC §3 type or MESSAGE_MENTION (or a product type of addedNotificationTypes)."
  type Notification {
    id: ID!
    type: String!
    "A line saying what it is about: a task's code and name, a message's first words, a file's or event's name."
    description: String!
    read: Boolean!
    "Pinned by its person (markNotification)."
    marked: Boolean!
    "Who caused it; null when the author's account is gone (or nobody, for PROMOTION)."
    author: UserBasic
    project: ID
    task: ID
    meetingroom: ID
    file: ID
    doc: ID
    event: ID
    message: ID
    privat: ID
    createdAt: String!
  }

  type NotificationPage {
    "Newest first."
    notifications: [Notification!]!
    "Unread notifications in this team (all spaces; types whose app channel is on), for the bell."
    unread: Int!
    hasMore: Boolean!
  }

  type NotificationChange {
    "notification.created | notification.read | notification.marked"
    type: String!
    seq: Float!
    "The created or marked notification; null for read."
    notification: Notification
    "The notifications this change is about."
    notificationIds: [ID!]!
    "The subscriber's unread count when it is delivered: after this change (a feed resumed from the log gets today's count)."
    unread: Int!
  }

  extend type Query {
    """
    The caller's notifications in their current team, newest first. project: only that space's; first: page size
    (default 30, at most 100); after: the id of the last notification of the previous page; filter: all (default),
    unread, mentions (MESSAGE_MENTION) or marked. Types whose app channel is off are neither listed nor counted.
    """
    getNotifications(project: ID, first: Int, after: ID, filter: String): NotificationPage!
  }

  extend type Mutation {
    "Marks notifications read: those of ids; without ids every unread one of the team, or of project when given. Returns how many changed."
    readNotifications(ids: [ID!], project: ID): Int!
    "Pins (marked true) or unpins one of the caller's notifications."
    markNotification(id: ID!, marked: Boolean!): Notification!
  }

  extend type Subscription {
    "The caller's own notification changes in their current team, with the unread count after each."
    subNotification: NotificationChange!
  }
`;
