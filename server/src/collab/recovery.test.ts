import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { asc } from 'drizzle-orm';
import { docs, docTexts } from '../domains/docs/tables';
import { openDatabase } from '../db/connection';
import type { Services } from '../graphql/context';
import { DocContentStore } from './persistence';
import { recordedMarks, recoverDerivedData, unrecordedActivity } from './recovery';

const rows = [
  { id: 10, userId: 'ada', at: 1_000 },
  { id: 11, userId: 'bob', at: 1_100 },
  { id: 12, userId: 'ada', at: 1_200 },
  { id: 13, userId: null, at: 1_250 },
  { id: 14, userId: 'ada', at: 1_300 },
  { id: 15, userId: 'bob', at: 1_400 },
];

describe('start-up recovery of doc activity', () => {
  it('finds, per person, the rows no doc.updated entry covers, with their first and last time and newest row', () => {
    const marks = recordedMarks([
      { userId: 'ada', throughId: 10, createdAt: '2026-01-01T00:00:00.000Z' },
      { userId: 'ada', throughId: 12, createdAt: '2026-01-01T00:00:30.000Z' },
    ]);
    expect(unrecordedActivity(rows, marks)).toEqual(
      new Map([
        ['bob', { updates: 2, since: new Date(1_100), until: new Date(1_400), throughId: 15 }],
        ['ada', { updates: 1, since: new Date(1_300), until: new Date(1_300), throughId: 14 }],
      ]),
    );
  });

  it('finds nothing once every row is covered, so a second start records nothing again', () => {
    const marks = recordedMarks([
      { userId: 'ada', throughId: 14, createdAt: '2026-01-01T00:00:00.000Z' },
      { userId: 'bob', throughId: 15, createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(unrecordedActivity(rows, marks).size).toBe(0);
  });

  it('counts an entry written before entries named their rows as covering what was stored until it was written', () => {
    const marks = recordedMarks([{ userId: 'bob', throughId: null, createdAt: new Date(1_200).toISOString() }]);
    expect(unrecordedActivity(rows, marks).get('bob')).toEqual({
      updates: 1,
      since: new Date(1_400),
      until: new Date(1_400),
      throughId: 15,
    });
  });
});

describe('recoverDerivedData', () => {
  it('loads each doc with rows once, for both its text and its mentions', async () => {
    const database = openDatabase(':memory:');
    try {
      const units = new SqliteEventStore(database, []);
      const store = new DocContentStore(units, database.db);
      const docIds = ['a'.repeat(24), 'b'.repeat(24)];
      for (const docId of docIds) {
        await database.db.insert(docs).values({
          id: docId,
          teamId: 'e'.repeat(24),
          projectId: 'p'.repeat(24),
          title: 'Notes',
          authorId: 'u'.repeat(24),
          createdAt: '2026-11-01',
          updatedAt: '2026-11-01',
        });
        const doc = new Y.Doc();
        doc.getXmlFragment(collabFragmentName).insert(0, [new Y.XmlText(`text of ${docId.slice(0, 1)}`)]);
        await store.append(docId, Y.encodeStateAsUpdate(doc), 'u'.repeat(24));
      }
      const services = { database, store: units } as unknown as Services;
      const loads = vi.spyOn(store, 'load');
      expect(await recoverDerivedData(services, store)).toEqual({ docs: 2, entries: 2 });
      expect(loads.mock.calls.map(([docId]) => docId)).toEqual(docIds);
      expect(await database.db.select({ plainText: docTexts.plainText }).from(docTexts).orderBy(asc(docTexts.docId))).toEqual([
        { plainText: 'text of a' },
        { plainText: 'text of b' },
      ]);
    } finally {
      database.close();
    }
  });
});
