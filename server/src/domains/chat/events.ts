import type { MessageType } from '#shared/chatRules';
import type { DomainEvent } from '../../core/events';
import type { NotificationCreated } from '../tasks';
import { chatStream, privatStream, readsStream } from '../../core/streams';

/**
 * Where a message lives, carried by every message event: `conversation` is `<kind>:<id>`, and the id
 * of its kind is repeated under its own name so the spaces and private chat feeds can match events
 * without parsing (projectId is set for a space's channel only, never for a task thread).
 */
export interface ConversationRef {
  conversation: string;
  projectId: string | null;
  privatId: string | null;
  taskId: string | null;
  meetingroomId: string | null;
  /** The space of a project or task conversation at the time of the event. */
  spaceId: string | null;
}

export interface MessageCreated extends ConversationRef {
  messageId: string;
  body: string;
  type: MessageType;
  fileId: string | null;
  replyToId: string | null;
  clientId: string | null;
  /** Users mentioned who can read the conversation; the author is never among them (a guest mentions nobody). */
  mentions: string[];
  /**
   * Set when a meeting room's guest wrote the message (the event then has no actor): the guest's id, which
   * the projection keeps as the author, and their name as it was. Absent from every other message.
   */
  guest?: GuestAuthor;
}
/** A meeting room's guest as the author of a message: they have no account. */
export interface GuestAuthor {
  invitedId: string;
  name: string;
}
export interface MessageEdited extends ConversationRef {
  messageId: string;
  body: string;
  mentions: string[];
}
export interface MessageDeleted extends ConversationRef {
  messageId: string;
  authorId: string;
}
/** A toggle: `added` false takes the reaction back. */
export interface MessageReacted extends ConversationRef {
  messageId: string;
  userId: string;
  emoji: string;
  added: boolean;
}
/** lastViewed: the user has seen the conversation up to the message with this seq. */
export interface ChatRead extends ConversationRef {
  userId: string;
  seq: number;
}

export interface PrivatCreated {
  privatId: string;
  teamId: string;
  name: string | null;
  logo: string | null;
  /** Set for one-to-one chats: they are found again by it instead of being created twice. */
  pairKey: string | null;
  memberIds: string[];
}
export interface PrivatUpdated {
  privatId: string;
  changes: Partial<{ name: string | null; logo: string | null; inactive: boolean }>;
}
export interface PrivatMembersAdded {
  privatId: string;
  userIds: string[];
}
export interface PrivatLeft {
  privatId: string;
  userId: string;
}

/**
 * The notification the tasks area records (one per recipient, on notificationStream), with the chat's
 * own references: a mention points at the message and its conversation, which need not be a space's.
 */
export interface MentionNotificationCreated extends Omit<NotificationCreated, 'projectId' | 'taskId'> {
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
  meetingroomId: string | null;
  messageId: string;
}

/** Message events go to the stream `chat:<conversation>`; `type` strings are stored forever, never renamed. */
export type MessageEvent =
  | DomainEvent<'message.created', MessageCreated>
  | DomainEvent<'message.edited', MessageEdited>
  | DomainEvent<'message.deleted', MessageDeleted>
  | DomainEvent<'message.reacted', MessageReacted>;

/** Read markers go to the stream `reads:<userId>`. */
export type ReadEvent = DomainEvent<'chat.read', ChatRead>;

/** Private chat events go to the stream `privat:<privatId>`. */
export type PrivatEvent =
  | DomainEvent<'privat.created', PrivatCreated>
  | DomainEvent<'privat.updated', PrivatUpdated>
  | DomainEvent<'privat.members_added', PrivatMembersAdded>
  | DomainEvent<'privat.left', PrivatLeft>;

export type MentionEvent = DomainEvent<'notification.created', MentionNotificationCreated>;

export { chatStream, privatStream, readsStream };

/**
 * The lock a one-to-one chat's creation takes for its pair (its team and two people) before looking for one: the
 * chat's own stream is new, so only a name both creators lock makes the second find the first's chat. Nothing is
 * appended to it; privats.pair_key is unique besides.
 */
export const privatPairLock = (pairKey: string) => `privat-pair:${pairKey}`;
