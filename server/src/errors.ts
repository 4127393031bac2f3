import { errorMessages, type ErrorCode } from '#shared/errors';

/** An expected failure with a stable code; the GraphQL layer puts the code in `extensions.code`. */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? errorMessages[code]);
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
