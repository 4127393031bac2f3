import { accountsModule } from './accounts';
import type { DomainModule } from './module';
import { socialModule } from './social';

/** Every area the server serves, in dependency order. */
export const domains: readonly DomainModule[] = [accountsModule, socialModule];
