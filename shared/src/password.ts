/**
 * Password strength for sign-up and recovery (SPEC leaves it open): at least 8 characters with at
 * least one letter and one digit, at most 128 so hashing cost stays bounded.
 */
export const passwordLength = { minimum: 8, maximum: 128 } as const;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'needsLetter' | 'needsDigit';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < passwordLength.minimum) return 'tooShort';
  if (password.length > passwordLength.maximum) return 'tooLong';
  if (!/\p{L}/u.test(password)) return 'needsLetter';
  if (!/\p{N}/u.test(password)) return 'needsDigit';
  return null;
}

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  tooShort: `Use at least ${passwordLength.minimum} characters.`,
  tooLong: `Use at most ${passwordLength.maximum} characters.`,
  needsLetter: 'Include at least one letter.',
  needsDigit: 'Include at least one digit.',
};
