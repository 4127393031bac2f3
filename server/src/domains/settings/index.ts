import type { DomainModule } from '../module';
import { settingsProjection } from './projection';
import { settingsResolvers } from './resolvers';
import { settingsTypeDefs } from './schema';

export { authenticateApiToken, isApiToken } from './apiTokens';

/** Per-user settings and personal API tokens. */
export const settingsModule: DomainModule = {
  name: 'settings',
  typeDefs: settingsTypeDefs,
  resolvers: settingsResolvers,
  projections: [settingsProjection],
  access: {
    setSetting: 'signedIn',
    getApiTokens: 'signedIn',
    createApiToken: 'signedIn',
    revokeApiToken: 'signedIn',
  },
};
