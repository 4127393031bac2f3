import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import postgres from 'postgres';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyMismatchError, CopyRefusedError, copyToPostgres, tablesToCopy } from '../../server/src/cli/postgresCopy';
import { replayPostgresProjections } from '../../server/src/core/postgres/projectionReplay';
import { postgresSearchProjection } from '../../server/src/domains/search/postgres/projection';
import { migratePostgres, projectionMigrations } from '../../server/src/core/postgres/migrate';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection';
import { domains } from '../../server/src/domains';
import { postMessage } from './chatFactories';
import { createDoc, openDoc, paragraphText, waitFor } from './docFactories';
import { startTestServer } from './harness';
import { createTask } from './taskFactories';
import { createSpace, expectData, person } from './teamFactories';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

const projections = domains.flatMap((module) => module.projections);

let cluster: PostgresCluster;
let source: DatabaseHandle;
let dataDirectory: string;
const pools: postgres.Sql[] = [];

/** A new, migrated PostgreSQL database: the event log's migrations and the projections' (drizzle-kit's folder). */
async function emptyTarget(name: string): Promise<postgres.Sql> {
  const pool = postgres(await cluster.createDatabase(name), { max: 2, onnotice: () => undefined });
  pools.push(pool);
  await migratePostgres(pool);
  await migratePostgres(pool, projectionMigrations);
  return pool;
}

const count = async (pool: postgres.Sql, table: string) => Number((await pool`SELECT count(*) AS count FROM ${pool(table)}`)[0]!['count']);

beforeAll(async () => {
  cluster = await startPostgresCluster();
  // A SQLite instance with sessions, credentials, mail, a doc's stored updates, an API token and a few areas' events.
  const server = await startTestServer();
  dataDirectory = server.dataDirectory;
  const ada = await person(server, 'Ada');
  await person(server, 'Grace');
  const space = await createSpace(ada, 'Launch');
  for (const name of ['Write the plan', 'Ship it', 'Celebrate']) await createTask(ada, space, name);
  await postMessage(ada, { project: space, body: 'Kick-off at nine' });
  expectData(await ada.client.execute('mutation { createApiToken(name: "Deploys") { token } }'));
  const doc = await createDoc(ada, space, 'Notes');
  const editor = openDoc(server.url, doc.id, { cookie: ada.client.cookieHeader() });
  await waitFor(() => editor.provider.synced, 'the doc to sync');
  paragraphText(editor.doc).insert(0, 'First words of the notes');
  await editor.allSaved();
  editor.destroy();
  await server.app.server.close();
  source = openDatabase(join(dataDirectory, 'workspace.sqlite'));
  // A clean stop merges a doc's updates into its snapshot; an unclean one leaves rows behind, as this one does.
  const update = new Y.Doc();
  update.getText('left').insert(0, 'typed just before the power went');
  source.sqlite
    .prepare('INSERT INTO doc_updates (doc_id, data, user_id, created_at) VALUES (?, ?, ?, ?)')
    .run(doc.id, Buffer.from(Y.encodeStateAsUpdate(update)), ada.id, Date.now());
}, 120_000);

afterAll(async () => {
  source?.close();
  for (const pool of pools) await pool.end();
  await cluster?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe('copying a SQLite instance into PostgreSQL (the first half of migrate-to-postgres)', () => {
  it('copies exactly the tables no projection owns, besides the log and the mutation results', () => {
    expect(tablesToCopy(projections).map((table) => table.name)).toEqual(
      expect.arrayContaining(['sessions', 'user_credentials', 'account_tokens', 'api_tokens', 'doc_updates', 'outbox']),
    );
    const copied = new Set(tablesToCopy(projections).map((table) => table.name));
    for (const projection of projections) for (const table of projection.tables) expect(copied.has(getTableName(table))).toBe(false);
    expect(copied.has('events')).toBe(false);
    expect(copied.has('mutation_results')).toBe(false);
  });

  it('copies the log with its positions and the other tables row for row, and their identities go on after them', async () => {
    const target = await emptyTarget('copy_whole');
    const report = await copyToPostgres(source.db, target, projections, { batchSize: 7 });
    const sourceEvents = source.sqlite.prepare('SELECT count(*) AS count, max(seq) AS highest FROM events').get() as {
      count: number;
      highest: number;
    };
    expect(report.events).toBe(sourceEvents.count);
    expect(await count(target, 'events')).toBe(sourceEvents.count);
    for (const { name, rows } of report.tables) {
      expect(rows, name).toBe((source.sqlite.prepare(`SELECT count(*) AS count FROM ${name}`).get() as { count: number }).count);
    }
    for (const name of ['sessions', 'user_credentials', 'api_tokens', 'doc_updates', 'doc_snapshots', 'doc_texts', 'outbox']) {
      expect(report.tables.find((table) => table.name === name)?.rows, name).toBeGreaterThan(0);
    }
    // The next append draws the position after the last copied one; the next stored doc update the next id.
    const [draw] = await target`SELECT positions FROM events_draw_positions(1)`;
    expect(Number((draw!['positions'] as string[])[0])).toBe(sourceEvents.highest + 1);
    const highestUpdate = (source.sqlite.prepare('SELECT max(id) AS id FROM doc_updates').get() as { id: number }).id;
    const [inserted] = await target`INSERT INTO doc_updates (doc_id, data, created_at) VALUES ('a-doc', '\\x00', 0) RETURNING id`;
    expect(Number(inserted!['id'])).toBe(highestUpdate + 1);
    // The copied history is history: the database still refuses to change it.
    await expect(target`UPDATE events SET type = 'rewritten' WHERE seq = 1`).rejects.toThrow(/append-only/);
  });

  it('refuses a database that is not empty, and changes nothing there', async () => {
    const target = await emptyTarget('copy_twice');
    await copyToPostgres(source.db, target, projections);
    const events = await count(target, 'events');
    await expect(copyToPostgres(source.db, target, projections)).rejects.toThrow(CopyRefusedError);
    await expect(copyToPostgres(source.db, target, projections)).rejects.toThrow(/not empty \(the table \w+ has rows\)/);
    expect(await count(target, 'events')).toBe(events);
  });

  it('rolls everything back when what arrived differs from what was sent', async () => {
    const target = await emptyTarget('copy_altered');
    // A trigger that changes the doc texts on their way in: the comparison must catch it.
    await target.unsafe(`
      CREATE FUNCTION alter_text() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.plain_text := NEW.plain_text || '!'; RETURN NEW; END $$;
      CREATE TRIGGER alter_text BEFORE INSERT ON doc_texts FOR EACH ROW EXECUTE FUNCTION alter_text();`);
    expect((source.sqlite.prepare('SELECT count(*) AS count FROM doc_texts').get() as { count: number }).count).toBeGreaterThan(0);
    await expect(copyToPostgres(source.db, target, projections)).rejects.toThrow(CopyMismatchError);
    await expect(copyToPostgres(source.db, target, projections)).rejects.toThrow(/The copy of doc_texts differs/);
    expect(await count(target, 'events')).toBe(0);
    expect(await count(target, 'sessions')).toBe(0);
  });

  it('replays the copied log into the search projection on PostgreSQL, which then holds what SQLite holds', async () => {
    const target = await emptyTarget('copy_search');
    await copyToPostgres(source.db, target, projections);
    const columns = `i.kind, i.item_id AS "itemId", i.team_id AS "teamId", i.space_id AS "spaceId", i.privat_id AS "privatId",
      i.task_id AS "taskId", i.meetingroom_id AS "meetingroomId", i.code, i.emoji, i.folder_id AS "folderId", i.created_at AS "createdAt"`;
    const onSqlite = source.sqlite
      .prepare(`SELECT ${columns}, t.title, t.body FROM search_items i JOIN search_text t ON t.rowid = i.id ORDER BY i.kind, i.item_id`)
      .all();
    const progress: number[] = [];
    const replayed = await replayPostgresProjections(target, [postgresSearchProjection], {
      batchSize: 5,
      onProgress: (applied) => progress.push(applied),
    });
    expect(replayed.applied).toBe(await count(target, 'events'));
    expect(progress.at(-1)).toBe(replayed.applied);
    const onPostgres = await target.unsafe(`SELECT ${columns}, i.title, i.body FROM search_items i ORDER BY i.kind, i.item_id`);
    const texts = onSqlite.map((row) => {
      const { title, body } = row as { title: string; body: string };
      return `${title} ${body}`.trim();
    });
    for (const text of ['Write the plan', 'Kick-off at nine', 'Notes']) expect(texts).toContain(text);
    expect([...onPostgres]).toEqual(onSqlite);
    // Again from the start: the rebuild empties the projection's table first, and lands on the same rows.
    await replayPostgresProjections(target, [postgresSearchProjection]);
    expect([...(await target.unsafe(`SELECT ${columns}, i.title, i.body FROM search_items i ORDER BY i.kind, i.item_id`))]).toEqual(
      onSqlite,
    );
  });
});
