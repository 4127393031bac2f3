import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabOf } from '../../server/src/collab/rooms';
import { replay } from '../../server/src/core/sqlite/replay';
import { domains } from '../../server/src/domains';
import { pdfTextExtractionOf } from '../../server/src/domains/files/textExtraction';
import { onSqlite, type SqliteApp } from '../../server/src/app';
import { postMessage } from './chatFactories';
import { createDoc, openDoc, paragraphText, waitFor } from './docFactories';
import { minimalPdf, uploadFile } from './fileFactories';
import { startTestServer, type TestServer } from './harness';
import { createTask } from './taskFactories';
import { createSpace, expectData, person, type Person } from './teamFactories';

/*
 * What only SQLite's search index has: the FTS5 table beside search_items (PostgreSQL keeps an item's words in its
 * row) and migration 0016's backfill of an existing file (PostgreSQL's index was there from its first migration).
 * search.test.ts holds the rest, on both databases.
 */

let server: TestServer;
let app: SqliteApp;
let owner: Person;
let space: string;

const found = async (someone: Person, text: string) =>
  expectData(
    await someone.client.execute<{ getSearch: { id: string; type: string; title: string; description: string | null }[] }>(
      'query ($text: String!) { getSearch(text: $text) { id type title description highlights { start length } } }',
      { text },
    ),
  ).getSearch;

const indexCounts = () =>
  app.services.database.sqlite
    .prepare('SELECT (SELECT count(*) FROM search_items) AS items, (SELECT count(*) FROM search_text) AS texts')
    .get() as { items: number; texts: number };

beforeAll(async () => {
  server = await startTestServer({ COLLAB_UNLOAD_GRACE_MS: '100', COLLAB_ACTIVITY_DEBOUNCE_MS: '100' });
  app = onSqlite(server.app);
  owner = await person(server, 'Olga');
  space = await createSpace(owner, 'Harbour');
  await createTask(owner, space, 'Beacon overhaul', { description: 'Replace the rotating lamp before winter' });
  await postMessage(owner, { project: space, body: 'Meet at the mooring for the rendezvous' });
  const doc = await createDoc(owner, space, 'Quarterly almanac');
  const editor = openDoc(server.url, doc.id, { cookie: owner.client.cookieHeader() });
  await editor.synced();
  paragraphText(editor.doc).insert(0, 'Tide tables for the estuary');
  await editor.allSaved();
  editor.destroy();
  await waitFor(() => collabOf(server.app.services).isUnloaded(doc.id), 'the room to unload');
  await uploadFile(owner, 'manifest.pdf', 'application/pdf', minimalPdf('Perishable treasure manifest'), { project: space });
  await pdfTextExtractionOf(server.app.services).idle();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the FTS5 index', () => {
  it('the migration fills the index of an existing database with what the replay would', async () => {
    const queries = ['beacon overhaul', 'rotating lamp', 'estuary', 'perishable', 'rendezvous', 'treasure', 'mooring', 'almanac'];
    const before = await Promise.all(queries.map((text) => found(owner, text)));
    expect(before.every((results) => results.length > 0)).toBe(true);
    const { sqlite } = app.services.database;
    const backfill = readFileSync(new URL('../../migrations/0016_search.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*INSERT/.test(statement));
    expect(backfill.length).toBe(9);
    sqlite.transaction(() => {
      sqlite.exec('DELETE FROM search_text; DELETE FROM search_items;');
      for (const statement of backfill) sqlite.exec(statement);
    })();
    const after = await Promise.all(queries.map((text) => found(owner, text)));
    // The same items, in the same order, with the same snippets (rows are numbered differently, which no answer shows).
    expect(after).toEqual(before);
  });

  it("drops a deleted calendar event's words from the FTS5 table with its item", async () => {
    const event = expectData(
      await owner.client.execute<{ setEvent: { id: string } }>(
        `mutation { setEvent(title: "Lifeboat drill", description: "Muster at the slipway", startDate: "2026-03-02T08:00:00Z",
          endDate: "2026-03-02T09:00:00Z", type: "event", recurring: "none", timeZone: "Europe/Berlin") { id } }`,
      ),
    ).setEvent;
    const indexed = app.services.database.sqlite.prepare<[string], { id: number }>(
      "SELECT id FROM search_items WHERE kind = 'event' AND item_id = ?",
    );
    const row = indexed.get(event.id)!.id;
    const words = app.services.database.sqlite.prepare<[number], { rowid: number }>('SELECT rowid FROM search_text WHERE rowid = ?');
    expect(words.get(row)).toBeDefined();
    expectData(await owner.client.execute('mutation ($id: ID!) { delEvent(id: $id) }', { id: event.id }));
    expect(indexed.get(event.id)).toBeUndefined();
    expect(words.get(row)).toBeUndefined();
  });

  it('keeps one FTS5 row per item through a replay of the log', async () => {
    const before = indexCounts();
    expect(before.texts).toBe(before.items);
    await replay(
      app.services.database,
      app.services.database,
      domains.flatMap((module) => module.projections),
    );
    expect(indexCounts()).toEqual(before);
  }, 30_000);
});
