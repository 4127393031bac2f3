import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, topics, type Verdict } from '../../core/live';
import { aiConversationStream, userStream } from '../../core/streams';
import { requireActor } from '../../graphql/context';
import type { AiConversationChange, AiMessage, LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';
import { currentTeam, requireCurrentTeam } from '../teams';
import { answerDeltaTopic, type AnswerDelta } from './answerRunner';
import type { AiConversationEvent } from './conversationEvents';
import { aiConversationPolicy } from './conversationPolicies';
import {
  findConversation,
  findMessage,
  presentConversation,
  presentMessage,
  requireOwnConversation,
  type Owner,
  type Reader,
} from './conversationState';

type Incoming = StoredEvent | AnswerDelta;

/** What subAiMessage sends: the answer as it is now and what was added. */
export interface Delivery {
  message: AiMessage;
  delta: string;
}

/**
 * subAiMessage's feed: the conversation's log events (a question asked starts its answer, an answer finished
 * ends it) and the live text between them, while the subscriber owns the conversation in their current team.
 * Deleting the conversation or leaving the team ends it.
 */
async function* answerFeed(context: MercuriusContext, owner: Owner, conversationId: string): AsyncGenerator<Delivery> {
  const db = context.services.database.db;
  const actor = requireActor(context);
  const events = feed(
    context,
    actor,
    [topics.stream(aiConversationStream(conversationId)), answerDeltaTopic(conversationId)],
    async (incoming): Promise<Verdict> => {
      const event = incoming as Incoming;
      if (event.type === 'ai.answer.delta') return (event as AnswerDelta).conversationId === conversationId ? 'deliver' : 'skip';
      const stored = event as StoredEvent;
      if (stored.stream !== aiConversationStream(conversationId)) return 'skip';
      if (stored.type === 'ai.conversation.deleted' || (await currentTeam(db, owner.userId))?.id !== owner.teamId) return 'end';
      return stored.type === 'ai.question.asked' || stored.type === 'ai.answer.finished' ? 'deliver' : 'skip';
    },
  );
  const heard = new HeardAnswerText();
  for await (const incoming of events) {
    const delivery = await deliveryOf(context, incoming as Incoming);
    if (delivery) yield heard.keep((incoming as Incoming).type, delivery);
  }
}

/**
 * An answer's words come through the live notices and its start through the log, which on PostgreSQL or with several
 * processes may arrive after the first words: a start heard then carries the words heard so far instead of sending
 * the answer back to blank. One per subscription.
 */
export class HeardAnswerText {
  private readonly bodies = new Map<string, string>();

  keep(type: string, delivery: Delivery): Delivery {
    const { message } = delivery;
    if (type === 'ai.answer.delta') this.bodies.set(message.id, message.body);
    else if (type === 'ai.answer.finished') this.bodies.delete(message.id);
    else if (type === 'ai.question.asked') {
      const body = this.bodies.get(message.id);
      if (body !== undefined) return { ...delivery, message: { ...message, body } };
    }
    return delivery;
  }
}

async function deliveryOf(context: MercuriusContext, incoming: Incoming): Promise<Delivery | null> {
  const db = context.services.database.db;
  if (incoming.type === 'ai.answer.delta') {
    const notice = incoming as AnswerDelta;
    const row = await findMessage(db, notice.answerId);
    if (!row) return null;
    return { message: { ...presentMessage(row, notice.body), state: 'streaming', error: null, errorCode: null }, delta: notice.delta };
  }
  const stored = incoming as StoredEvent;
  const event = { type: stored.type, payload: stored.payload } as AiConversationEvent;
  switch (event.type) {
    case 'ai.question.asked': {
      const { answerId, conversationId, mode, persona, tone } = event.payload;
      // The answer as it was when asked (a subscriber resuming after it may read it later than that).
      const started: AiMessage = {
        id: answerId,
        aiconversation: conversationId,
        body: '',
        type: 'answer',
        state: 'streaming',
        error: null,
        errorCode: null,
        persona,
        tone,
        mode,
        citations: [],
        createdAt: stored.createdAt,
      };
      return { message: started, delta: '' };
    }
    case 'ai.answer.finished': {
      const row = await findMessage(db, event.payload.answerId);
      if (!row) return null;
      const { body, state, error, errorCode, citations } = event.payload;
      return {
        message: { ...presentMessage(row), body, state, error, errorCode, citations: citations.map((citation) => ({ ...citation })) },
        delta: '',
      };
    }
    default:
      return null;
  }
}

/** Events after which a conversation's line in the list reads differently (its name, place or last message), or is gone. */
const listChanges = new Set([
  'ai.conversation.created',
  'ai.conversation.renamed',
  'ai.conversation.deleted',
  'ai.question.asked',
  'ai.answer.finished',
  'ai.message.deleted',
]);

/**
 * subAiConversations' judge: a change of one of the owner's conversations in the team they subscribed in, while
 * that team is still their current one (a switch of team ends it: the other team's list is another subscription).
 * A deleted conversation has no row left: its deletion is the owner's when they made it (only its person may).
 */
async function conversationListVerdict(context: MercuriusContext, owner: Owner, event: StoredEvent): Promise<Verdict | Promise<Verdict>> {
  // A switch is appended to the person's own stream with the team they switched to.
  if (event.type === 'user.default_team_changed')
    return event.stream === userStream(owner.userId) && (event.payload as { teamId?: string }).teamId !== owner.teamId ? 'end' : 'skip';
  if (event.type === 'team.member_removed') return (event.payload as { userId?: string }).userId === owner.userId ? 'end' : 'skip';
  if (!listChanges.has(event.type)) return 'skip';
  const db = context.services.database.db;
  if ((await currentTeam(db, owner.userId))?.id !== owner.teamId) return 'end';
  if (event.type === 'ai.conversation.deleted') return event.actorId === owner.userId ? 'deliver' : 'skip';
  return ownConversationVerdict(db, owner, (event.payload as { conversationId: string }).conversationId);
}

/** Whether the conversation is the owner's: the one verdict that reads the conversation (synchronous until then). */
async function ownConversationVerdict(db: Reader, owner: Owner, conversationId: string): Promise<Verdict> {
  const conversation = await findConversation(db, conversationId);
  return conversation && aiConversationPolicy.own(conversation, owner) ? 'deliver' : 'skip';
}

async function conversationChangeOf(context: MercuriusContext, owner: Owner, event: StoredEvent): Promise<AiConversationChange> {
  const db = context.services.database.db;
  const id = (event.payload as { conversationId: string }).conversationId;
  const conversation = event.type === 'ai.conversation.deleted' ? undefined : await findConversation(db, id);
  // Deleted since the event was judged: the list loses it all the same.
  if (!conversation || !aiConversationPolicy.own(conversation, owner)) return { type: 'deleted', seq: event.seq, id, aiconversation: null };
  return {
    type: event.type === 'ai.conversation.created' ? 'created' : 'updated',
    seq: event.seq,
    id,
    aiconversation: await presentConversation(db, conversation),
  };
}

interface ListDelivery {
  event: StoredEvent;
  owner: Owner;
}

/**
 * What the list's judge looks at, from the event alone: its person's conversation events (every one is their doing,
 * an answer's end included, which is recorded in their name) and a member leaving the team. The rest of the team's
 * traffic never wakes the feed.
 */
const conversationListRelevant = (owner: Owner) => (event: StoredEvent) =>
  (listChanges.has(event.type) && event.actorId === owner.userId) ||
  event.type === 'team.member_removed' ||
  (event.type === 'user.default_team_changed' && event.stream === userStream(owner.userId));

/**
 * The owner's list changes, from their team's topic (every conversation event is appended with its team, resumable like
 * the team's other feeds), and their own stream's topic, where a switch of team lands with the team switched to.
 */
async function* conversationListFeed(context: MercuriusContext, owner: Owner): AsyncGenerator<ListDelivery> {
  const events = feed(
    context,
    requireActor(context),
    [topics.team(owner.teamId), topics.stream(userStream(owner.userId))],
    async (event) => await conversationListVerdict(context, owner, event),
    conversationListRelevant(owner),
  );
  for await (const event of events) yield { event, owner };
}

export const aiConversationSubscriptions = {
  subAiMessage: {
    subscribe: async (_root, args: { aiconversation: string }, context) => {
      const actor = requireActor(context);
      const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
      const owner: Owner = { userId: actor.userId, teamId: team.id };
      const conversation = await requireOwnConversation(context.services.database.db, owner, args.aiconversation);
      return answerFeed(context, owner, conversation.id);
    },
    resolve: (delivery) => delivery,
  } satisfies LiveSubscription<'subAiMessage', Delivery>,
  subAiConversations: {
    subscribe: async (_root, _args, context) => {
      const actor = requireActor(context);
      const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
      return conversationListFeed(context, { userId: actor.userId, teamId: team.id });
    },
    resolve: ({ event, owner }, _args, context) => conversationChangeOf(context, owner, event),
  } satisfies LiveSubscription<'subAiConversations', ListDelivery>,
} satisfies SubscriptionResolvers;
