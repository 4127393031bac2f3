import type { DomainModule } from '../module';
import { accountsProjection } from './projection';
import { accountsResolvers } from './resolvers';
import { accountsTypeDefs } from './schema';

export const accountsModule: DomainModule = {
  name: 'accounts',
  typeDefs: accountsTypeDefs,
  resolvers: accountsResolvers,
  projections: [accountsProjection],
  access: {
    getUser: 'signedIn',
    getTeam: 'signedIn',
    checkEmail: 'public',
    setUserBasic: 'public',
    login: 'public',
    logout: 'public',
    refreshToken: 'public',
    ediUserLanguage: 'signedIn',
    subUser: 'signedIn',
  },
};
