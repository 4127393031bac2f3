import { formatErrorMessage } from '#shared/errors';
import type { AiErrorCode } from '#shared/ai';
import { createProviderClient, ProviderError, streamChat, type ChatMessage, type ProviderUsage } from '../../ai/provider';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { aiLimitsStream, aiRequestStream } from '../../core/streams';
import { DomainError } from '../../errors';
import type { Services } from '../../graphql/context';
import { reachedLimit, teamAiLimits, teamUsageNow, type TeamAiLimits } from './limits';
import type { AiPurpose, AiRequestOutcome, AiRequestStarted, AiToolsEvent } from './toolsEvents';

export interface CompletionInput {
  teamId: string;
  userId: string;
  /** Which model: AI_MODEL (assistant) or AI_WRITING_MODEL (writing). */
  purpose: AiPurpose;
  messages: ChatMessage[];
  /** Aborting it aborts the upstream request; the stream then ends without an error. */
  signal: AbortSignal;
}

export interface CompletionUsage {
  promptTokens: number;
  completionTokens: number;
}

/** An AI request that could not be made or failed: one of the AI error codes and its clear message. */
export class AiFailure extends DomainError {
  override name = 'AiFailure';
  declare readonly code: AiErrorCode;

  constructor(code: AiErrorCode, message?: string, details?: Record<string, unknown>, params?: Readonly<Record<string, string | number>>) {
    super(code, message ?? formatErrorMessage(code, params), details, { params: params ?? {} });
  }
}

/** Tokens when the provider does not count them: about four characters a token, rounded up. */
export const estimateTokens = (characters: number) => Math.ceil(characters / 4);

export function promptBytes(messages: readonly ChatMessage[]): number {
  return messages.reduce((total, message) => total + Buffer.byteLength(message.content, 'utf8'), 0);
}

/** The limit in KB as the message names it (AI_MAX_PROMPT_BYTES / 1000, rounded down). */
export const promptLimitKilobytes = (maxPromptBytes: number) => Math.floor(maxPromptBytes / 1000);

const limitMessages = {
  requestsPerMinute: (maximum: number) =>
    `Your team reached its AI limit of ${maximum} requests per minute. Try again in a minute, or ask a team admin to raise it.`,
  tokensPerDay: (maximum: number) =>
    `Your team reached its AI limit of ${maximum} tokens per day. Try again tomorrow (UTC), or ask a team admin to raise it.`,
};

/**
 * Starts a provider request in `unit` when the team's limits let it through (else AiFailure AI_TEAM_LIMIT_REACHED,
 * nothing appended): `ai.request.started`, which counts towards the limits from then on.
 */
export async function startRequestIn(
  unit: UnitOfWork,
  defaults: TeamAiLimits,
  request: Pick<AiRequestStarted, 'requestId' | 'teamId' | 'userId' | 'purpose'>,
): Promise<void> {
  // Each request starts a stream of its own, so no stream the start appends to covers the team's other requests:
  // every start locks the team's limits' stream (see `UnitOfWork.lock`) before counting, and the team's starts
  // take their turns, each counting the ones committed before it. Its appends also change the limits read here.
  await unit.lock(aiLimitsStream(request.teamId));
  const limits = await teamAiLimits(unit.transaction, defaults, request.teamId);
  const reached = reachedLimit(limits, await teamUsageNow(unit.transaction, request.teamId, unit.now));
  if (reached)
    throw new AiFailure('AI_TEAM_LIMIT_REACHED', limitMessages[reached](limits[reached]), { limit: reached, maximum: limits[reached] });
  const started: AiToolsEvent = { type: 'ai.request.started', payload: { ...request, startedAt: unit.now.toISOString() } };
  await unit.append(aiRequestStream(request.requestId), [started], { teamId: request.teamId });
}

/**
 * Checks that a provider is configured, the prompt's size and the team's limits BEFORE calling the provider
 * (throws AiFailure), then yields the answer's text deltas and returns its usage. Provider errors, malformed
 * chunks and a stream idle for AI_TIMEOUT_MS throw AiFailure. The request and its tokens are recorded in the
 * team's usage through events: its start (counted by the limits while it runs) and its end, also when it
 * failed or was aborted.
 */
export async function* streamCompletion(services: Services, input: CompletionInput): AsyncGenerator<string, CompletionUsage> {
  const { ai } = services.config;
  if (!ai.provider) throw new AiFailure('AI_NOT_CONFIGURED');
  if (promptBytes(input.messages) > ai.maxPromptBytes)
    throw new AiFailure('AI_PROMPT_TOO_LARGE', undefined, undefined, { maximum: promptLimitKilobytes(ai.maxPromptBytes) });
  const requestId = newId();
  // The check and the start are one unit of work: two processes cannot both take the last request of a minute.
  await services.store.run({ actorId: input.userId }, (unit) =>
    startRequestIn(unit, ai, { requestId, teamId: input.teamId, userId: input.userId, purpose: input.purpose }),
  );

  const client = createProviderClient(ai.provider, ai.timeoutMs);
  const model = input.purpose === 'writing' ? ai.provider.writingModel : ai.provider.model;
  let completionCharacters = 0;
  let providerUsage: ProviderUsage | null = null;
  let outcome: AiRequestOutcome = 'aborted';
  let errorCode: AiErrorCode | null = null;
  // Without the provider's count (no usage chunk, or the request failed or was stopped): estimated from characters.
  const usage = (): CompletionUsage =>
    providerUsage ?? {
      promptTokens: estimateTokens(input.messages.reduce((total, message) => total + message.content.length, 0)),
      completionTokens: estimateTokens(completionCharacters),
    };
  const stream = streamChat(client, { model, messages: input.messages, signal: input.signal, idleTimeoutMs: ai.timeoutMs });
  try {
    for (;;) {
      const step = await stream.next();
      if (step.done) {
        providerUsage = step.value;
        break;
      }
      completionCharacters += step.value.length;
      yield step.value;
    }
    if (!input.signal.aborted) outcome = 'ok';
    return usage();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    outcome = 'failed';
    errorCode = error.code;
    throw new AiFailure(error.code, undefined, { detail: error.detail });
  } finally {
    // A consumer that stops iterating ends here: closing the provider stream aborts the upstream request.
    await stream.return(null);
    await recordEnd(services, input, requestId, usage(), providerUsage === null, outcome, errorCode);
  }
}

async function recordEnd(
  services: Services,
  input: CompletionInput,
  requestId: string,
  usage: CompletionUsage,
  estimated: boolean,
  outcome: AiRequestOutcome,
  errorCode: AiErrorCode | null,
): Promise<void> {
  const ended: AiToolsEvent = {
    type: 'ai.request.ended',
    payload: { requestId, teamId: input.teamId, ...usage, estimated, outcome, errorCode },
  };
  await services.store.append(aiRequestStream(requestId), [ended], { teamId: input.teamId, actorId: input.userId });
}
