/**
 * SPEC §2 route rules, as pure functions of the path, the user agent, the user cookie and the
 * stored dark-mode preference. The router and the start-up code call these; tests pin them.
 */
import { safeReturnPath } from '#shared/returnPath';

export { safeReturnPath };

/** The five pages meant for signed-out users on desktop. */
export const signedOutPaths = ['/signin', '/signup/forgot', '/signup/recover', '/signup/finish', '/signup/verify'] as const;

export const darkModeStorageKey = 'darkmode';

export type Theme = 'light' | 'dark';

/** iOS or Android, from the user agent (iPadOS in desktop mode reports itself as a Mac and counts as desktop). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /\b(iPhone|iPad|iPod|Android)\b/i.test(userAgent);
}

/** `/a/b/` -> `/a/b`; the root stays `/`. */
function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True when `pathname` is `prefix` or lies under it (`/signup/user/u/1` is under `/signup/user`). */
function isAtOrUnder(pathname: string, prefix: string): boolean {
  const path = normalizePath(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Where `/` leads: the mobile redirect page on phones, else the overview when signed in, else sign-in. */
export function rootRedirect({ mobile, signedIn }: { mobile: boolean; signedIn: boolean }): '/redirect' | '/overview' | '/signin' {
  if (mobile) return '/redirect';
  return signedIn ? '/overview' : '/signin';
}

export function isSignedOutPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return signedOutPaths.some((signedOutPath) => signedOutPath === path);
}

/**
 * Two signed-out pages also end flows that sign the user in, so they show to a signed-in user
 * when they carry that flow's marks: the welcome after sign-up (`/signup/finish?new=1`, where
 * e-mail verification and social sign-up land) and a mailed verification link
 * (`/signup/verify?email=…&token=…`, which must work in a browser that is signed in, e.g. after
 * changing the address). Without them the SPEC §2 rule applies.
 */
export function isSignedInFlowPage(pathname: string, search: string): boolean {
  const path = normalizePath(pathname);
  const query = new URLSearchParams(search);
  if (path === '/signup/finish') return query.get('new') === '1';
  if (path === '/signup/verify') return Boolean(query.get('email') && query.get('token'));
  return false;
}

/** A signed-in desktop user on a signed-out page goes to `/`; on mobile those pages show regardless. */
export function signedOutPageRedirect({
  pathname,
  search = '',
  mobile,
  signedIn,
}: {
  pathname: string;
  search?: string;
  mobile: boolean;
  signedIn: boolean;
}): '/' | undefined {
  return isSignedOutPath(pathname) && signedIn && !mobile && !isSignedInFlowPage(pathname, search) ? '/' : undefined;
}

const projectIdPattern = /^[0-9a-f]{24}$/i;

export function isProjectId(value: string | undefined): value is string {
  return value !== undefined && projectIdPattern.test(value);
}

/** A first path segment of 24 hexadecimal characters is a project (space) id. */
export function projectIdFromPath(pathname: string): string | undefined {
  const first = pathname.split('/').find((segment) => segment !== '');
  return isProjectId(first) ? first : undefined;
}

/** /mobile and everything under it is the redirect page to the mobile app. */
export function isMobileRedirectPath(pathname: string): boolean {
  return isAtOrUnder(pathname, '/mobile');
}

/** Any path containing "meetingroom" skips the start-up data preloading. */
export function skipsPreload(pathname: string): boolean {
  return pathname.includes('meetingroom');
}

/** Sign-in and sign-up pages are always light; elsewhere dark iff the stored preference is the string "true". */
export function themeFor(pathname: string, storedDarkMode: string | null): Theme {
  if (pathname.startsWith('/signin') || pathname.startsWith('/signup')) return 'light';
  return storedDarkMode === 'true' ? 'dark' : 'light';
}

const analyticsTitles: readonly (readonly [prefix: string, title: string])[] = [
  ['/signin', 'Sign In'],
  ['/signup/forgot', 'Forgot Password'],
  ['/signup/recover', 'Recover Password'],
  ['/signup/finish', 'Signup Finish'],
  ['/signup/verify', 'Verify Email'],
  ['/signup/invite', 'Signup Invite'],
  ['/signup/user', 'Signup User'],
  ['/meetingroom', 'Meetingroom'],
  ['/share/media', 'Share Media'],
  ['/share/doc', 'Share Doc'],
  ['/redirect', 'Redirect'],
  ['/mobile', 'Redirect'],
];

/** The page title analytics receives: one per special page, "Platform" for everything else. */
export function analyticsPageTitle(pathname: string): string {
  return analyticsTitles.find(([prefix]) => isAtOrUnder(pathname, prefix))?.[1] ?? 'Platform';
}

/** Sign-in for a signed-out visitor of `location`, coming back to it afterwards (plain /signin for the default landing pages). */
export function signInPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const next = safeReturnPath(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
  if (!next || next === '/' || normalizePath(location.pathname) === '/overview') return '/signin';
  return `/signin?${new URLSearchParams({ next }).toString()}`;
}
