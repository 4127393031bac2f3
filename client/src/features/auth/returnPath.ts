/**
 * The page a signed-out visitor asked for, kept across a sign-up: the verification mail opens a new tab
 * without `?next=`, so the path waits here (this browser, a day, like the link) until the welcome page
 * leads there. Sign-in itself carries `next` in its address.
 */
import { safeReturnPath } from '../../app/routeRules';

const storageKey = 'returnAfterSignUp';
const lifetimeMs = 24 * 3_600_000;

export function rememberReturnPath(next: string | null, now = Date.now()): void {
  const path = safeReturnPath(next);
  try {
    if (path) localStorage.setItem(storageKey, JSON.stringify({ path, until: now + lifetimeMs }));
  } catch {
    // Storage may be unavailable (private mode); the welcome page then leads to the overview.
  }
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeReturnPath(now = Date.now()): string | null {
  try {
    const stored = localStorage.getItem(storageKey);
    localStorage.removeItem(storageKey);
    if (!stored) return null;
    const { path, until } = JSON.parse(stored) as { path?: unknown; until?: unknown };
    return typeof until === 'number' && until > now && typeof path === 'string' ? safeReturnPath(path) : null;
  } catch {
    return null;
  }
}
