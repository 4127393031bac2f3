import type { DomainModule } from '../module';
import { settingsProjection } from './projection';
import { teamDefaultsProjection } from './teamDefaults';
import { settingsResolvers } from './resolvers';
import { settingsTypeDefs } from './schema';

export { authenticateApiToken, isApiToken } from './apiTokens';
export { teamSettings, userSettings } from './tables';
export { setOwnSetting } from './ownSettings';

/** Per-user settings, a team's notification defaults and personal API tokens. */
export const settingsModule: DomainModule = {
  name: 'settings',
  typeDefs: settingsTypeDefs,
  resolvers: settingsResolvers,
  projections: [settingsProjection, teamDefaultsProjection],
  access: {
    setSetting: 'signedIn',
    getApiTokens: 'signedIn',
    createApiToken: 'signedIn',
    revokeApiToken: 'signedIn',
  },
};
