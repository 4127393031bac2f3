import { graphql, type ResultOf } from '../lib/graphqlDocument';
import { request } from '../lib/graphql';

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

export type ClientSettings = ResultOf<typeof getClientSettingsDocument>['getClientSettings'];

let settings: Promise<ClientSettings> | null = null;

/**
 * The instance's public settings (app links, opt-in analytics, sales address), asked for once per page load:
 * they change only when the server restarts with another configuration. A failed request is asked again next time.
 */
export function loadClientSettings(): Promise<ClientSettings> {
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
