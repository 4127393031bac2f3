/**
 * Server errors in the user's language, by code: `extensions.code` (or, for NOT_FOUND and
 * PERMISSION_DENIED, `extensions.reason`) names the message and `extensions.params` fills its
 * {{placeholders}} (shared/src/errors.ts). The English text is never
 * read: it is only the fallback when this client does not know the code (a server newer than it),
 * or when the server wrote a text of its own for the code (then it sends no params).
 */
import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorCode } from '#shared/errors';

export type ErrorParamValues = Readonly<Record<string, string | number>>;

/** `extensions.params` when it is a flat record of strings and numbers, else undefined. */
export function errorParams(details: Readonly<Record<string, unknown>>): ErrorParamValues | undefined {
  const params = details.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const values = Object.values(params as Record<string, unknown>);
  return values.every((value) => typeof value === 'string' || typeof value === 'number') ? (params as ErrorParamValues) : undefined;
}

/** `extensions.field`: the argument an input error is about. */
export function errorField(details: Readonly<Record<string, unknown>>): string | undefined {
  return typeof details.field === 'string' && details.field !== '' ? details.field : undefined;
}

/** A code's text with its parameters, through any translate function with i18next's signature. */
export type TranslateCode = (code: ErrorCode, params: ErrorParamValues, fallback: string) => string;

export function translateCodeWith(t: TFunction): TranslateCode {
  return (code, params, fallback) => t(`errors.codes.${code}`, { ...params, defaultValue: fallback });
}

/** The text to show for a server error: its code's translation with its parameters, or `message` as the server wrote it. */
export function serverErrorText(
  translate: TranslateCode,
  code: unknown,
  message: string,
  details: Readonly<Record<string, unknown>>,
): string {
  const params = errorParams(details);
  // NOT_FOUND and PERMISSION_DENIED name the exact text in `reason`.
  const named = isErrorCode(details.reason) ? details.reason : code;
  return isErrorCode(named) && params !== undefined ? translate(named, params, message) : message;
}
