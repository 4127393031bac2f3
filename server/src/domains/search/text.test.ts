import { describe, expect, it } from 'vitest';
import { clip, ftsPhrase, ftsQuery, indexedText, matchEnd, matchStart, unmark } from './text';

const marked = (text: string) => text.replaceAll('[', matchStart).replaceAll(']', matchEnd);

describe('ftsQuery', () => {
  it('quotes every word, so FTS syntax typed by a person is only text', () => {
    expect(ftsQuery('deploy NEAR(server) title: -x AND "y"')).toBe('"deploy"* "NEAR(server)"* "title:"* "-x" "AND"* """y"""');
    expect(ftsQuery('   ')).toBeNull();
    expect(ftsQuery('*** "" ^ :')).toBeNull();
  });

  it('lets words of three or more characters match the words they begin, shorter ones only whole', () => {
    expect(ftsQuery('ab deplo')).toBe('"ab" "deplo"*');
    expect(ftsQuery('été')).toBe('"été"*');
  });

  it('drops the match markers from what is typed and indexed', () => {
    expect(ftsQuery(`a${matchStart}bc`)).toBe('"abc"*');
    expect(indexedText(`x${matchStart}y${matchEnd}z`)).toBe('xyz');
  });
});

describe('ftsPhrase', () => {
  it('joins the quoted words into one phrase of whole words, syntax typed by a person kept as text', () => {
    expect(ftsPhrase('Mooring  lines')).toBe('"Mooring" + "lines"');
    expect(ftsPhrase('NEAR(x) "y" - ^')).toBe('"NEAR(x)" + """y"""');
    expect(ftsPhrase(`*** ${matchStart}`)).toBeNull();
  });
});

describe('unmark and clip', () => {
  it('gives the plain text and the UTF-16 ranges of the matches', () => {
    expect(unmark(marked('Fix the [login] page 🚀 [logins]'))).toEqual({
      text: 'Fix the login page 🚀 logins',
      ranges: [
        { start: 8, length: 5 },
        { start: 22, length: 6 },
      ],
    });
  });

  it('collapses white space, keeps ranges in step, and cuts at a word with an ellipsis', () => {
    const { text, ranges } = clip(unmark(marked('one\n\n  [two]   three')), 200);
    expect(text).toBe('one two three');
    expect(text.slice(ranges[0]!.start, ranges[0]!.start + ranges[0]!.length)).toBe('two');
    const long = clip(unmark(marked(`${'word '.repeat(60)}[end]`)), 200);
    expect(long.text.length).toBeLessThanOrEqual(200);
    expect(long.text.endsWith('…')).toBe(true);
    expect(long.ranges).toEqual([]);
  });
});
