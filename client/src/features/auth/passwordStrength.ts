/**
 * How strong a new password looks, for the meter under the field. The rule the server enforces
 * (shared/src/password.ts: 8–128 characters, a letter and a digit) decides between "too weak"
 * and the rest; length and variety beyond it raise the score.
 */
import { passwordLength, passwordProblem } from '#shared/password';

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export const strengthLabels = ['empty', 'weak', 'fair', 'good', 'strong'] as const;

export interface PasswordChecks {
  length: boolean;
  letter: boolean;
  digit: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= passwordLength.minimum && password.length <= passwordLength.maximum,
    letter: /\p{L}/u.test(password),
    digit: /\p{N}/u.test(password),
  };
}

/** 0 empty, 1 breaks the rule, 2 meets it, 3 meets it with 12+ characters or mixed case or a symbol, 4 with two of those and 14+ characters. */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 0;
  if (passwordProblem(password)) return 1;
  const extras = [/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password), /[^\p{L}\p{N}]/u.test(password), password.length >= 12].filter(
    Boolean,
  ).length;
  if (extras >= 2 && password.length >= 14) return 4;
  return extras >= 1 ? 3 : 2;
}
