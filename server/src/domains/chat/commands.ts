import {
  clientIdLength,
  emojiLength,
  maximumMentions,
  mentionedIds,
  messageBodyLength,
  messagePageSize,
  normalizeBody,
  type MessageType,
} from '#shared/chatRules';
import { codedError, refusal } from '../../errors';
import type { ConversationRef, GuestAuthor, MentionEvent, MessageEvent, ReadEvent } from './events';

const bodyTooLong = () => codedError('MESSAGE_BODY_TOO_LONG', { params: { maximum: messageBodyLength.maximum }, field: 'body' });

/** What a command needs to know of an existing message. */
export interface MessageState extends ConversationRef {
  id: string;
  teamId: string;
  seq: number;
  authorId: string;
  type: string;
  body: string;
  mentions: string[];
  deleted: boolean;
}

export interface MessageInput {
  body: string;
  type?: string | null | undefined;
  file?: string | null | undefined;
  clientId?: string | null | undefined;
}

/** setMessage's arguments once checked. */
export interface ValidMessageInput {
  body: string;
  type: MessageType;
  clientId: string | null;
  fileId: string | null;
}

/**
 * setMessage's arguments, checked before anything is read: the body trimmed to 1..20,000 characters
 * (a file message may have none), a client-sent type of text or file only. A message with a file is
 * a file message whatever type was given; a file message without a file is refused.
 */
export function validateMessageInput(input: MessageInput): ValidMessageInput {
  const requested = input.type ?? 'text';
  if (requested !== 'text' && requested !== 'file') throw codedError('MESSAGE_TYPE_NOT_ALLOWED', { field: 'type' });
  const fileId = typeof input.file === 'string' && input.file !== '' ? input.file : null;
  if (requested === 'file' && fileId === null) throw codedError('MESSAGE_FILE_REQUIRED', { field: 'file' });
  const type: MessageType = fileId === null ? 'text' : 'file';
  const clientId = input.clientId ?? null;
  if (clientId !== null && (clientId.length < clientIdLength.minimum || clientId.length > clientIdLength.maximum))
    throw codedError('CLIENT_ID_LENGTH', { params: clientIdLength, field: 'clientId' });
  return { body: validateBody(input.body, type), type, clientId, fileId };
}

/** What setMessage needs to know of the file it attaches (undefined: missing, deleted, or out of the caller's sight). */
export interface AttachmentFacts {
  id: string;
  authorId: string;
  projectId: string | null;
  taskId: string | null;
  privatId: string | null;
}

/** Whether a file belongs to a conversation: a space's own files (not its tasks'), a task's, a private chat's. Meeting rooms have none. */
export function fileBelongsTo(file: Pick<AttachmentFacts, 'projectId' | 'taskId' | 'privatId'>, ref: ConversationRef): boolean {
  if (ref.projectId !== null) return file.projectId === ref.projectId && file.taskId === null && file.privatId === null;
  if (ref.taskId !== null) return file.taskId === ref.taskId;
  if (ref.privatId !== null) return file.privatId === ref.privatId;
  return false;
}

/**
 * An attachment must be a recorded file the author may read, of the same conversation, that the
 * author uploaded: a file of another conversation or team, someone else's, or a deleted one is refused.
 */
export function checkAttachment(file: AttachmentFacts | undefined, ref: ConversationRef, authorId: string): string {
  if (!file) throw refusal('NOT_FOUND', 'ATTACHMENT_NOT_FOUND');
  if (!fileBelongsTo(file, ref)) throw codedError('MESSAGE_FILE_ELSEWHERE', { field: 'file' });
  if (file.authorId !== authorId) throw refusal('PERMISSION_DENIED', 'ATTACHMENT_NOT_YOURS');
  return file.id;
}

export function validateBody(raw: string, type: string): string {
  // Checked before normalising too, so a huge body is refused without scanning it all.
  if (raw.length > messageBodyLength.maximum * 4) throw bodyTooLong();
  const body = normalizeBody(raw);
  if (body.length < messageBodyLength.minimum && type !== 'file') throw codedError('MESSAGE_BODY_REQUIRED', { field: 'body' });
  if (body.length > messageBodyLength.maximum) throw bodyTooLong();
  return body;
}

/**
 * The ids a raw body would mention once normalised, whose access is read before deciding (mentionsIn's `canRead`
 * is a plain predicate over them); none for a body too long to be accepted at all.
 */
export function mentionCandidates(raw: string): string[] {
  return raw.length > messageBodyLength.maximum * 4 ? [] : mentionedIds(normalizeBody(raw));
}

/** The ids a body mentions that may be told: readers of the conversation other than the author, at most maximumMentions (200). */
export function mentionsIn(body: string, authorId: string, canRead: (userId: string) => boolean): string[] {
  return mentionedIds(body)
    .filter((userId) => userId !== authorId && canRead(userId))
    .slice(0, maximumMentions);
}

export interface NewMessage {
  messageId: string;
  authorId: string;
  body: string;
  type: MessageType;
  clientId: string | null;
  replyToId: string | null;
  /** Checked with checkAttachment first; null for a text message. */
  fileId: string | null;
  /** A meeting room's guest writing: `authorId` is then the guest's id. */
  guest?: GuestAuthor;
}

/** A reply must quote a live message of the same conversation. */
export function decidePostMessage(
  command: NewMessage,
  ref: ConversationRef,
  replyTo: MessageState | null | undefined,
  canRead: (userId: string) => boolean,
): MessageEvent[] {
  if (command.replyToId !== null && (!replyTo || replyTo.deleted || replyTo.conversation !== ref.conversation))
    throw refusal('NOT_FOUND', 'REPLY_NOT_FOUND');
  return [
    {
      type: 'message.created',
      payload: {
        ...ref,
        messageId: command.messageId,
        body: command.body,
        type: command.type,
        fileId: command.fileId,
        replyToId: command.replyToId,
        clientId: command.clientId,
        mentions: mentionsIn(command.body, command.authorId, canRead),
        ...(command.guest ? { guest: command.guest } : {}),
      },
    },
  ];
}

const refOfMessage = (message: MessageState): ConversationRef => ({
  conversation: message.conversation,
  projectId: message.projectId,
  privatId: message.privatId,
  taskId: message.taskId,
  meetingroomId: message.meetingroomId,
  spaceId: message.spaceId,
});

/** ediMessage: the author's own text or file message; the same body again changes nothing. */
export function decideEditMessage(
  message: MessageState,
  editorId: string,
  rawBody: string,
  canRead: (userId: string) => boolean,
): MessageEvent[] {
  if (message.deleted) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  if (message.authorId !== editorId) throw refusal('PERMISSION_DENIED', 'MESSAGE_EDIT_OWN_ONLY');
  if (message.type !== 'text' && message.type !== 'file') throw codedError('MESSAGE_EDIT_NOT_TEXT');
  const body = validateBody(rawBody, message.type);
  if (body === message.body) return [];
  return [
    {
      type: 'message.edited',
      payload: { ...refOfMessage(message), messageId: message.id, body, mentions: mentionsIn(body, message.authorId, canRead) },
    },
  ];
}

/**
 * delMessage: own messages; moderators (space and team admins) any in their space. Deleting a file
 * message never deletes its file: the file stays in the conversation's files (its owner's), to be
 * deleted there by whoever may.
 */
export function decideDeleteMessage(message: MessageState, userId: string, access: { moderate: boolean }): MessageEvent[] {
  if (message.deleted) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  if (message.authorId !== userId && !access.moderate) throw refusal('PERMISSION_DENIED', 'MESSAGE_DELETE_NOT_ALLOWED');
  return [{ type: 'message.deleted', payload: { ...refOfMessage(message), messageId: message.id, authorId: message.authorId } }];
}

/** An emoji: one short token without spaces, angle brackets or quotes (it is shown, never parsed). */
export function validateEmoji(raw: string): string {
  const emoji = raw.trim();
  if (emoji.length < emojiLength.minimum || emoji.length > emojiLength.maximum || /[\s<>"'`]/.test(emoji))
    throw codedError('REACTION_EMOJI_INVALID', { field: 'emoji' });
  return emoji;
}

/** reactMessage toggles: a second reaction with the same emoji takes the first back. */
export function decideReaction(message: MessageState, userId: string, emoji: string, alreadyReacted: boolean): MessageEvent[] {
  if (message.deleted) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  return [{ type: 'message.reacted', payload: { ...refOfMessage(message), messageId: message.id, userId, emoji, added: !alreadyReacted } }];
}

/** lastViewed: only a marker that moves forward is recorded, so opening a read conversation writes nothing. */
export function decideRead(ref: ConversationRef, userId: string, markerSeq: number, latestSeq: number): ReadEvent[] {
  if (latestSeq <= markerSeq) return [];
  return [{ type: 'chat.read', payload: { ...ref, userId, seq: latestSeq } }];
}

/** Mentioned people newly told about a message (an edit tells only those it adds), one notification each. */
export function decideMentionNotifications(
  message: ConversationRef & { messageId: string; teamId: string; authorId: string; body: string },
  recipients: readonly string[],
  newId: () => string,
): Map<string, MentionEvent[]> {
  const description = excerpt(message.body);
  return new Map(
    recipients.map((userId) => [
      userId,
      [
        {
          type: 'notification.created' as const,
          payload: {
            notificationId: newId(),
            userId,
            type: 'MESSAGE_MENTION' as const,
            teamId: message.teamId,
            projectId: message.projectId ?? message.spaceId,
            taskId: message.taskId,
            privatId: message.privatId,
            meetingroomId: message.meetingroomId,
            messageId: message.messageId,
            authorId: message.authorId,
            description,
          },
        },
      ],
    ]),
  );
}

/** A notification's line: mention tokens shown as @Name, whitespace folded, cut to 140 characters. */
export function excerpt(body: string): string {
  const plain = body
    .replace(/@\[([^\]\n]{1,200})\]\([0-9a-f]{24}\)/g, '@$1')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}

/** getMessages' page: `first` 1..100 (50 by default); `before` is a message id. */
export function pageRequest(args: { first?: number | null | undefined; before?: string | null | undefined }): {
  limit: number;
  before: string | null;
} {
  const limit = args.first ?? messagePageSize.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > messagePageSize.maximum)
    throw codedError('MESSAGE_PAGE_SIZE', { params: { maximum: messagePageSize.maximum }, field: 'limit' });
  return { limit, before: args.before ?? null };
}

/** The seq a page starts below: the `before` message's, which must belong to the conversation. */
export function pageCursor(before: { conversation: string; seq: number } | undefined, conversation: string): number {
  // A message of another conversation is, seen from this one, a message that does not exist.
  if (!before || before.conversation !== conversation) throw refusal('NOT_FOUND', 'BEFORE_NOT_FOUND');
  return before.seq;
}
