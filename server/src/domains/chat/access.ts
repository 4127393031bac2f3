import { and, eq, sql } from 'drizzle-orm';
import { preparedQuery } from '../../db/prepared';
import { codedError, DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { findMeetingroom, memberMayUseMeetingroom } from '../meetings';
import { findTaskRow } from '../tasks';
import { findTeam, loadSpaceAccess, loadTeamSeat } from '../teams';
import type { Reader } from '../tasks';
import type { MessageState } from './commands';
import { parseConversationKey, refOf, type Conversation } from './conversation';
import { chatPolicy, type ConversationAccess } from './policies';
import { messages, privatMembers, privats } from './tables';

export type { Reader };
type MessageRow = typeof messages.$inferSelect;

/** The user's access to a conversation, or null when there is no such conversation. */
export function loadConversationAccess(db: Reader, conversation: Conversation, userId: string): ConversationAccess | null {
  if (!isId(conversation.id)) return null;
  switch (conversation.kind) {
    case 'project':
      return spaceConversation(db, conversation, conversation.id, userId);
    case 'task': {
      const task = findTaskRow(db, conversation.id);
      return task ? spaceConversation(db, conversation, task.projectId, userId) : null;
    }
    case 'privat': {
      const privat = db.select().from(privats).where(eq(privats.id, conversation.id)).get();
      if (!privat) return null;
      const member = db
        .select({ userId: privatMembers.userId })
        .from(privatMembers)
        .where(and(eq(privatMembers.privatId, privat.id), eq(privatMembers.userId, userId)))
        .get();
      const team = findTeam(db, privat.teamId);
      const inTeam = team !== undefined && loadTeamSeat(db, team, userId) !== null;
      return {
        conversation,
        teamId: privat.teamId,
        spaceId: null,
        inactive: privat.inactive,
        ...chatPolicy.inPrivat({ member: member !== undefined, inTeam }),
      };
    }
    case 'meetingroom': {
      // A space's room talks like the space's channel; an ad hoc room is its team's members'.
      const room = findMeetingroom(db, conversation.id);
      if (!room) return null;
      if (room.projectId !== null) return spaceConversation(db, conversation, room.projectId, userId);
      const member = memberMayUseMeetingroom(db, room, userId);
      return { conversation, teamId: room.teamId, spaceId: null, inactive: false, read: member, post: member, moderate: false };
    }
  }
}

function spaceConversation(db: Reader, conversation: Conversation, projectId: string, userId: string): ConversationAccess | null {
  const access = loadSpaceAccess(db, projectId, userId);
  if (!access) return null;
  return {
    conversation,
    teamId: access.space.teamId,
    spaceId: projectId,
    inactive: false,
    ...chatPolicy.inSpace(access.seat, access.space, access.spaceSeat),
  };
}

/**
 * The conversation, if the user may read it. A space or task out of sight answers as a missing one,
 * so ids cannot be probed; a private chat the user is not in answers with SPEC §6's permission message
 * whether or not it exists.
 */
export function requireReadable(db: Reader, conversation: Conversation, userId: string): ConversationAccess {
  const access = loadConversationAccess(db, conversation, userId);
  if (access?.read) return access;
  switch (conversation.kind) {
    case 'project':
      throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
    case 'task':
      throw refusal('NOT_FOUND', 'TASK_NOT_FOUND');
    case 'privat':
      throw new DomainError('PERMISSION_DENIED');
    case 'meetingroom':
      throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  }
}

/** The conversation, if the user may post in it now. */
export function requirePostable(db: Reader, conversation: Conversation, userId: string): ConversationAccess {
  const access = requireReadable(db, conversation, userId);
  if (!access.post) throw new DomainError('PERMISSION_DENIED');
  if (access.inactive) throw codedError('PRIVAT_INACTIVE');
  return access;
}

/** Whether someone may read a conversation (to be mentioned, or to hear of it); answers are remembered per call. */
export function conversationReaders(db: Reader, conversation: Conversation): (userId: string) => boolean {
  const known = new Map<string, boolean>();
  return (userId) => {
    if (!known.has(userId)) known.set(userId, isId(userId) && loadConversationAccess(db, conversation, userId)?.read === true);
    return known.get(userId)!;
  };
}

const messageById = preparedQuery((db: Reader) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.id, sql.placeholder('messageId')))
    .prepare(),
);

export function findMessage(db: Reader, messageId: string): MessageRow | undefined {
  if (!isId(messageId)) return undefined;
  return messageById(db).get({ messageId });
}

export function toMessageState(row: MessageRow): MessageState {
  return {
    ...refOf(parseConversationKey(row.conversation), row.spaceId),
    id: row.id,
    teamId: row.teamId,
    seq: row.seq,
    authorId: row.authorId,
    type: row.type,
    body: row.body,
    mentions: row.mentions,
    deleted: row.deletedAt !== null,
  };
}

/** A live message of a conversation the user may read; any other id answers as a missing message. */
export function requireVisibleMessage(
  db: Reader,
  messageId: string,
  userId: string,
): { row: MessageRow; message: MessageState; access: ConversationAccess } {
  const row = findMessage(db, messageId);
  const access = row ? loadConversationAccess(db, parseConversationKey(row.conversation), userId) : null;
  if (!row || row.deletedAt !== null || !access?.read) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  return { row, message: toMessageState(row), access };
}
