import { describe, expect, it } from 'vitest';
import { tokensOf, tsqueryLiteral, tsqueryOf } from './tsquery';

describe('tsqueryOf', () => {
  it('requires every word and finds the words a word of three or more letters begins', () => {
    expect(tsqueryOf('deplo the server')).toBe("'deplo':* & 'the':* & 'server':*");
    expect(tsqueryOf('go to')).toBe("'go' & 'to'");
  });

  it('reads operators and quotes typed by a person as text', () => {
    expect(tsqueryOf('a | b')).toBe("'a' & 'b'");
    expect(tsqueryOf('!x :* & ( )')).toBe("'x'");
    expect(tsqueryOf('it\'s "quoted" <-> back\\slash')).toBe("('it' <-> 's':*) & 'quoted':* & ('back' <-> 'slash':*)");
  });

  it('makes a phrase of a word cut by punctuation, the prefix on its last part', () => {
    expect(tsqueryOf('report.pdf')).toBe("('report' <-> 'pdf':*)");
    expect(tsqueryOf('v1.2')).toBe("('v1' <-> '2':*)");
  });

  it('keeps letters of every script, their case and their accents (the database folds them)', () => {
    expect(tsqueryOf('café Straße 東京')).toBe("'café':* & 'Straße':* & '東京'");
    expect(tokensOf('cafe\u0301-bar')).toEqual(['cafe\u0301', 'bar']);
  });

  it('answers null when nothing searchable was typed', () => {
    expect(tsqueryOf('')).toBeNull();
    expect(tsqueryOf('!!! :* & | ()')).toBeNull();
    expect(tsqueryOf('\uE000\uE001')).toBeNull();
  });

  it('escapes quotes and backslashes inside a literal', () => {
    expect(tsqueryLiteral("o'neil\\")).toBe("'o''neil\\\\'");
  });
});
