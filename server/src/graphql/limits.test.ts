import { describe, expect, it } from 'vitest';
import { bracketNesting } from './limits';

describe('bracketNesting', () => {
  it('counts braces, brackets and parentheses', () => {
    expect(bracketNesting('{ a { b(x: [1, [2]]) } }')).toBe(5);
    expect(bracketNesting('query { a }')).toBe(1);
  });

  it('ignores brackets inside strings, block strings and comments', () => {
    expect(bracketNesting('{ a(x: "{{{{ \\" [[[[") }')).toBe(2);
    expect(bracketNesting('{ a(x: """ {{{{ \\""" [[[[ """) }')).toBe(2);
    expect(bracketNesting('{ a # {{{{{{\n }')).toBe(1);
  });

  it('does not let stray closing brackets hide a deep document', () => {
    expect(bracketNesting(`}}}}}} ${'{'.repeat(10)}`)).toBe(10);
  });

  it('reads a long document in one linear pass', () => {
    const source = `{ ${'a { '.repeat(50_000)}${'} '.repeat(50_000)}}`;
    expect(bracketNesting(source)).toBe(50_001);
  });
});
