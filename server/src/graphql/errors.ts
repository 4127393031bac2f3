import type { FastifyBaseLogger } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { errorMessages, isErrorCode, isInputErrorCode, type ErrorCode, type ErrorExtensions, type RefusalReason } from '#shared/errors';
import { ZodError } from 'zod';
import { isDomainError, type DomainError } from '../errors';
import { isDatabaseOutage } from '../core/databaseOutage';
import { codedIssue } from './inputIssues';
import { isUnpairedSurrogateSyntaxError, unpairedSurrogateMessage } from './inputText';
import { DocumentRejected } from './validation';

export interface FormattedError {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: { code: ErrorCode } & Omit<ErrorExtensions, 'code'> & Record<string, unknown>;
}

interface MercuriusLikeError extends Error {
  code?: string;
  statusCode?: number;
  errors?: unknown[];
}

/** Where an unexpected error is logged, and the id the client gets to quote (the log line carries it too). */
export interface ErrorReporting {
  log: FastifyBaseLogger;
  requestId?: string | undefined;
}

/**
 * Turns whatever went wrong into errors with a stable `extensions.code`. Expected failures keep
 * their message; anything unexpected is logged with its stack and reaches the client as a generic
 * message with the request id it was logged under, so no stack trace or SQL ever leaves the server.
 */
export function formatErrors(
  errors: readonly unknown[],
  reporting: ErrorReporting,
): { errors: FormattedError[]; statusCode: number | undefined } {
  const formatted: FormattedError[] = [];
  let statusCode: number | undefined;
  for (const error of errors) {
    for (const single of flatten(error)) {
      const result = formatOne(single.error, reporting);
      formatted.push(result.error);
      statusCode ??= single.statusCode ?? result.statusCode;
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

/** The single errors inside a mercurius validation error or a rejected document, with the status the rejection asks for. */
function flatten(error: unknown): { error: unknown; statusCode?: number }[] {
  const original = isGraphqlError(error) ? (error.originalError as MercuriusLikeError | undefined) : (error as MercuriusLikeError);
  if (original && Array.isArray(original.errors) && original.code === 'MER_ERR_GQL_VALIDATION')
    return original.errors.map((inner) => ({ error: inner }));
  if (original instanceof DocumentRejected) return original.errors.map((inner) => ({ error: inner, statusCode: original.statusCode }));
  return [{ error }];
}

const tokenLimitMessage = /^Syntax Error: Document contains more that (\d+) tokens\. Parsing aborted\.$/;

function formatOne(error: unknown, { log, requestId }: ErrorReporting): { error: FormattedError; statusCode?: number } {
  const graphqlError = isGraphqlError(error) ? error : undefined;
  const original = (graphqlError ? graphqlError.originalError : error) as MercuriusLikeError | undefined;
  const position = graphqlError
    ? {
        ...(graphqlError.path ? { path: graphqlError.path } : {}),
        ...(graphqlError.locations ? { locations: graphqlError.locations } : {}),
      }
    : {};

  if (isDomainError(original)) {
    return { error: { message: original.message, ...position, extensions: domainExtensions(original) } };
  }
  if (original instanceof ZodError) {
    const { code, params, field, message } = codedIssue(original);
    return { error: { message, ...position, extensions: codedExtensions(code, params, field) } };
  }
  switch (original?.code) {
    case 'MER_ERR_GQL_CSRF_PREVENTION':
      return {
        error: { message: errorMessages.CSRF_REJECTED, extensions: codedExtensions('CSRF_REJECTED', {}, undefined) },
        statusCode: 400,
      };
    case 'MER_ERR_METHOD_NOT_ALLOWED':
      return {
        error: { message: errorMessages.METHOD_NOT_ALLOWED, extensions: codedExtensions('METHOD_NOT_ALLOWED', {}, undefined) },
        statusCode: 405,
      };
    case 'MER_ERR_GQL_VALIDATION':
    case 'FST_ERR_VALIDATION':
      return { error: { message: original.message, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: 400 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        error: { message: errorMessages.PAYLOAD_TOO_LARGE, extensions: codedExtensions('PAYLOAD_TOO_LARGE', {}, undefined) },
        statusCode: 413,
      };
    default:
      break;
  }
  if (
    original &&
    typeof original.statusCode === 'number' &&
    original.statusCode >= 400 &&
    original.statusCode < 500 &&
    original.code?.startsWith('FST_')
  ) {
    // Fastify refused the HTTP request itself (bad JSON, wrong content type): its message is safe.
    return { error: { message: original.message, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: original.statusCode };
  }
  if (graphqlError && isGraphqlError(original)) {
    // Argument coercion failed ("String cannot represent a non string value"): the caller's input.
    return { error: { message: original.message, ...position, extensions: { code: 'BAD_USER_INPUT' } }, statusCode: 400 };
  }
  if (graphqlError && original === undefined) {
    // Errors GraphQL itself raised while parsing, validating or coercing arguments: safe to show.
    const tokens = tokenLimitMessage.exec(graphqlError.message);
    if (tokens) {
      return {
        error: {
          message: `The GraphQL document has more than ${tokens[1]} tokens, the limit.`,
          ...position,
          extensions: { code: 'QUERY_TOO_COMPLEX' },
        },
        statusCode: 400,
      };
    }
    if (isUnpairedSurrogateSyntaxError(graphqlError.message)) {
      const at = graphqlError.locations?.[0];
      const where = at ? `The string at line ${at.line}, column ${at.column}` : 'A string in the document';
      return {
        error: {
          message: unpairedSurrogateMessage(where),
          ...position,
          extensions: codedExtensions('TEXT_NOT_UNICODE', undefined, undefined),
        },
        statusCode: 400,
      };
    }
    const declared = graphqlError.extensions?.code;
    const code: ErrorCode = isErrorCode(declared)
      ? declared
      : graphqlError.message.startsWith('Syntax Error')
        ? 'GRAPHQL_PARSE_FAILED'
        : graphqlError.path
          ? 'BAD_USER_INPUT'
          : 'GRAPHQL_VALIDATION_FAILED';
    // A document refusal in its code's own words (validation.ts's documentError) may be translated by the client.
    const standard = graphqlError.message === errorMessages[code] ? { params: {} } : {};
    const extensions = { ...graphqlError.extensions, ...standard, code };
    return { error: { message: graphqlError.message, ...position, extensions } };
  }
  if (isDatabaseOutage(original ?? error)) {
    log.warn({ err: original ?? error, requestId }, 'the database could not be reached');
    const unavailable = databaseUnavailableError();
    return {
      error: { ...unavailable, ...position, extensions: { ...unavailable.extensions, ...(requestId ? { requestId } : {}) } },
      statusCode: 503,
    };
  }
  log.error({ err: original ?? error, requestId }, 'unexpected error while handling a GraphQL request');
  return {
    error: {
      message: errorMessages.INTERNAL_SERVER_ERROR,
      ...position,
      extensions: { ...codedExtensions('INTERNAL_SERVER_ERROR', {}, undefined), ...(requestId ? { requestId } : {}) },
    },
  };
}

/**
 * `extensions` of a coded error: the code, BAD_USER_INPUT as the category of every refusal of the
 * caller's input (the code older clients know them by), the message's parameters and the argument.
 * `params` is there exactly when the message is the text of the code (or of its `reason`) with them,
 * so a client may show its translation instead; a refusal with a text of no code has none, and its
 * message is shown as it is.
 */
/**
 * The error of a request the database could not serve (it went away): answered with status 503, after which the app
 * sends a mutation again with its Idempotency-Key. Inside GraphQL and from the hooks before it alike.
 */
export function databaseUnavailableError(): FormattedError {
  return { message: errorMessages.DATABASE_UNAVAILABLE, extensions: codedExtensions('DATABASE_UNAVAILABLE', {}, undefined) };
}

function codedExtensions(
  code: ErrorCode,
  params: Readonly<Record<string, string | number>> | undefined,
  field: string | undefined,
  reason?: RefusalReason,
): FormattedError['extensions'] {
  return {
    code,
    ...(reason ? { reason } : {}),
    ...(isInputErrorCode(code) || code === 'BAD_USER_INPUT' ? { category: 'BAD_USER_INPUT' as const } : {}),
    ...(params ? { params } : {}),
    ...(field === undefined ? {} : { field }),
  };
}

function domainExtensions(error: DomainError): FormattedError['extensions'] {
  return {
    ...(error.details ?? {}),
    ...codedExtensions(error.code, error.params, error.field ?? detailField(error.details), error.reason),
  };
}

/** A few older throw sites name their argument in `details.field`. */
function detailField(details: Record<string, unknown> | undefined): string | undefined {
  return typeof details?.field === 'string' ? details.field : undefined;
}

export function formatExecutionResult(execution: ExecutionResult & { statusCode?: number }, reporting: ErrorReporting) {
  const { errors, statusCode } = formatErrors(execution.errors ?? [], reporting);
  return {
    statusCode: execution.data ? 200 : (statusCode ?? execution.statusCode ?? 200),
    response: { data: execution.data ?? null, errors },
  };
}
