import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import type { DocMentionsChanged } from '../domains/docs/mentions';
import { mentionOrigins, personMentionsOf, recordMentions } from './mentions';
import { DocContentStore } from './persistence';

const docId = 'd'.repeat(24);
const ann = 'a'.repeat(24);
const bas = 'b'.repeat(24);
const cy = 'c'.repeat(24);
const teamId = 'e'.repeat(24);
let database: DatabaseHandle;

beforeEach(() => {
  database = openDatabase(':memory:');
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
  it('names who stored the update holding a mention, the snapshot for one that came with it, and pending for one not stored yet', () => {
    const store = new DocContentStore(database.sqlite);
    const annDoc = new Y.Doc();
    const basDoc = new Y.Doc();
    const sync = (update: Uint8Array, to: Y.Doc) => Y.applyUpdate(to, update);

    // Before a compaction: Ann's mention of Bas is merged into the snapshot.
    const old = changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Old ', mention(bas))]));
    sync(old, basDoc);
    store.append(docId, old, ann);
    store.compact(docId, Y.encodeStateAsUpdate(annDoc), store.load(docId).lastId);

    // Since: Ann types, Bas mentions Ann, Ann types again.
    const typing = changeOf(annDoc, (fragment) => fragment.insert(1, [paragraph('Notes')]));
    sync(typing, basDoc);
    store.append(docId, typing, ann);
    const mentioning = changeOf(basDoc, (fragment) => fragment.insert(2, [paragraph('Review: ', mention(ann))]));
    sync(mentioning, annDoc);
    store.append(docId, mentioning, bas);
    const more = changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Top')]));
    store.append(docId, more, ann);
    // Applied by the room, not stored yet.
    changeOf(annDoc, (fragment) => fragment.insert(0, [paragraph('Ask ', mention(cy))]));

    const mentions = personMentionsOf(annDoc);
    const originOf = mentionOrigins(database.sqlite, docId);
    expect(originOf(mentions.get(ann)!)).toEqual({ kind: 'stored', authorId: bas });
    expect(originOf(mentions.get(bas)!)).toEqual({ kind: 'snapshot' });
    expect(originOf(mentions.get(cy)!)).toEqual({ kind: 'pending' });
  });
});

describe('recordMentions', () => {
  it('leaves a mention the room holds but has not stored yet for the record after its row is stored, which tells', () => {
    const member = database.sqlite.prepare(
      "INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES (?, ?, 'basic', '2026-11-01')",
    );
    member.run(teamId, ann);
    member.run(teamId, bas);
    const events = new SqliteEventStore(database, []);
    const store = new DocContentStore(database.sqlite);
    const row = { id: docId, projectId: 'f'.repeat(24), teamId };
    const record = () => events.runNow({ actorId: null }, (unit) => recordMentions(unit, database.sqlite, row, room));
    const entries = () =>
      database.sqlite
        .prepare<[string], { payload: string }>(
          "SELECT payload FROM events WHERE stream = ? AND type = 'docMentions.changed' ORDER BY version",
        )
        .all(`doc:${docId}`)
        .map((entry) => JSON.parse(entry.payload) as DocMentionsChanged);

    // The room's doc: Ann's typing is stored; Bas's mention of Ann is applied and broadcast, still waiting to be stored.
    const room = new Y.Doc();
    store.append(
      docId,
      changeOf(room, (fragment) => fragment.insert(0, [paragraph('typing')])),
      ann,
    );
    const mentioning = changeOf(room, (fragment) => fragment.insert(1, [paragraph('Review: ', mention(ann))]));
    record();
    expect(entries().filter((entry) => entry.mentioned.includes(ann))).toEqual([]);

    store.append(docId, mentioning, bas);
    record();
    expect(entries().at(-1)).toMatchObject({ added: [{ userId: ann, authorId: bas }], mentioned: [ann] });
  });
});
