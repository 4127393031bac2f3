import { errorMessages, formatErrorMessage, type ErrorCode, type ErrorParams, type RefusalReason } from '#shared/errors';

/** Where a coded error names its parameters and the argument it is about. */
export interface ErrorDetails {
  params?: Readonly<Record<string, string | number>>;
  field?: string;
  reason?: RefusalReason;
}

/**
 * An expected failure with a stable code; the GraphQL layer puts the code in `extensions.code`, the
 * message's parameters in `extensions.params` and the argument in `extensions.field`. `details` are
 * further extensions of a few codes (RATE_LIMITED's retryAfterSeconds, the upload errors' key).
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly params: Readonly<Record<string, string | number>> | undefined;
  readonly field: string | undefined;
  readonly reason: RefusalReason | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>, coded: ErrorDetails = {}) {
    super(message ?? errorMessages[code]);
    this.code = code;
    this.details = details;
    // A message of the code's own (no text given) is its standard text: params tells clients they may translate it.
    this.params = coded.params ?? (message === undefined ? {} : undefined);
    this.field = coded.field;
    this.reason = coded.reason;
  }
}

/** The arguments of a code after the code itself: its parameters when its message has any, and the argument it is about. */
export type CodedErrorArguments<Code extends ErrorCode> = keyof ErrorParams<Code> extends never
  ? [options?: { field?: string }]
  : [options: { params: ErrorParams<Code>; field?: string }];

/**
 * The error of a code with its parameters, its message written from the shared template:
 * `codedError('TEXT_TOO_LONG', { params: { maximum: 100 }, field: 'name' })`. The compiler refuses
 * a missing or misspelled parameter, and a parameter for a code whose message has none.
 */
export function codedError<Code extends ErrorCode>(code: Code, ...[options]: CodedErrorArguments<Code>): DomainError {
  const params: Readonly<Record<string, string | number>> = options && 'params' in options ? options.params : {};
  const field = options?.field;
  return new DomainError(code, formatErrorMessage(code, params), undefined, { params, ...(field === undefined ? {} : { field }) });
}

/**
 * A NOT_FOUND or PERMISSION_DENIED refusal that says why in a text of its own, named by `reason`:
 * `refusal('NOT_FOUND', 'SPACE_NOT_FOUND')`. Clients keep branching on the code and translate the reason.
 */
export function refusal<Reason extends RefusalReason>(
  code: 'NOT_FOUND' | 'PERMISSION_DENIED',
  reason: Reason,
  ...[options]: CodedErrorArguments<Reason>
): DomainError {
  const params: Readonly<Record<string, string | number>> = options && 'params' in options ? options.params : {};
  const field = options?.field;
  return new DomainError(code, formatErrorMessage(reason, params), undefined, {
    params,
    reason,
    ...(field === undefined ? {} : { field }),
  });
}

/**
 * Options for a zod `refine` (or `check` helper) that fails with this code: graphql/errors.ts reads
 * the code and parameters back from the issue, and the argument from its path.
 * `z.string().refine(isSpaceType, issue('SPACE_TYPE_INVALID'))`.
 */
export function issue<Code extends ErrorCode>(
  code: Code,
  ...[params]: keyof ErrorParams<Code> extends never ? [] : [params: ErrorParams<Code>]
): { message: string; params: { code: Code; params: Readonly<Record<string, string | number>> } } {
  const values: Readonly<Record<string, string | number>> = params ?? {};
  return { message: formatErrorMessage(code, values), params: { code, params: values } };
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
