import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../errors';
import { boundedText } from '../inputSchemas';
import { formatErrors } from './errors';
import { graphqlRuntime } from './runtime';
import { DocumentRejected, documentError } from './validation';

const { GraphQLError, parse } = graphqlRuntime;

function logger() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

const syntaxErrorOf = (source: string, maxTokens?: number) => {
  try {
    parse(source, maxTokens ? { maxTokens } : {});
  } catch (error) {
    return error;
  }
  throw new Error('parsed');
};

describe('formatErrors', () => {
  it('masks an unexpected error, logging it with the request id the client gets', () => {
    const { log, error } = logger();
    const result = formatErrors([new GraphQLError('boom', { originalError: new Error('SQLITE_CORRUPT /srv/db') })], {
      log,
      requestId: 'r1',
    });
    expect(result.errors).toEqual([
      { message: 'Something went wrong on the server.', extensions: { code: 'INTERNAL_SERVER_ERROR', params: {}, requestId: 'r1' } },
    ]);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'r1' }), expect.any(String));
  });

  it('keeps a refusal’s code and message, logging nothing', () => {
    const { log, error } = logger();
    const result = formatErrors([new GraphQLError('x', { originalError: new DomainError('PERMISSION_DENIED') })], { log, requestId: 'r2' });
    expect(result.errors[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect(error).not.toHaveBeenCalled();
  });

  it('unpacks a rejected document with its status', () => {
    const { log } = logger();
    const rejected = new DocumentRejected([documentError('PAYLOAD_TOO_LARGE', 'big'), documentError('QUERY_TOO_DEEP', 'deep')], 413);
    const result = formatErrors([new GraphQLError(rejected.message, { originalError: rejected })], { log });
    expect(result.statusCode).toBe(413);
    expect(result.errors.map((error) => [error.extensions.code, error.message])).toEqual([
      ['PAYLOAD_TOO_LARGE', 'big'],
      ['QUERY_TOO_DEEP', 'deep'],
    ]);
  });

  it('says the token limit plainly, and names where a lone surrogate was written', () => {
    const { log } = logger();
    expect(formatErrors([syntaxErrorOf(`{ ${'a '.repeat(200)} }`, 100)], { log }).errors[0]).toMatchObject({
      message: 'The GraphQL document has more than 100 tokens, the limit.',
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
    expect(formatErrors([syntaxErrorOf('{ a(x: "\\uD800") }')], { log }).errors[0]).toMatchObject({
      message: 'The string at line 1, column 9 contains text that is not valid Unicode (a lone UTF-16 surrogate); send well-formed text.',
      extensions: { code: 'TEXT_NOT_UNICODE', category: 'BAD_USER_INPUT' },
    });
    expect(formatErrors([syntaxErrorOf('{ a( }')], { log }).errors[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('puts a coded refusal’s code, category, params and field on the wire, its message written from the shared template', () => {
    const { log } = logger();
    const refusal = codedError('TEXT_TOO_LONG', { params: { maximum: 100 }, field: 'name' });
    expect(formatErrors([new GraphQLError('x', { originalError: refusal })], { log }).errors[0]).toEqual({
      message: 'Use at most 100 characters.',
      extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', params: { maximum: 100 }, field: 'name' },
    });
  });

  it('gives a refusal with a text of its own no params, so clients show that text; a standard one gets empty params', () => {
    const { log } = logger();
    const own = formatErrors([new GraphQLError('x', { originalError: new DomainError('NOT_FOUND', 'This section does not exist.') })], {
      log,
    });
    expect(own.errors[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
    const standard = formatErrors(
      [new GraphQLError('x', { originalError: new DomainError('RATE_LIMITED', undefined, { retryAfterSeconds: 3 }) })],
      {
        log,
      },
    );
    expect(standard.errors[0]?.extensions).toEqual({ code: 'RATE_LIMITED', params: {}, retryAfterSeconds: 3 });
  });

  it('keeps NOT_FOUND as the code of a refusal with a text of its own, naming that text in reason', () => {
    const { log } = logger();
    const formatted = formatErrors([new GraphQLError('x', { originalError: refusal('NOT_FOUND', 'SECTION_NOT_FOUND') })], { log });
    expect(formatted.errors[0]).toEqual({
      message: 'This section does not exist or you cannot see it.',
      extensions: { code: 'NOT_FOUND', reason: 'SECTION_NOT_FOUND', params: {} },
    });
  });

  it('codes a failed schema check by the code its refinement names, else by the kind of check, never by zod’s text', () => {
    const { log } = logger();
    const formatted = (schema: z.ZodType, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) throw new Error('parsed');
      return formatErrors([new GraphQLError('x', { originalError: parsed.error })], { log }).errors[0];
    };
    const named = z.object({ name: boundedText(50, 'SECTION_NAME_REQUIRED', 'SECTION_NAME_TOO_LONG') });
    expect(formatted(named, { name: '   ' })).toEqual({
      message: 'Enter a section name.',
      extensions: { code: 'SECTION_NAME_REQUIRED', category: 'BAD_USER_INPUT', params: {}, field: 'name' },
    });
    expect(formatted(named, { name: 'x'.repeat(51) })?.extensions).toMatchObject({
      code: 'SECTION_NAME_TOO_LONG',
      params: { maximum: 50 },
    });
    expect(formatted(z.object({ type: z.string().refine(() => false, issue('SPACE_TYPE_INVALID')) }), { type: 'x' })).toMatchObject({
      message: 'Choose public or private.',
      extensions: { code: 'SPACE_TYPE_INVALID', field: 'type' },
    });
    expect(formatted(z.object({ first: z.number().int().min(1).max(100) }), { first: 101 })).toMatchObject({
      message: 'Use a number of at most 100.',
      extensions: { code: 'NUMBER_TOO_LARGE', params: { maximum: 100 }, field: 'first' },
    });
    expect(formatted(z.object({ first: z.number().int() }), { first: 1.5 })?.extensions).toMatchObject({ code: 'NUMBER_NOT_WHOLE' });
    expect(formatted(z.object({ users: z.array(z.string()).max(2) }), { users: ['a', 'b', 'c'] })?.extensions).toMatchObject({
      code: 'TOO_MANY_ITEMS',
      params: { maximum: 2 },
    });
    expect(formatted(z.object({ url: z.string().max(200) }), { url: 'u'.repeat(201) })?.extensions).toMatchObject({
      code: 'TEXT_TOO_LONG',
      params: { maximum: 200 },
      field: 'url',
    });
    expect(formatted(z.object({ category: z.enum(['file', 'media']) }), { category: 'x' })).toMatchObject({
      message: 'Choose one of: file, media.',
      extensions: { code: 'CHOICE_INVALID', params: { choices: 'file, media' } },
    });
  });
});
