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
    checkEmail: 'public',
    setUserBasic: 'public',
    login: 'public',
    logout: 'public',
    refreshToken: 'public',
    verifyAccount: 'public',
    checkSetup: 'public',
    setUserAdmin: 'public',
    getUserBasic: 'public',
    resendEmail: 'public',
    setIdbrowser: 'signedIn',
    forgotPassword: 'public',
    updatePassword: 'public',
    ediUserLanguage: 'signedIn',
    ediUser: 'signedIn',
    ediUserBasic: 'signedIn',
  },
};
