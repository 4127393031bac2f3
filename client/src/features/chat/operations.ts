/** Chat (SPEC §3 Message, Private chat; §7 "Messages"): typed documents of the area, after the issue 6 contract. */
import { gql } from '../../lib/graphql';

export interface MessageAuthor {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

/** A file message's file (a recorded file of the conversation's space, task or private chat). */
export interface MessageFile {
  id: string;
  name: string;
  /** The mime type the server decided from the bytes. */
  type: string;
  size: number;
  /** Where the session reads the bytes (/media/files/<id>). */
  url: string;
  /** A 480 px preview of an image; null for other files. */
  thumbnail: string | null;
  /** SPEC §5 kind: image, video, Pdf, Word, Xls or unknown. */
  category: string;
  width: number | null;
  height: number | null;
  duration: number | null;
}

export interface MessageReaction {
  emoji: string;
  count: number;
  /** Ids of the users who reacted. */
  users: string[];
}

export interface MessageQuote {
  id: string;
  /** Null when the quoted message was deleted. */
  body: string | null;
  author: MessageAuthor | null;
}

export interface Message {
  id: string;
  body: string;
  /** text | file | system | call */
  type: string;
  author: MessageAuthor | null;
  file: MessageFile | null;
  createdAt: string;
  editedAt: string | null;
  project: string | null;
  privat: string | null;
  task: string | null;
  meetingroom: string | null;
  replyTo: MessageQuote | null;
  reactions: MessageReaction[];
  mentions: string[];
  clientId: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

export interface PrivatMember {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

export interface Privat {
  id: string;
  /** Null for a one-to-one chat, shown as the other person. */
  name: string | null;
  logo: string | null;
  inactive: boolean;
  users: PrivatMember[];
  lastMessage: Message | null;
  unread: number;
  createdAt: string;
  updated: string;
}

export interface MessageChange {
  /** message.created | message.edited | message.deleted | message.reacted | typing */
  type: string;
  seq: number;
  messageId: string | null;
  message: Message | null;
  user: MessageAuthor | null;
}

export interface PrivatChange {
  /** privat.created | privat.updated | privat.message | privat.read | privat.left */
  type: string;
  privatId: string;
  /** Null when the subscriber left the chat. */
  privat: Privat | null;
}

export type PresenceState = 'online' | 'away' | 'offline';

export interface Presence {
  user: string;
  state: PresenceState;
}

/** A conversation is exactly one of these. */
export type ConversationTarget = { project: string } | { privat: string } | { task: string } | { meetingroom: string };

/** A space's chat summary, from getProjects' unread and lastMessage and subProject's project.message / project.read. */
export interface SpaceChatSummary {
  id: string;
  unread: number;
  lastMessage: Message | null;
}

export interface SpaceChatChange {
  type: string;
  projectId: string;
  project: SpaceChatSummary | null;
}

/** A task's thread in the chat lists (getTaskChats): the task's badge and name, its space, unread count and last message. */
export interface TaskChat {
  id: string;
  name: string;
  idCode: string;
  letter: string;
  color: string;
  project: string;
  unread: number;
  lastMessage: Message | null;
}

export interface ChatPerson extends PrivatMember {
  email: string;
  isAuth: boolean;
}

const authorFields = 'id firstname lastname profileImg';
export const messageFields = `id body type createdAt editedAt project privat task meetingroom clientId canEdit canDelete mentions
  author { ${authorFields} } file { id name type size url thumbnail category width height duration } replyTo { id body author { ${authorFields} } } reactions { emoji count users }`;
const privatFields = `id name logo inactive unread createdAt updated users { ${authorFields} } lastMessage { ${messageFields} }`;
const spaceChatFields = `id unread lastMessage { ${messageFields} }`;

/** Page size of a conversation: the contract's default, well under its maximum of 100. */
export const messagePageSize = 50;

export const getMessagesDocument = gql<
  { getMessages: Message[] },
  { project?: string; privat?: string; task?: string; meetingroom?: string; first?: number; before?: string }
>(
  `query GetMessages($project: ID, $privat: ID, $task: ID, $meetingroom: ID, $first: Int, $before: ID) {
    getMessages(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom, first: $first, before: $before) { ${messageFields} }
  }`,
);

export const getPrivatsDocument = gql<{ getPrivats: Privat[] }>(`query GetPrivats { getPrivats { ${privatFields} } }`);

export const getPresenceDocument = gql<{ getPresence: Presence[] }>('query GetPresence { getPresence { user state } }');

export const getSpaceChatsDocument = gql<{ getProjects: SpaceChatSummary[] | null }>(
  `query GetSpaceChats { getProjects { ${spaceChatFields} } }`,
);

export const getTaskChatsDocument = gql<{ getTaskChats: TaskChat[] }>(
  `query GetTaskChats { getTaskChats { id name idCode letter color project unread lastMessage { ${messageFields} } } }`,
);

/** The people who can be mentioned: a space's members (project), a task's space members (task), else the team's. */
export const getChatPeopleDocument = gql<{ getUsers: ChatPerson[] }, { project?: string; task?: string }>(
  'query GetChatPeople($project: ID, $task: ID) { getUsers(project: $project, task: $task) { id firstname lastname profileImg email isAuth } }',
);

const targetVariables = '$project: ID, $privat: ID, $task: ID, $meetingroom: ID';
const targetArguments = 'project: $project, privat: $privat, task: $task, meetingroom: $meetingroom';

export type SendVariables = Partial<Record<'project' | 'privat' | 'task' | 'meetingroom', string>> & {
  body: string;
  replyTo?: string;
  clientId: string;
  type?: 'file';
  file?: string;
};

export const setMessageDocument = gql<{ setMessage: Message }, SendVariables>(
  `mutation SetMessage(${targetVariables}, $body: String!, $replyTo: ID, $clientId: String, $type: String, $file: ID) {
    setMessage(${targetArguments}, body: $body, replyTo: $replyTo, clientId: $clientId, type: $type, file: $file) { ${messageFields} }
  }`,
);

export const ediMessageDocument = gql<{ ediMessage: Message }, { id: string; body: string }>(
  `mutation EdiMessage($id: ID!, $body: String!) { ediMessage(id: $id, body: $body) { ${messageFields} } }`,
);

export const delMessageDocument = gql<{ delMessage: boolean }, { id: string }>('mutation DelMessage($id: ID!) { delMessage(id: $id) }');

export const reactMessageDocument = gql<{ reactMessage: Message }, { id: string; emoji: string }>(
  `mutation ReactMessage($id: ID!, $emoji: String!) { reactMessage(id: $id, emoji: $emoji) { ${messageFields} } }`,
);

export const lastViewedDocument = gql<{ lastViewed: boolean }, ConversationTarget>(
  `mutation LastViewed(${targetVariables}) { lastViewed(${targetArguments}) }`,
);

export const typingMessageDocument = gql<{ typingMessage: boolean }, ConversationTarget & { stopped?: boolean }>(
  `mutation TypingMessage(${targetVariables}, $stopped: Boolean) { typingMessage(${targetArguments}, stopped: $stopped) }`,
);

export const setPrivatDocument = gql<{ setPrivat: Privat }, { users: string[]; name?: string }>(
  `mutation SetPrivat($users: [ID!]!, $name: String) { setPrivat(users: $users, name: $name) { ${privatFields} } }`,
);

export const ediPrivatDocument = gql<{ ediPrivat: Privat }, { id: string; name?: string; inactive?: boolean; addUsers?: string[] }>(
  `mutation EdiPrivat($id: ID!, $name: String, $inactive: Boolean, $addUsers: [ID!]) {
    ediPrivat(id: $id, name: $name, inactive: $inactive, addUsers: $addUsers) { ${privatFields} }
  }`,
);

export const leavePrivatDocument = gql<{ leavePrivat: boolean }, { id: string }>('mutation LeavePrivat($id: ID!) { leavePrivat(id: $id) }');

export const setPresenceDocument = gql<{ setPresence: boolean }, { state: 'online' | 'away' }>(
  'mutation SetPresence($state: String!) { setPresence(state: $state) }',
);

export const subMessageDocument = gql<{ subMessage: MessageChange }, ConversationTarget>(
  `subscription SubMessage(${targetVariables}) {
    subMessage(${targetArguments}) { type seq messageId message { ${messageFields} } user { ${authorFields} } }
  }`,
);

export const subPrivatDocument = gql<{ subPrivat: PrivatChange }>(
  `subscription SubPrivat { subPrivat { type privatId privat { ${privatFields} } } }`,
);

export const subPresenceDocument = gql<{ subPresence: Presence }>('subscription SubPresence { subPresence { user state } }');

/** subProject, reading only what the chat needs: the subscriber's own unread count and last message of a space. */
export const subSpaceChatsDocument = gql<{ subProject: SpaceChatChange }>(
  `subscription SubSpaceChats { subProject { type projectId project { ${spaceChatFields} } } }`,
);
