import type { MercuriusContext } from 'mercurius';
import type { Message } from 'mqemitter';
import { aiPersonas, aiWritingTones, isAiPersona, isAiWritingTone } from '#shared/ai';
import { eq } from 'drizzle-orm';
import { newId } from '../../core/ids';
import { topics } from '../../core/live';
import { aiConversationStream } from '../../core/streams';
import { codedError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { AiConversation, AiMessage, MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { boundedText, parseArgument } from '../../inputSchemas';
import { users } from '../accounts';
import { requireCurrentTeam } from '../teams';
import { answerRunnerOf } from './answerRunner';
import { AiFailure, promptLimitKilobytes } from './completion';
import type { AiConversationEvent, AiMode } from './conversationEvents';
import {
  conversationMessages,
  findMessage,
  lockOwnConversation,
  lockOwnMessage,
  ownConversations,
  presentConversation,
  presentMessage,
  requireOwnConversation,
  requireOwnMessage,
  type Owner,
} from './conversationState';

const aiModes: readonly AiMode[] = ['chat', 'search'];
/** The longest name a person may give a conversation, in characters. */
export const conversationNameMaximum = 200;
/** How long stopAiMessage waits for the process running the answer to record it stopped, before recording it itself. */
export const stopWaitMs = 5000;

async function caller(context: MercuriusContext) {
  const actor = requireActor(context);
  const { team, seat } = await requireCurrentTeam(context.services.database.db, actor.userId);
  const owner: Owner = { userId: actor.userId, teamId: team.id };
  return { owner, seat };
}

const commandOf = (context: MercuriusContext, userId: string) => ({
  actorId: userId,
  mutationId: context.mutationId,
  request: context.request,
});

function parseMode(value: unknown, field: string): AiMode {
  if (typeof value !== 'string' || !(aiModes as readonly string[]).includes(value))
    throw codedError('CHOICE_INVALID', { params: { choices: aiModes.join(', ') }, field });
  return value as AiMode;
}

function bytesOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Waits until `answerId` is recorded ended (or is gone), or `timeoutMs` passed; true when it ended in time. */
function answerEnded(
  context: MercuriusContext,
  conversationId: string,
  answerId: string,
  timeoutMs: number,
): { ended: Promise<boolean>; listening: Promise<void>; cancel: () => void } {
  const { emitter } = context.services.live;
  const topic = topics.stream(aiConversationStream(conversationId));
  let settle: (ended: boolean) => void = () => undefined;
  const ended = new Promise<boolean>((resolve) => (settle = resolve));
  const listener = (message: Message, done: () => void) => {
    const event = (message as Message & { payload: AiConversationEvent }).payload;
    if (
      (event.type === 'ai.answer.finished' && event.payload.answerId === answerId) ||
      (event.type === 'ai.message.deleted' && event.payload.messageId === answerId) ||
      event.type === 'ai.conversation.deleted'
    )
      settle(true);
    done();
  };
  const listening = new Promise<void>((resolve) => emitter.on(topic, listener, () => resolve()));
  const cancel = context.services.jobs.after(`ai: stop of ${answerId}`, timeoutMs, () => settle(false));
  void ended.finally(() => {
    cancel();
    emitter.removeListener(topic, listener);
  });
  return { ended, listening, cancel: () => settle(true) };
}

export const aiConversationQueries = {
  getAiConversations: async (_root, _args, context) => {
    const { owner } = await caller(context);
    const db = context.services.database.db;
    const conversations: AiConversation[] = [];
    for (const row of await ownConversations(db, owner)) conversations.push(await presentConversation(db, row));
    return conversations;
  },
  getAiMessages: async (_root, args: { aiconversation: string }, context) => {
    const { owner } = await caller(context);
    const db = context.services.database.db;
    const conversation = await requireOwnConversation(db, owner, args.aiconversation);
    return (await conversationMessages(db, conversation.id)).map((row) => presentMessage(row));
  },
} satisfies QueryResolvers;

export const aiConversationMutations = {
  setAiConversation: async (_root, args: { type: string }, context) => {
    const { owner } = await caller(context);
    const type = parseMode(args.type, 'type');
    const conversationId = newId();
    await context.services.store.run(commandOf(context, owner.userId), async (unit) => {
      await unit.append(
        aiConversationStream(conversationId),
        [{ type: 'ai.conversation.created', payload: { conversationId, ...owner, type } }],
        {
          teamId: owner.teamId,
        },
      );
    });
    const db = context.services.database.db;
    return await presentConversation(db, await requireOwnConversation(db, owner, conversationId));
  },

  ediAiConversation: async (_root, args: { id: string; name: string }, context) => {
    const { owner } = await caller(context);
    const name = parseArgument('name', boundedText(conversationNameMaximum, 'NAME_REQUIRED'), args.name);
    await context.services.store.run(commandOf(context, owner.userId), async (unit) => {
      const conversation = await lockOwnConversation(unit, owner, args.id);
      await unit.append(
        aiConversationStream(conversation.id),
        [{ type: 'ai.conversation.renamed', payload: { conversationId: conversation.id, name } }],
        {
          teamId: owner.teamId,
        },
      );
    });
    const db = context.services.database.db;
    return await presentConversation(db, await requireOwnConversation(db, owner, args.id));
  },

  delAiConversation: async (_root, args: { id: string }, context) => {
    const { owner } = await caller(context);
    const streaming = await context.services.store.run(commandOf(context, owner.userId), async (unit) => {
      const conversation = await lockOwnConversation(unit, owner, args.id);
      const answers = (await conversationMessages(unit.transaction, conversation.id)).filter((message) => message.state === 'streaming');
      await unit.append(
        aiConversationStream(conversation.id),
        [{ type: 'ai.conversation.deleted', payload: { conversationId: conversation.id } }],
        {
          teamId: owner.teamId,
        },
      );
      return answers.map((answer) => answer.id);
    });
    // Answers still being written stop: nobody can read them any more.
    for (const answerId of streaming) answerRunnerOf(context.services).requestStop(answerId);
    return args.id;
  },

  setAiMessage: async (
    _root,
    args: { aiconversation: string; body: string; type?: string | null; persona?: string | null; tone?: string | null },
    context,
  ) => {
    const { owner, seat } = await caller(context);
    const { services } = context;
    const db = services.database.db;
    const conversation = await requireOwnConversation(db, owner, args.aiconversation);
    // Without a provider nothing is recorded: the question could never be answered (AI search's "not found" aside).
    if (!services.config.ai.provider) throw new AiFailure('AI_NOT_CONFIGURED');
    const body = typeof args.body === 'string' ? args.body.trim() : '';
    if (body === '') throw codedError('VALUE_REQUIRED', { field: 'body' });
    const maximum = services.config.ai.maxPromptBytes;
    if (bytesOf(body) > maximum)
      throw codedError('AI_PROMPT_TOO_LARGE', { params: { maximum: promptLimitKilobytes(maximum) }, field: 'body' });
    const mode =
      args.type === null || args.type === undefined || args.type === '' ? (conversation.type as AiMode) : parseMode(args.type, 'type');
    const persona = args.persona === null || args.persona === undefined || args.persona === '' ? 'assistant' : args.persona;
    if (!isAiPersona(persona)) throw codedError('CHOICE_INVALID', { params: { choices: aiPersonas.join(', ') }, field: 'persona' });
    const tone = args.tone === null || args.tone === undefined || args.tone === '' ? null : args.tone;
    if (tone !== null && !isAiWritingTone(tone))
      throw codedError('CHOICE_INVALID', { params: { choices: aiWritingTones.join(', ') }, field: 'tone' });
    const questionId = newId();
    const answerId = newId();
    await services.store.run(commandOf(context, owner.userId), async (unit) => {
      await lockOwnConversation(unit, owner, conversation.id);
      await unit.append(
        aiConversationStream(conversation.id),
        [{ type: 'ai.question.asked', payload: { conversationId: conversation.id, questionId, answerId, body, mode, persona, tone } }],
        { teamId: owner.teamId },
      );
    });
    const [asker] = await db.select({ language: users.language }).from(users).where(eq(users.id, owner.userId)).limit(1);
    const language = asker?.language ?? null;
    answerRunnerOf(services).run({
      ...owner,
      seat,
      conversationId: conversation.id,
      questionId,
      answerId,
      question: body,
      mode,
      persona,
      tone,
      language,
    });
    const asked: AiMessage[] = [];
    for (const id of [questionId, answerId]) asked.push(asAsked(presentMessage((await findMessage(db, id))!)));
    return asked;
  },

  delAiMessage: async (_root, args: { id: string }, context) => {
    const { owner } = await caller(context);
    const wasStreaming = await context.services.store.run(commandOf(context, owner.userId), async (unit) => {
      const { message, conversation } = await lockOwnMessage(unit, owner, args.id);
      await unit.append(
        aiConversationStream(conversation.id),
        [{ type: 'ai.message.deleted', payload: { conversationId: conversation.id, messageId: message.id } }],
        {
          teamId: owner.teamId,
        },
      );
      return message.state === 'streaming';
    });
    if (wasStreaming) answerRunnerOf(context.services).requestStop(args.id);
    return args.id;
  },

  stopAiMessage: async (_root, args: { id: string }, context) => {
    const { owner } = await caller(context);
    const db = context.services.database.db;
    const { message, conversation } = await requireOwnMessage(db, owner, args.id);
    if (message.type === 'answer' && message.state === 'streaming') {
      const runner = answerRunnerOf(context.services);
      const wait = answerEnded(context, conversation.id, message.id, stopWaitMs);
      await wait.listening;
      // It may have ended while the wait started listening: then there is nothing to stop.
      if ((await findMessage(db, message.id))?.state !== 'streaming') wait.cancel();
      else {
        runner.requestStop(message.id);
        // Nobody recorded it within the wait: no process runs it any more; it is recorded stopped with nothing kept.
        if (!(await wait.ended))
          await runner.recordUnattended({ ...owner, conversationId: conversation.id, answerId: message.id }, 'stopped');
      }
    }
    return presentMessage((await requireOwnMessage(db, owner, args.id)).message);
  },
} satisfies MutationResolvers;

/** The answer as setAiMessage returns it: streaming with no text yet, even if the runner already moved on. */
function asAsked(message: AiMessage): AiMessage {
  return message.type === 'answer' ? { ...message, body: '', state: 'streaming', error: null, errorCode: null, citations: [] } : message;
}
