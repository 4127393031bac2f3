/** Chat (SPEC §3 Message, Private chat; §7 "Messages"): the area's documents, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

const messageAuthorFragment = graphql('fragment MessageAuthor on MessageAuthor { id firstname lastname profileImg }');

/** A meeting room's guest (no account) who wrote a message or is typing: the guest's id and the name they gave. */
const messageGuestFragment = graphql('fragment MessageGuest on MessageGuest { id name }');

/**
 * A message: type is text, file, system or call; file is a recorded file of the conversation (its type is the mime
 * type the server decided from the bytes, url where the session reads the bytes, thumbnail a 480 px preview of an
 * image, category the SPEC §5 kind); replyTo's body is null when the quoted message was deleted; a reaction lists the
 * ids of the users who reacted.
 */
const messageFragment = graphql(
  `
    fragment Message on Message {
      id
      body
      type
      createdAt
      editedAt
      project
      privat
      task
      meetingroom
      clientId
      canEdit
      canDelete
      mentions
      author {
        ...MessageAuthor
      }
      authorGuest {
        ...MessageGuest
      }
      file {
        id
        name
        type
        size
        url
        thumbnail
        category
        width
        height
        duration
      }
      replyTo {
        id
        body
        author {
          ...MessageAuthor
        }
        authorGuest {
          ...MessageGuest
        }
      }
      reactions {
        emoji
        count
        users
      }
    }
  `,
  [messageAuthorFragment, messageGuestFragment],
);

/** A private chat: name is null for a one-to-one chat, shown as the other person. */
const privatFragment = graphql(
  `
    fragment Privat on Privat {
      id
      name
      logo
      inactive
      unread
      createdAt
      updated
      users {
        id
        firstname
        lastname
        profileImg
      }
      lastMessage {
        ...Message
      }
    }
  `,
  [messageFragment],
);

/** A space's chat summary, from getProjects' unread and lastMessage and subProject's project.message / project.read. */
const spaceChatFragment = graphql('fragment SpaceChat on Project { id unread lastMessage { ...Message } }', [messageFragment]);

export type MessageAuthor = ResultOf<typeof messageAuthorFragment>;
export type MessageGuest = ResultOf<typeof messageGuestFragment>;
export type Message = ResultOf<typeof messageFragment>;
export type MessageFile = NonNullable<Message['file']>;
export type MessageQuote = NonNullable<Message['replyTo']>;
export type MessageReaction = Message['reactions'][number];
export type Privat = ResultOf<typeof privatFragment>;
export type PrivatMember = Privat['users'][number];
export type SpaceChatSummary = ResultOf<typeof spaceChatFragment>;

/** A conversation is exactly one of these. */
export type ConversationTarget = { project: string } | { privat: string } | { task: string } | { meetingroom: string };

/** Page size of a conversation: the contract's default, well under its maximum of 100. */
export const messagePageSize = 50;

export const getMessagesDocument = graphql(
  `
    query GetMessages($project: ID, $privat: ID, $task: ID, $meetingroom: ID, $first: Int, $before: ID) {
      getMessages(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom, first: $first, before: $before) {
        ...Message
      }
    }
  `,
  [messageFragment],
);

export const getPrivatsDocument = graphql('query GetPrivats { getPrivats { ...Privat } }', [privatFragment]);

/** Who is online: state is online, away or offline. */
export const getPresenceDocument = graphql('query GetPresence { getPresence { user state } }');

export type Presence = ResultOf<typeof getPresenceDocument>['getPresence'][number];

export const getSpaceChatsDocument = graphql('query GetSpaceChats { getProjects { ...SpaceChat } }', [spaceChatFragment]);

/** A task's thread in the chat lists: the task's badge and name, its space, unread count and last message. */
export const getTaskChatsDocument = graphql(
  'query GetTaskChats { getTaskChats { id name idCode letter color project unread lastMessage { ...Message } } }',
  [messageFragment],
);

export type TaskChat = ResultOf<typeof getTaskChatsDocument>['getTaskChats'][number];

/** The people who can be mentioned: a space's members (project), a task's space members (task), else the team's. */
export const getChatPeopleDocument = graphql(
  'query GetChatPeople($project: ID, $task: ID) { getUsers(project: $project, task: $task) { id firstname lastname profileImg email isAuth } }',
);

/** A message to send to one conversation; clientId makes a resend recognisable, type "file" with file sends a recorded file. */
export const setMessageDocument = graphql(
  `
    mutation SetMessage(
      $project: ID
      $privat: ID
      $task: ID
      $meetingroom: ID
      $body: String!
      $replyTo: ID
      $clientId: String
      $type: String
      $file: ID
    ) {
      setMessage(
        project: $project
        privat: $privat
        task: $task
        meetingroom: $meetingroom
        body: $body
        replyTo: $replyTo
        clientId: $clientId
        type: $type
        file: $file
      ) {
        ...Message
      }
    }
  `,
  [messageFragment],
);

export type SendVariables = VariablesOf<typeof setMessageDocument>;

export const ediMessageDocument = graphql(
  'mutation EdiMessage($id: ID!, $body: String!) { ediMessage(id: $id, body: $body) { ...Message } }',
  [messageFragment],
);

export const delMessageDocument = graphql('mutation DelMessage($id: ID!) { delMessage(id: $id) }');

export const reactMessageDocument = graphql(
  'mutation ReactMessage($id: ID!, $emoji: String!) { reactMessage(id: $id, emoji: $emoji) { ...Message } }',
  [messageFragment],
);

export const lastViewedDocument = graphql(`
  mutation LastViewed($project: ID, $privat: ID, $task: ID, $meetingroom: ID) {
    lastViewed(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom)
  }
`);

export const typingMessageDocument = graphql(`
  mutation TypingMessage($project: ID, $privat: ID, $task: ID, $meetingroom: ID, $stopped: Boolean) {
    typingMessage(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom, stopped: $stopped)
  }
`);

export const setPrivatDocument = graphql(
  'mutation SetPrivat($users: [ID!]!, $name: String) { setPrivat(users: $users, name: $name) { ...Privat } }',
  [privatFragment],
);

export const ediPrivatDocument = graphql(
  `
    mutation EdiPrivat($id: ID!, $name: String, $inactive: Boolean, $addUsers: [ID!]) {
      ediPrivat(id: $id, name: $name, inactive: $inactive, addUsers: $addUsers) {
        ...Privat
      }
    }
  `,
  [privatFragment],
);

export const leavePrivatDocument = graphql('mutation LeavePrivat($id: ID!) { leavePrivat(id: $id) }');

/** state: online or away (offline is what the server concludes when the socket goes). */
export const setPresenceDocument = graphql('mutation SetPresence($state: String!) { setPresence(state: $state) }');

/** A change in a conversation: type is message.created, message.edited, message.deleted, message.reacted, typing or typing.stopped. */
export const subMessageDocument = graphql(
  `
    subscription SubMessage($project: ID, $privat: ID, $task: ID, $meetingroom: ID) {
      subMessage(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom) {
        type
        seq
        messageId
        message {
          ...Message
        }
        user {
          ...MessageAuthor
        }
        guest {
          ...MessageGuest
        }
      }
    }
  `,
  [messageFragment, messageAuthorFragment, messageGuestFragment],
);

export type MessageChange = ResultOf<typeof subMessageDocument>['subMessage'];

/** A change to the private chats: type is privat.created, privat.updated, privat.message, privat.read or privat.left (privat is then null). */
export const subPrivatDocument = graphql('subscription SubPrivat { subPrivat { type privatId privat { ...Privat } } }', [privatFragment]);

export type PrivatChange = ResultOf<typeof subPrivatDocument>['subPrivat'];

export const subPresenceDocument = graphql('subscription SubPresence { subPresence { user state } }');

/**
 * subProject, reading only what the chat needs: the subscriber's own unread count and last message of a space.
 * It is the one document of the app sent a space's messages and the subscriber's reads; the spaces list's
 * unread dots come from what it stores (storeSpaceChat).
 */
export const subSpaceChatsDocument = graphql('subscription SubSpaceChats { subProject { type projectId project { ...SpaceChat } } }', [
  spaceChatFragment,
]);

export type SpaceChatChange = ResultOf<typeof subSpaceChatsDocument>['subProject'];

/** Someone who can be mentioned or added to a chat. */
export type ChatPerson = ResultOf<typeof getChatPeopleDocument>['getUsers'][number];

const presenceStates = ['online', 'away', 'offline'] as const;
export type PresenceState = (typeof presenceStates)[number];

/** A presence state as the client shows it: one it does not know (a newer server's) counts as offline. */
export function presenceStateOf(state: string): PresenceState {
  return presenceStates.find((known) => known === state) ?? 'offline';
}
