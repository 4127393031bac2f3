import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordProblemMessages } from './password';

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
  it('accepts 128 characters', () => {
    expect(passwordProblem(`a1${'x'.repeat(126)}`)).toBeNull();
  });
  it('tells the person what to change, with the limits in the words', () => {
    expect(passwordProblemMessages).toEqual({
      tooShort: 'Use at least 8 characters.',
      tooLong: 'Use at most 128 characters.',
      needsLetter: 'Include at least one letter.',
      needsDigit: 'Include at least one digit.',
    });
  });
  it('counts letters of any alphabet', () => {
    expect(passwordProblem('пароль123')).toBeNull();
  });
});
