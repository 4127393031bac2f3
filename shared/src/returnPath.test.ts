import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/0123456789abcdef01234567/tasks/d/89abcdef0123456789abcdef')).toBe(
      '/0123456789abcdef01234567/tasks/d/89abcdef0123456789abcdef',
    );
    expect(safeReturnPath('/chats/abc?x=1#end')).toBe('/chats/abc?x=1#end');
  });

  it.each([
    ['another host', '//evil.example/path'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'overview'],
    ['an empty value', ''],
    ['no value', undefined],
    ['a number', 42],
    ['the sign-in page (a loop)', '/signin?next=/x'],
    ['a sign-up page', '/signup/verify'],
    ['a social sign-in route', '/auth/google/start'],
  ])('refuses %s', (_label, next) => {
    expect(safeReturnPath(next)).toBeNull();
  });

  it('keeps a path up to 2000 characters and refuses a longer one', () => {
    const atLimit = `/${'a'.repeat(1999)}`;
    expect(safeReturnPath(atLimit)).toBe(atLimit);
    expect(safeReturnPath(`${atLimit}a`)).toBeNull();
  });

  it('keeps a path that merely ends with slashes or names a sign-in page deeper down', () => {
    expect(safeReturnPath('/docs//')).toBe('/docs//');
    expect(safeReturnPath('/help/signin')).toBe('/help/signin');
    expect(safeReturnPath('/signing-sheet')).toBe('/signing-sheet');
  });

  it('keeps dots and encoded slashes inside this site', () => {
    expect(safeReturnPath('/a/../b')).toBe('/b');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
