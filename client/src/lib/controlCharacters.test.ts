import { describe, expect, it } from 'vitest';
import { hasControlCharacter, isControlCharacter } from './controlCharacters';

describe('control characters', () => {
  it('are U+0000 to U+001F and DEL, nothing printable', () => {
    expect(['\u0000', '\t', '\n', '\u001f', '\u007f'].every(isControlCharacter)).toBe(true);
    expect([' ', 'a', '~', '\u00a0', '\u200d', '😀'].some(isControlCharacter)).toBe(false);
  });

  it('are found anywhere in a text', () => {
    expect(hasControlCharacter('java\tscript:alert(1)')).toBe(true);
    expect(hasControlCharacter('https://example.com/a b')).toBe(false);
  });
});
