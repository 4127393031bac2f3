import type { ClientSettings } from '#shared/clientSettings';
import type { Config } from '../../config';
import type { QueryResolvers } from '../../graphql/schemaTypes';
import type { DomainModule } from '../module';

/** The instance's public settings as this configuration makes them: in the page the server serves and in getClientSettings. */
export function clientSettingsOf(config: Pick<Config, 'clientLinks' | 'instance'>): ClientSettings {
  return { ...config.clientLinks, salesEmail: config.instance.salesEmail };
}

const clientSettingsTypeDefs = /* GraphQL */ `
  "What the app needs to know about this instance before anyone signs in."
  type ClientSettings {
    "The mobile app's address: the download page's QR code and the redirect page's button (default: this instance, installable)."
    mobileAppUrl: String!
    "A desktop app download, when the instance offers one."
    desktopAppUrl: String
    "The tag-manager container (SPEC §7 analytics); null: no tag manager is loaded."
    tagManagerId: String
    "The product analytics client key (SPEC §7); null: no analytics or session replay is loaded."
    analyticsClientKey: String
    "Where contact-sales requests go; the failure message names it."
    salesEmail: String!
  }

  extend type Query {
    getClientSettings: ClientSettings!
  }
`;

const clientSettingsQueries = {
  getClientSettings: (_root, _args, context) => clientSettingsOf(context.services.config),
} satisfies QueryResolvers;

/**
 * The instance's public settings for clients that do not get them in the page (native apps, the page Vite serves
 * in development): the web app served by this server reads them from the page without asking.
 */
export const clientSettingsModule: DomainModule = {
  name: 'clientSettings',
  typeDefs: clientSettingsTypeDefs,
  resolvers: { Query: clientSettingsQueries },
  projections: [],
  access: { getClientSettings: 'public' },
};
