/**
 * The `user` cookie is the readable half of the session (the access and refresh tokens are
 * HttpOnly): its presence is what SPEC §2 calls "a user cookie", and its value is the id of
 * the signed-in user.
 */
export const userCookieName = 'user';

export function readCookie(
  name: string,
  cookieString: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function hasUserCookie(cookieString?: string): boolean {
  const value = readCookie(userCookieName, cookieString);
  return value !== undefined && value !== '';
}

/**
 * Forgets the readable user cookie. The server clears all three cookies on logout and on a
 * failed refresh; doing it here too means a stale `user` cookie can never bounce the user
 * between /signin ("signed in, go to /") and the dashboard ("no token, go to /signin").
 */
export function clearUserCookie(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${userCookieName}=; Max-Age=0; path=/; SameSite=Lax`;
}
