import { and, eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { requireActor } from '../../graphql/context';
import type { Reader } from '../tasks';
import { feed, mapFeed, shareWith, topics, type Verdict } from '../../core/live';
import { requireCurrentTeam } from '../teams';
import { findMessage, loadConversationAccess, requireReadable } from './access';
import type { Conversation } from './conversation';
import { callerOfConversation, guestMayStay, requireGuestAccess, type GuestCaller } from './guests';
import type { ChatRead, ConversationRef, MessageCreated, PrivatCreated, PrivatLeft, PrivatMembersAdded } from './events';
import { messageForViewer, peopleById, presentMessageBases, type MessageBase } from './present';
import { presentPrivatFor } from './privatResolvers';
import { privatMembers } from './tables';
import { typingTopic, type TypingNotice } from './typing';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';

type Incoming = StoredEvent | TypingNotice;
type Payload = Partial<ConversationRef> & { messageId?: string; userId?: string; privatId?: string; projectId?: string; taskId?: string };

/** Events after which a subscriber's access to the conversation is judged again (the only ways it changes). */
function mayChangeAccess(conversation: Conversation, spaceId: string | null, event: StoredEvent): boolean {
  const payload = event.payload as Payload;
  if (event.type.startsWith('team.')) return true;
  if (event.type.startsWith('project.')) return spaceId !== null && payload.projectId === spaceId;
  if (event.type === 'task.moved' || event.type === 'task.deleted')
    return conversation.kind === 'task' && payload.taskId === conversation.id;
  if (event.type.startsWith('privat.')) return conversation.kind === 'privat' && payload.privatId === conversation.id;
  return false;
}

interface Delivery {
  event: Incoming;
  moderate: boolean;
  /** Whose flags the message is shown with: the user's id, or the guest's. */
  viewerId: string;
}

/**
 * subMessage's feed for a meeting room's admitted guest: the room chat's message events and typing notices
 * while the guest stays admitted. The guest's own state change (removed, or refused again) ends it at once;
 * the state is judged again before every delivery too. Resumable from the team's log like a member's feed.
 */
function guestConversationFeed(context: MercuriusContext, guest: GuestCaller, conversation: Conversation, teamId: string) {
  const db = context.services.database.db;
  const ownStateChange = (event: StoredEvent) =>
    event.type === 'invited.stateChanged' && (event.payload as { invitedId?: string }).invitedId === guest.invitedId;
  const relevant = (incoming: Incoming): boolean => {
    const about = trafficConversation(incoming);
    return about === undefined ? ownStateChange(incoming as StoredEvent) : about === conversation.key;
  };
  const events = feed(
    context,
    null,
    [topics.team(teamId), typingTopic(conversation.key)],
    async (incoming): Promise<Verdict> => {
      const event = incoming as Incoming;
      const about = trafficConversation(event);
      if (about === undefined) return ownStateChange(event as StoredEvent) && !(await guestMayStay(db, guest)) ? 'end' : 'skip';
      if (about !== conversation.key || (event.type === 'typing' && (event as TypingNotice).userId === guest.invitedId)) return 'skip';
      if (!(await guestMayStay(db, guest))) return 'end';
      return event.type === 'typing' ? 'deliver' : await messageDelivery(db, event as StoredEvent);
    },
    relevant,
  );
  return mapFeed(events, (event) => shared({ event: event as Incoming, moderate: false, viewerId: guest.invitedId }));
}

/**
 * subMessage's feed: the conversation's message events and typing notices, while the subscriber may
 * read it. Access is judged again after every event that can change it (membership, roles, the space,
 * the task, the chat); the first one that takes it away ends the subscription.
 */
function conversationFeed(
  context: MercuriusContext,
  userId: string,
  conversation: Conversation,
  teamId: string,
  initial: { spaceId: string | null; moderate: boolean },
) {
  const db = context.services.database.db;
  let { spaceId, moderate } = initial;
  /**
   * The conversation's own traffic and every kind of event that may change access to it (any space's, not
   * only the one judged last: the judge follows a task moved to another space); the judge skips all else
   * without reading.
   */
  const relevant = (incoming: Incoming): boolean => {
    const about = trafficConversation(incoming);
    if (about !== undefined) return about === conversation.key;
    const { type } = incoming;
    return (
      type.startsWith('team.') ||
      type.startsWith('project.') ||
      type.startsWith('privat.') ||
      type === 'task.moved' ||
      type === 'task.deleted'
    );
  };
  const events = feed(
    context,
    requireActor(context),
    [topics.team(teamId), typingTopic(conversation.key)],
    (incoming): Verdict | Promise<Verdict> => {
      const event = incoming as Incoming;
      if (event.type === 'typing')
        return (event as TypingNotice).conversation === conversation.key && (event as TypingNotice).userId !== userId ? 'deliver' : 'skip';
      const stored = event as StoredEvent;
      if (stored.type.startsWith('message.'))
        return (stored.payload as Payload).conversation === conversation.key ? messageDelivery(db, stored) : 'skip';
      if (!mayChangeAccess(conversation, spaceId, stored)) return 'skip';
      return judgeAccessAgain();
    },
    relevant,
  );
  async function judgeAccessAgain(): Promise<Verdict> {
    const access = await loadConversationAccess(db, conversation, userId);
    if (!access?.read) return 'end';
    spaceId = access.spaceId;
    moderate = access.moderate;
    return 'skip';
  }
  return mapFeed(events, (event) => shared({ event: event as Incoming, moderate, viewerId: userId }));
}

/**
 * A delivery as every subscriber who sees the event alike gets it: a message is the same for all but its
 * viewer's flags (clientId and canEdit for its author, canDelete for its author and moderators), so the
 * payload depends on the viewer only through whether they wrote it and whether they moderate; typing
 * notices and deletions are the same for everybody.
 */
function shared(delivery: Delivery): Delivery {
  const { event, viewerId, moderate } = delivery;
  if (event.type === 'typing' || event.type === 'message.deleted') return shareWith(delivery, event, 'everyone');
  const stored = event as StoredEvent;
  const read = sharedByEvent.get(stored);
  if (read === null) return shareWith(delivery, event, 'everyone');
  const authorId = authorOfEvent(stored) ?? read?.authorId;
  // Neither known nor read (the judge reads it first): the resolver reads it for this subscriber alone.
  if (authorId === undefined) return delivery;
  return shareWith(
    delivery,
    event,
    authorId === viewerId ? (moderate ? 'author+moderator' : 'author') : moderate ? 'reader+moderator' : 'reader',
  );
}

/** The conversation a typing notice or a message event is about; undefined for every other event. */
function trafficConversation(incoming: Incoming): string | undefined {
  if (incoming.type === 'typing') return (incoming as TypingNotice).conversation;
  if (incoming.type.startsWith('message.')) return ((incoming as StoredEvent).payload as Payload).conversation;
  return undefined;
}

/**
 * A message event of the subscriber's conversation, ready to deliver. Whom the payload is shared with depends on the
 * message's author: known from a creation or an edit, else the message is read (once for all subscribers) before it is
 * delivered, so `shared` finds it.
 */
function messageDelivery(db: Reader, event: StoredEvent): Verdict | Promise<Verdict> {
  return event.type === 'message.deleted' || authorOfEvent(event) !== undefined || sharedByEvent.has(event)
    ? 'deliver'
    : readSharedMessage(db, event).then(() => 'deliver' as const);
}

/**
 * The author of the message an event is about, when the event says: a creation's (its actor, or the guest who wrote
 * it) and an edit's (only authors edit; a guest's edit has no actor). Undefined for the others (a reaction's actor is
 * the reactor).
 */
function authorOfEvent(event: StoredEvent): string | undefined {
  if (event.type === 'message.created') return (event.payload as MessageCreated).guest?.invitedId ?? event.actorId ?? undefined;
  if (event.type === 'message.edited') return event.actorId ?? undefined;
  return undefined;
}

/**
 * Every subscriber is sent the same message but for their own flags: it is read once per event and shared. Kept by
 * the event, the one object every subscriber's feed is handed (and dropped with it): the message as read, and
 * the read under way so subscribers judged at once wait for the one read.
 */
const sharedByEvent = new WeakMap<Incoming, MessageBase | null>();
const readingByEvent = new WeakMap<StoredEvent, Promise<MessageBase | null>>();

function readSharedMessage(db: Reader, event: StoredEvent): Promise<MessageBase | null> {
  let reading = readingByEvent.get(event);
  if (!reading) {
    reading = (async () => {
      const row = await findMessage(db, (event.payload as Payload).messageId!);
      const base = row && row.deletedAt === null ? (await presentMessageBases(db, [row]))[0]! : null;
      sharedByEvent.set(event, base);
      return base;
    })();
    readingByEvent.set(event, reading);
  }
  return reading;
}

const isMember = async (db: Reader, privatId: string, userId: string) =>
  (
    await db
      .select({ userId: privatMembers.userId })
      .from(privatMembers)
      .where(and(eq(privatMembers.privatId, privatId), eq(privatMembers.userId, userId)))
      .limit(1)
  ).length > 0;

/** What subPrivat's judge looks at: the team's private chats, their messages and reads, and a member leaving the team. */
function privatRelevant(event: StoredEvent): boolean {
  const { type } = event;
  if (type.startsWith('message.') || type === 'chat.read') return Boolean((event.payload as Payload).privatId);
  return type === 'team.member_removed' || type.startsWith('privat.');
}

/** Which changes of the team's private chats concern the subscriber's list. */
async function privatVerdict(db: Reader, userId: string, event: StoredEvent): Promise<Verdict> {
  const payload = event.payload as Payload;
  switch (event.type) {
    case 'team.member_removed':
      return payload.userId === userId ? 'end' : 'skip';
    case 'privat.created':
      return (event.payload as PrivatCreated).memberIds.includes(userId) ? 'deliver' : 'skip';
    case 'privat.left':
      return (event.payload as PrivatLeft).userId === userId || (await isMember(db, payload.privatId!, userId)) ? 'deliver' : 'skip';
    case 'privat.updated':
    case 'privat.members_added':
    case 'message.created':
    case 'message.edited':
    case 'message.deleted':
      return payload.privatId && (await isMember(db, payload.privatId, userId)) ? 'deliver' : 'skip';
    case 'chat.read':
      return payload.privatId && (event.payload as ChatRead).userId === userId ? 'deliver' : 'skip';
    default:
      return 'skip';
  }
}

function privatChangeType(event: StoredEvent, userId: string): string {
  if (event.type.startsWith('message.')) return 'privat.message';
  if (event.type === 'chat.read') return 'privat.read';
  if (event.type === 'privat.members_added')
    return (event.payload as PrivatMembersAdded).userIds.includes(userId) ? 'privat.created' : 'privat.updated';
  if (event.type === 'privat.left') return (event.payload as PrivatLeft).userId === userId ? 'privat.left' : 'privat.updated';
  return event.type;
}

export const chatSubscriptions = {
  subMessage: {
    subscribe: async (_root, args, context) => {
      const { caller, conversation } = await callerOfConversation(context, args);
      const db = context.services.database.db;
      if (caller.kind === 'guest')
        return guestConversationFeed(context, caller, conversation, (await requireGuestAccess(db, caller)).teamId);
      const access = await requireReadable(db, conversation, caller.userId);
      return conversationFeed(context, caller.userId, conversation, access.teamId, access);
    },
    resolve: async ({ event, moderate, viewerId }, _args, context) => {
      const db = context.services.database.db;
      if (event.type === 'typing') {
        const notice = event as TypingNotice;
        return {
          type: notice.stopped ? 'typing.stopped' : 'typing',
          seq: 0,
          messageId: null,
          message: null,
          user: notice.guestName === undefined ? ((await peopleById(db, [notice.userId])).get(notice.userId) ?? null) : null,
          guest: notice.guestName === undefined ? null : { id: notice.userId, name: notice.guestName },
        };
      }
      const stored = event as StoredEvent;
      const base = stored.type === 'message.deleted' ? null : await readSharedMessage(db, stored);
      return {
        type: stored.type,
        seq: stored.seq,
        messageId: (stored.payload as Payload).messageId!,
        message: base ? messageForViewer(base, viewerId, moderate) : null,
        user: null,
        guest: null,
      };
    },
  } satisfies LiveSubscription<'subMessage', Delivery>,
  subPrivat: {
    subscribe: async (_root, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const { team } = await requireCurrentTeam(db, actor.userId);
      return feed(context, actor, topics.team(team.id), (event) => privatVerdict(db, actor.userId, event), privatRelevant);
    },
    resolve: async (event, _args, context) => {
      const userId = requireActor(context).userId;
      const privatId = (event.payload as Payload).privatId!;
      return {
        type: privatChangeType(event, userId),
        privatId,
        privat: await presentPrivatFor(context.services.database.db, privatId, userId, context.services.store.clock.now()),
      };
    },
  } satisfies LiveSubscription<'subPrivat', StoredEvent>,
} satisfies SubscriptionResolvers;
