import type { Services } from '../../graphql/context';
import type { DomainModule } from '../module';
import { decidePeriodEnd } from './commands';
import { contactSalesMutations } from './contactSales';
import { billingProjection } from './projection';
import { promotionCredit, promotionMutations } from './promotion';
import { billingLifecycleMutations, billingQueries } from './resolvers';
import { billingTypeDefs } from './schema';
import { teamsDue } from './state';

/** How often the job looks for trials and periods that ended: a minute late at most, one indexed query when none did. */
export const periodEndCheckIntervalMs = 60_000;

/**
 * Ends (or, for an administrator's paid plan, renews) every subscription whose period is over, one unit of work
 * per team, each decided again from the projection inside its unit: safe when several processes run the job.
 */
export async function endDuePeriods(services: Pick<Services, 'store' | 'database' | 'config'>): Promise<number> {
  const due = await teamsDue(services.database.db, services.store.clock.now());
  for (const teamId of due) await services.store.run({ actorId: null }, async (unit) => await decidePeriodEnd(unit, services, teamId));
  return due.length;
}

/** Plans, subscriptions, seats, invoices, promotion codes and contact sales. */
export const billingModule: DomainModule = {
  name: 'billing',
  typeDefs: billingTypeDefs,
  resolvers: {
    Query: billingQueries,
    Mutation: { ...billingLifecycleMutations, ...promotionMutations, ...contactSalesMutations },
  },
  projections: [billingProjection],
  reactions: [promotionCredit],
  start: (services) => {
    services.jobs.every('billing: end trials and periods', periodEndCheckIntervalMs, async () => {
      await endDuePeriods(services);
    });
  },
  access: {
    getTeamSubscriptions: 'teamMember',
    getBilling: 'teamMember',
    setCode: 'teamAdmin',
    sendEmail: 'signedIn',
    startTrial: 'teamAdmin',
    cancelSubscription: 'teamAdmin',
    reactivateSubscription: 'teamAdmin',
    setTeamPlan: 'signedIn',
    setPromotionCode: 'signedIn',
  },
};
