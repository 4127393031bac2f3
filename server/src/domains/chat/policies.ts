import { spaceContentPolicy } from '../../core/spaceContent';
import { spacePolicy, type SpaceFacts, type SpaceSeat, type TeamSeat } from '../../core/access';
import type { Conversation } from './conversation';

/** What one user may do in one conversation, judged from the teams and tasks areas' facts. */
export interface ConversationAccess {
  conversation: Conversation;
  teamId: string;
  /** The space of a project or task conversation; null for private chats. */
  spaceId: string | null;
  read: boolean;
  post: boolean;
  /** May delete other people's messages. */
  moderate: boolean;
  /** A private chat made inactive: readable, but it takes no new messages. */
  inactive: boolean;
}

export type Abilities = Pick<ConversationAccess, 'read' | 'post' | 'moderate'>;

const nothing: Abilities = { read: false, post: false, moderate: false };

export interface MessageFacts {
  authorId: string;
  type: string;
  deleted: boolean;
}

/**
 * Who may do what in a conversation:
 * - a space's channel and its tasks' threads are read by whoever may see the space and written by its
 *   members (guests included) and those who manage it, as tasks are; a member seeing a public space
 *   they did not join reads until they join; space admins and team admins moderate;
 * - a private chat is read and written by its members while they are in its team; nobody moderates it;
 * - a meeting room's guest (no account) reads and writes that room's chat while admitted, and nothing else;
 *   they never moderate;
 * - anyone edits only their own text and file messages, and deletes their own.
 */
export const chatPolicy = {
  /** The space content rule (spaceContentPolicy: read, post = write); moderating is for those who manage the space. */
  inSpace(seat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): Abilities {
    const access = { seat, space, spaceSeat };
    if (!spaceContentPolicy.read(access)) return nothing;
    return { read: true, post: spaceContentPolicy.write(access), moderate: spacePolicy.manage(seat, space, spaceSeat) };
  },
  inPrivat(facts: { member: boolean; inTeam: boolean }): Abilities {
    return facts.member && facts.inTeam ? { read: true, post: true, moderate: false } : nothing;
  },
  /** A guest's state in the meetings area (waiting, admitted, refused, removed): only an admitted one is in the room. */
  guestMayChat(state: string): boolean {
    return state === 'admitted';
  },
  edit(message: MessageFacts, viewerId: string): boolean {
    return !message.deleted && message.authorId === viewerId && (message.type === 'text' || message.type === 'file');
  },
  /** Unlike spaceContentPolicy.manage on purpose: authors delete their own messages with read access alone. */
  delete(message: MessageFacts, viewerId: string, access: Pick<ConversationAccess, 'read' | 'moderate'>): boolean {
    return !message.deleted && access.read && (message.authorId === viewerId || access.moderate);
  },
};
