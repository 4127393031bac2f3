import { accountsModule } from './accounts';
import { chatModule } from './chat';
import { docsModule } from './docs';
import { filesModule } from './files';
import type { DomainModule } from './module';
import { settingsModule } from './settings';
import { socialModule } from './social';
import { tasksModule } from './tasks';
import { teamsModule } from './teams';

/**
 * Every area the server serves, in dependency order. Projections run in this order on every event,
 * so teams stays right after accounts: it owns rows accounts' sign-up events create; tasks follows
 * teams, whose spaces its boards belong to; chat follows tasks, whose threads it keeps; files follows
 * chat, whose private chats and the spaces and tasks before it own files; docs follows files, whose
 * doc folders it files docs in.
 */
export const domains: readonly DomainModule[] = [
  accountsModule,
  teamsModule,
  tasksModule,
  chatModule,
  filesModule,
  docsModule,
  settingsModule,
  socialModule,
];
