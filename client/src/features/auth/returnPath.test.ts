// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './returnPath';

afterEach(() => localStorage.clear());

describe('the page to return to after sign-up', () => {
  it('is kept once, for a day', () => {
    rememberReturnPath('/0123456789abcdef01234567/docs/d/89abcdef0123456789abcdef', 1000);
    expect(takeReturnPath(2000)).toBe('/0123456789abcdef01234567/docs/d/89abcdef0123456789abcdef');
    expect(takeReturnPath(2000)).toBeNull();
    rememberReturnPath('/chats', 1000);
    expect(takeReturnPath(1000 + 24 * 3_600_000 + 1)).toBeNull();
  });

  it('keeps nothing but a path of this site, even when the storage was tampered with', () => {
    rememberReturnPath('//evil.example', 0);
    expect(takeReturnPath(1)).toBeNull();
    localStorage.setItem('returnAfterSignUp', JSON.stringify({ path: 'https://evil.example', until: 10 }));
    expect(takeReturnPath(1)).toBeNull();
    localStorage.setItem('returnAfterSignUp', '{not json');
    expect(takeReturnPath(1)).toBeNull();
  });
});
