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

  it('makes every line ending a newline: Windows, old Mac (a lone carriage return) and Unix', () => {
    expect(normalizeBody('one\r\ntwo\rthree\nfour')).toBe('one\ntwo\nthree\nfour');
    expect(normalizeBody('one\r\rtwo\r\n\r\nthree')).toBe('one\n\ntwo\n\nthree');
    expect(normalizeBody('one\rtwo')).not.toContain('\r');
  });

  it('removes control characters but keeps tabs and newlines', () => {
    expect(normalizeBody('a\tb\u0000c\u0008d\u000Be\u000Cf\u000Eg\u001Fh\u007Fi\nj')).toBe('a\tbcdefghi\nj');
    expect(normalizeBody('é ☕ \u00A0x')).toBe('é ☕ \u00A0x');
  });

  it('reads a mention name of 1 to 200 characters on one line', () => {
    const id = '0123456789abcdef01234567';
    expect(mentionedIds(`@[A](${id})`)).toEqual([id]);
    expect(mentionedIds(`@[${'a'.repeat(200)}](${id})`)).toEqual([id]);
    expect(mentionedIds(`@[${'a'.repeat(201)}](${id})`)).toEqual([]);
    expect(mentionedIds(`@[Ada\nLovelace](${id})`)).toEqual([]);
    expect(mentionedIds(`@[Ada](${id.toUpperCase()})`)).toEqual([]);
  });

  it('lists several mentioned people in order of first mention', () => {
    const ada = '0123456789abcdef01234567';
    const grace = 'fedcba9876543210fedcba98';
    expect(mentionedIds(`@[Grace](${grace}), @[Ada](${ada}) and @[Grace Hopper](${grace})`)).toEqual([grace, ada]);
  });

  it('knows the four message types', () => {
    expect(['text', 'file', 'system', 'call'].every(isMessageType)).toBe(true);
    expect(isMessageType('video')).toBe(false);
  });
});
