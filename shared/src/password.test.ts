import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('password strength', () => {
  it('accepts 8 characters with a letter and a digit', () => {
    expect(passwordProblem('abcdefg1')).toBeNull();
  });
  it('refuses short, letterless, digitless and overlong passwords', () => {
    expect(passwordProblem('abc1')).toBe('tooShort');
    expect(passwordProblem('12345678')).toBe('needsLetter');
    expect(passwordProblem('abcdefgh')).toBe('needsDigit');
    expect(passwordProblem(`a1${'x'.repeat(127)}`)).toBe('tooLong');
  });
  it('counts letters of any alphabet', () => {
    expect(passwordProblem('пароль123')).toBeNull();
  });
});
