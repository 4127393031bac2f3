import { describe, expect, it } from 'vitest';
import {
  analyticsPageTitle,
  isMobileRedirectPath,
  isMobileUserAgent,
  projectIdFromPath,
  rootRedirect,
  safeReturnPath,
  signedOutPageRedirect,
  signInPathFor,
  signedOutPaths,
  skipsPreload,
  themeFor,
} from './routeRules';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const iPad =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const macChrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const windowsEdge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0';

describe('route rules', () => {
  it('SPEC §2: detects iOS and Android from the user agent as mobile', () => {
    expect(isMobileUserAgent(iPhone)).toBe(true);
    expect(isMobileUserAgent(iPad)).toBe(true);
    expect(isMobileUserAgent(android)).toBe(true);
    expect(isMobileUserAgent(macChrome)).toBe(false);
    expect(isMobileUserAgent(windowsEdge)).toBe(false);
  });

  it('SPEC §2: root goes to /redirect on mobile, signed in or not', () => {
    expect(rootRedirect({ mobile: true, signedIn: true })).toBe('/redirect');
    expect(rootRedirect({ mobile: true, signedIn: false })).toBe('/redirect');
  });

  it('SPEC §2: root goes to /overview on desktop with a user cookie, else to /signin', () => {
    expect(rootRedirect({ mobile: false, signedIn: true })).toBe('/overview');
    expect(rootRedirect({ mobile: false, signedIn: false })).toBe('/signin');
  });

  it('SPEC §2: the five signed-out pages send a signed-in desktop user to /', () => {
    expect(signedOutPaths).toEqual(['/signin', '/signup/forgot', '/signup/recover', '/signup/finish', '/signup/verify']);
    for (const pathname of signedOutPaths) {
      expect(signedOutPageRedirect({ pathname, mobile: false, signedIn: true })).toBe('/');
      expect(signedOutPageRedirect({ pathname: `${pathname}/`, mobile: false, signedIn: true })).toBe('/');
    }
  });

  it('SPEC §2: the signed-out pages show to signed-out users, and on mobile regardless', () => {
    for (const pathname of signedOutPaths) {
      expect(signedOutPageRedirect({ pathname, mobile: false, signedIn: false })).toBeUndefined();
      expect(signedOutPageRedirect({ pathname, mobile: true, signedIn: true })).toBeUndefined();
    }
  });

  it('shows the post-sign-up welcome and a mailed verification link to a signed-in user', () => {
    expect(signedOutPageRedirect({ pathname: '/signup/finish', search: '?new=1', mobile: false, signedIn: true })).toBeUndefined();
    expect(
      signedOutPageRedirect({ pathname: '/signup/verify', search: '?email=a%40b.co&token=t', mobile: false, signedIn: true }),
    ).toBeUndefined();
    expect(signedOutPageRedirect({ pathname: '/signup/finish', search: '?new=0', mobile: false, signedIn: true })).toBe('/');
    expect(signedOutPageRedirect({ pathname: '/signup/verify', search: '?email=a%40b.co', mobile: false, signedIn: true })).toBe('/');
    expect(signedOutPageRedirect({ pathname: '/signup/recover', search: '?email=a%40b.co&token=t', mobile: false, signedIn: true })).toBe(
      '/',
    );
  });

  it('SPEC §2: other sign-up pages are not gated by the user cookie', () => {
    for (const pathname of ['/signup/user/', '/signup/invite/abc', '/signup/user/u/123', '/signinx']) {
      expect(signedOutPageRedirect({ pathname, mobile: false, signedIn: true })).toBeUndefined();
    }
  });

  it('SPEC §2: /mobile and every path under it is the redirect page', () => {
    expect(isMobileRedirectPath('/mobile')).toBe(true);
    expect(isMobileRedirectPath('/mobile/')).toBe(true);
    expect(isMobileRedirectPath('/mobile/tasks/1/d/2')).toBe(true);
    expect(isMobileRedirectPath('/mobiles')).toBe(false);
    expect(isMobileRedirectPath('/overview/mobile')).toBe(false);
  });

  it('SPEC §2: a first path segment of 24 hexadecimal characters is a project id', () => {
    expect(projectIdFromPath('/65a1f0c2b3d4e5f6a7b8c9d0/tasks')).toBe('65a1f0c2b3d4e5f6a7b8c9d0');
    expect(projectIdFromPath('/65A1F0C2B3D4E5F6A7B8C9D0')).toBe('65A1F0C2B3D4E5F6A7B8C9D0');
    expect(projectIdFromPath('/overview/tasks')).toBeUndefined();
    expect(projectIdFromPath('/65a1f0c2b3d4e5f6a7b8c9d')).toBeUndefined();
    expect(projectIdFromPath('/65a1f0c2b3d4e5f6a7b8c9d0z')).toBeUndefined();
    expect(projectIdFromPath('/chats/65a1f0c2b3d4e5f6a7b8c9d0')).toBeUndefined();
    expect(projectIdFromPath('/')).toBeUndefined();
  });

  it('SPEC §2: any path containing meetingroom skips the data preloading', () => {
    expect(skipsPreload('/meetingroom/abc')).toBe(true);
    expect(skipsPreload('/65a1f0c2b3d4e5f6a7b8c9d0/meetings/meetingroom')).toBe(true);
    expect(skipsPreload('/overview/meetings')).toBe(false);
  });

  it('SPEC §2: sign-in and sign-up pages always use the light theme', () => {
    for (const pathname of ['/signin', '/signup/forgot', '/signup/user/i/abc', '/signup/invite/p']) {
      expect(themeFor(pathname, 'true')).toBe('light');
    }
  });

  it('SPEC §2: other pages are dark only when the stored darkmode preference is the string true', () => {
    expect(themeFor('/overview', 'true')).toBe('dark');
    expect(themeFor('/chats', 'true')).toBe('dark');
    expect(themeFor('/overview', 'false')).toBe('light');
    expect(themeFor('/overview', 'TRUE')).toBe('light');
    expect(themeFor('/overview', '1')).toBe('light');
    expect(themeFor('/overview', null)).toBe('light');
  });

  it.each([
    ['/signin', 'Sign In'],
    ['/signup/forgot', 'Forgot Password'],
    ['/signup/recover', 'Recover Password'],
    ['/signup/finish', 'Signup Finish'],
    ['/signup/verify', 'Verify Email'],
    ['/signup/invite/65a1f0c2b3d4e5f6a7b8c9d0', 'Signup Invite'],
    ['/signup/invite/65a1f0c2b3d4e5f6a7b8c9d0/abc', 'Signup Invite'],
    ['/signup/user/', 'Signup User'],
    ['/signup/user/p/65a1f0c2b3d4e5f6a7b8c9d0', 'Signup User'],
    ['/signup/user/u/123', 'Signup User'],
    ['/signup/user/i/456', 'Signup User'],
    ['/meetingroom/abc', 'Meetingroom'],
    ['/share/media/file1', 'Share Media'],
    ['/share/doc/doc1', 'Share Doc'],
    ['/redirect', 'Redirect'],
    ['/mobile', 'Redirect'],
    ['/mobile/tasks/1', 'Redirect'],
    ['/overview', 'Platform'],
    ['/overview/tasks', 'Platform'],
    ['/chats/123', 'Platform'],
    ['/65a1f0c2b3d4e5f6a7b8c9d0/docs/1/d/2', 'Platform'],
    ['/', 'Platform'],
  ])('SPEC §2: the analytics page title of %s is "%s"', (pathname, title) => {
    expect(analyticsPageTitle(pathname)).toBe(title);
  });
});

describe('returning to the page asked for after signing in', () => {
  const taskPage = '/0123456789abcdef01234567/tasks/d/89abcdef0123456789abcdef';

  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnPath(taskPage)).toBe(taskPage);
    expect(safeReturnPath('/chats/abc?x=1#end')).toBe('/chats/abc?x=1#end');
    expect(safeReturnPath('/a/../b')).toBe('/b');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it.each([
    ['another host', '//evil.example/path'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['a relative path', 'overview'],
    ['nothing', null],
    ['an empty value', ''],
    ['the sign-in page (a loop)', '/signin?next=/x'],
    ['a sign-up page', '/signup/verify?email=a&token=b'],
    ['a social sign-in route', '/auth/google/start'],
  ])('refuses %s', (_label, next) => {
    expect(safeReturnPath(next)).toBeNull();
  });

  it('sends a signed-out visitor to sign-in with the page as next, except for the default landing pages', () => {
    expect(signInPathFor({ pathname: taskPage, search: '', hash: '' })).toBe(`/signin?next=${encodeURIComponent(taskPage)}`);
    expect(signInPathFor({ pathname: '/chats/abc', search: '?x=1', hash: '' })).toBe(
      `/signin?next=${encodeURIComponent('/chats/abc?x=1')}`,
    );
    expect(signInPathFor({ pathname: '/overview', search: '', hash: '' })).toBe('/signin');
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/signin');
  });
});
