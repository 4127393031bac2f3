import type { Services } from '../../graphql/context';
import { requireActor } from '../../graphql/context';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';
import { requireCurrentTeam } from '../teams';
import { AiFailure, streamCompletion } from './completion';
import { checkWritingArguments, writingMessages, type WritingArguments, type WritingRequest } from './writing';

/** One AiWritingChunk as the subscription sends it. */
export interface WritingChunk {
  delta: string;
  done: boolean;
  error: string | null;
  errorCode: string | null;
}

interface Writer {
  services: Services;
  userId: string;
  teamId: string;
}

/** The answer's deltas, then a last chunk: done, or the failure's message and code. */
async function* writingChunks(writer: Writer, request: WritingRequest, signal: AbortSignal): AsyncGenerator<WritingChunk> {
  try {
    const deltas = streamCompletion(writer.services, {
      teamId: writer.teamId,
      userId: writer.userId,
      purpose: 'writing',
      messages: writingMessages(request),
      signal,
    });
    for await (const delta of deltas) yield { delta, done: false, error: null, errorCode: null };
    yield { delta: '', done: true, error: null, errorCode: null };
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    yield { delta: '', done: true, error: error.message, errorCode: error.code };
  }
}

/**
 * The chunks as an iterator whose return() (the client completing the subscription, or its socket closing)
 * aborts the upstream request at once: a generator's own return() would wait for the chunk being awaited,
 * which a stalled provider may never send.
 */
function abortableChunks(writer: Writer, request: WritingRequest): AsyncGenerator<WritingChunk> {
  const controller = new AbortController();
  const chunks = writingChunks(writer, request, controller.signal);
  const iterator: AsyncGenerator<WritingChunk> = {
    next: () => chunks.next(),
    return: (value) => {
      controller.abort();
      return chunks.return(value);
    },
    throw: (error: unknown) => {
      controller.abort();
      return chunks.throw(error);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

export const aiWritingSubscriptions = {
  aiWriting: {
    subscribe: async (_root, args: WritingArguments, context) => {
      const actor = requireActor(context);
      // Any member of the current team, guests too: they write in its docs and chats.
      const { team } = await requireCurrentTeam(context.services.database.db, actor.userId);
      const request = checkWritingArguments(args);
      return abortableChunks({ services: context.services, userId: actor.userId, teamId: team.id }, request);
    },
    resolve: (chunk) => chunk,
  } satisfies LiveSubscription<'aiWriting', WritingChunk>,
} satisfies SubscriptionResolvers;
