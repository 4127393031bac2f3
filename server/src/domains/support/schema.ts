/**
 * Feedback and live support (issue 20): feedback to the instance administrators, and one conversation per
 * person with the instance's support team (its administrators), live both ways.
 */
export const supportTypeDefs = /* GraphQL */ `
  "Someone who wrote feedback or a support conversation's person, as the support team sees them."
  type SupportPerson {
    id: ID!
    firstname: String!
    lastname: String!
    email: String!
    profileImg: String
  }

  type SupportFeedback {
    id: ID!
    "idea | problem | praise"
    kind: String!
    message: String!
    "Null when the account is gone."
    author: SupportPerson
    "The path of the page the person was on when they wrote, or null."
    page: String
    hasScreenshot: Boolean!
    "The screenshot as an image data URL; only getSupportFeedback carries it (the list would be too heavy)."
    screenshot: String
    createdAt: String!
  }

  type SupportMessage {
    id: ID!
    "The conversation: its person's id."
    thread: ID!
    "Markdown source; the client renders it sanitised."
    body: String!
    "Null when the account is gone."
    author: MessageAuthor
    "Written by the support team (an instance administrator), not by the conversation's person."
    fromSupport: Boolean!
    createdAt: String!
  }

  type SupportThread {
    "The conversation's person's id: one conversation per person."
    id: ID!
    person: SupportPerson
    lastMessage: SupportMessage
    "Messages of the other side the viewer's side has not read (the person's, or the support team's)."
    unread: Int!
    updatedAt: String!
  }

  type SupportConversation {
    "Null until the first message."
    thread: SupportThread
    "The newest messages, oldest first."
    messages: [SupportMessage!]!
    hasMore: Boolean!
  }

  type SupportInbox {
    "The most recently active conversations first."
    threads: [SupportThread!]!
    "Messages people wrote that no administrator has read, over every conversation."
    unread: Int!
  }

  "What the support pages need to know of the viewer."
  type SupportAccess {
    "The viewer is an instance administrator: they see the inbox and the feedback received."
    supportTeam: Boolean!
    "The viewer's unread answers in their own conversation."
    unread: Int!
    "For the support team: the inbox's unread messages; 0 for everyone else."
    inboxUnread: Int!
  }

  type SupportLiveEvent {
    "support.messagePosted | support.threadRead"
    type: String!
    "The log position of the event."
    seq: Int!
    thread: SupportThread!
    "The message posted (support.messagePosted)."
    message: SupportMessage
    "For the support team: the inbox's unread messages; 0 for everyone else."
    inboxUnread: Int!
  }

  extend type Query {
    getSupportAccess: SupportAccess!
    "A person's conversation with the support team: the caller's own (person omitted), or, for the support team, anyone's."
    getSupportThread(person: ID): SupportConversation!
    "The support team's inbox (instance administrators only)."
    getSupportInbox: SupportInbox!
    "The feedback received, newest first, without the screenshots (instance administrators only)."
    getSupportFeedbacks: [SupportFeedback!]!
    "One feedback with its screenshot (instance administrators only)."
    getSupportFeedback(id: ID!): SupportFeedback!
  }

  extend type Mutation {
    "Feedback to the instance administrators: mailed to each of them and kept. kind: idea | problem | praise; screenshot: an image data URL."
    sendFeedback(kind: String!, message: String!, screenshot: String, page: String): SupportFeedback!
    "A message in a support conversation: the caller's own (person omitted), or, for the support team, an answer in anyone's."
    sendSupportMessage(body: String!, person: ID): SupportMessage!
    "Marks a conversation read for the caller's side (the person's own, or the support team's)."
    readSupportThread(person: ID): SupportThread!
  }

  extend type Subscription {
    "Live messages and reads: of the caller's own conversation (person omitted) or, for the support team, of one person's (person) or of every conversation (all: true)."
    subSupport(person: ID, all: Boolean): SupportLiveEvent!
  }
`;
