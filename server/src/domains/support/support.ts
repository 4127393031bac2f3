import type { DomainModule } from '../module';
import { feedbackMutations, feedbackQueries } from './feedback';
import { supportSubscriptions } from './live';
import { supportProjection } from './projection';
import { supportTypeDefs } from './schema';
import { threadMutations, threadQueries } from './threads';

/**
 * Feedback and live support (issue 20): feedback mailed to the instance administrators and kept, and one live
 * conversation per person with the support team (the instance administrators). Support is the instance's, not a
 * team's: its events carry no team, and every operation is for any signed-in person, about their own feedback and
 * conversation; the support team's operations check the caller is an instance administrator.
 */
export const supportModule: DomainModule = {
  name: 'support',
  typeDefs: supportTypeDefs,
  resolvers: {
    Query: { ...threadQueries, ...feedbackQueries },
    Mutation: { ...threadMutations, ...feedbackMutations },
    Subscription: supportSubscriptions,
  },
  projections: [supportProjection],
  access: {
    getSupportAccess: 'signedIn',
    getSupportThread: 'signedIn',
    getSupportInbox: 'signedIn',
    getSupportFeedbacks: 'signedIn',
    getSupportFeedback: 'signedIn',
    sendFeedback: 'signedIn',
    sendSupportMessage: 'signedIn',
    readSupportThread: 'signedIn',
    subSupport: 'signedIn',
  },
};
