import { describe, expect, it } from 'vitest';
import { isMessageType, mentionedIds, normalizeBody } from './chatRules';

describe('chat rules', () => {
  it('reads @[Name](id) mention tokens, once each', () => {
    const id = '0123456789abcdef01234567';
    expect(mentionedIds(`@[Ada Lovelace](${id}) and @[Ada](${id}) and @[x](short) and @[](${id})`)).toEqual([id]);
  });

  it('normalises line endings and control characters before trimming', () => {
    expect(normalizeBody('\r\n a\r\nb\u0007 \n')).toBe('a\nb');
  });

  it('knows the four message types', () => {
    expect(['text', 'file', 'system', 'call'].every(isMessageType)).toBe(true);
    expect(isMessageType('video')).toBe(false);
  });
});
