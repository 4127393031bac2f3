import { clientSettingsElementId, clientSettingsFrom, type ClientSettings } from '#shared/clientSettings';
import { graphql } from '../lib/graphqlDocument';
import { request } from '../lib/graphql';

export type { ClientSettings } from '#shared/clientSettings';

export const getClientSettingsDocument = graphql(`
  query GetClientSettings {
    getClientSettings {
      mobileAppUrl
      desktopAppUrl
      tagManagerId
      analyticsClientKey
      salesEmail
    }
  }
`);

let settings: Promise<ClientSettings> | null = null;

/** The settings the server wrote into this page (see shared/src/clientSettings.ts); null when the page has none. */
export function settingsInPage(page: Pick<Document, 'getElementById'>): ClientSettings | null {
  const block = page.getElementById(clientSettingsElementId);
  if (!block?.textContent) return null;
  try {
    return clientSettingsFrom(JSON.parse(block.textContent));
  } catch {
    return null;
  }
}

/**
 * The instance's public settings (app links, opt-in analytics, sales address): read from the page the server
 * sent, so a page load asks nothing for them; asked for once with getClientSettings when the page has none
 * (Vite's development server). They change only when the server restarts with another configuration. A failed
 * request is asked again next time.
 */
export function loadClientSettings(): Promise<ClientSettings> {
  const inPage = settings ? null : settingsInPage(document);
  if (inPage) settings = Promise.resolve(inPage);
  settings ??= request(getClientSettingsDocument, {}, { silent: true }).then(
    (answer) => {
      if (!answer?.getClientSettings) throw new Error('getClientSettings answered nothing');
      return answer.getClientSettings;
    },
    (error: unknown) => {
      settings = null;
      throw error;
    },
  );
  return settings;
}

/** Forgets the settings read, as a new page load does: for tests that start as a new page. */
export function forgetClientSettings(): void {
  settings = null;
}
