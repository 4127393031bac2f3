import { and, asc, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { chatMessages } from '#shared/chatRules';
import { limitsOfPlan } from '#shared/plans';
import { DomainError, refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
import { readTogether } from '../../db/prepared';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { notificationStream } from '../tasks';
import { teamMessageHistoryStart, teamPlanName } from '../teams';
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
import {
  authorIdOf,
  callerOfConversation,
  callerOfMessage,
  chatCallerOf,
  conversationFor,
  requireGuestAccess,
  type ChatCaller,
} from './guests';
import { chatStream, readsStream, type ConversationRef } from './events';
import { presentMessages } from './present';
import { latestSeq } from './summaries';
import { chatReadMarkers, messageReactions, messages } from './tables';
import { TypingThrottle, typingTopic, type TypingNotice } from './typing';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** One message as the caller sees it, with their right to moderate its conversation (a guest never moderates). */
function presentMessage(db: Reader, messageId: string, caller: ChatCaller) {
  if (caller.kind === 'guest') {
    requireGuestAccess(db, caller);
    const row = findMessage(db, messageId);
    if (!row || row.deletedAt !== null) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
    return presentMessages(db, [row], caller.invitedId, () => false)[0]!;
  }
  const { row, access } = requireVisibleMessage(db, messageId, caller.userId);
  return presentMessages(db, [row], caller.userId, () => access.moderate)[0]!;
}

/** A mutation's message as its caller sees it, read in one read transaction (see readTogether). */
function presentAnswer(context: MercuriusContext, messageId: string, caller: ChatCaller) {
  const database = context.services.database;
  return readTogether(database.sqlite, () => presentMessage(database.db, messageId, caller));
}

/** Runs a command as the caller: a user is its actor; a guest's command has none (the guest is in its events). */
function runAs<Result>(context: MercuriusContext, caller: ChatCaller, work: (unit: UnitOfWork) => Promise<Result>): Promise<Result> {
  if (caller.kind === 'member') return runCommand(context, caller.userId, work);
  return context.services.store.run({ actorId: null, mutationId: context.mutationId, request: context.request }, work);
}

/** Tells the people a message newly mentions, one notification event each in their own stream. */
async function recordMentions(
  unit: UnitOfWork,
  message: ConversationRef & { messageId: string; teamId: string; authorId: string; body: string },
  recipients: readonly string[],
): Promise<void> {
  for (const [userId, events] of decideMentionNotifications(message, recipients, () => newId()))
    await unit.append(notificationStream(userId), events, { teamId: message.teamId });
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
  const caller = chatCallerOf(context);
  // A guest naming another conversation is answered as anonymous before anything else is looked at.
  const guestConversation = caller.kind === 'guest' ? conversationFor(caller, args) : null;
  const input = validateMessageInput(args);
  // A meeting room has no files to attach (fileBelongsTo), and a guest cannot upload: no file is theirs to see.
  if (caller.kind === 'guest' && input.fileId !== null) throw refusal('NOT_FOUND', 'ATTACHMENT_NOT_FOUND');
  const conversation = guestConversation ?? conversationFrom(args);
  const authorId = authorIdOf(caller);
  const messageId = newId();
  const id = await runAs(context, caller, async (unit) => {
    const db = unit.transaction;
    if (caller.kind === 'member') requireReadable(db, conversation, caller.userId);
    else requireGuestAccess(db, caller);
    if (input.clientId !== null) {
      // A resend of a message already posted: the first one stands and nothing is written.
      const sent = db
        .select()
        .from(messages)
        .where(and(eq(messages.authorId, authorId), eq(messages.clientId, input.clientId)))
        .get();
      if (sent && sent.conversation !== conversation.key) throw new DomainError('IDEMPOTENCY_KEY_REUSED', chatMessages.clientIdReused);
      if (sent) return sent.id;
    }
    const access = caller.kind === 'member' ? requirePostable(db, conversation, caller.userId) : requireGuestAccess(db, caller);
    const replyToId = args.replyTo ?? null;
    const replyRow = replyToId ? findMessage(db, replyToId) : undefined;
    const ref = refOf(conversation, access.spaceId);
    const events = decidePostMessage(
      {
        messageId,
        authorId,
        body: input.body,
        type: input.type,
        clientId: input.clientId,
        replyToId,
        fileId: input.fileId,
        ...(caller.kind === 'guest' ? { guest: { invitedId: caller.invitedId, name: caller.name } } : {}),
      },
      ref,
      replyRow && toMessageState(replyRow),
      // A guest sees nobody of the team to mention: their mentions notify no one.
      caller.kind === 'member' ? conversationReaders(db, conversation) : () => false,
    );
    await unit.append(chatStream(conversation.key), events, { teamId: access.teamId });
    const created = events[0]!.payload as { mentions: string[] };
    await recordMentions(unit, { ...ref, messageId, teamId: access.teamId, authorId, body: input.body }, created.mentions);
    return messageId;
  });
  return presentAnswer(context, id, caller);
}

/**
 * Runs a command that adds to a conversation (an edit, a reaction) on one visible message: like posting,
 * it needs the right to post there now (a space joined, a private chat still active, a guest still admitted).
 */
async function onMessage(
  context: MercuriusContext,
  messageId: string,
  work: (unit: UnitOfWork, message: MessageState, authorId: string, caller: ChatCaller) => Promise<void>,
  guestsMay = false,
): Promise<ChatCaller> {
  const caller = guestsMay ? callerOfMessage(context, context.services.database.db, messageId) : memberCaller(context);
  await runAs(context, caller, async (unit) => {
    const db = unit.transaction;
    if (caller.kind === 'guest') {
      requireGuestAccess(db, caller);
      const row = findMessage(db, messageId);
      if (!row || row.deletedAt !== null) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
      await work(unit, toMessageState(row), caller.invitedId, caller);
      return;
    }
    const { message } = requireVisibleMessage(db, messageId, caller.userId);
    requirePostable(db, parseConversationKey(message.conversation), caller.userId);
    await work(unit, message, caller.userId, caller);
  });
  return caller;
}

/** A signed-in user, for the operations a guest may not use (answered to a guest as to anyone anonymous). */
const memberCaller = (context: MercuriusContext): ChatCaller => ({ kind: 'member', userId: requireActor(context).userId });

const typing = new WeakMap<object, TypingThrottle>();

/** The app's typing throttle (one per services instance, like every other piece of live state). */
function typingThrottleOf(context: MercuriusContext): TypingThrottle {
  let throttle = typing.get(context.services);
  if (!throttle) typing.set(context.services, (throttle = new TypingThrottle()));
  return throttle;
}

export const messageQueries = {
  getMessages: (_root, args: ConversationArguments & { first?: number | null; before?: string | null }, context) => {
    const { caller, conversation } = callerOfConversation(context, args);
    const page = pageRequest(args);
    const db = context.services.database.db;
    const access = caller.kind === 'member' ? requireReadable(db, conversation, caller.userId) : requireGuestAccess(db, caller);
    const conditions = [eq(messages.conversation, conversation.key), isNull(messages.deletedAt)];
    // Older messages than the plan's history are hidden, never deleted (getMessageHistory says so).
    const historyStart = teamMessageHistoryStart(db, access.teamId, context.services.store.clock.now());
    if (historyStart !== null) conditions.push(gte(messages.createdAt, historyStart));
    if (page.before !== null) conditions.push(lt(messages.seq, pageCursor(findMessage(db, page.before), conversation.key)));
    const rows = db
      .select()
      .from(messages)
      .where(and(...conditions))
      .orderBy(desc(messages.seq))
      .limit(page.limit)
      .all();
    return presentMessages(db, rows, authorIdOf(caller), () => access.moderate);
  },
  getMessageHistory: (_root, args: ConversationArguments, context) => {
    const { caller, conversation } = callerOfConversation(context, args);
    const db = context.services.database.db;
    const access = caller.kind === 'member' ? requireReadable(db, conversation, caller.userId) : requireGuestAccess(db, caller);
    const plan = teamPlanName(db, access.teamId);
    const historyStart = teamMessageHistoryStart(db, access.teamId, context.services.store.clock.now());
    // Messages are in creation order by seq: the oldest live one says whether anything is hidden, in one index read.
    const oldest =
      historyStart === null
        ? undefined
        : db
            .select({ createdAt: messages.createdAt })
            .from(messages)
            .where(and(eq(messages.conversation, conversation.key), isNull(messages.deletedAt)))
            .orderBy(asc(messages.seq))
            .limit(1)
            .get();
    return { plan, days: limitsOfPlan(plan).messageHistoryDays, hidden: oldest !== undefined && oldest.createdAt < historyStart! };
  },
} satisfies QueryResolvers;

export const messageMutations = {
  setMessage: async (_root, args, context) => {
    const message = await postMessage(context, args);
    // The message ends this round of typing (its echo clears the indicator): the next keystroke is relayed at once.
    typingThrottleOf(context).stop(message.authorId, message.conversation);
    return message;
  },
  ediMessage: async (_root, args: { id: string; body: string }, context) => {
    const caller = await onMessage(
      context,
      args.id,
      async (unit, message, editorId, editor) => {
        const events = decideEditMessage(
          message,
          editorId,
          args.body,
          editor.kind === 'member' ? conversationReaders(unit.transaction, parseConversationKey(message.conversation)) : () => false,
        );
        if (events.length === 0) return;
        await unit.append(chatStream(message.conversation), events, { teamId: message.teamId });
        const edited = events[0]!.payload as { body: string; mentions: string[] };
        await recordMentions(
          unit,
          { ...message, messageId: message.id, body: edited.body },
          edited.mentions.filter((id) => !message.mentions.includes(id)),
        );
      },
      true,
    );
    return presentAnswer(context, args.id, caller);
  },
  delMessage: async (_root, args: { id: string }, context) => {
    const caller = callerOfMessage(context, context.services.database.db, args.id);
    await runAs(context, caller, async (unit) => {
      const db = unit.transaction;
      if (caller.kind === 'guest') {
        requireGuestAccess(db, caller);
        const row = findMessage(db, args.id);
        if (!row || row.deletedAt !== null) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
        const message = toMessageState(row);
        await unit.append(chatStream(message.conversation), decideDeleteMessage(message, caller.invitedId, { moderate: false }), {
          teamId: message.teamId,
        });
        return;
      }
      const { message, access } = requireVisibleMessage(db, args.id, caller.userId);
      await unit.append(chatStream(message.conversation), decideDeleteMessage(message, caller.userId, access), { teamId: message.teamId });
    });
    return true;
  },
  reactMessage: async (_root, args: { id: string; emoji: string }, context) => {
    const emoji = validateEmoji(args.emoji);
    const caller = await onMessage(context, args.id, async (unit, message, reactorId) => {
      const existing = unit.transaction
        .select()
        .from(messageReactions)
        .where(and(eq(messageReactions.messageId, message.id), eq(messageReactions.userId, reactorId), eq(messageReactions.emoji, emoji)))
        .get();
      await unit.append(chatStream(message.conversation), decideReaction(message, reactorId, emoji, existing !== undefined), {
        teamId: message.teamId,
      });
    });
    return presentAnswer(context, args.id, caller);
  },
  lastViewed: async (_root, args: ConversationArguments, context) => {
    const actor = requireActor(context);
    const conversation = conversationFrom(args);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const access = requireReadable(db, conversation, actor.userId);
      const marker = db
        .select({ seq: chatReadMarkers.seq })
        .from(chatReadMarkers)
        .where(and(eq(chatReadMarkers.userId, actor.userId), eq(chatReadMarkers.conversation, conversation.key)))
        .get();
      const events = decideRead(refOf(conversation, access.spaceId), actor.userId, marker?.seq ?? 0, latestSeq(db, conversation.key));
      if (events.length > 0) await unit.append(readsStream(actor.userId), events, { teamId: access.teamId });
    });
    return true;
  },
  typingMessage: (_root, args: ConversationArguments & { stopped?: boolean | null }, context) => {
    const { caller, conversation } = callerOfConversation(context, args);
    const db = context.services.database.db;
    if (caller.kind === 'member') requirePostable(db, conversation, caller.userId);
    else requireGuestAccess(db, caller);
    const typistId = authorIdOf(caller);
    const throttle = typingThrottleOf(context);
    const stopped = args.stopped === true;
    // A stop is relayed only after a relayed start, so stops cannot be sent more often than starts.
    if (stopped ? !throttle.stop(typistId, conversation.key) : !throttle.allow(typistId, conversation.key)) return false;
    const notice: TypingNotice = {
      type: 'typing',
      conversation: conversation.key,
      userId: typistId,
      ...(stopped ? { stopped } : {}),
      ...(caller.kind === 'guest' ? { guestName: caller.name } : {}),
    };
    context.services.live.emitter.emit({ topic: typingTopic(conversation.key), payload: notice });
    return true;
  },
} satisfies MutationResolvers;
