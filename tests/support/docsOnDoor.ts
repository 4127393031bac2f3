import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { DocContentStore } from '../../server/src/collab/persistence';
import { recordContentActivityIn } from '../../server/src/collab/rooms';
import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { newId as newIdOfCore } from '../../server/src/core/ids';
import { tableDialect } from '../../server/src/db/pickTable';
import { docsProjection } from '../../server/src/domains/docs/projection';
import { lastSavedOf } from '../../server/src/domains/docs/present';
import { createDocIn, deleteDocIn, findSharedDoc, updateDocIn } from '../../server/src/domains/docs/resolvers';
import { docPlacesById, findDocRow } from '../../server/src/domains/docs/state';
import { docs, docSnapshots, docTexts, docUpdates } from '../../server/src/domains/docs/tables';
import { createFolderIn, deleteFolderIn } from '../../server/src/domains/files/folderResolvers';
import { filesProjection } from '../../server/src/domains/files/projection';
import { folders } from '../../server/src/domains/files/tables';
import { teamsModule } from '../../server/src/domains/teams';
import { type AreaRun } from './areaOnDoors';
import {
  idLabels,
  openAreaDoor,
  unitsReadingSpaces,
  outcomesOn,
  racedOutcomes,
  seedPeople,
  seedSpace,
  seedTeam,
  tableRowsOf,
} from './areaDoor';

/**
 * Runs the docs area's commands (docs made in a space and a doc folder, edited, shared, deleted, within the plan's
 * docs limit) and the doc rooms' units (updates stored in a batch, a compaction, the debounced activity record with
 * the doc's text and mentions) on the door of this process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite
 * file of its own), and prints what they answered and what the tables hold, live and after a replay, as one JSON line
 * after `docs-on-door:`. tests/integration/docs-postgres.test.ts runs it once per dialect and compares. The team, its
 * members and space are rows written here (the teams area's, read through its space directory).
 */

const projections: Projection[] = [docsProjection, filesProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const id = (suffix: string) => `79000000000000${suffix.padStart(10, '0')}`;
const ada = id('a');
const bob = id('b');
const cy = id('c');
const team = id('f1');
const space = id('51');
const freeDocsLimit = 50;

const { label, labelledText, name } = idLabels();
const shown = (value: unknown): unknown => (value === undefined ? null : JSON.parse(labelledText(JSON.stringify(value))));
const outcomeOf = outcomesOn(clock, shown);
for (const [person, personName] of [
  [ada, 'ada'],
  [bob, 'bob'],
  [cy, 'cy'],
  [team, 'team'],
  [space, 'space'],
] as const)
  name(person, personName);

/** A fresh id, labelled in the order drawn so both runs print the same. */
const newId = () => {
  const fresh = newIdOfCore();
  label(fresh);
  return fresh;
};
/** A public link's secret, labelled in the order drawn. */
const newShareToken = () => {
  const token = randomBytes(32).toString('base64url');
  label(token);
  return token;
};

/** A paragraph naming a person with an @ mention, as the editor stores it. */
function mentionParagraph(text: string, userId: string): Y.XmlElement {
  const mention = new Y.XmlElement('mention');
  mention.setAttribute('id', userId);
  mention.setAttribute('label', 'someone');
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text), mention]);
  return paragraph;
}

const door = await openAreaDoor('docs', projections, clock);
try {
  const { store, db } = door;
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'ada', [bob]: 'bob', [cy]: 'cy' }, at, { emailVerified: false });
  await seedTeam(door, { id: team, name: 'Team', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);
  await seedSpace(door, { id: space, teamId: team, name: 'Space', type: 'private', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);

  // Spaces are read through the teams area's directory, as the app binds it to each database handle.
  const run = unitsReadingSpaces(door, teamsModule.spaceDirectory!);
  const create = (userId: string, docId: string, title: string, folderId?: string) =>
    run(userId, (unit) => createDocIn(unit, userId, { docId, project: space, fields: { title, ...(folderId ? { folderId } : {}) } }));
  const update = (userId: string, docId: string, input: { title?: string; folderId?: string | null; shared?: boolean }) =>
    run(userId, (unit) =>
      updateDocIn(unit, userId, {
        id: docId,
        requested: {
          ...(input.title ? { title: input.title } : {}),
          ...(input.folderId !== undefined ? { folderId: input.folderId } : {}),
        },
        shared: input.shared,
        newShareToken,
      }),
    );

  const outcomes: Record<string, unknown> = {};
  const reads: Record<string, unknown> = {};
  const folder = newId();
  await run(ada, (unit) => createFolderIn(unit, ada, { folderId: folder, project: space, name: 'Walls', type: 'doc' }));
  const fileFolder = newId();
  await run(ada, (unit) => createFolderIn(unit, ada, { folderId: fileFolder, project: space, name: 'Files' }));

  const plans = newId();
  outcomes['ada makes a doc in the doc folder'] = await outcomeOf(() => create(ada, plans, 'Plans', folder));
  outcomes['bob makes a doc in a file folder'] = await outcomeOf(() => create(bob, newId(), 'Wrong', fileFolder));
  outcomes['cy, not in the space, makes a doc'] = await outcomeOf(() => create(cy, newId(), 'Mine'));
  outcomes['bob renames it'] = await outcomeOf(() => update(bob, plans, { title: 'Plans for March' }));
  outcomes['cy renames it'] = await outcomeOf(() => update(cy, plans, { title: 'Mine now' }));
  outcomes['bob shares it'] = await outcomeOf(() => update(bob, plans, { shared: true }));
  outcomes['ada shares it'] = await outcomeOf(() => update(ada, plans, { shared: true }));
  outcomes['bob deletes it'] = await outcomeOf(() => run(bob, (unit) => deleteDocIn(unit, bob, plans)));
  reads['the shared doc by its secret'] = shown(await findSharedDoc(db, (await findDocRow(db, plans))?.shareToken));

  // The doc rooms' units: updates stored in a batch (an empty one keeps its place), a compaction, a later row, and the
  // debounced record of bob's edits with the text and the mention of ada he added.
  const content = new DocContentStore(store, db);
  const room = new Y.Doc();
  const written: Uint8Array[] = [];
  room.on('update', (update: Uint8Array) => written.push(update));
  room.getXmlFragment(collabFragmentName).insert(0, [new Y.XmlText('First line')]);
  room.getXmlFragment(collabFragmentName).insert(1, [new Y.XmlText('Second line')]);
  const batch = [
    { docId: plans, update: written[0]!, userId: ada },
    { docId: plans, update: null, userId: bob },
    { docId: plans, update: written[1]!, userId: ada },
  ];
  outcomes['the room stores a batch'] = await outcomeOf(() => content.appendBatch(batch, clock.now().getTime()));
  const loaded = await content.load(plans);
  reads['the content loaded'] = { snapshot: loaded.snapshot !== null, rows: loaded.updates.length, lastId: loaded.lastId };
  reads['the content version'] = await content.contentVersion(plans);
  await content.compact(plans, Y.encodeStateAsUpdate(room), loaded.lastId);
  written.length = 0;
  room.getXmlFragment(collabFragmentName).insert(2, [mentionParagraph('Ask ', ada)]);
  clock.advance(1000);
  const [mentionRow] = await content.appendBatch([{ docId: plans, update: written[0]!, userId: bob }], clock.now().getTime());
  const reloaded = await content.load(plans);
  const copy = new Y.Doc();
  for (const update of [reloaded.snapshot!, ...reloaded.updates.map((row) => row.data)]) Y.applyUpdate(copy, update);
  reads['the content after its compaction'] = {
    rows: reloaded.updates.length,
    lastId: reloaded.lastId,
    content: shown(copy.getXmlFragment(collabFragmentName).toString()),
  };
  reads['last saved'] = shown(Object.fromEntries(await lastSavedOf(db, [plans])));
  const edited = clock.now();
  outcomes['the room records bob’s edits'] = await outcomeOf(async () => {
    await run(bob, async (unit) => {
      await recordContentActivityIn(unit, content, {
        docId: plans,
        userId: bob,
        record: { updates: 1, since: edited, until: edited, throughId: mentionRow! },
        at: edited,
        content: { doc: room, text: 'First line\nSecond line\nAsk' },
        baseline: null,
      });
    });
  });
  reads['the doc after the record'] = shown(await findDocRow(db, plans));
  reads['places'] = shown(Object.fromEntries(await docPlacesById(db, [plans])));
  // What the room stored is what search finds: SQLite's FTS5 table follows doc_texts by triggers, PostgreSQL's copy
  // (search_doc_texts, with its vector) by the trigger of migrations/postgres/0003_doc_texts_searched.sql.
  reads['the doc found by a word of its stored text'] = await door
    .rows(
      tableDialect === 'postgresql'
        ? sql`SELECT doc_id AS "docId" FROM search_doc_texts WHERE document @@ to_tsquery('app_simple', 'second')`
        : sql`SELECT d.doc_id AS docId FROM doc_text_search JOIN doc_texts d ON d.rowid = doc_text_search.rowid WHERE doc_text_search MATCH 'second'`,
    )
    .then((rows) => shown(rows));

  // Sharing turned on twice at once: the doc's lock makes the second see the first, so there is one link secret.
  const racedShare = newId();
  await create(ada, racedShare, 'Shared twice');
  const sharing = await Promise.allSettled([update(ada, racedShare, { shared: true }), update(ada, racedShare, { shared: true })]);
  outcomes['sharing turned on twice at once'] = racedOutcomes(sharing, 'shared');
  reads['shares of the doc shared twice'] = (await store.read({ stream: `doc:${racedShare}` })).filter(
    (event) => event.type === 'doc.shared',
  ).length;

  // A room's batch stored while the doc is deleted: the doc's lock keeps rows from outliving their doc. The batch is
  // long (a row per keystroke), so without the lock PostgreSQL would let the deletion commit between its reading the
  // doc and its last row.
  const racedContent = newId();
  await create(ada, racedContent, 'Deleted while typed in');
  const typing = new Y.Doc();
  const typed: Uint8Array[] = [];
  typing.on('update', (update: Uint8Array) => typed.push(update));
  for (const letter of 'lost with its doc, keystroke by keystroke, over and over again'.repeat(4))
    typing.getText('body').insert(typing.getText('body').length, letter);
  const storing = await Promise.allSettled([
    content.appendBatch(
      typed.map((update) => ({ docId: racedContent, update, userId: ada })),
      clock.now().getTime(),
    ),
    run(ada, (unit) => deleteDocIn(unit, ada, racedContent)),
  ]);
  outcomes['a batch stored while its doc is deleted'] = storing.map((outcome) => outcome.status);
  reads['rows of the doc deleted while typed in'] = (
    await db.select({ id: docUpdates.id }).from(docUpdates).where(eq(docUpdates.docId, racedContent))
  ).length;

  // Two docs at the free plan's last place, made at once: the team's docs lock makes the second count the first. Both
  // by ada: which of the two the database takes first is up to it, and the rows must not depend on it.
  const [present] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(docs);
  for (let made = present!.count; made < freeDocsLimit - 1; made += 1) await create(ada, newId(), `Filler ${made}`);
  const [first, second] = [newIdOfCore(), newIdOfCore()];
  const racing = await Promise.allSettled([create(ada, first, 'Racer'), create(ada, second, 'Racer')]);
  outcomes['two docs at the plan’s last place at once'] = racedOutcomes(racing, 'made');
  racing.forEach((outcome, index) =>
    name([first, second][index]!, outcome.status === 'fulfilled' ? 'the racer made' : 'the racer refused'),
  );

  outcomes['ada deletes the doc folder'] = await outcomeOf(() => run(ada, (unit) => deleteFolderIn(unit, ada, folder)));
  reads['the doc after its folder went'] = shown(await findDocRow(db, plans));
  outcomes['ada deletes the doc'] = await outcomeOf(() => run(ada, (unit) => deleteDocIn(unit, ada, plans)));
  outcomes['ada deletes it again'] = await outcomeOf(() => run(ada, (unit) => deleteDocIn(unit, ada, plans)));
  reads['the doc’s content once deleted'] = {
    rows: (await db.select({ id: docUpdates.id }).from(docUpdates).where(eq(docUpdates.docId, plans))).length,
    snapshot: (await db.select({ id: docSnapshots.docId }).from(docSnapshots).where(eq(docSnapshots.docId, plans))).length,
    text: (await db.select({ id: docTexts.docId }).from(docTexts).where(eq(docTexts.docId, plans))).length,
  };

  const tables = [docs, folders, docUpdates, docSnapshots, docTexts];
  const live = await tableRowsOf(db, tables, shown);
  await door.replay();
  const replayed = await tableRowsOf(db, tables, shown);
  const events = (await store.read()).map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }));
  const result: AreaRun = { dialect: tableDialect, outcomes, reads, live, replayed, events };
  console.log(`docs-on-door:${JSON.stringify(result)}`);
} finally {
  await door.close();
}
