/**
 * The messages forms show: client-side checks with the shared SPEC §5 rules, and a request
 * failure turned into a message for the form or for one of its fields (BAD_USER_INPUT messages
 * are prefixed with the field, "email: Enter a valid e-mail address."). Known server texts are
 * shown in the user's language; anything else as the server wrote it.
 */
import type { TFunction } from 'i18next';
import { isValidEmail } from '#shared/email';
import { passwordLength, passwordProblem, passwordProblemMessages, type PasswordProblem } from '#shared/password';
import { customUrlLength, customUrlProblemMessages, teamMessages, type CustomUrlProblem } from '#shared/teams';
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

const teamMessageKeys = new Map<string, keyof typeof teamMessages>(
  Object.entries(teamMessages).map(([key, text]) => [text, key as keyof typeof teamMessages]),
);
const customUrlProblems = new Map<string, CustomUrlProblem>(
  Object.entries(customUrlProblemMessages).map(([key, text]) => [text, key as CustomUrlProblem]),
);

export function customUrlMessage(problem: CustomUrlProblem, t: TFunction): string {
  return t(`teams.errors.url.${problem}`, { minimum: customUrlLength.minimum, maximum: customUrlLength.maximum });
}

function translateServerText(text: string, t: TFunction): string {
  const teamKey = teamMessageKeys.get(text);
  if (teamKey) return t(`teams.errors.${teamKey}`);
  const urlProblem = customUrlProblems.get(text);
  if (urlProblem) return customUrlMessage(urlProblem, t);
  if (text === 'Enter a valid e-mail address.') return t('forms.emailInvalid');
  if (text === 'Enter a name.') return t('forms.nameRequired');
  if (text === 'This e-mail address cannot be used.') return t('forms.emailUnavailable');
  const problem = (Object.keys(passwordProblemMessages) as PasswordProblem[]).find((key) => passwordProblemMessages[key] === text);
  if (problem) return passwordProblemMessage(problem, t);
  const tooLong = /^Use at most (\d+) characters\.$/.exec(text);
  if (tooLong) return t('forms.tooLong', { maximum: Number(tooLong[1]) });
  return text;
}

export interface FormErrorDescription {
  /** The argument the server named, when the error is about one field. */
  field?: string;
  message: string;
  code?: string;
}

const fieldPrefix = /^([A-Za-z_][\w.]*): (.+)$/s;

export function describeRequestError(error: unknown, t: TFunction, language: string): FormErrorDescription {
  if (!(error instanceof RequestError)) return { message: t('forms.unexpected') };
  const code = error.code;
  if (code === 'RATE_LIMITED') {
    const seconds = error.details.retryAfterSeconds;
    const message = typeof seconds === 'number' ? t('forms.rateLimited', { when: waitDescription(seconds, language) }) : error.message;
    return { code, message };
  }
  if (code === 'BAD_USER_INPUT') {
    const match = fieldPrefix.exec(error.message);
    if (match?.[1] && match[2]) return { code, field: match[1], message: translateServerText(match[2], t) };
    const urlField = customUrlProblems.has(error.message) || error.message === teamMessages.customUrlTaken;
    return { code, ...(urlField ? { field: 'url' } : {}), message: translateServerText(error.message, t) };
  }
  return code ? { code, message: translateServerText(error.message, t) } : { message: error.message };
}
