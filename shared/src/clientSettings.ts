/**
 * The instance's public settings the web client needs before anyone signs in: app links, the opt-in analytics
 * and the sales address. The server writes them into the page it serves, as a JSON data block (not a script:
 * the Content-Security-Policy does not apply to it and nothing runs), so the client reads them without a
 * request; `getClientSettings` answers the same for other clients and for a page served by Vite in development.
 */
export interface ClientSettings {
  /** The mobile app's address: the download page's QR code and the redirect page's button. */
  mobileAppUrl: string;
  /** A desktop app download, when the instance offers one. */
  desktopAppUrl: string | null;
  /** The tag-manager container; null: no tag manager is loaded. */
  tagManagerId: string | null;
  /** The product analytics client key; null: no analytics or session replay is loaded. */
  analyticsClientKey: string | null;
  /** Where contact-sales requests go; the failure message names it. */
  salesEmail: string;
}

/** The id of the page's data block that carries the settings. */
export const clientSettingsElementId = 'client-settings';

const text = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The settings in a parsed JSON value, or null when it is not settings (a page from elsewhere, a broken block). */
export function clientSettingsFrom(value: unknown): ClientSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { mobileAppUrl, desktopAppUrl, tagManagerId, analyticsClientKey, salesEmail } = value as Record<string, unknown>;
  if (
    !text(mobileAppUrl) ||
    !textOrNull(desktopAppUrl) ||
    !textOrNull(tagManagerId) ||
    !textOrNull(analyticsClientKey) ||
    !text(salesEmail)
  ) {
    return null;
  }
  return { mobileAppUrl, desktopAppUrl, tagManagerId, analyticsClientKey, salesEmail };
}

/**
 * The data block for a page. Every `<` of the JSON is written as `\u003c`, which JSON reads back as the same
 * character, so no value (an address an administrator typed) can close the element or open markup.
 */
export function clientSettingsBlock(settings: ClientSettings): string {
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${clientSettingsElementId}">${json}</script>`;
}

/** The page with the settings' data block at the end of its head (or of the page, when it has no head). */
export function withClientSettings(page: string, settings: ClientSettings): string {
  const block = clientSettingsBlock(settings);
  const headEnd = page.indexOf('</head>');
  return headEnd === -1 ? page + block : page.slice(0, headEnd) + block + page.slice(headEnd);
}
