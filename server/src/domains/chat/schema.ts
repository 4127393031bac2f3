/**
 * Chat (issue 6): messages of a space's channel, private chats, task threads and meeting rooms, unread
 * counts and last messages, typing and presence. The contract shared with the client, field for field.
 */
export const chatTypeDefs = /* GraphQL */ `
  type MessageAuthor {
    id: ID!
    firstname: String!
    lastname: String!
    profileImg: String
  }

  "A meeting room's guest (who has no account) as the author of a message, or as the one typing."
  type MessageGuest {
    "The guest's id (Invited.id)."
    id: ID!
    name: String!
  }

  """
  A file message's file, a recorded file of the conversation's owner (the space, the task or the private
  chat). Message.file is null when the file was deleted since ("file removed").
  """
  type MessageFile {
    id: ID!
    name: String!
    "The mime type the server decided from the bytes."
    type: String!
    "Bytes (base 1024 when shown)."
    size: Int!
    "Where the session (cookie or bearer) downloads the bytes: /media/files/<id>; add ?download=1 to save instead of opening."
    url: String!
    "A 480 px WebP preview of an image (/media/files/<id>/thumbnail); null for other files."
    thumbnail: String
    "The kind from the mime type (SPEC §5): image, video, Pdf, Word, Xls or unknown."
    category: String!
    width: Int
    height: Int
    "Seconds, for videos and audio."
    duration: Float
  }

  type MessageReaction {
    emoji: String!
    count: Int!
    "Ids of the users who reacted."
    users: [ID!]!
  }

  "The quoted message of a reply (body cut to 300 characters; null body when the quoted message was deleted)."
  type MessageQuote {
    id: ID!
    body: String
    author: MessageAuthor
    "Set instead of author when a guest of the meeting room wrote the quoted message."
    authorGuest: MessageGuest
  }

  type Message {
    id: ID!
    "Markdown source; the client renders it sanitised."
    body: String!
    "text | file | system | call | standup (a space's standup entry: a JSON body the server writes)"
    type: String!
    "Null for a message written by a meeting room's guest (see authorGuest) and for automatic entries."
    author: MessageAuthor
    "Set instead of author when a guest of the meeting room wrote the message."
    authorGuest: MessageGuest
    file: MessageFile
    createdAt: String!
    "Set when the body was edited."
    editedAt: String
    project: ID
    privat: ID
    task: ID
    meetingroom: ID
    replyTo: MessageQuote
    reactions: [MessageReaction!]!
    "User ids mentioned with @ (resolved on the server from the body's @[Name](userId) tokens)."
    mentions: [ID!]!
    "The client mutation id the sender gave; lets a client match its pending message."
    clientId: String
    canEdit: Boolean!
    canDelete: Boolean!
  }

  """
  What the team's plan shows of one conversation's history: on a plan with a message history limit (free: 90
  days, basic: 365) older messages are hidden from every message list, never deleted; a plan with a longer
  history shows them again.
  """
  type MessageHistory {
    "The team's plan: free | trial | basic | unlimited | business."
    plan: String!
    "Days of history the plan shows; null when it shows all of it."
    days: Int
    "Whether the conversation has messages older than that, hidden now."
    hidden: Boolean!
  }

  type PrivatMember {
    id: ID!
    firstname: String!
    lastname: String!
    profileImg: String
  }

  "A private chat: one-to-one (name null, shown as the other person) or a group with a name and logo."
  type Privat {
    id: ID!
    name: String
    logo: String
    inactive: Boolean!
    users: [PrivatMember!]!
    lastMessage: Message
    unread: Int!
    createdAt: String!
    updated: String!
  }

  type MessageChange {
    "message.created | message.edited | message.deleted | message.reacted | typing | typing.stopped"
    type: String!
    "Monotonic per server (event sequence); typing changes carry 0."
    seq: Float!
    messageId: ID
    "The message as the subscriber sees it (null for deletions and typing)."
    message: Message
    "For typing and typing.stopped: who is typing, or stopped."
    user: MessageAuthor
    "For typing and typing.stopped by a meeting room's guest: who (user is then null)."
    guest: MessageGuest
  }

  type PrivatChange {
    "privat.created | privat.updated | privat.message | privat.read | privat.left"
    type: String!
    privatId: ID!
    "The chat as the subscriber sees it (own unread count); null when the subscriber left it."
    privat: Privat
  }

  type Presence {
    user: ID!
    "online | away | offline"
    state: String!
  }

  extend type Project {
    unread: Int!
    lastMessage: Message
  }
  extend type Task {
    unread: Int!
    lastMessage: Message
  }
  extend type Meetingroom {
    unread: Int!
    lastMessage: Message
  }

  extend type Query {
    """
    Newest first: up to \`first\` (default 50, at most 100) messages of one conversation, older than the
    message \`before\` when given, within the history the team's plan shows (see getMessageHistory). Exactly one of project, privat, task, meetingroom, invitation. A meeting
    room's admitted guest (guest credential, no account) may read that room's chat only.
    """
    getMessages(project: ID, invitation: ID, meetingroom: ID, task: ID, privat: ID, first: Int, before: ID): [Message!]!
    """
    What the team's plan shows of one conversation's history (exactly one of project, privat, task, meetingroom,
    invitation, as for getMessages, with the same access), so a chat can say older messages are hidden.
    """
    getMessageHistory(project: ID, invitation: ID, meetingroom: ID, task: ID, privat: ID): MessageHistory!
    "The caller's private chats in the current team, most recently updated first."
    getPrivats: [Privat!]!
    "Who of the current team is online or away now."
    getPresence: [Presence!]!
    """
    The task threads with messages the caller may read in their current team, the most recently active
    first, at most \`first\` (default 30, at most 100).
    """
    getTaskChats(first: Int): [Task!]!
  }

  extend type Mutation {
    """
    Posts a message. body: 1..20,000 characters after trimming (a file message may have an empty body).
    file: a file the caller uploaded to this conversation's owner (signedUploadURL and setFile with the
    same project, task or privat); the message's type is then file. Deleting the message keeps the file.
    clientId (<= 64 chars): a resend with the same clientId by the same author returns the first message
    and writes nothing. A meeting room's admitted guest may post text (no file) in that room's chat only;
    their mentions notify nobody.
    """
    setMessage(
      project: ID
      privat: ID
      task: ID
      meetingroom: ID
      body: String!
      type: String
      file: ID
      replyTo: ID
      clientId: String
    ): Message!
    "Own messages only (a meeting room's admitted guest: their own in that room)."
    ediMessage(id: ID!, body: String!): Message!
    "Own messages (a meeting room's admitted guest: their own in that room); team admins and space admins may delete any in their space."
    delMessage(id: ID!): Boolean!
    "Marks the conversation read up to now for the caller."
    lastViewed(project: ID, privat: ID, task: ID, meetingroom: ID): Boolean!
    "Toggles the caller's reaction."
    reactMessage(id: ID!, emoji: String!): Message!
    "Starts a private chat; with one other user returns the existing one-to-one chat if there is one."
    setPrivat(users: [ID!]!, name: String, logo: String): Privat!
    "Renames, changes the logo, adds members, or makes inactive; members only."
    ediPrivat(id: ID!, name: String, logo: String, inactive: Boolean, addUsers: [ID!]): Privat!
    "Leaves a group chat."
    leavePrivat(id: ID!): Boolean!
    """
    Tells the other members of the conversation the caller is typing (rate-limited, not stored); with
    stopped: true, that they stopped (text cleared or sent), relayed only after a relayed start. False
    when nothing was relayed.
    """
    typingMessage(project: ID, privat: ID, task: ID, meetingroom: ID, stopped: Boolean): Boolean!
    "online | away; the server sets offline when the caller's last websocket closes."
    setPresence(state: String!): Boolean!
  }

  extend type Subscription {
    """
    Changes of one conversation the caller may read (a meeting room's admitted guest: that room's; it
    completes once the guest is removed).
    """
    subMessage(project: ID, privat: ID, task: ID, meetingroom: ID): MessageChange!
    "The caller's private chat list changes (new message → lastMessage and unread, rename, membership)."
    subPrivat: PrivatChange!
    "Presence changes in the caller's current team."
    subPresence: Presence!
  }
`;
