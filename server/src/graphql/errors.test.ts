import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors';
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
      { message: 'Something went wrong on the server.', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'r1' } },
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
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(formatErrors([syntaxErrorOf('{ a( }')], { log }).errors[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
