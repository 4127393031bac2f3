/**
 * Where a sign-in may send the browser afterwards (`next`): only a path of this site. The client's
 * route rules use it for `/signin?next=`, and the server for the social sign-in callback's redirect,
 * whose Location header a browser follows anywhere.
 */
const placeholderOrigin = 'http://return-path.invalid';

/** Pages that start or end a sign-in: returning there after signing in would loop. */
const signInPages = /^\/(signin|signup|auth)(\/|$)/;

/** `next` when it is a same-origin relative path (not `//host`, `/\host`, a scheme, control characters), else null. */
export function safeReturnPath(next: unknown): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  // Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil" and "/\evil" mean "//evil".
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a return path must not hold
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, placeholderOrigin);
  } catch {
    return null;
  }
  if (url.origin !== placeholderOrigin || signInPages.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
