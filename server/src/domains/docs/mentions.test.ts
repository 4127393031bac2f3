import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { events } from '../../core/tables';
import { teamMembers } from '../teams';
import { baselineOf, decideMentions, recordedMentions } from './mentions';

const docId = 'd'.repeat(24);
const teamId = 'e'.repeat(24);
const doc = { id: docId, projectId: 'f'.repeat(24), teamId };
const ann = 'a'.repeat(24);
const bas = 'b'.repeat(24);
const stranger = 'c'.repeat(24);
let database: DatabaseHandle;
let version = 0;

beforeEach(async () => {
  database = openDatabase(':memory:');
  version = 0;
  await database.db
    .insert(teamMembers)
    .values([ann, bas].map((userId) => ({ teamId, userId, role: 'basic' as const, joinedAt: '2026-11-01' })));
});
afterEach(() => database.close());

/** Appends an entry to the doc's stream as the log would (what a unit that committed leaves). */
async function entry(type: string, payload: object = {}): Promise<void> {
  version += 1;
  await database.db.insert(events).values({
    id: `event${version}`.padEnd(24, '0'),
    teamId,
    stream: `doc:${docId}`,
    version,
    type,
    actorId: ann,
    payload,
    createdAt: '2026-11-27T05:00:00.000Z',
  });
}

const mentionsEntry = async (mentioned: string[]) => await entry('docMentions.changed', { docId, added: [], mentioned });

describe('decideMentions', () => {
  it('counts only members of the doc’s team, tells those new with an author, and records the rest silently', async () => {
    const decided = await decideMentions(database.db, doc, [ann, bas, stranger, 'not an id', ann], (userId) =>
      userId === bas ? { kind: 'stored', authorId: ann } : { kind: 'snapshot' },
    );
    expect(decided.mentioned).toEqual([ann, bas]);
    expect(decided.events).toEqual([
      {
        type: 'docMentions.changed',
        payload: { docId, projectId: doc.projectId, teamId, added: [{ userId: bas, authorId: ann }], mentioned: [ann, bas] },
      },
    ]);
  });

  it('records nothing when the people named are the ones recorded last, and a removal without telling anyone', async () => {
    await mentionsEntry([bas]);
    await entry('doc.updated');
    expect((await decideMentions(database.db, doc, [bas, stranger], () => ({ kind: 'stored', authorId: ann }))).events).toEqual([]);
    expect((await decideMentions(database.db, doc, [], () => ({ kind: 'stored', authorId: ann }))).events).toMatchObject([
      { payload: { added: [], mentioned: [] } },
    ]);
  });

  it('leaves a person whose mention is not stored yet as recorded: out of the entry if not recorded, kept if recorded', async () => {
    await mentionsEntry([bas]);
    const pending = () => ({ kind: 'pending' }) as const;
    expect(await decideMentions(database.db, doc, [ann, bas], pending)).toEqual({ events: [], mentioned: [bas] });
    expect((await decideMentions(database.db, doc, [ann], pending)).events).toMatchObject([{ payload: { added: [], mentioned: [] } }]);
  });
});

describe('recordedMentions', () => {
  it('starts from a baseline the log still holds, reading only the entries after it', async () => {
    await mentionsEntry([bas]);
    await entry('doc.updated');
    // Differs from the log's entry on purpose: only a trusted baseline can give Ann back.
    const baseline = (await baselineOf(database.db, docId, [ann]))!;
    expect(baseline).toMatchObject({ version: 2 });
    await entry('doc.updated');
    expect(await recordedMentions(database.db, docId, baseline)).toEqual(new Set([ann]));
    // Recorded since by someone else (another process): the newer entry wins.
    await mentionsEntry([ann, bas]);
    expect(await recordedMentions(database.db, docId, baseline)).toEqual(new Set([ann, bas]));
  });

  it('reads the whole stream when the baseline’s head event is not in the log (its unit rolled back)', async () => {
    await mentionsEntry([bas]);
    const rolledBack = { mentioned: new Set([ann, bas]), version: 2, eventId: 'gone'.padEnd(24, '0') };
    await entry('doc.updated');
    expect(await recordedMentions(database.db, docId, rolledBack)).toEqual(new Set([bas]));
  });
});
