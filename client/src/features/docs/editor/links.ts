/**
 * Which links a doc may hold: http(s) and mailto only. A javascript:, data: or file: URL is never
 * turned into a link (typed, pasted or synced from a collaborator), and every link opens in a new
 * tab without handing the doc's page to the target (rel noopener noreferrer nofollow).
 */
import { hasControlCharacter } from '../../../lib/controlCharacters';

export const allowedLinkProtocols = ['http:', 'https:', 'mailto:'] as const;
export const linkRel = 'noopener noreferrer nofollow';

/** Whether `url` is an absolute http(s) or mailto URL. */
export function isSafeLink(url: string | null | undefined): boolean {
  if (!url) return false;
  const trimmed = url.trim();
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips past naive checks.
  if (hasControlCharacter(trimmed)) return false;
  try {
    const parsed = new URL(trimmed);
    if (!(allowedLinkProtocols as readonly string[]).includes(parsed.protocol)) return false;
    return parsed.protocol === 'mailto:' ? parsed.pathname.includes('@') : parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * What a person typed into the link field, as a link: "example.com" becomes https://example.com,
 * "ada@example.com" becomes mailto:ada@example.com. Null when it cannot be a safe link.
 */
export function normalizeLink(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (isSafeLink(value)) return value;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const guessed = `https://${value}`;
  return isSafeLink(guessed) && /\.[a-z]{2,}/i.test(new URL(guessed).hostname) ? guessed : null;
}
