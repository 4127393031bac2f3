import type { DomainModule } from '../module';
import { accountsProjection } from './projection';
import { accountsResolvers } from './resolvers';
import { accountsTypeDefs } from './schema';

/** What other areas may use of accounts: people's rows, sessions, photos, sign-up and the log's actor cards. */
export { historyPage, type HistoryActor } from './history';
export { clearSessionCookies } from './cookies';
export { issueLink, linkLifetimeHours } from './links';
export { storeProfilePhoto } from './photo';
export { signUp } from './resolvers';
export {
  confirmEmailByProvider,
  emailAddressLock,
  emailSchema,
  findUser,
  findUserByEmail,
  findUserByEmailIn,
  hashPassword,
  isSecure,
  nameSchema,
  openSession,
  passwordSchema,
  presentUser,
  registerAccount,
  teamNameSchema,
  type SessionTarget,
  type UserRow,
} from './service';

export { resolveLogo } from './photo';
export { isSessionActive, revokeAllSessions, revokeSession } from './sessions';
export { issueSetUpLink } from './setUp';
export { instanceAdministratorIds, isInstanceAdministrator } from './instanceAdministrators';
export { userCredentials, users } from './tables';
export type { UserPromotionClaimed, UserRegistered } from './events';

/** Accounts: sign-up and sign-in, sessions, verification and reset links, the profile, the first administrator's link. */
export const accountsModule: DomainModule = {
  name: 'accounts',
  typeDefs: accountsTypeDefs,
  resolvers: accountsResolvers,
  projections: [accountsProjection],
  access: {
    getUser: 'signedIn',
    checkEmail: 'public',
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
