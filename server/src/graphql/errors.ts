import type { FastifyBaseLogger } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { errorMessages, isErrorCode, type ErrorCode } from '#shared/errors';
import { ZodError } from 'zod';
import { isDomainError } from '../errors';

export interface FormattedError {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: { code: ErrorCode } & Record<string, unknown>;
}

interface MercuriusLikeError extends Error {
  code?: string;
  statusCode?: number;
  errors?: unknown[];
}

/**
 * Turns whatever went wrong into errors with a stable `extensions.code`. Expected failures keep
 * their message; anything unexpected is logged with its stack and reaches the client as a generic
 * message, so no stack trace or SQL ever leaves the server.
 */
export function formatErrors(errors: readonly unknown[], log: FastifyBaseLogger): { errors: FormattedError[]; statusCode: number | undefined } {
  const formatted: FormattedError[] = [];
  let statusCode: number | undefined;
  for (const error of errors) {
    for (const single of flatten(error)) {
      const result = formatOne(single, log);
      formatted.push(result.error);
      statusCode ??= result.statusCode;
    }
  }
  return { errors: formatted, statusCode };
}

/**
 * Duck-typed: mercurius loads graphql's CommonJS build while ESM code may load its ESM build, so the
 * same error can come from two different GraphQLError classes and `instanceof` is unreliable.
 */
function isGraphqlError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

function flatten(error: unknown): unknown[] {
  const original = isGraphqlError(error) ? (error.originalError as MercuriusLikeError | undefined) : (error as MercuriusLikeError);
  if (original && Array.isArray(original.errors) && original.code === 'MER_ERR_GQL_VALIDATION') return original.errors;
  return [error];
}

function formatOne(error: unknown, log: FastifyBaseLogger): { error: FormattedError; statusCode?: number } {
  const graphqlError = isGraphqlError(error) ? error : undefined;
  const original = (graphqlError ? graphqlError.originalError : error) as MercuriusLikeError | undefined;
  const position = graphqlError
    ? { ...(graphqlError.path ? { path: graphqlError.path } : {}), ...(graphqlError.locations ? { locations: graphqlError.locations } : {}) }
    : {};

  if (isDomainError(original)) {
    return { error: { message: original.message, ...position, extensions: { code: original.code, ...(original.details ?? {}) } } };
  }
  if (original instanceof ZodError) {
    const issue = original.issues[0];
    const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { error: { message: `${field}${issue?.message ?? errorMessages.BAD_USER_INPUT}`, ...position, extensions: { code: 'BAD_USER_INPUT' } } };
  }
  switch (original?.code) {
    case 'MER_ERR_GQL_QUERY_DEPTH':
      return { error: { message: errorMessages.QUERY_TOO_DEEP, extensions: { code: 'QUERY_TOO_DEEP' } }, statusCode: 400 };
    case 'MER_ERR_GQL_CSRF_PREVENTION':
      return { error: { message: errorMessages.CSRF_REJECTED, extensions: { code: 'CSRF_REJECTED' } }, statusCode: 400 };
    case 'MER_ERR_METHOD_NOT_ALLOWED':
      return { error: { message: errorMessages.METHOD_NOT_ALLOWED, extensions: { code: 'METHOD_NOT_ALLOWED' } }, statusCode: 405 };
    case 'MER_ERR_GQL_VALIDATION':
    case 'FST_ERR_VALIDATION':
      return { error: { message: original.message, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: 400 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: { message: errorMessages.PAYLOAD_TOO_LARGE, extensions: { code: 'PAYLOAD_TOO_LARGE' } }, statusCode: 413 };
    default:
      break;
  }
  if (original && typeof original.statusCode === 'number' && original.statusCode >= 400 && original.statusCode < 500 && original.code?.startsWith('FST_')) {
    // Fastify refused the HTTP request itself (bad JSON, wrong content type): its message is safe.
    return { error: { message: original.message, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: original.statusCode };
  }
  if (graphqlError && isGraphqlError(original)) {
    // Argument coercion failed ("String cannot represent a non string value"): the caller's input.
    return { error: { message: original.message, ...position, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: 400 };
  }
  if (graphqlError && original === undefined) {
    // Errors GraphQL itself raised while parsing, validating or coercing arguments: safe to show.
    const declared = graphqlError.extensions?.code;
    const code: ErrorCode = isErrorCode(declared)
      ? declared
      : graphqlError.message.startsWith('Syntax Error')
        ? 'GRAPHQL_PARSE_FAILED'
        : graphqlError.path
          ? 'BAD_USER_INPUT'
          : 'GRAPHQL_VALIDATION_FAILED';
    return { error: { message: graphqlError.message, ...position, extensions: { code } } };
  }
  log.error({ err: original ?? error }, 'unexpected error while handling a GraphQL request');
  return { error: { message: errorMessages.INTERNAL_SERVER_ERROR, ...position, extensions: { code: 'INTERNAL_SERVER_ERROR' } } };
}

export function formatExecutionResult(execution: ExecutionResult & { statusCode?: number }, log: FastifyBaseLogger) {
  const { errors, statusCode } = formatErrors(execution.errors ?? [], log);
  return {
    statusCode: execution.data ? 200 : (statusCode ?? execution.statusCode ?? 200),
    response: { data: execution.data ?? null, errors },
  };
}
