import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildOptions, type SqliteApp, onSqlite } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import type { Projection } from '../../server/src/core/events';
import { replay } from '../../server/src/core/sqlite/replay';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection';
import { domains } from '../../server/src/domains';
import type { DomainModule } from '../../server/src/domains/module';
import type { GraphqlResponse, TestServer } from './harness';
import { createTask } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

/**
 * Migration 0023 on a database made before calendar events were searchable: migrated up to 0022 and used by the
 * server as it was then (its search projection saw no calendar event), then upgraded the way a server is, by starting
 * the new one on it (every later migration runs).
 */

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));
const backfillTag = '0023_search_calendar_events';

interface Journal {
  entries: { tag: string }[];
}

/** A migrations folder with the migrations before `tag` only: what a server of that time had run. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'workspace-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const position = journal.entries.findIndex((entry) => entry.tag === tag);
  if (position < 0) throw new Error(`no migration ${tag} in the journal`);
  const entries = journal.entries.slice(0, position);
  for (const entry of entries) copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** The areas as they were before calendar events were searchable: the search projection passes over calendar events. */
function blindToCalendarEvents(projection: Projection): Projection {
  return {
    ...projection,
    apply(transaction, stored) {
      if (!stored.type.startsWith('calendarEvent.')) projection.apply(transaction, stored);
    },
  };
}
const modulesBeforeEventSearch: DomainModule[] = domains.map((module) =>
  module.name === 'search' ? { ...module, projections: module.projections.map(blindToCalendarEvents) } : module,
);

interface Result {
  id: string;
  type: string;
  title: string;
  description: string | null;
  link: string;
  project: string | null;
}

let dataDirectory: string;
let olderMigrations: string;
let config: Config;
/** The database the older server used (the newer one opens its own on the same file). */
let olderDatabase: DatabaseHandle;
/** The server the test's clients talk to: the older one, then the newer one on the same folder. */
const server: TestServer = {
  url: '',
  graphqlUrl: '',
  websocketUrl: '',
  app: undefined as unknown as SqliteApp,
  dataDirectory: '',
  close: () => server.app.server.close(),
};
let owner: Person;
let member: Person;
let third: Person;
let space: string;
const events: Record<'series' | 'continued' | 'marked' | 'deleted' | 'uninvited', string> = {
  series: '',
  continued: '',
  marked: '',
  deleted: '',
  uninvited: '',
};

async function serve(options: BuildOptions): Promise<void> {
  const app = onSqlite(await buildApp(config, { logger: false, ...options }));
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port');
  server.url = `http://127.0.0.1:${address.port}`;
  server.graphqlUrl = `${server.url}/graphql`;
  server.websocketUrl = `ws://127.0.0.1:${address.port}/graphql`;
  server.app = app;
}

function search(someone: Person, text: string, filter = 'all'): Promise<GraphqlResponse<{ getSearch: Result[] }>> {
  return someone.client.execute(
    'query ($text: String!, $filter: String) { getSearch(text: $text, filter: $filter) { id type title description link project } }',
    {
      text,
      filter,
    },
  );
}
const found = async (someone: Person, text: string, filter?: string) => expectData(await search(someone, text, filter)).getSearch;
const ids = (results: Result[]) => results.map((result) => result.id);

async function setEvent(variables: { title: string; description: string; recurring: string; invited: string[] }): Promise<string> {
  return expectData(
    await owner.client.execute<{ setEvent: { id: string } }>(
      `mutation ($title: String!, $description: String!, $recurring: String!, $invited: [ID!]) {
        setEvent(title: $title, description: $description, startDate: "2026-03-02T08:00:00Z", endDate: "2026-03-02T09:00:00Z",
          type: "event", recurring: $recurring, timeZone: "Europe/Berlin", invited: $invited) { id }
      }`,
      variables,
    ),
  ).setEvent.id;
}

async function calendarMutation(query: string, variables: Record<string, unknown>) {
  return expectData(await owner.client.execute<Record<string, { id: string } | boolean>>(query, variables));
}

/** Every row of the index with its text, in a stable order; the row numbers are left out (a replay numbers in log order). */
function indexRows(sqlite: Database.Database): unknown[] {
  return sqlite
    .prepare(
      `SELECT i.kind, i.item_id, i.team_id, i.space_id, i.privat_id, i.task_id, i.meetingroom_id, i.code, i.emoji, i.folder_id,
              i.created_at, t.title, t.body
       FROM search_items i LEFT JOIN search_text t ON t.rowid = i.id ORDER BY i.kind, i.item_id`,
    )
    .all();
}

const currentSqlite = () => server.app.services.database.sqlite;

beforeAll(async () => {
  dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-event-backfill-'));
  server.dataDirectory = dataDirectory;
  config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    RATE_LIMITS: 'false',
  });
  // The file as a server before migration 0023 left it: migrated that far, then used by that server.
  olderMigrations = migrationsBefore(backfillTag);
  const migrating = new Database(config.databaseFile);
  migrate(drizzle(migrating), { migrationsFolder: olderMigrations });
  migrating.close();
  olderDatabase = openDatabase(config.databaseFile, { synchronous: 'NORMAL', migrate: false });
  await serve({ database: olderDatabase, modules: modulesBeforeEventSearch });

  owner = await person(server, 'Olga');
  member = await joinTeam(owner, await person(server, 'Milo'));
  third = await joinTeam(owner, await person(server, 'Theo'));
  space = await createSpace(owner, 'Harbour');
  await createTask(owner, space, 'Quayside crane inspection', { description: 'Check the crane cables before the regatta' });
  events.series = await setEvent({
    title: 'Flotilla briefing',
    description: 'Weekly review of the sailing routes',
    recurring: 'weekly',
    invited: [member.id],
  });
  // One occurrence's own title is not searched; "this and following" continues as a series of its own.
  await calendarMutation(
    'mutation ($id: ID!) { ediEvent(id: $id, scope: "this", occurrence: "2026-03-09T08:00:00.000Z", title: "Gale postponement") { id } }',
    {
      id: events.series,
    },
  );
  const continued = await calendarMutation(
    'mutation ($id: ID!) { ediEvent(id: $id, scope: "following", occurrence: "2026-03-23T08:00:00.000Z", title: "Flotilla spring briefing") { id } }',
    { id: events.series },
  );
  events.continued = (continued.ediEvent as { id: string }).id;
  // The match markers of snippets are taken out of indexed text: "quay" finds "Quay\uE000side".
  events.marked = await setEvent({
    title: 'Quay\uE000side\uE001 muster',
    description: 'Lifejackets \uE001checked\uE000 at the slipway',
    recurring: 'none',
    invited: [member.id],
  });
  events.deleted = await setEvent({
    title: 'Lifeboat drill',
    description: 'Muster at the slipway',
    recurring: 'none',
    invited: [member.id],
  });
  await calendarMutation('mutation ($id: ID!) { delEvent(id: $id) }', { id: events.deleted });
  events.uninvited = await setEvent({ title: 'Harbourmaster dinner', description: 'Owners only', recurring: 'none', invited: [] });
}, 90_000);

afterAll(async () => {
  await server.app?.server.close();
  // The newer server closed its own database with it; the older one's is closed here if the upgrade never came.
  olderDatabase?.close();
  rmSync(dataDirectory, { recursive: true, force: true });
  rmSync(olderMigrations, { recursive: true, force: true });
});

describe('migration 0023: calendar events made before they were searchable', () => {
  it('the older server indexed none of them', async () => {
    expect(currentSqlite().prepare("SELECT count(*) AS count FROM search_items WHERE kind = 'event'").get()).toEqual({ count: 0 });
    expect(await found(owner, 'flotilla')).toEqual([]);
    expect(ids(await found(owner, 'crane inspection'))).toHaveLength(1);
  });

  it('after the upgrade, finds them as their readers may: a series once, a deleted event and an occurrence’s own title never', async () => {
    await server.app.server.close();
    olderDatabase.close();
    // The newer server opens the file and runs the migrations it has not run, 0023 among them.
    await serve({});
    const applied = currentSqlite().prepare('SELECT count(*) AS count FROM __drizzle_migrations').get() as { count: number };
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
    expect(applied.count).toBe(journal.entries.length);

    const hit = (await found(member, 'flotilla briefing')).find((result) => result.id === events.series);
    expect(hit).toMatchObject({ id: events.series, type: 'event', title: 'Flotilla briefing', project: null });
    expect(hit!.link).toBe(`/overview/calendar/d/${events.series}`);
    expect(ids(await found(member, 'flotilla', 'event')).sort()).toEqual([events.series, events.continued].sort());
    expect(ids(await found(owner, 'sailing routes')).sort()).toEqual([events.series, events.continued].sort());
    expect(await found(member, 'gale postponement')).toEqual([]);
    const [marked] = await found(member, 'quayside muster');
    expect(marked).toMatchObject({ id: events.marked, title: 'Quayside muster', description: 'Lifejackets checked at the slipway' });
    expect(ids(await found(member, 'lifejackets checked'))).toEqual([events.marked]);
    expect(await found(member, 'lifeboat drill')).toEqual([]);
    // Not invited: found by its author only.
    expect(ids(await found(owner, 'harbourmaster dinner'))).toEqual([events.uninvited]);
    expect(await found(member, 'harbourmaster dinner')).toEqual([]);
    expect(await found(third, 'flotilla briefing')).toEqual([]);
    // The other kinds' items are as they were.
    expect(ids(await found(member, 'crane inspection'))).toHaveLength(1);
  });

  it('a replay of the log after the migration rebuilds the same index rows', async () => {
    const sqlite = currentSqlite();
    const before = indexRows(sqlite);
    expect(before.filter((row) => (row as { kind: string }).kind === 'event')).toHaveLength(4);
    await replay(
      server.app.services.database,
      server.app.services.database,
      domains.flatMap((module) => module.projections),
    );
    expect(indexRows(sqlite)).toEqual(before);
  }, 30_000);

  it('adds nothing to an index that holds the events already', async () => {
    const sqlite = currentSqlite();
    const before = indexRows(sqlite);
    const counts = () =>
      sqlite.prepare('SELECT (SELECT count(*) FROM search_items) AS items, (SELECT count(*) FROM search_text) AS texts').get();
    const countsBefore = counts();
    const statements = readFileSync(join(migrationsFolder, `${backfillTag}.sql`), 'utf8').split('--> statement-breakpoint');
    expect(statements).toHaveLength(2);
    sqlite.transaction(() => {
      for (const statement of statements) sqlite.exec(statement);
    })();
    expect(counts()).toEqual(countsBefore);
    expect(indexRows(sqlite)).toEqual(before);
  });
});
