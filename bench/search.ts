// Search benchmark: a workspace of 100,000 messages, 20,000 tasks, 2,000 docs and 500 PDFs' text, seeded
// through the event store (events and projections, the search index included, as commands write them);
// then getSearch over HTTP, p50/p99, for a common and a rare word (and a filtered and a dated search), the
// index's size on disk and the time of a full rebuild of the index from the log. The server runs as
// `npm start` does, in its own process; this process plays the client. With BENCH_SEARCH_POSTGRES=1 (or
// BENCH_SEARCH_POSTGRES_URL), the same searches on the PostgreSQL adapter beside the SQLite one, through the search
// port. Prints figures; asserts nothing.
import { rmSync } from 'node:fs';
import { openEventStore } from '../server/src/domains';
import { replay } from '../server/src/core/sqlite/replay';
import { searchProjection } from '../server/src/domains/search/projection';
import type { IndexedItem, IndexQuery, SearchScope } from '../server/src/domains/search/port';
import { migrateSearchIndex, postgresSearchIndex } from '../server/src/domains/search/postgres/tsvectorIndex';
import { sqliteSearchIndex } from '../server/src/domains/search/sqlite/ftsIndex';
import { connectPostgres } from '../server/src/core/postgres/connect';
import { startPostgresCluster } from '../tests/support/postgresCluster';
import { decideCreateTask } from '../server/src/domains/tasks/commands';
import { cleanDescription } from '../server/src/domains/tasks/description';
import type { TaskCreated } from '../server/src/domains/tasks/events';
import { lastPositions, loadBoard, spaceReaders } from '../server/src/domains/tasks/state';
import { newId } from '../server/src/core/ids';
import {
  benchPostgresUrl,
  call,
  loadAverage,
  milliseconds,
  percentile,
  spaceWithMembers,
  startBenchServer,
  synchronousFromEnvironment,
} from './support';

const counts = {
  messages: Number(process.env.BENCH_SEARCH_MESSAGES ?? 100_000),
  tasks: Number(process.env.BENCH_SEARCH_TASKS ?? 20_000),
  docs: Number(process.env.BENCH_SEARCH_DOCS ?? 2_000),
  pdfs: Number(process.env.BENCH_SEARCH_PDFS ?? 500),
};
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 50);
const synchronous = synchronousFromEnvironment();
// The figures here are SQLite's own (FTS5's index on disk, doc texts written beside the server, the index rebuilt in
// place); getSearch over HTTP on PostgreSQL is in npm run bench:databases, and the port on both below.
if (benchPostgresUrl) {
  throw new Error(
    'bench:search measures SQLite FTS5 and runs on SQLite only (unset DATABASE_URL): BENCH_SEARCH_POSTGRES=1 or BENCH_SEARCH_POSTGRES_URL adds PostgreSQL through the search port, npm run bench:databases getSearch over HTTP on both.',
  );
}
const { dataDirectory, server, database: benchDatabase, target } = await startBenchServer('search', synchronous);
const database = benchDatabase.sqlite!;

console.log(`Search benchmark (server in its own process, SQLite synchronous=${synchronous})`);
const { admin, space } = await spaceWithMembers(target, 1);

// Words: a few hundred common ones drawn often, thousands of made-up ones drawn rarely (a Zipf-like text),
// "update" in about one item in five (the common word) and "zanzibar" in 20 messages (the rare one).
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const syllables = ['ka', 'lo', 'mi', 'ter', 'sun', 'dra', 'vel', 'po', 'rin', 'gest', 'al', 'or', 'ne', 'tu', 'bri', 'con'];
const common = (
  'the a to and of in is for on that with this we it be will at as are by from have can our please team plan ' +
  'meeting review client design budget release report draft notes change issue fix test deploy server build page ' +
  'call today tomorrow week month sprint board feature customer invoice contract schedule priority deadline'
).split(' ');
const rare = Array.from({ length: 5_000 }, (_, index) => {
  let word = '';
  for (let part = 0, value = index + 7; part < 3; part += 1, value = Math.floor(value / syllables.length))
    word += syllables[value % syllables.length];
  return word;
});
function sentence(words: number): string {
  const out: string[] = [];
  for (let index = 0; index < words; index += 1) {
    const draw = random();
    if (draw < 0.75) out.push(common[Math.floor(random() * random() * common.length)]!);
    else out.push(rare[Math.floor(random() * random() * rare.length)]!);
  }
  if (random() < 0.2) out.splice(Math.floor(random() * out.length), 0, 'update');
  return out.join(' ');
}
const paragraphs = (count: number, words: number) => Array.from({ length: count }, () => sentence(words)).join('\n');

const store = openEventStore(database);
const seedStarted = performance.now();
const batch = 2_000;
const conversation = `project:${space}`;
for (let done = 0; done < counts.messages; done += batch) {
  await store.run({ actorId: admin.id }, async (unit) => {
    for (let index = done; index < Math.min(done + batch, counts.messages); index += 1) {
      const body = `${sentence(8 + Math.floor(random() * 16))}${index % 5_000 === 4_999 ? ' zanzibar' : ''}`;
      await unit.append(
        `chat:${conversation}`,
        [
          {
            type: 'message.created',
            payload: {
              conversation,
              projectId: space,
              privatId: null,
              taskId: null,
              meetingroomId: null,
              spaceId: space,
              messageId: newId(),
              body,
              type: 'text',
              fileId: null,
              replyToId: null,
              clientId: null,
              mentions: [],
            },
          },
        ],
        { teamId: admin.teamId },
      );
    }
  });
}
const messagesSeeded = performance.now();
for (let done = 0; done < counts.tasks; done += batch) {
  await store.run({ actorId: admin.id }, async (unit) => {
    const db = unit.transaction;
    let board = (await loadBoard(db, space))!;
    const canSee = await spaceReaders(db, space, []);
    for (let index = done; index < Math.min(done + batch, counts.tasks); index += 1) {
      const stateId = board.states[index % board.states.length]!.id;
      const last = await lastPositions(db, space, stateId);
      const events = decideCreateTask(
        {
          taskId: newId(),
          authorId: admin.id,
          fields: {
            name: sentence(3 + Math.floor(random() * 5)),
            stateId,
            ...(index % 2 === 0 ? { description: cleanDescription(paragraphs(2, 25)) } : {}),
          },
          lastPositions: () => last,
        },
        { board, canSee },
      );
      const created = events[0]!.payload as TaskCreated;
      await unit.append(`task:${created.taskId}`, events, { teamId: admin.teamId, expectedVersion: 0 });
      board = { ...board, lastNumber: created.number };
    }
  });
}
const tasksSeeded = performance.now();
// A doc's text is content the docs rooms store beside the log (doc_texts); the index reads it with the doc's events.
const saveText = database.sqlite.prepare('INSERT INTO doc_texts (doc_id, plain_text, updated_at) VALUES (?, ?, ?)');
for (let done = 0; done < counts.docs; done += 500) {
  await store.run({ actorId: admin.id }, async (unit) => {
    for (let index = done; index < Math.min(done + 500, counts.docs); index += 1) {
      const docId = newId();
      saveText.run(docId, paragraphs(12, 40), new Date().toISOString());
      await unit.append(
        `doc:${docId}`,
        [
          {
            type: 'doc.created',
            payload: {
              docId,
              projectId: space,
              teamId: admin.teamId,
              title: sentence(4),
              emoji: null,
              cover: null,
              description: null,
              folderId: null,
            },
          },
        ],
        { teamId: admin.teamId, expectedVersion: 0 },
      );
    }
  });
}
for (let done = 0; done < counts.pdfs; done += 100) {
  await store.run({ actorId: admin.id }, async (unit) => {
    for (let index = done; index < Math.min(done + 100, counts.pdfs); index += 1) {
      const fileId = newId();
      // About ten pages of text each.
      const text = paragraphs(60, 45);
      await unit.append(
        `file:${fileId}`,
        [
          {
            type: 'file.created',
            payload: {
              fileId,
              teamId: admin.teamId,
              projectId: space,
              taskId: null,
              privatId: null,
              folderId: null,
              name: `${sentence(3).replace(/ /g, '-')}.pdf`,
              mimeType: 'application/pdf',
              kind: 'Pdf',
              size: text.length,
              location: `bench/${fileId}`,
              thumbnail: null,
              preview: null,
              width: null,
              height: null,
              duration: null,
              text,
            },
          },
        ],
        { teamId: admin.teamId, expectedVersion: 0 },
      );
    }
  });
}
const seeded = performance.now();
const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
console.log(
  `  seeded ${counts.messages} messages (${seconds(seedStarted, messagesSeeded)}), ${counts.tasks} tasks (${seconds(messagesSeeded, tasksSeeded)}), ` +
    `${counts.docs} docs and ${counts.pdfs} PDFs' text (${seconds(tasksSeeded, seeded)})`,
);

const searchQuery = `query ($text: String!, $filter: String, $startdate: String, $enddate: String) {
  getSearch(text: $text, filter: $filter, startdate: $startdate, enddate: $enddate) {
    id type title description highlights { start length } titleHighlights { start length } project projectTitle link createdAt } }`;

async function measure(label: string, variables: Record<string, unknown>): Promise<void> {
  const samples: number[] = [];
  let results = 0;
  for (let round = 0; round < rounds + 3; round += 1) {
    const started = performance.now();
    const response = await fetch(target.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.client.cookieHeader() },
      body: JSON.stringify({ query: searchQuery, variables }),
    });
    const answer = (await response.json()) as { data?: { getSearch: unknown[] }; errors?: unknown };
    const elapsed = performance.now() - started;
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    results = answer.data.getSearch.length;
    if (round >= 3) samples.push(elapsed);
  }
  console.log(
    `  ${label}: p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))} (${samples.length} requests, ${results} results)`,
  );
}

const matches = (word: string) =>
  (database.sqlite.prepare('SELECT count(*) AS count FROM search_text WHERE search_text MATCH ?').get(`"${word}"`) as { count: number })
    .count;
await call(admin.client, 'query { getSearch(text: "warm up") { id } }');
await measure(`common word "update" (${matches('update')} matching items)`, { text: 'update' });
await measure(`common words "update budget"`, { text: 'update budget' });
await measure(`rare word "zanzibar" (${matches('zanzibar')} matching items)`, { text: 'zanzibar' });
await measure('common word, tasks only', { text: 'update', filter: 'task' });
const today = new Date().toISOString().slice(0, 10);
await measure('common word, a date range holding every item', { text: 'update', startdate: '2020-01-01', enddate: today });
await measure('prefix "deplo" (deploy)', { text: 'deplo' });

const size = database.sqlite
  .prepare(
    `SELECT sum(pgsize) AS bytes FROM dbstat
     WHERE name LIKE 'search_text%' OR name LIKE 'search_items%' OR (name LIKE 'doc_text_search%' AND name <> 'doc_text_search_content')`,
  )
  .get() as { bytes: number };
const whole = database.sqlite.prepare('SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()').get() as {
  bytes: number;
};
console.log(
  `  index size: ${(size.bytes / 1e6).toFixed(1)} MB (FTS5 text, its index and search_items), of a ${(whole.bytes / 1e6).toFixed(1)} MB database`,
);

const rebuildStarted = performance.now();
const rebuilt = await replay(database, database, [searchProjection]);
console.log(`  full rebuild of the index from the log (${rebuilt.applied} events): ${seconds(rebuildStarted, performance.now())}`);
console.log(`  load average ${loadAverage()}`);

/**
 * The same index on both adapters of the search port, side by side, in this process (getSearch over HTTP on both is
 * in npm run bench:databases): BENCH_SEARCH_POSTGRES=1 starts a throw-away cluster (tests/support/postgresCluster.ts),
 * BENCH_SEARCH_POSTGRES_URL names an empty database of yours. The seeded items and docs' texts are copied into
 * PostgreSQL through the port, then each search runs on both.
 */
const postgresUrl = process.env.BENCH_SEARCH_POSTGRES_URL;
if (process.env.BENCH_SEARCH_POSTGRES === '1' || postgresUrl) {
  const cluster = postgresUrl ? null : await startPostgresCluster();
  const url = postgresUrl ?? (await cluster!.createDatabase('search_bench'));
  const sql = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 120_000 });
  await migrateSearchIndex(sql);
  const postgresIndex = postgresSearchIndex(sql);
  const copyStarted = performance.now();
  const readItems = database.sqlite.prepare<[number, number], IndexedItem & { id: number }>(
    `SELECT i.id, i.kind, i.item_id AS itemId, i.team_id AS teamId, i.space_id AS spaceId, i.privat_id AS privatId,
       i.task_id AS taskId, i.meetingroom_id AS meetingroomId, i.code, i.emoji, i.folder_id AS folderId,
       i.created_at AS createdAt, t.title, t.body
     FROM search_items i JOIN search_text t ON t.rowid = i.id WHERE i.id > ? ORDER BY i.id LIMIT ?`,
  );
  let copied = 0;
  for (let after = 0; ;) {
    const rows = readItems.all(after, batch);
    if (rows.length === 0) break;
    await postgresIndex.apply(rows.map(({ id: _id, ...item }) => ({ type: 'add', item }) as const));
    after = rows.at(-1)!.id;
    copied += rows.length;
  }
  const docTexts = database.sqlite
    .prepare<[], { docId: string; text: string; updatedAt: string }>(
      'SELECT doc_id AS docId, plain_text AS text, updated_at AS updatedAt FROM doc_texts',
    )
    .all();
  await postgresIndex.apply(docTexts.map((text) => ({ type: 'setDocText', ...text }) as const));
  await sql`VACUUM ANALYZE search_items`;
  await sql`VACUUM ANALYZE search_doc_texts`;
  console.log(
    `PostgreSQL beside SQLite, through the search port in this process (${copied} items and ${docTexts.length} docs' texts ` +
      `copied through the port in ${seconds(copyStarted, performance.now())})`,
  );
  const sqliteIndex = sqliteSearchIndex(database);
  const scope: SearchScope = { teamId: admin.teamId, spaceIds: [space], privatIds: [], meetingroomIds: [], eventIds: [] };
  const compare = async (label: string, query: Partial<IndexQuery> & { text: string }) => {
    const figures: string[] = [];
    for (const [name, index] of [
      ['SQLite', sqliteIndex],
      ['PostgreSQL', postgresIndex],
    ] as const) {
      const samples: number[] = [];
      let results = 0;
      for (let round = 0; round < rounds + 3; round += 1) {
        const started = performance.now();
        const found = await index.search({ kind: null, from: null, until: null, first: 20, now: new Date(), ...query }, scope);
        if (round >= 3) samples.push(performance.now() - started);
        results = found.length;
      }
      figures.push(
        `${name} p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))} (${results} results)`,
      );
    }
    console.log(`  ${label}: ${figures.join('; ')}`);
  };
  await compare('common word "update"', { text: 'update' });
  await compare('common words "update budget"', { text: 'update budget' });
  await compare('rare word "zanzibar"', { text: 'zanzibar' });
  await compare('common word, tasks only', { text: 'update', kind: 'task' });
  await compare('common word, a date range holding every item', {
    text: 'update',
    from: '2020-01-01T00:00:00.000Z',
    until: new Date().toISOString(),
  });
  await compare('prefix "deplo" (deploy)', { text: 'deplo' });
  const [postgresSize] = await sql<{ bytes: string }[]>`
    SELECT pg_total_relation_size('search_items') + pg_total_relation_size('search_doc_texts') AS bytes`;
  console.log(
    `  PostgreSQL index size: ${(Number(postgresSize!.bytes) / 1e6).toFixed(1)} MB (search_items and search_doc_texts: text, tsvectors, GIN and other indexes)`,
  );
  console.log(`  load average ${loadAverage()}`);
  await sql.end();
  await cluster?.stop();
}

server.child.kill('SIGTERM');
await server.exited;
await benchDatabase.close();
// BENCH_SEARCH_KEEP=1 keeps the seeded data folder, to look at its queries again without seeding.
if (process.env.BENCH_SEARCH_KEEP === '1') console.log(`  data kept in ${dataDirectory}`);
else rmSync(dataDirectory, { recursive: true, force: true });
