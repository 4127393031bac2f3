import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { and, asc, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { events } from '../core/tables';
import { docs } from '../domains/docs/tables';
import { teamMembers } from '../domains/teams';
import type { DocMentionsChanged } from '../domains/docs/mentions';
import { mentionOrigins, personMentionsOf, recordMentions } from './mentions';
import { DocContentStore } from './persistence';

const docId = 'd'.repeat(24);
const ann = 'a'.repeat(24);
const bas = 'b'.repeat(24);
const cy = 'c'.repeat(24);
const teamId = 'e'.repeat(24);
let database: DatabaseHandle;

beforeEach(async () => {
  database = openDatabase(':memory:');
  await database.db.insert(docs).values({
    id: docId,
    teamId,
    projectId: 'f'.repeat(24),
    title: 'Doc',
    authorId: 'u',
    createdAt: '2026-11-01',
    updatedAt: '2026-11-01',
  });
});
afterEach(() => database.close());

function mention(id: string, char = '@'): Y.XmlElement {
  const node = new Y.XmlElement('mention');
  node.setAttribute('id', id);
  node.setAttribute('label', `Person ${id.slice(0, 1)}`);
  node.setAttribute('mentionSuggestionChar', char);
  return node;
}

function paragraph(...children: (string | Y.XmlElement)[]): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.insert(
    0,
    children.map((child) => (typeof child === 'string' ? new Y.XmlText(child) : child)),
  );
  return element;
}

/** The update one transaction on `doc` makes. */
function changeOf(doc: Y.Doc, change: (fragment: Y.XmlFragment) => void): Uint8Array {
  let captured: Uint8Array | null = null;
  const listener = (update: Uint8Array) => (captured = update);
  doc.on('update', listener);
  doc.transact(() => change(doc.getXmlFragment(collabFragmentName)));
  doc.off('update', listener);
  return captured!;
}

describe('personMentionsOf', () => {
  it('finds @ mentions by their id anywhere in the tree, each with its items, and leaves # task mentions and text out', () => {
    const doc = new Y.Doc();
    const list = new Y.XmlElement('bulletList');
    const item = new Y.XmlElement('listItem');
    item.insert(0, [paragraph('nested ', mention(bas))]);
    list.insert(0, [item]);
    doc
      .getXmlFragment(collabFragmentName)
      .insert(0, [paragraph('Hi ', mention(ann), ' and ', mention(bas), ' see ', mention('t'.repeat(24), '#'), ' @Nobody'), list]);
    const found = personMentionsOf(doc);
    expect([...found.keys()]).toEqual([ann, bas]);
    expect(found.get(ann)).toHaveLength(1);
    expect(found.get(bas)).toHaveLength(2);
  });
});

describe('mentionOrigins', () => {
  it('names who stored the update holding a mention, the snapshot for one that came with it, and pending for one not stored yet', async () => {
    const store = new DocContentStore(new SqliteEventStore(database, []), database.db);
    const annDoc = new Y.Doc();
    const basDoc = new Y.Doc();
    const sync = (update: Uint8Array, to: Y.Doc) => Y.applyUpdate(to, update);

    // Before a compaction: Ann's mention of Bas is merged into the snapshot.
    const old = changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Old ', mention(bas))]));
    sync(old, basDoc);
    await store.append(docId, old, ann);
    await store.compact(docId, Y.encodeStateAsUpdate(annDoc), (await store.load(docId)).lastId);

    // Since: Ann types, Bas mentions Ann, Ann types again.
    const typing = changeOf(annDoc, (fragment) => fragment.insert(1, [paragraph('Notes')]));
    sync(typing, basDoc);
    await store.append(docId, typing, ann);
    const mentioning = changeOf(basDoc, (fragment) => fragment.insert(2, [paragraph('Review: ', mention(ann))]));
    sync(mentioning, annDoc);
    await store.append(docId, mentioning, bas);
    const more = changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Top')]));
    await store.append(docId, more, ann);
    // Applied by the room, not stored yet.
    changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Ask ', mention(cy))]));

    const mentions = personMentionsOf(annDoc);
    const originOf = mentionOrigins(database.db, docId);
    expect(await originOf(mentions.get(ann)!)).toEqual({ kind: 'stored', authorId: bas });
    expect(await originOf(mentions.get(bas)!)).toEqual({ kind: 'snapshot' });
    expect(await originOf(mentions.get(cy)!)).toEqual({ kind: 'pending' });
  });
});

describe('recordMentions', () => {
  it('leaves a mention the room holds but has not stored yet for the record after its row is stored, which tells', async () => {
    await database.db
      .insert(teamMembers)
      .values([ann, bas].map((userId) => ({ teamId, userId, role: 'basic' as const, joinedAt: '2026-11-01' })));
    const units = new SqliteEventStore(database, []);
    const store = new DocContentStore(units, database.db);
    const row = { id: docId, projectId: 'f'.repeat(24), teamId };
    const record = async () => await units.run({ actorId: null }, async (unit) => await recordMentions(unit, row, room));
    const entries = async () =>
      (
        await database.db
          .select({ payload: events.payload })
          .from(events)
          .where(and(eq(events.stream, `doc:${docId}`), eq(events.type, 'docMentions.changed')))
          .orderBy(asc(events.version))
      ).map((entry) => entry.payload as DocMentionsChanged);

    // The room's doc: Ann's typing is stored; Bas's mention of Ann is applied and broadcast, still waiting to be stored.
    const room = new Y.Doc();
    await store.append(
      docId,
      changeOf(room, (fragment) => fragment.insert(0, [paragraph('typing')])),
      ann,
    );
    const mentioning = changeOf(room, (fragment) => fragment.insert(1, [paragraph('Review: ', mention(ann))]));
    await record();
    expect((await entries()).filter((entry) => entry.mentioned.includes(ann))).toEqual([]);

    await store.append(docId, mentioning, bas);
    await record();
    expect((await entries()).at(-1)).toMatchObject({ added: [{ userId: ann, authorId: bas }], mentioned: [ann] });
  });
});
