import { describe, expect, it } from 'vitest';
import { appPath, emptySearchQuery, highlightPieces, searchParamsOf, searchQueryFrom, searchRequestOf } from './searchQuery';

const space = '65a1f0c2b3d4e5f6a7b8c9d0';

describe('the search query in the URL', () => {
  it('reads every filter back from the address it wrote', () => {
    const query = { text: 'launch "plan"', type: 'doc' as const, space, from: '2026-01-02', to: '2026-02-03' };
    expect(searchQueryFrom(searchParamsOf(query))).toEqual(query);
    expect(searchParamsOf(query).toString()).toBe(
      'q=launch+%22plan%22&type=doc&space=65a1f0c2b3d4e5f6a7b8c9d0&from=2026-01-02&to=2026-02-03',
    );
  });

  it('writes only what differs from the defaults', () => {
    expect(searchParamsOf({ ...emptySearchQuery, text: 'rocket' }).toString()).toBe('q=rocket');
    expect(searchParamsOf(emptySearchQuery).toString()).toBe('');
  });

  it('drops a malformed type, space or date instead of sending it', () => {
    const query = searchQueryFrom(new URLSearchParams('q=rocket&type=people&space=nope&from=yesterday&to=2026-13-45'));
    expect(query).toEqual({ ...emptySearchQuery, text: 'rocket' });
  });

  it('drops a space beside the Events type: calendar events are in no space', () => {
    expect(searchQueryFrom(new URLSearchParams(`q=rocket&type=event&space=${space}`))).toEqual({
      ...emptySearchQuery,
      text: 'rocket',
      type: 'event',
    });
    expect(searchQueryFrom(new URLSearchParams(`q=rocket&type=task&space=${space}`)).space).toBe(space);
  });
});

describe('what getSearch is asked', () => {
  it('asks nothing for 4 characters or fewer after trimming (SPEC §5: more than 4 characters)', () => {
    expect(searchRequestOf({ ...emptySearchQuery, text: '  abcd   ' }, 50)).toEqual({ problem: 'tooShort' });
    expect(searchRequestOf({ ...emptySearchQuery, text: '' }, 50)).toEqual({ problem: 'tooShort' });
  });

  it('sends the trimmed text with the filters, no bound or space as null', () => {
    expect(searchRequestOf({ ...emptySearchQuery, text: ' abcde ', type: 'file' }, 50)).toEqual({
      variables: { text: 'abcde', filter: 'file', space: null, startdate: null, enddate: null, first: 50 },
    });
    expect(searchRequestOf({ text: 'rocket', type: 'all', space, from: '2026-01-01', to: '2026-01-01' }, 8)).toEqual({
      variables: { text: 'rocket', filter: 'all', space, startdate: '2026-01-01', enddate: '2026-01-01', first: 8 },
    });
  });

  it('refuses a range that ends before it starts, before the text is even looked at', () => {
    expect(searchRequestOf({ ...emptySearchQuery, text: 'rocket', from: '2026-03-02', to: '2026-03-01' }, 50)).toEqual({
      problem: 'endBeforeStart',
    });
  });
});

describe('highlighted pieces', () => {
  it('marks each range and keeps the text between', () => {
    expect(highlightPieces('Fix the login page', [{ start: 8, length: 5 }])).toEqual([
      { text: 'Fix the ', marked: false },
      { text: 'login', marked: true },
      { text: ' page', marked: false },
    ]);
  });

  it('sorts, merges overlapping ranges and clips those past the end, never repeating or losing a character', () => {
    const text = 'rocket launch';
    const pieces = highlightPieces(text, [
      { start: 7, length: 20 },
      { start: 0, length: 3 },
      { start: 2, length: 2 },
      { start: -4, length: 2 },
      { start: 5, length: 0 },
    ]);
    expect(pieces).toEqual([
      { text: 'rock', marked: true },
      { text: 'et ', marked: false },
      { text: 'launch', marked: true },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
  });

  it('counts in UTF-16 units, as the server does', () => {
    expect(highlightPieces('😀 rocket', [{ start: 3, length: 6 }])).toEqual([
      { text: '😀 ', marked: false },
      { text: 'rocket', marked: true },
    ]);
  });

  it('gives the whole text unmarked without ranges', () => {
    expect(highlightPieces('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});

describe('a result link', () => {
  it('is followed only when it is a path of this app', () => {
    expect(appPath('/65a1f0c2b3d4e5f6a7b8c9d0/tasks/d/1')).toBe('/65a1f0c2b3d4e5f6a7b8c9d0/tasks/d/1');
    expect(appPath('//evil.example/x')).toBeNull();
    expect(appPath('/\\evil.example')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
    expect(appPath('https://evil.example')).toBeNull();
  });
});
