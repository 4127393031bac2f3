import type { ErrorCode, ErrorParams, PlainErrorCode } from '#shared/errors';
import { z } from 'zod';
import { issue } from './errors';

/** Codes whose only parameter is `maximum`: the "at most N characters" messages. */
export type MaximumCode = { [Code in ErrorCode]: [keyof ErrorParams<Code>] extends ['maximum'] ? Code : never }[ErrorCode];

/**
 * Text trimmed, then refused with `required` when empty and with `tooLong` (and its maximum) past
 * `maximum` characters, so each failure has its own code instead of zod's generic size issues.
 */
export function boundedText(maximum: number, required: PlainErrorCode = 'VALUE_REQUIRED', tooLong: MaximumCode = 'TEXT_TOO_LONG') {
  return z
    .string()
    .trim()
    .refine((text) => text.length > 0, issue(required as 'VALUE_REQUIRED'))
    .refine((text) => text.length <= maximum, issue(tooLong as 'TEXT_TOO_LONG', { maximum }));
}

/** Text trimmed and refused with TEXT_TOO_LONG past `maximum` characters; empty text is allowed. */
export function optionalText(maximum: number) {
  return z
    .string()
    .trim()
    .refine((text) => text.length <= maximum, issue('TEXT_TOO_LONG', { maximum }));
}

/** Parses one argument, so a refusal names it in `extensions.field` as an argument of an input object would be. */
export function parseArgument<Schema extends z.ZodType>(field: string, schema: Schema, value: unknown): z.output<Schema> {
  return z.object({ [field]: schema }).parse({ [field]: value })[field] as z.output<Schema>;
}
