import { and, eq, sql } from 'drizzle-orm';
import { preparedQuery } from '../../db/prepared';
import { codedError, DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { spaceContentAccess } from '../../core/spaceContent';
import { findMeetingroom, memberMayUseMeetingroom } from '../meetings';
import { findTaskRow } from '../tasks';
import { findTeam, loadTeamSeat } from '../teams';
import type { Reader } from '../tasks';
import type { MessageState } from './commands';
import { parseConversationKey, refOf, type Conversation } from './conversation';
import { chatPolicy, type ConversationAccess } from './policies';
import { messages, privatMembers, privats } from './tables';

export type { Reader };
type MessageRow = typeof messages.$inferSelect;

/** The user's access to a conversation, or null when there is no such conversation. */
export async function loadConversationAccess(db: Reader, conversation: Conversation, userId: string): Promise<ConversationAccess | null> {
  if (!isId(conversation.id)) return null;
  switch (conversation.kind) {
    case 'project':
      return spaceConversation(db, conversation, conversation.id, userId);
    case 'task': {
      const task = await findTaskRow(db, conversation.id);
      return task ? spaceConversation(db, conversation, task.projectId, userId) : null;
    }
    case 'privat': {
      const [privat] = await db.select().from(privats).where(eq(privats.id, conversation.id)).limit(1);
      if (!privat) return null;
      const [member] = await db
        .select({ userId: privatMembers.userId })
        .from(privatMembers)
        .where(and(eq(privatMembers.privatId, privat.id), eq(privatMembers.userId, userId)))
        .limit(1);
      const team = await findTeam(db, privat.teamId);
      const inTeam = team !== undefined && (await loadTeamSeat(db, team, userId)) !== null;
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
      const room = await findMeetingroom(db, conversation.id);
      if (!room) return null;
      if (room.projectId !== null) return spaceConversation(db, conversation, room.projectId, userId);
      const member = await memberMayUseMeetingroom(db, room, userId);
      return { conversation, teamId: room.teamId, spaceId: null, inactive: false, read: member, post: member, moderate: false };
    }
  }
}

async function spaceConversation(
  db: Reader,
  conversation: Conversation,
  projectId: string,
  userId: string,
): Promise<ConversationAccess | null> {
  // Through the core's space-content rule: a unit asks for one person's access to a space once (it remembers it).
  const access = await spaceContentAccess(db, projectId, userId);
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
export async function requireReadable(db: Reader, conversation: Conversation, userId: string): Promise<ConversationAccess> {
  const access = await loadConversationAccess(db, conversation, userId);
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
export async function requirePostable(db: Reader, conversation: Conversation, userId: string): Promise<ConversationAccess> {
  const access = await requireReadable(db, conversation, userId);
  if (!access.post) throw new DomainError('PERMISSION_DENIED');
  if (access.inactive) throw codedError('PRIVAT_INACTIVE');
  return access;
}

/**
 * Which of `candidates` may read a conversation (to be mentioned, or to hear of it), judged before deciding: the
 * answer is a plain predicate, false for anyone not among the candidates.
 */
export async function conversationReaders(
  db: Reader,
  conversation: Conversation,
  candidates: Iterable<string>,
): Promise<(userId: string) => boolean> {
  const readers = new Set<string>();
  for (const userId of new Set(candidates)) {
    if (isId(userId) && (await loadConversationAccess(db, conversation, userId))?.read === true) readers.add(userId);
  }
  return (userId) => readers.has(userId);
}

const messageById = preparedQuery((db: Reader) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.id, sql.placeholder('messageId')))
    .prepare(),
);

export async function findMessage(db: Reader, messageId: string): Promise<MessageRow | undefined> {
  if (!isId(messageId)) return undefined;
  return (await messageById(db).execute({ messageId }))[0];
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
export async function requireVisibleMessage(
  db: Reader,
  messageId: string,
  userId: string,
): Promise<{ row: MessageRow; message: MessageState; access: ConversationAccess }> {
  const row = await findMessage(db, messageId);
  const access = row ? await loadConversationAccess(db, parseConversationKey(row.conversation), userId) : null;
  if (!row || row.deletedAt !== null || !access?.read) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  return { row, message: toMessageState(row), access };
}
