import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** The AI error codes a provider request can end with (shared/src/errors.ts holds their messages). */
export type ProviderErrorCode =
  'AI_RATE_LIMITED' | 'AI_KEY_REFUSED' | 'AI_CONTEXT_TOO_LONG' | 'AI_TIMEOUT' | 'AI_MALFORMED_ANSWER' | 'AI_PROVIDER_FAILED';

/** A provider request that failed, with the code it maps to and, for the log, what the provider said. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly code: ProviderErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface ProviderSettings {
  baseUrl: string;
  apiKey: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: readonly ChatMessage[];
  /** The caller's abort (stop, subscription closed): the upstream request is aborted and the stream ends. */
  signal: AbortSignal;
  /** Longest wait for the answer's first bytes and between two chunks. */
  idleTimeoutMs: number;
}

/** Tokens as the provider counted them in its last chunk; null when it sent none. */
export interface ProviderUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * One OpenAI-compatible client per configured provider. No retries: a retry would double the team's usage and
 * hide a rate limit the person should see; the idle timer below is the timeout that matters for a stream.
 */
export function createProviderClient(settings: ProviderSettings, idleTimeoutMs: number): OpenAI {
  return new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey, maxRetries: 0, timeout: idleTimeoutMs * 2 });
}

const contextTooLong = /context[ _-]?length|maximum context|too many tokens|context window/i;

/** What a failure of the openai client (or of the stream it returned) means for the person. */
export function providerErrorCode(error: unknown): ProviderErrorCode {
  if (error instanceof SyntaxError) return 'AI_MALFORMED_ANSWER';
  if (error instanceof APIConnectionTimeoutError) return 'AI_TIMEOUT';
  if (error instanceof APIError) {
    if (error.status === 429) return 'AI_RATE_LIMITED';
    if (error.status === 401 || error.status === 403) return 'AI_KEY_REFUSED';
    if (error.code === 'context_length_exceeded' || ((error.status === 400 || error.status === 413) && contextTooLong.test(error.message)))
      return 'AI_CONTEXT_TOO_LONG';
  }
  return 'AI_PROVIDER_FAILED';
}

interface ChunkShape {
  choices?: unknown;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
}

/** The text of a chunk, or null when the chunk is not a chat-completion chunk at all. */
export function chunkText(chunk: unknown): string | null {
  if (typeof chunk !== 'object' || chunk === null) return null;
  const { choices } = chunk as ChunkShape;
  if (!Array.isArray(choices)) return null;
  let text = '';
  for (const choice of choices as unknown[]) {
    if (typeof choice !== 'object' || choice === null) return null;
    const delta = (choice as { delta?: unknown }).delta;
    if (delta === undefined || delta === null) continue;
    if (typeof delta !== 'object') return null;
    const content = (delta as { content?: unknown }).content;
    if (content === undefined || content === null) continue;
    if (typeof content !== 'string') return null;
    text += content;
  }
  return text;
}

function chunkUsage(chunk: unknown): ProviderUsage | null {
  const usage = (chunk as ChunkShape).usage;
  if (!usage || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') return null;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
}

/**
 * Streams a chat completion: yields text deltas in order, returns the provider's usage (null if it sent none).
 * Throws ProviderError on every failure; a caller's abort ends the stream quietly (the caller knows it stopped).
 */
export async function* streamChat(client: OpenAI, request: ChatRequest): AsyncGenerator<string, ProviderUsage | null> {
  if (request.signal.aborted) return null;
  const upstream = new AbortController();
  let timedOut = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      timedOut = true;
      upstream.abort();
    }, request.idleTimeoutMs);
  };
  const abortUpstream = () => upstream.abort();
  request.signal.addEventListener('abort', abortUpstream, { once: true });
  const failure = (error: unknown): ProviderError | null => {
    if (timedOut) return new ProviderError('AI_TIMEOUT', `no answer for ${request.idleTimeoutMs} ms`);
    if (request.signal.aborted || error instanceof APIUserAbortError) return null;
    return new ProviderError(providerErrorCode(error), error instanceof Error ? error.message : String(error));
  };
  let usage: ProviderUsage | null = null;
  try {
    armIdleTimer();
    let stream: AsyncIterable<unknown>;
    try {
      stream = await client.chat.completions.create(
        { model: request.model, messages: [...request.messages], stream: true, stream_options: { include_usage: true } },
        { signal: upstream.signal },
      );
    } catch (error) {
      const mapped = failure(error);
      if (mapped) throw mapped;
      return null;
    }
    armIdleTimer();
    const iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      let step: IteratorResult<unknown>;
      try {
        step = await iterator.next();
      } catch (error) {
        const mapped = failure(error);
        if (mapped) throw mapped;
        return usage;
      }
      // The openai stream ends quietly when its request is aborted: a timeout is ours to report.
      if (timedOut) throw new ProviderError('AI_TIMEOUT', `no chunk for ${request.idleTimeoutMs} ms`);
      if (step.done) return usage;
      armIdleTimer();
      const text = chunkText(step.value);
      if (text === null) {
        upstream.abort();
        throw new ProviderError('AI_MALFORMED_ANSWER', `unexpected chunk: ${JSON.stringify(step.value).slice(0, 200)}`);
      }
      usage = chunkUsage(step.value) ?? usage;
      if (text !== '') yield text;
    }
  } finally {
    clearTimeout(idleTimer);
    request.signal.removeEventListener('abort', abortUpstream);
    // A consumer that stops iterating (return) leaves the request open otherwise.
    upstream.abort();
  }
}
