/**
 * The messages forms show: client-side checks with the shared SPEC §5 rules, and a request
 * failure turned into a message for the form or for one of its fields, translated by its code.
 */
import type { TFunction } from 'i18next';
import { isValidEmail } from '#shared/email';
import { passwordLength, passwordProblem, type PasswordProblem } from '#shared/password';
import { customUrlLength, type CustomUrlProblem } from '#shared/teams';
import { errorField, serverErrorText, translateCodeWith } from './errorMessages';
import { RequestError } from './graphql';

export function emailError(value: string, t: TFunction): string | undefined {
  const email = value.trim();
  if (!email) return t('forms.emailRequired');
  return isValidEmail(email) ? undefined : t('forms.emailInvalid');
}

export function passwordProblemMessage(problem: PasswordProblem, t: TFunction): string {
  return t(`forms.passwordProblems.${problem}`, { minimum: passwordLength.minimum, maximum: passwordLength.maximum });
}

/** The sign-up and new-password rule (8–128 characters, a letter and a digit). */
export function newPasswordError(value: string, t: TFunction): string | undefined {
  if (!value) return t('forms.passwordRequired');
  const problem = passwordProblem(value);
  return problem ? passwordProblemMessage(problem, t) : undefined;
}

export const maximumNameLength = 100;

export function nameError(value: string, t: TFunction, emptyMessage: string): string | undefined {
  const name = value.trim();
  if (!name) return emptyMessage;
  return name.length > maximumNameLength ? t('forms.tooLong', { maximum: maximumNameLength }) : undefined;
}

/** "in 30 seconds", "in 2 minutes", in the interface language. */
export function waitDescription(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return seconds < 90 ? format.format(Math.max(1, Math.ceil(seconds)), 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

export function customUrlMessage(problem: CustomUrlProblem, t: TFunction): string {
  return t(`teams.errors.url.${problem}`, { minimum: customUrlLength.minimum, maximum: customUrlLength.maximum });
}

export interface FormErrorDescription {
  /** The argument the server named, when the error is about one field. */
  field?: string;
  message: string;
  code?: string;
}

/**
 * A request failure for a form: by its code and parameters in the user's language (errorMessages.ts),
 * on the field the server named in `extensions.field`.
 */
export function describeRequestError(error: unknown, t: TFunction, language: string): FormErrorDescription {
  if (!(error instanceof RequestError)) return { message: t('forms.unexpected') };
  const code = error.code;
  if (code === undefined) return { message: error.message };
  if (code === 'RATE_LIMITED') {
    const seconds = error.details.retryAfterSeconds;
    const message = typeof seconds === 'number' ? t('forms.rateLimited', { when: waitDescription(seconds, language) }) : error.message;
    return { code, message };
  }
  const field = errorField(error.details);
  const message = serverErrorText(translateCodeWith(t), code, error.message, error.details);
  return { code, ...(field === undefined ? {} : { field }), message };
}
