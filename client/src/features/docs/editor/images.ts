/**
 * Images of a doc come from the app's own uploads (/media/...). Nothing else is loaded: an image
 * URL of another site would tell it who reads the doc and when.
 */
export function isAppMediaPath(src: string | null | undefined): src is string {
  if (!src || !src.startsWith('/media/') || src.startsWith('//')) return false;
  try {
    const resolved = new URL(src, 'https://app.invalid');
    return resolved.origin === 'https://app.invalid' && resolved.pathname.startsWith('/media/') && !resolved.pathname.includes('/../');
  } catch {
    return false;
  }
}
