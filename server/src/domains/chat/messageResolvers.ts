import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { chatMessages } from '#shared/chatRules';
import { DomainError } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { notificationStream } from '../tasks';
import type { Reader } from '../tasks';
import { runCommand } from '../../core/runCommand';
import { conversationReaders, findMessage, requirePostable, requireReadable, requireVisibleMessage, toMessageState } from './access';
import {
  decideDeleteMessage,
  decideEditMessage,
  decideMentionNotifications,
  decidePostMessage,
  decideReaction,
  decideRead,
  pageCursor,
  pageRequest,
  validateEmoji,
  validateMessageInput,
  type MessageState,
} from './commands';
import { conversationFrom, parseConversationKey, refOf, type ConversationArguments } from './conversation';
import { chatStream, readsStream, type ConversationRef } from './events';
import { presentMessages } from './present';
import { latestSeq } from './summaries';
import { chatReadMarkers, messageReactions, messages } from './tables';
import { TypingThrottle, typingTopic, type TypingNotice } from './typing';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** One message as `viewerId` sees it, with their right to moderate its conversation. */
function presentMessage(db: Reader, messageId: string, viewerId: string) {
  const { row, access } = requireVisibleMessage(db, messageId, viewerId);
  return presentMessages(db, [row], viewerId, () => access.moderate)[0]!;
}

/** Tells the people a message newly mentions, one notification event each in their own stream. */
function recordMentions(
  unit: UnitOfWork,
  message: ConversationRef & { messageId: string; teamId: string; authorId: string; body: string },
  recipients: readonly string[],
): void {
  for (const [userId, events] of decideMentionNotifications(message, recipients, () => newId()))
    unit.append(notificationStream(userId), events, { teamId: message.teamId });
}

async function postMessage(
  context: MercuriusContext,
  args: ConversationArguments & {
    body: string;
    type?: string | null;
    file?: string | null;
    replyTo?: string | null;
    clientId?: string | null;
  },
) {
  const actor = requireActor(context);
  const input = validateMessageInput(args);
  const conversation = conversationFrom(args);
  const messageId = newId();
  const id = await runCommand(context, actor.userId, (unit) => {
    const db = unit.transaction;
    requireReadable(db, conversation, actor.userId);
    if (input.clientId !== null) {
      // A resend of a message already posted: the first one stands and nothing is written.
      const sent = db
        .select()
        .from(messages)
        .where(and(eq(messages.authorId, actor.userId), eq(messages.clientId, input.clientId)))
        .get();
      if (sent && sent.conversation !== conversation.key) throw new DomainError('IDEMPOTENCY_KEY_REUSED', chatMessages.clientIdReused);
      if (sent) return sent.id;
    }
    const access = requirePostable(db, conversation, actor.userId);
    const replyToId = args.replyTo ?? null;
    const replyRow = replyToId ? findMessage(db, replyToId) : undefined;
    const ref = refOf(conversation, access.spaceId);
    const events = decidePostMessage(
      { messageId, authorId: actor.userId, body: input.body, type: input.type, clientId: input.clientId, replyToId, fileId: input.fileId },
      ref,
      replyRow && toMessageState(replyRow),
      conversationReaders(db, conversation),
    );
    unit.append(chatStream(conversation.key), events, { teamId: access.teamId });
    const created = events[0]!.payload as { mentions: string[] };
    recordMentions(unit, { ...ref, messageId, teamId: access.teamId, authorId: actor.userId, body: input.body }, created.mentions);
    return messageId;
  });
  return presentMessage(context.services.database.db, id, actor.userId);
}

/**
 * Runs a command that adds to a conversation (an edit, a reaction) on one visible message: like posting,
 * it needs the right to post there now (a space joined, a private chat still active).
 */
async function onMessage(
  context: MercuriusContext,
  messageId: string,
  work: (unit: UnitOfWork, message: MessageState, userId: string) => void,
) {
  const actor = requireActor(context);
  await runCommand(context, actor.userId, (unit) => {
    const { message } = requireVisibleMessage(unit.transaction, messageId, actor.userId);
    requirePostable(unit.transaction, parseConversationKey(message.conversation), actor.userId);
    work(unit, message, actor.userId);
  });
  return actor.userId;
}

const typing = new WeakMap<object, TypingThrottle>();

/** The app's typing throttle (one per services instance, like every other piece of live state). */
function typingThrottleOf(context: MercuriusContext): TypingThrottle {
  let throttle = typing.get(context.services);
  if (!throttle) typing.set(context.services, (throttle = new TypingThrottle()));
  return throttle;
}

export const messageQueries = {
  getMessages: (_root, args: ConversationArguments & { first?: number | null; before?: string | null }, context) => {
    const actor = requireActor(context);
    const conversation = conversationFrom(args);
    const page = pageRequest(args);
    const db = context.services.database.db;
    const access = requireReadable(db, conversation, actor.userId);
    const conditions = [eq(messages.conversation, conversation.key), isNull(messages.deletedAt)];
    if (page.before !== null) conditions.push(lt(messages.seq, pageCursor(findMessage(db, page.before), conversation.key)));
    const rows = db
      .select()
      .from(messages)
      .where(and(...conditions))
      .orderBy(desc(messages.seq))
      .limit(page.limit)
      .all();
    return presentMessages(db, rows, actor.userId, () => access.moderate);
  },
} satisfies QueryResolvers;

export const messageMutations = {
  setMessage: async (_root, args, context) => {
    const message = await postMessage(context, args);
    // The message ends this round of typing (its echo clears the indicator): the next keystroke is relayed at once.
    typingThrottleOf(context).stop(requireActor(context).userId, conversationFrom(args).key);
    return message;
  },
  ediMessage: async (_root, args: { id: string; body: string }, context) => {
    const userId = await onMessage(context, args.id, (unit, message, editorId) => {
      const events = decideEditMessage(
        message,
        editorId,
        args.body,
        conversationReaders(unit.transaction, parseConversationKey(message.conversation)),
      );
      if (events.length === 0) return;
      unit.append(chatStream(message.conversation), events, { teamId: message.teamId });
      const edited = events[0]!.payload as { body: string; mentions: string[] };
      recordMentions(
        unit,
        { ...message, messageId: message.id, body: edited.body },
        edited.mentions.filter((id) => !message.mentions.includes(id)),
      );
    });
    return presentMessage(context.services.database.db, args.id, userId);
  },
  delMessage: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => {
      const { message, access } = requireVisibleMessage(unit.transaction, args.id, actor.userId);
      unit.append(chatStream(message.conversation), decideDeleteMessage(message, actor.userId, access), { teamId: message.teamId });
    });
    return true;
  },
  reactMessage: async (_root, args: { id: string; emoji: string }, context) => {
    const emoji = validateEmoji(args.emoji);
    const userId = await onMessage(context, args.id, (unit, message, reactorId) => {
      const existing = unit.transaction
        .select()
        .from(messageReactions)
        .where(and(eq(messageReactions.messageId, message.id), eq(messageReactions.userId, reactorId), eq(messageReactions.emoji, emoji)))
        .get();
      unit.append(chatStream(message.conversation), decideReaction(message, reactorId, emoji, existing !== undefined), {
        teamId: message.teamId,
      });
    });
    return presentMessage(context.services.database.db, args.id, userId);
  },
  lastViewed: async (_root, args: ConversationArguments, context) => {
    const actor = requireActor(context);
    const conversation = conversationFrom(args);
    await runCommand(context, actor.userId, (unit) => {
      const db = unit.transaction;
      const access = requireReadable(db, conversation, actor.userId);
      const marker = db
        .select({ seq: chatReadMarkers.seq })
        .from(chatReadMarkers)
        .where(and(eq(chatReadMarkers.userId, actor.userId), eq(chatReadMarkers.conversation, conversation.key)))
        .get();
      const events = decideRead(refOf(conversation, access.spaceId), actor.userId, marker?.seq ?? 0, latestSeq(db, conversation.key));
      if (events.length > 0) unit.append(readsStream(actor.userId), events, { teamId: access.teamId });
    });
    return true;
  },
  typingMessage: (_root, args: ConversationArguments & { stopped?: boolean | null }, context) => {
    const actor = requireActor(context);
    const conversation = conversationFrom(args);
    requirePostable(context.services.database.db, conversation, actor.userId);
    const throttle = typingThrottleOf(context);
    const stopped = args.stopped === true;
    // A stop is relayed only after a relayed start, so stops cannot be sent more often than starts.
    if (stopped ? !throttle.stop(actor.userId, conversation.key) : !throttle.allow(actor.userId, conversation.key)) return false;
    const notice: TypingNotice = { type: 'typing', conversation: conversation.key, userId: actor.userId, ...(stopped ? { stopped } : {}) };
    context.services.live.emitter.emit({ topic: typingTopic(conversation.key), payload: notice });
    return true;
  },
} satisfies MutationResolvers;
