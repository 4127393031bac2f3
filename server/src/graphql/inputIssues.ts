import { formatErrorMessage, isErrorCode, type ErrorCode } from '#shared/errors';
import type { ZodError } from 'zod';

type Issue = ZodError['issues'][number];
type Params = Readonly<Record<string, string | number>>;

export interface CodedIssue {
  code: ErrorCode;
  params: Params;
  field?: string;
  message: string;
}

const isParams = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && Object.values(value).every((each) => typeof each === 'string' || typeof each === 'number');

/** A size issue's bound as a plain number (zod gives bigints for bigint schemas, which no argument here is). */
const bound = (value: number | bigint) => Number(value);

/**
 * The code of a zod issue: the one a refinement named with `issue()` (server/src/errors.ts), else a
 * generic one from the issue's kind and bounds (TEXT_TOO_LONG with its maximum, NUMBER_TOO_SMALL...),
 * never from zod's English text.
 */
function codeOf(found: Issue): { code: ErrorCode; params: Params } {
  if (found.code === 'custom') {
    const declared = found.params as { code?: unknown; params?: unknown } | undefined;
    if (isErrorCode(declared?.code)) return { code: declared.code, params: isParams(declared.params) ? declared.params : {} };
    return { code: 'VALUE_INVALID', params: {} };
  }
  switch (found.code) {
    case 'too_big':
      if (found.origin === 'string') return { code: 'TEXT_TOO_LONG', params: { maximum: bound(found.maximum) } };
      if (found.origin === 'array' || found.origin === 'set') return { code: 'TOO_MANY_ITEMS', params: { maximum: bound(found.maximum) } };
      return { code: 'NUMBER_TOO_LARGE', params: { maximum: bound(found.maximum) } };
    case 'too_small':
      if (found.origin === 'string')
        return bound(found.minimum) <= 1
          ? { code: 'VALUE_REQUIRED', params: {} }
          : { code: 'TEXT_TOO_SHORT', params: { minimum: bound(found.minimum) } };
      if (found.origin === 'array' || found.origin === 'set') return { code: 'TOO_FEW_ITEMS', params: { minimum: bound(found.minimum) } };
      return { code: 'NUMBER_TOO_SMALL', params: { minimum: bound(found.minimum) } };
    case 'invalid_type':
      return found.expected === 'int' ? { code: 'NUMBER_NOT_WHOLE', params: {} } : { code: 'VALUE_INVALID', params: {} };
    case 'invalid_format':
      return { code: 'FORMAT_INVALID', params: {} };
    case 'invalid_value':
      return { code: 'CHOICE_INVALID', params: { choices: found.values.map(String).join(', ') } };
    case 'not_multiple_of':
      return { code: 'NUMBER_NOT_WHOLE', params: {} };
    default:
      return { code: 'VALUE_INVALID', params: {} };
  }
}

/** The first issue of a failed parse as a coded error: its code, parameters, English message and argument. */
export function codedIssue(error: ZodError): CodedIssue {
  const first = error.issues[0];
  if (!first) return { code: 'BAD_USER_INPUT', params: {}, message: formatErrorMessage('BAD_USER_INPUT') };
  const { code, params } = codeOf(first);
  const field = first.path.length > 0 ? first.path.map(String).join('.') : undefined;
  return { code, params, ...(field === undefined ? {} : { field }), message: formatErrorMessage(code, params) };
}
