import { eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { isId } from '../../core/ids';
import { DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { findMeetingroom, meetingGuestOfRequest, meetingGuestsById } from '../meetings';
import type { Reader } from '../tasks';
import { conversationFrom, conversationKinds, conversationOf, type Conversation, type ConversationArguments } from './conversation';
import { chatPolicy, type ConversationAccess } from './policies';
import { messages } from './tables';

/**
 * Who asks a chat operation: a signed-in user, or an admitted guest of one meeting room. A guest has no
 * account: their id is the guest's (Invited) id, which their messages carry as author.
 */
export type ChatCaller = { kind: 'member'; userId: string } | { kind: 'guest'; invitedId: string; meetingroomId: string; name: string };
export type GuestCaller = Extract<ChatCaller, { kind: 'guest' }>;

/** The id the caller's own messages carry as author, and that `canEdit` and typing compare with. */
export const authorIdOf = (caller: ChatCaller): string => (caller.kind === 'member' ? caller.userId : caller.invitedId);

/** A guest that may not use the chat is answered exactly as an anonymous caller is. */
const asAnonymous = () => new DomainError('UNAUTHENTICATED');

/**
 * The admitted guest a request speaks for, or null: a request with a user credential, an anonymous one,
 * and the guest of a room who is waiting, refused or removed are not.
 */
export async function admittedGuestOf(context: MercuriusContext): Promise<GuestCaller | null> {
  const guest = await meetingGuestOfRequest(context);
  if (!guest || !chatPolicy.guestMayChat(guest.state)) return null;
  return { kind: 'guest', invitedId: guest.id, meetingroomId: guest.meetingroomId, name: guest.name };
}

/** The caller of a chat operation: an admitted guest, or else the signed-in user (an anonymous caller is refused here). */
export async function chatCallerOf(context: MercuriusContext): Promise<ChatCaller> {
  return (await admittedGuestOf(context)) ?? { kind: 'member', userId: requireActor(context).userId };
}

/**
 * The conversation the arguments name, for this caller: a user's is judged later as always; an admitted
 * guest may name their own room's chat only, and naming anything else, even badly, answers as anonymous.
 */
export function conversationFor(caller: ChatCaller, args: ConversationArguments): Conversation {
  if (caller.kind === 'member') return conversationFrom(args);
  const named = [...conversationKinds, 'invitation' as const].filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (named.length !== 1 || named[0] !== 'meetingroom' || args.meetingroom !== caller.meetingroomId) throw asAnonymous();
  return conversationOf('meetingroom', caller.meetingroomId);
}

/** Both at once, for operations that check nothing in between. */
export async function callerOfConversation(
  context: MercuriusContext,
  args: ConversationArguments,
): Promise<{ caller: ChatCaller; conversation: Conversation }> {
  const caller = await chatCallerOf(context);
  return { caller, conversation: conversationFor(caller, args) };
}

/**
 * The caller of an operation on one message: an admitted guest only for a message of their own room's chat
 * (any other id answers as anonymous, so a guest cannot probe ids); otherwise the signed-in user.
 */
export async function callerOfMessage(context: MercuriusContext, db: Reader, messageId: string): Promise<ChatCaller> {
  const guest = await admittedGuestOf(context);
  if (!guest) return { kind: 'member', userId: requireActor(context).userId };
  const [row] = isId(messageId)
    ? await db.select({ conversation: messages.conversation }).from(messages).where(eq(messages.id, messageId)).limit(1)
    : [];
  if (row?.conversation !== conversationOf('meetingroom', guest.meetingroomId).key) throw asAnonymous();
  return guest;
}

/**
 * A guest's access to their room's chat, judged again from the database (inside a command's transaction,
 * so a guest removed meanwhile posts nothing): read and post while admitted, never moderate.
 */
export async function requireGuestAccess(db: Reader, guest: GuestCaller): Promise<ConversationAccess> {
  const room = await findMeetingroom(db, guest.meetingroomId);
  const current = (await meetingGuestsById(db, [guest.invitedId])).get(guest.invitedId);
  if (!room || !current || !chatPolicy.guestMayChat(current.state)) throw asAnonymous();
  return {
    conversation: conversationOf('meetingroom', room.id),
    teamId: room.teamId,
    // Like a member's: a space's room keeps its space, so its messages go with the space.
    spaceId: room.projectId,
    inactive: false,
    read: true,
    post: true,
    moderate: false,
  };
}

/** Whether a guest may still read their room's chat (judged before every live delivery). */
export async function guestMayStay(db: Reader, guest: GuestCaller): Promise<boolean> {
  const current = (await meetingGuestsById(db, [guest.invitedId])).get(guest.invitedId);
  return current !== undefined && current.meetingroomId === guest.meetingroomId && chatPolicy.guestMayChat(current.state);
}
