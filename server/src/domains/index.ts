import { accountsModule } from './accounts';
import { aiAssistantModule, aiToolsModule } from './ai';
import { billingModule, stripeModule } from './billing';
import { calendarModule } from './calendar';
import { chatModule } from './chat';
import { docsModule } from './docs';
import { filesModule } from './files';
import { homeModule } from './home';
import { meetingsModule } from './meetings';
import { searchModule } from './search';
import { notificationsModule } from './notifications';
import { reportsModule } from './reports';
import type { Clock } from '../core/clock';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { bindMeetingNotesDocs } from '../core/meetingNotes';
import { bindPrivateChatDirectory } from '../core/privateChats';
import { bindSpaceDirectory } from '../core/spaceContent';
import type { DatabaseHandle } from '../db/connection';
import { asPostgresProjections, asPostgresReactions } from '../db/pickTable';
import type { Sql } from '../core/postgres/connect';
import { PostgresEventStore } from '../core/postgres/eventStore';
import type { DomainModule } from './module';
import { settingsModule } from './settings';
import { socialModule } from './social';
import { clientSettingsModule, supportModule } from './support';
import { tasksModule } from './tasks';
import { teamsModule } from './teams';

/**
 * Every area the server serves, in dependency order. Projections run in this order on every event,
 * so teams stays right after accounts: it owns rows accounts' sign-up events create; tasks follows
 * teams, whose spaces its boards belong to; meetings follows tasks, its rooms belonging to spaces and teams;
 * chat follows meetings, whose rooms' chats and tasks' threads it keeps; files follows
 * chat, whose private chats and the spaces and tasks before it own files; docs follows files, whose
 * doc folders it files docs in; calendar follows,
 * its meeting events making rooms through meetings and its deadlines read through tasks; notifications comes
 * last, since the notifications of every area before it are its rows. It is also the order of imports: an area imports only areas before it
 * (through their index.ts), and tells the areas after it what happened through its events, which they
 * react to (DomainModule.reactions). The lint refuses an import cycle and an import of another area's
 * internals. Search comes after them all: its index is made of the tasks, messages, docs and files they write. The AI
 * assistant follows search (it answers from that index); billing follows notifications (a PROMOTION grants
 * credit) and support follows chat. Home and reports come last: they read what the others wrote.
 */
export const domains: readonly DomainModule[] = [
  accountsModule,
  teamsModule,
  tasksModule,
  meetingsModule,
  chatModule,
  filesModule,
  docsModule,
  settingsModule,
  socialModule,
  calendarModule,
  notificationsModule,
  searchModule,
  aiToolsModule,
  aiAssistantModule,
  billingModule,
  stripeModule,
  supportModule,
  clientSettingsModule,
  homeModule,
  reportsModule,
];

/**
 * The event store of `modules` on a SQLite database: their projections, their reactions, and the space
 * directory the core's space-content rule asks (bound to the database). The server, the command-line
 * tools and the benchmarks all write through one made here, so none of them skips a reaction.
 */
/** Binds the ports areas provide (the space directory, private chats, meeting notes' docs) to the app's database object. */
function bindAreaPorts(db: object, modules: readonly DomainModule[]): void {
  const spaceDirectories = modules.flatMap((module) => (module.spaceDirectory ? [module.spaceDirectory] : []));
  if (spaceDirectories.length > 1) throw new Error('Only one area may provide the space directory.');
  if (spaceDirectories[0]) bindSpaceDirectory(db, spaceDirectories[0]);
  const privatDirectories = modules.flatMap((module) => (module.privatDirectory ? [module.privatDirectory] : []));
  if (privatDirectories.length > 1) throw new Error('Only one area may provide the private chats directory.');
  if (privatDirectories[0]) bindPrivateChatDirectory(db, privatDirectories[0]);
  const notesProviders = modules.flatMap((module) => (module.meetingNotesDocs ? [module.meetingNotesDocs] : []));
  if (notesProviders.length > 1) throw new Error('Only one area may provide meeting notes docs.');
  if (notesProviders[0]) bindMeetingNotesDocs(db, notesProviders[0]);
}

/**
 * The event store of `modules` on a SQLite database: their projections, their reactions, and the space
 * directory the core's space-content rule asks (bound to the database). The server, the command-line
 * tools and the benchmarks all write through one made here, so none of them skips a reaction.
 */
export function openEventStore(database: DatabaseHandle, modules: readonly DomainModule[] = domains, clock?: Clock): SqliteEventStore {
  bindAreaPorts(database.db, modules);
  return new SqliteEventStore(
    database,
    modules.flatMap((module) => module.projections),
    { reactions: modules.flatMap((module) => module.reactions ?? []), ...(clock ? { clock } : {}) },
  );
}

/**
 * `openEventStore` on PostgreSQL (issue 21): the door over the pool `sql` (migrated), with the same projections,
 * reactions and ports; units' own drizzle objects find the ports through the pool's (db/unitDatabases.ts). Only in a
 * process whose tables are picked for PostgreSQL (DATABASE_URL, db/pickTable.ts).
 */
export async function openPostgresEventStore(
  sql: Sql,
  modules: readonly DomainModule[] = domains,
  clock?: Clock,
): Promise<PostgresEventStore> {
  const projections = asPostgresProjections(modules.flatMap((module) => module.projections));
  const reactions = asPostgresReactions(modules.flatMap((module) => module.reactions ?? []));
  const store = await PostgresEventStore.open(sql, projections, { reactions, ...(clock ? { clock } : {}) });
  bindAreaPorts(store.database, modules);
  return store;
}
