import type { DomainModule } from '../module';
import { socialResolvers } from './resolvers';
import { socialTypeDefs } from './schema';

export { registerSocialRoutes } from './routes';

export const socialModule: DomainModule = {
  name: 'social',
  typeDefs: socialTypeDefs,
  resolvers: socialResolvers,
  projections: [],
  access: {
    socialProviders: 'public',
    setUserGoogle: 'public',
    setUserMicrosoft: 'public',
  },
};
