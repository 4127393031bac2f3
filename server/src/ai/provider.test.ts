import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { chunkText, providerErrorCode } from './provider';

const apiError = (status: number, body: Record<string, unknown>, message?: string) =>
  APIError.generate(status, { error: body }, message, new Headers());

describe('providerErrorCode', () => {
  it('maps the provider’s answers to the AI error codes', () => {
    expect(providerErrorCode(apiError(429, { message: 'slow down' }))).toBe('AI_RATE_LIMITED');
    expect(providerErrorCode(apiError(401, { message: 'bad key' }))).toBe('AI_KEY_REFUSED');
    expect(providerErrorCode(apiError(403, { message: 'forbidden' }))).toBe('AI_KEY_REFUSED');
    expect(providerErrorCode(apiError(400, { message: 'too long', code: 'context_length_exceeded' }))).toBe('AI_CONTEXT_TOO_LONG');
    expect(providerErrorCode(apiError(400, { message: "This model's maximum context length is 4096 tokens" }))).toBe('AI_CONTEXT_TOO_LONG');
    expect(providerErrorCode(apiError(400, { message: 'messages must not be empty' }))).toBe('AI_PROVIDER_FAILED');
    expect(providerErrorCode(apiError(500, { message: 'boom' }))).toBe('AI_PROVIDER_FAILED');
    expect(providerErrorCode(apiError(503, { message: 'maximum context length' }))).toBe('AI_PROVIDER_FAILED');
  });

  it('maps timeouts, unreadable chunks and connection failures', () => {
    expect(providerErrorCode(new APIConnectionTimeoutError())).toBe('AI_TIMEOUT');
    expect(providerErrorCode(new SyntaxError('Unexpected token'))).toBe('AI_MALFORMED_ANSWER');
    expect(providerErrorCode(new APIConnectionError({ message: 'ECONNREFUSED' }))).toBe('AI_PROVIDER_FAILED');
    expect(providerErrorCode(new Error('anything else'))).toBe('AI_PROVIDER_FAILED');
  });
});

describe('chunkText', () => {
  it('joins the deltas of a chat-completion chunk, empty for role-only, finish and usage chunks', () => {
    expect(chunkText({ choices: [{ index: 0, delta: { content: 'Hel' } }] })).toBe('Hel');
    expect(chunkText({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })).toBe('');
    expect(chunkText({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })).toBe('');
    expect(chunkText({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } })).toBe('');
  });

  it('refuses what is not a chat-completion chunk', () => {
    expect(chunkText(null)).toBeNull();
    expect(chunkText('text')).toBeNull();
    expect(chunkText({ unexpected: true })).toBeNull();
    expect(chunkText({ choices: 'no' })).toBeNull();
    expect(chunkText({ choices: [{ delta: { content: 42 } }] })).toBeNull();
    expect(chunkText({ choices: [{ delta: 'text' }] })).toBeNull();
  });
});
