import { and, asc, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { chatMessages, mentionedIds } from '#shared/chatRules';
import { limitsOfPlan } from '#shared/plans';
import { DomainError, refusal } from '../../errors';
import type { UnitOfWork } from '../../core/commands';
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
  mentionCandidates,
  pageCursor,
  pageRequest,
  validateEmoji,
  validateMessageInput,
  type MessageState,
  type ValidMessageInput,
} from './commands';
import { conversationFrom, parseConversationKey, refOf, type Conversation, type ConversationArguments } from './conversation';
import {
  authorIdOf,
  callerOfConversation,
  callerOfMessage,
  chatCallerOf,
  conversationFor,
  requireGuestAccess,
  type ChatCaller,
  type GuestCaller,
} from './guests';
import { chatStream, readsStream, type ConversationRef } from './events';
import { presentMessages } from './present';
import { latestSeq } from './summaries';
import { chatReadMarkers, messageReactions, messages } from './tables';
import { TypingGate, typingTopic, type TypingNotice } from './typing';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { violatedUniqueIndexOf } from '../../core/databaseErrors';

/** One message as the caller sees it, with their right to moderate its conversation (a guest never moderates). */
async function presentMessage(db: Reader, messageId: string, caller: ChatCaller) {
  if (caller.kind === 'guest') {
    await requireGuestAccess(db, caller);
    const row = await findMessage(db, messageId);
    if (!row || row.deletedAt !== null) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
    return (await presentMessages(db, [row], caller.invitedId, () => false))[0]!;
  }
  const { row, access } = await requireVisibleMessage(db, messageId, caller.userId);
  return (await presentMessages(db, [row], caller.userId, () => access.moderate))[0]!;
}

/** A mutation's message as its caller sees it. */
function presentAnswer(context: MercuriusContext, messageId: string, caller: ChatCaller) {
  return presentMessage(context.services.database.db, messageId, caller);
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

/** setMessage's command once its arguments are checked (validateMessageInput). */
export interface PostMessageCommand {
  caller: ChatCaller;
  conversation: Conversation;
  messageId: string;
  input: ValidMessageInput;
  replyToId: string | null;
}

/**
 * setMessage in a unit: the new message's id, or the first one's for a resend with the same client id. The
 * conversation's stream is locked before anything is read: a resend and a reply to a message deleted meanwhile are
 * decided on its messages, which only its appends change.
 */
export async function postMessageIn(unit: UnitOfWork, command: PostMessageCommand): Promise<string> {
  const { caller, conversation, messageId, input, replyToId } = command;
  const db = unit.transaction;
  const authorId = authorIdOf(caller);
  await unit.lock(chatStream(conversation.key));
  if (caller.kind === 'member') await requireReadable(db, conversation, caller.userId);
  else await requireGuestAccess(db, caller);
  if (input.clientId !== null) {
    // A resend of a message already posted: the first one stands and nothing is written.
    const [sent] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.authorId, authorId), eq(messages.clientId, input.clientId)))
      .limit(1);
    if (sent && sent.conversation !== conversation.key) throw new DomainError('IDEMPOTENCY_KEY_REUSED', chatMessages.clientIdReused);
    if (sent) return sent.id;
  }
  const access = caller.kind === 'member' ? await requirePostable(db, conversation, caller.userId) : await requireGuestAccess(db, caller);
  const replyRow = replyToId ? await findMessage(db, replyToId) : undefined;
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
    caller.kind === 'member' ? await conversationReaders(db, conversation, mentionedIds(input.body)) : () => false,
  );
  await unit.append(chatStream(conversation.key), events, { teamId: access.teamId });
  const created = events[0]!.payload as { mentions: string[] };
  await recordMentions(unit, { ...ref, messageId, teamId: access.teamId, authorId, body: input.body }, created.mentions);
  return messageId;
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
  const caller = await chatCallerOf(context);
  // A guest naming another conversation is answered as anonymous before anything else is looked at.
  const guestConversation = caller.kind === 'guest' ? conversationFor(caller, args) : null;
  const input = validateMessageInput(args);
  // A meeting room has no files to attach (fileBelongsTo), and a guest cannot upload: no file is theirs to see.
  if (caller.kind === 'guest' && input.fileId !== null) throw refusal('NOT_FOUND', 'ATTACHMENT_NOT_FOUND');
  const conversation = guestConversation ?? conversationFrom(args);
  const command = { caller, conversation, messageId: newId(), input, replyToId: args.replyTo ?? null };
  const id = await runAs(context, caller, (unit) => postMessageIn(unit, command)).catch((error: unknown) => {
    // One client id sent in two conversations at once on PostgreSQL: each unit locked its own conversation and found
    // no message with it, and the author's unique client id refused the second, as the check would have one after.
    if (violatedUniqueIndexOf(error) === 'messages_author_client')
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', chatMessages.clientIdReused);
    throw error;
  });
  return presentAnswer(context, id, caller);
}

/**
 * Locks the stream of a message's conversation (a message never changes conversation), so what a command then reads
 * of the message (deleted, its body, its reactions) stays what it decides on until the unit ends.
 */
async function lockConversationOfMessage(unit: UnitOfWork, messageId: string): Promise<void> {
  const located = await findMessage(unit.transaction, messageId);
  if (located) await unit.lock(chatStream(located.conversation));
}

/**
 * The message a command adds to (an edit, a reaction), its conversation locked: like posting, it needs the right to
 * post there now (a space joined, a private chat still active, a guest still admitted).
 */
async function lockPostableMessage(unit: UnitOfWork, caller: ChatCaller, messageId: string): Promise<MessageState> {
  const db = unit.transaction;
  await lockConversationOfMessage(unit, messageId);
  if (caller.kind === 'guest') return await guestMessage(db, caller, messageId);
  const { message } = await requireVisibleMessage(db, messageId, caller.userId);
  await requirePostable(db, parseConversationKey(message.conversation), caller.userId);
  return message;
}

/** The message a guest acts on, once their right to chat is checked: refused as missing when deleted. */
async function guestMessage(db: Reader, caller: GuestCaller, messageId: string): Promise<MessageState> {
  await requireGuestAccess(db, caller);
  const row = await findMessage(db, messageId);
  if (!row || row.deletedAt !== null) throw refusal('NOT_FOUND', 'MESSAGE_NOT_FOUND');
  return toMessageState(row);
}

/** ediMessage in a unit: the author's own message, newly mentioned readers told. */
export async function editMessageIn(unit: UnitOfWork, caller: ChatCaller, messageId: string, rawBody: string): Promise<void> {
  const message = await lockPostableMessage(unit, caller, messageId);
  const canRead =
    caller.kind === 'member'
      ? await conversationReaders(unit.transaction, parseConversationKey(message.conversation), mentionCandidates(rawBody))
      : () => false;
  const events = decideEditMessage(message, authorIdOf(caller), rawBody, canRead);
  if (events.length === 0) return;
  await unit.append(chatStream(message.conversation), events, { teamId: message.teamId });
  const edited = events[0]!.payload as { body: string; mentions: string[] };
  await recordMentions(
    unit,
    { ...message, messageId: message.id, body: edited.body },
    edited.mentions.filter((id) => !message.mentions.includes(id)),
  );
}

/** delMessage in a unit: one's own message, or any in a conversation one moderates. */
export async function deleteMessageIn(unit: UnitOfWork, caller: ChatCaller, messageId: string): Promise<void> {
  const db = unit.transaction;
  await lockConversationOfMessage(unit, messageId);
  if (caller.kind === 'guest') {
    const message = await guestMessage(db, caller, messageId);
    await unit.append(chatStream(message.conversation), decideDeleteMessage(message, caller.invitedId, { moderate: false }), {
      teamId: message.teamId,
    });
    return;
  }
  const { message, access } = await requireVisibleMessage(db, messageId, caller.userId);
  await unit.append(chatStream(message.conversation), decideDeleteMessage(message, caller.userId, access), { teamId: message.teamId });
}

/** reactMessage in a unit: the emoji is toggled, decided on the reactions read under the conversation's lock. */
export async function reactMessageIn(unit: UnitOfWork, caller: ChatCaller, messageId: string, emoji: string): Promise<void> {
  const message = await lockPostableMessage(unit, caller, messageId);
  const reactorId = authorIdOf(caller);
  const [existing] = await unit.transaction
    .select({ messageId: messageReactions.messageId })
    .from(messageReactions)
    .where(and(eq(messageReactions.messageId, message.id), eq(messageReactions.userId, reactorId), eq(messageReactions.emoji, emoji)))
    .limit(1);
  await unit.append(chatStream(message.conversation), decideReaction(message, reactorId, emoji, existing !== undefined), {
    teamId: message.teamId,
  });
}

/**
 * lastViewed in a unit: the reader's marker moves forward only. Their reads stream is locked before the marker is
 * read, so two units marking at once record one move, never a move back.
 */
export async function readConversationIn(unit: UnitOfWork, userId: string, conversation: Conversation): Promise<void> {
  const db = unit.transaction;
  await unit.lock(readsStream(userId));
  const access = await requireReadable(db, conversation, userId);
  const [marker] = await db
    .select({ seq: chatReadMarkers.seq })
    .from(chatReadMarkers)
    .where(and(eq(chatReadMarkers.userId, userId), eq(chatReadMarkers.conversation, conversation.key)))
    .limit(1);
  const events = decideRead(refOf(conversation, access.spaceId), userId, marker?.seq ?? 0, await latestSeq(db, conversation.key));
  if (events.length > 0) await unit.append(readsStream(userId), events, { teamId: access.teamId });
}

/** A signed-in user, for the operations a guest may not use (answered to a guest as to anyone anonymous). */
const memberCaller = (context: MercuriusContext): ChatCaller => ({ kind: 'member', userId: requireActor(context).userId });

const typing = new WeakMap<object, TypingGate>();

/** The app's typing gate (one per services instance, like every other piece of live state; across processes with Redis). */
function typingGateOf(context: MercuriusContext): TypingGate {
  let gate = typing.get(context.services);
  if (!gate) typing.set(context.services, (gate = new TypingGate(context.services.redis)));
  return gate;
}

/**
 * getMessages' rows: a conversation's live messages, newest first, before the `before` message (of the same
 * conversation), within its team's plan history at `now` (older ones are hidden, never deleted).
 */
export async function messagePage(
  db: Reader,
  conversation: Conversation,
  teamId: string,
  page: { limit: number; before: string | null },
  now: Date,
): Promise<(typeof messages.$inferSelect)[]> {
  const conditions = [eq(messages.conversation, conversation.key), isNull(messages.deletedAt)];
  const historyStart = await teamMessageHistoryStart(db, teamId, now);
  if (historyStart !== null) conditions.push(gte(messages.createdAt, historyStart));
  if (page.before !== null) conditions.push(lt(messages.seq, pageCursor(await findMessage(db, page.before), conversation.key)));
  return db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.seq))
    .limit(page.limit);
}

export const messageQueries = {
  getMessages: async (_root, args: ConversationArguments & { first?: number | null; before?: string | null }, context) => {
    const { caller, conversation } = await callerOfConversation(context, args);
    const page = pageRequest(args);
    const db = context.services.database.db;
    const access = caller.kind === 'member' ? await requireReadable(db, conversation, caller.userId) : await requireGuestAccess(db, caller);
    const rows = await messagePage(db, conversation, access.teamId, page, context.services.store.clock.now());
    return await presentMessages(db, rows, authorIdOf(caller), () => access.moderate);
  },
  getMessageHistory: async (_root, args: ConversationArguments, context) => {
    const { caller, conversation } = await callerOfConversation(context, args);
    const db = context.services.database.db;
    const access = caller.kind === 'member' ? await requireReadable(db, conversation, caller.userId) : await requireGuestAccess(db, caller);
    const plan = await teamPlanName(db, access.teamId);
    const historyStart = await teamMessageHistoryStart(db, access.teamId, context.services.store.clock.now());
    // Messages are in creation order by seq: the oldest live one says whether anything is hidden, in one index read.
    const [oldest] =
      historyStart === null
        ? []
        : await db
            .select({ createdAt: messages.createdAt })
            .from(messages)
            .where(and(eq(messages.conversation, conversation.key), isNull(messages.deletedAt)))
            .orderBy(asc(messages.seq))
            .limit(1);
    return { plan, days: limitsOfPlan(plan).messageHistoryDays, hidden: oldest !== undefined && oldest.createdAt < historyStart! };
  },
} satisfies QueryResolvers;

export const messageMutations = {
  setMessage: async (_root, args, context) => {
    const message = await postMessage(context, args);
    // The message ends this round of typing (its echo clears the indicator): the next keystroke is relayed at once.
    await typingGateOf(context).stop(message.authorId, message.conversation);
    return message;
  },
  ediMessage: async (_root, args: { id: string; body: string }, context) => {
    const caller = await callerOfMessage(context, context.services.database.db, args.id);
    await runAs(context, caller, (unit) => editMessageIn(unit, caller, args.id, args.body));
    return presentAnswer(context, args.id, caller);
  },
  delMessage: async (_root, args: { id: string }, context) => {
    const caller = await callerOfMessage(context, context.services.database.db, args.id);
    await runAs(context, caller, (unit) => deleteMessageIn(unit, caller, args.id));
    return true;
  },
  reactMessage: async (_root, args: { id: string; emoji: string }, context) => {
    const emoji = validateEmoji(args.emoji);
    const caller = memberCaller(context);
    await runAs(context, caller, (unit) => reactMessageIn(unit, caller, args.id, emoji));
    return presentAnswer(context, args.id, caller);
  },
  lastViewed: async (_root, args: ConversationArguments, context) => {
    const actor = requireActor(context);
    const conversation = conversationFrom(args);
    await runCommand(context, actor.userId, (unit) => readConversationIn(unit, actor.userId, conversation));
    return true;
  },
  typingMessage: async (_root, args: ConversationArguments & { stopped?: boolean | null }, context) => {
    const { caller, conversation } = await callerOfConversation(context, args);
    const db = context.services.database.db;
    if (caller.kind === 'member') await requirePostable(db, conversation, caller.userId);
    else await requireGuestAccess(db, caller);
    const typistId = authorIdOf(caller);
    const gate = typingGateOf(context);
    const stopped = args.stopped === true;
    // A stop is relayed only after a relayed start, so stops cannot be sent more often than starts.
    if (!(stopped ? await gate.stop(typistId, conversation.key) : await gate.start(typistId, conversation.key))) return false;
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
