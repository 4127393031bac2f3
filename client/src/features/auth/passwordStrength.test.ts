import { describe, expect, it } from 'vitest';
import { passwordChecks, passwordStrength } from './passwordStrength';

describe('password strength meter', () => {
  it('is empty for nothing and too weak while the rule (8+ characters, a letter, a digit) is broken', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc1')).toBe(1);
    expect(passwordStrength('abcdefghij')).toBe(1);
    expect(passwordStrength('1234567890')).toBe(1);
  });

  it('rises with length, mixed case and symbols once the rule is met', () => {
    expect(passwordStrength('abcdefg1')).toBe(2);
    expect(passwordStrength('abcdefG1')).toBe(3);
    expect(passwordStrength('abcdefghijk1')).toBe(3);
    expect(passwordStrength('Correct-horse-battery-9')).toBe(4);
  });

  it('reports each part of the rule', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, letter: true, digit: false });
    expect(passwordChecks('12345678')).toEqual({ length: true, letter: false, digit: true });
  });
});
