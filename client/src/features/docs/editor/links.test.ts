import { describe, expect, it } from 'vitest';
import { isAppMediaPath } from './images';
import { isSafeLink, linkRel, normalizeLink } from './links';

describe('link protocol rules', () => {
  it.each(['https://example.com/a?b=c', 'http://example.com', 'mailto:ada@example.com'])('accepts %s', (url) => {
    expect(isSafeLink(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
    '//evil.example',
    '/relative/path',
    'mailto:',
    'https://',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeLink(url)).toBe(false);
  });

  it('turns what people type into a link, or refuses it', () => {
    expect(normalizeLink('example.com/docs')).toBe('https://example.com/docs');
    expect(normalizeLink('ada@example.com')).toBe('mailto:ada@example.com');
    expect(normalizeLink('https://example.com')).toBe('https://example.com');
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('not a link')).toBeNull();
    expect(normalizeLink('   ')).toBeNull();
  });

  it('opens links without handing over the page or vouching for the target', () => {
    expect(linkRel.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer']);
  });
});

describe('doc images', () => {
  it("accepts only the app's own /media paths", () => {
    expect(isAppMediaPath('/media/files/abc/original')).toBe(true);
    expect(isAppMediaPath('https://example.com/cat.png')).toBe(false);
    expect(isAppMediaPath('//example.com/media/cat.png')).toBe(false);
    expect(isAppMediaPath('/media/../graphql')).toBe(false);
    expect(isAppMediaPath('/mediafiles/x')).toBe(false);
    expect(isAppMediaPath(null)).toBe(false);
  });
});
