import { describe, it, expect } from 'vitest';
import { isOneOf } from './guards';

describe('isOneOf', () => {
  const colours = ['red', 'green'] as const;

  it('accepts a listed string', () => {
    expect(isOneOf(colours, 'red')).toBe(true);
  });

  it('refuses an unlisted string, a different case and a non-string', () => {
    expect(isOneOf(colours, 'blue')).toBe(false);
    expect(isOneOf(colours, 'RED')).toBe(false);
    expect(isOneOf(colours, 1)).toBe(false);
    expect(isOneOf(colours, null)).toBe(false);
  });
});
