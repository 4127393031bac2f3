import { isOneOf } from './guards';

/** A message body, trimmed: 1 to 20,000 characters (a file message may have none). */
export const messageBodyLength = { minimum: 1, maximum: 20_000 } as const;
/** A reply shows the quoted message cut to this many characters. */
export const quoteLength = 300;
/** getMessages pages: 50 by default, at most 100. */
export const messagePageSize = { default: 50, maximum: 100 } as const;
/** A client mutation id given with setMessage. */
export const clientIdLength = { minimum: 1, maximum: 64 } as const;
/** A typing notice goes out at most once per user and conversation in this window. */
export const typingIntervalMs = 2000;
/** Private chat names and reaction emoji. */
export const privatNameLength = { minimum: 1, maximum: 100 } as const;
export const emojiLength = { minimum: 1, maximum: 32 } as const;
/** At most this many people are notified of one message's @mentions. */
export const maximumMentions = 200;

/** Message types; clients send `text` and `file`, the server writes `system`, `call` and `standup` (a space's daily standup). */
export const messageTypes = ['text', 'file', 'system', 'call', 'standup'] as const;
export type MessageType = (typeof messageTypes)[number];
export const isMessageType = (value: unknown): value is MessageType => isOneOf(messageTypes, value);

export const presenceStates = ['online', 'away', 'offline'] as const;
export type PresenceState = (typeof presenceStates)[number];

/** Refusals of the chat area, shared so the client can show the same words. */
export const chatMessages = {
  bodyRequired: 'Write a message first.',
  bodyTooLong: `A message can be at most ${messageBodyLength.maximum.toLocaleString('en')} characters.`,
  typeNotAllowed: 'Only text and file messages can be sent.',
  fileRequired: 'A file message needs a file.',
  fileNotFound: 'This file does not exist (it may have been deleted) or you cannot see it.',
  fileElsewhere: 'This file belongs to another conversation. Upload it to this one to attach it here.',
  fileNotYours: 'You can only attach files you uploaded yourself.',
  clientIdLength: `A client id must be ${clientIdLength.minimum} to ${clientIdLength.maximum} characters.`,
  clientIdReused: 'This client id was already used for a message in another conversation.',
  oneConversation: 'Name exactly one conversation: a project, a private chat, a task or a meeting room.',
  meetingroomNotFound: 'This meeting room does not exist or you cannot see it.',
  invitationNotFound: 'This meeting invitation does not exist or you cannot see it.',
  messageNotFound: 'This message does not exist or you cannot see it.',
  replyNotFound: 'The message you reply to is not in this conversation.',
  beforeNotFound: 'Use the id of a message of this conversation as before.',
  pageSize: `Ask for 1 to ${messagePageSize.maximum} messages.`,
  editOwnOnly: 'You can only edit your own messages.',
  editNotText: 'Only text and file messages can be edited.',
  deleteNotAllowed: 'You can only delete your own messages; space admins and team admins may delete any in their spaces.',
  privatInactive: 'This chat is inactive: it takes no new messages.',
  privatPeopleRequired: 'Choose at least one other person.',
  privatPeopleNotInTeam: 'Start chats only with people of your current team.',
  privatOneToOneFixed: 'A one-to-one chat has no name, logo or other members. Start a group chat instead.',
  privatLeaveOneToOne: 'A one-to-one chat cannot be left; make it inactive instead.',
  privatNameLength: `Use ${privatNameLength.minimum} to ${privatNameLength.maximum} characters for the chat name.`,
  emojiInvalid: 'Choose one emoji.',
  presenceState: 'Choose online or away.',
} as const;

/** Line endings made \n, and control characters other than tab and newline removed; then trimmed. */
export function normalizeBody(body: string): string {
  // eslint-disable-next-line no-control-regex -- these control characters are what the rule removes
  const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
  return body.replace(/\r\n?/g, '\n').replace(controlCharacters, '').trim();
}

/** Mention tokens as the composer writes them: @[Display Name](userId), userId being a 24-hex id. */
const mentionPattern = /@\[([^\]\n]{1,200})\]\(([0-9a-f]{24})\)/g;

/** The user ids a body mentions, once each, in order of first mention. */
export function mentionedIds(body: string): string[] {
  const ids = new Set<string>();
  for (const match of body.matchAll(mentionPattern)) ids.add(match[2]!);
  return [...ids];
}
