import { describe, it, expect } from 'vitest';
import { validateSearchText } from './search';

describe('SPEC §5 search length', () => {
  it('refuses 4 characters with the exact SPEC message', () => {
    expect(validateSearchText('abcd')).toEqual({ ok: false, message: 'Type more than 4 characteres' });
  });

  it('accepts 5 characters', () => {
    expect(validateSearchText('abcde')).toEqual({ ok: true, text: 'abcde' });
  });

  it('refuses empty text', () => {
    expect(validateSearchText('')).toMatchObject({ ok: false });
  });

  it('does not count surrounding whitespace and returns the trimmed text', () => {
    expect(validateSearchText('  abcd  ')).toMatchObject({ ok: false });
    expect(validateSearchText('  plans ')).toEqual({ ok: true, text: 'plans' });
  });

  it('counts inner spaces, which separate words', () => {
    expect(validateSearchText('ab cd')).toEqual({ ok: true, text: 'ab cd' });
  });

  it('counts an emoji as one character', () => {
    expect(validateSearchText('abc😀')).toMatchObject({ ok: false });
    expect(validateSearchText('abcd😀')).toMatchObject({ ok: true });
  });
});
