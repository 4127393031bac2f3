import { codedError, refusal } from '../../errors';
import type { ConversationRef } from './events';

export const conversationKinds = ['project', 'privat', 'task', 'meetingroom'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

export interface Conversation {
  kind: ConversationKind;
  id: string;
  /** `<kind>:<id>`: the key messages, markers and streams use. */
  key: string;
}

export type ConversationArguments = Partial<Record<ConversationKind | 'invitation', string | null>>;

export const conversationOf = (kind: ConversationKind, id: string): Conversation => ({ kind, id, key: `${kind}:${id}` });

export function parseConversationKey(key: string): Conversation {
  const separator = key.indexOf(':');
  return conversationOf(key.slice(0, separator) as ConversationKind, key.slice(separator + 1));
}

/**
 * The one conversation the arguments name. Meeting-room invitations (getMessages' `invitation`) come
 * with the meetings area; until then they are refused as not found, like an unknown id.
 */
export function conversationFrom(args: ConversationArguments): Conversation {
  const named = [...conversationKinds, 'invitation' as const].filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (named.length !== 1) throw codedError('ONE_CONVERSATION');
  const kind = named[0]!;
  if (kind === 'invitation') throw refusal('NOT_FOUND', 'MEETING_INVITATION_NOT_FOUND');
  return conversationOf(kind, args[kind]!);
}

/** The references message events carry; `spaceId` is the space of a project or task conversation. */
export function refOf(conversation: Conversation, spaceId: string | null): ConversationRef {
  return {
    conversation: conversation.key,
    projectId: conversation.kind === 'project' ? conversation.id : null,
    privatId: conversation.kind === 'privat' ? conversation.id : null,
    taskId: conversation.kind === 'task' ? conversation.id : null,
    meetingroomId: conversation.kind === 'meetingroom' ? conversation.id : null,
    spaceId,
  };
}
