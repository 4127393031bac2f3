import { describe, expect, it } from 'vitest';
import { filterMentionCandidates, insertLink, mentionQueryAt, toggleBulletList, wrapSelection } from './composerText';

describe('composer formatting', () => {
  it('wraps the selection and unwraps it again', () => {
    const bold = wrapSelection('say hi now', 4, 6, '**');
    expect(bold).toEqual({ value: 'say **hi** now', selectionStart: 6, selectionEnd: 8 });
    expect(wrapSelection(bold.value, 6, 8, '**')).toEqual({ value: 'say hi now', selectionStart: 4, selectionEnd: 6 });
  });

  it('tells italic inside bold apart from bold', () => {
    expect(wrapSelection('**bold**', 2, 6, '*').value).toBe('***bold***');
    expect(wrapSelection('***bold***', 3, 7, '*').value).toBe('**bold**');
    expect(wrapSelection('***bold***', 3, 7, '**').value).toBe('*bold*');
  });

  it('puts the caret between the markers without a selection', () => {
    expect(wrapSelection('', 0, 0, '*')).toEqual({ value: '**', selectionStart: 1, selectionEnd: 1 });
  });

  it('makes a link with the URL selected', () => {
    const edit = insertLink('see docs', 4, 8);
    expect(edit.value).toBe('see [docs](https://)');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('toggles a bulleted list on the selected lines', () => {
    const listed = toggleBulletList('one\ntwo', 0, 7);
    expect(listed.value).toBe('- one\n- two');
    expect(toggleBulletList(listed.value, 0, listed.value.length).value).toBe('one\ntwo');
  });
});

describe('mentions', () => {
  it('finds the mention being typed at a word start only', () => {
    expect(mentionQueryAt('hello @gr', 9)).toEqual({ start: 6, query: 'gr' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail me at ada@example', 22)).toBeNull();
    expect(mentionQueryAt('hello @grace hopper', 19)).toBeNull();
  });

  it('ranks names starting with the query first and ignores accents and case', () => {
    const people = [
      { id: '1', name: 'Bob Martin', profileImg: null },
      { id: '2', name: 'José Márquez', profileImg: null },
      { id: '3', name: 'Mara Jones', profileImg: null },
    ];
    expect(filterMentionCandidates(people, 'mar').map((person) => person.id)).toEqual(['3', '1', '2']);
    expect(filterMentionCandidates(people, 'JOSE').map((person) => person.id)).toEqual(['2']);
    expect(filterMentionCandidates(people, 'zzz')).toEqual([]);
  });
});
