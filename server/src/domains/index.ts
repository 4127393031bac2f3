import { accountsModule } from './accounts';
import type { DomainModule } from './module';
import { settingsModule } from './settings';
import { socialModule } from './social';
import { tasksModule } from './tasks';
import { teamsModule } from './teams';

/**
 * Every area the server serves, in dependency order. Projections run in this order on every event,
 * so teams stays right after accounts: it owns rows accounts' sign-up events create; tasks follows
 * teams, whose spaces its boards belong to.
 */
export const domains: readonly DomainModule[] = [accountsModule, teamsModule, tasksModule, settingsModule, socialModule];
