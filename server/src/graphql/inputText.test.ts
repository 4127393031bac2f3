import { describe, expect, it } from 'vitest';
import { findUnpairedSurrogate, hasUnpairedSurrogate, invalidVariableText, isUnpairedSurrogateSyntaxError } from './inputText';
import { graphqlRuntime } from './runtime';

describe('unpaired surrogates', () => {
  it('tells well-formed text, emoji included, from text with a lone surrogate', () => {
    expect(hasUnpairedSurrogate('plain ascii, accents é, emoji 😀')).toBe(false);
    expect(hasUnpairedSurrogate('lead \ud83d alone')).toBe(true);
    expect(hasUnpairedSurrogate('ends with a lead \ud83d')).toBe(true);
    expect(hasUnpairedSurrogate('\ude00 trail first')).toBe(true);
    expect(hasUnpairedSurrogate('reversed \ude00\ud83d pair')).toBe(true);
  });

  it('finds the variable and the path of the first bad string, in lists, objects and keys', () => {
    expect(findUnpairedSurrogate({ title: 'fine', input: { tags: ['a', 'b', 'c\ud800'] } })).toEqual({
      variable: 'input',
      path: 'input.tags.2',
    });
    expect(findUnpairedSurrogate({ input: { ['key\udfff']: 1 } })).toEqual({ variable: 'input', path: 'input.key\udfff' });
    expect(findUnpairedSurrogate({ count: 3, flag: true, nothing: null, text: 'ok 😀' })).toBeNull();
    expect(findUnpairedSurrogate(undefined)).toBeNull();
  });

  it('walks variables nested deeper than the call stack allows', () => {
    let deep: unknown = 'bottom \ud800';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findUnpairedSurrogate({ deep })?.variable).toBe('deep');
  });

  it('makes a field error naming the variable', () => {
    const error = invalidVariableText({ body: 'x\ud800' });
    expect(error?.message).toBe(
      'Variable "$body" at "body" contains text that is not valid Unicode (a lone UTF-16 surrogate); send well-formed text.',
    );
    expect(error?.extensions).toEqual({ code: 'TEXT_NOT_UNICODE', category: 'BAD_USER_INPUT', field: 'body' });
  });

  it('recognises the parser’s refusals of lone surrogates written into the document, and only those', () => {
    const messageOf = (source: string) => {
      try {
        graphqlRuntime.parse(source);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const source of ['{ a(x: "\\uD800") }', '{ a(x: "\ud800") }', '{ a(x: """\udc00""") }', '{ a(x: "\\u{DBFF}") }']) {
      expect(isUnpairedSurrogateSyntaxError(messageOf(source)), source).toBe(true);
    }
    for (const source of ['{ a(x: "\\uZZZZ") }', '{ a( }', '{ a(x: "\\u{110000}") }']) {
      expect(isUnpairedSurrogateSyntaxError(messageOf(source)), source).toBe(false);
    }
    expect(messageOf('{ a(x: "\\uD83D\\uDE00") }')).toBe('');
  });
});
