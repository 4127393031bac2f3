import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { baselineOf, decideMentions, recordedMentions } from './mentions';

const docId = 'd'.repeat(24);
const teamId = 'e'.repeat(24);
const doc = { id: docId, projectId: 'f'.repeat(24), teamId };
const ann = 'a'.repeat(24);
const bas = 'b'.repeat(24);
const stranger = 'c'.repeat(24);
let database: DatabaseHandle;
let version = 0;

beforeEach(() => {
  database = openDatabase(':memory:');
  version = 0;
  const member = database.sqlite.prepare(
    "INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES (?, ?, 'basic', '2026-11-01')",
  );
  member.run(teamId, ann);
  member.run(teamId, bas);
});
afterEach(() => database.close());

/** Appends an entry to the doc's stream as the log would (what a unit that committed leaves). */
function entry(type: string, payload: object = {}): void {
  version += 1;
  database.sqlite
    .prepare('INSERT INTO events (id, team_id, stream, version, type, actor_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(
      `event${version}`.padEnd(24, '0'),
      teamId,
      `doc:${docId}`,
      version,
      type,
      ann,
      JSON.stringify(payload),
      '2026-11-27T05:00:00.000Z',
    );
}

const mentionsEntry = (mentioned: string[]) => entry('docMentions.changed', { docId, added: [], mentioned });

describe('decideMentions', () => {
  it('counts only members of the doc’s team, tells those new with an author, and records the rest silently', () => {
    const decided = decideMentions(database.db, doc, [ann, bas, stranger, 'not an id', ann], (userId) =>
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

  it('records nothing when the people named are the ones recorded last, and a removal without telling anyone', () => {
    mentionsEntry([bas]);
    entry('doc.updated');
    expect(decideMentions(database.db, doc, [bas, stranger], () => ({ kind: 'stored', authorId: ann })).events).toEqual([]);
    expect(decideMentions(database.db, doc, [], () => ({ kind: 'stored', authorId: ann })).events).toMatchObject([
      { payload: { added: [], mentioned: [] } },
    ]);
  });

  it('leaves a person whose mention is not stored yet as recorded: out of the entry if not recorded, kept if recorded', () => {
    mentionsEntry([bas]);
    const pending = () => ({ kind: 'pending' }) as const;
    expect(decideMentions(database.db, doc, [ann, bas], pending)).toEqual({ events: [], mentioned: [bas] });
    expect(decideMentions(database.db, doc, [ann], pending).events).toMatchObject([{ payload: { added: [], mentioned: [] } }]);
  });
});

describe('recordedMentions', () => {
  it('starts from a baseline the log still holds, reading only the entries after it', () => {
    mentionsEntry([bas]);
    entry('doc.updated');
    // Differs from the log's entry on purpose: only a trusted baseline can give Ann back.
    const baseline = baselineOf(database.db, docId, [ann])!;
    expect(baseline).toMatchObject({ version: 2 });
    entry('doc.updated');
    expect(recordedMentions(database.db, docId, baseline)).toEqual(new Set([ann]));
    // Recorded since by someone else (another process): the newer entry wins.
    mentionsEntry([ann, bas]);
    expect(recordedMentions(database.db, docId, baseline)).toEqual(new Set([ann, bas]));
  });

  it('reads the whole stream when the baseline’s head event is not in the log (its unit rolled back)', () => {
    mentionsEntry([bas]);
    const rolledBack = { mentioned: new Set([ann, bas]), version: 2, eventId: 'gone'.padEnd(24, '0') };
    entry('doc.updated');
    expect(recordedMentions(database.db, docId, rolledBack)).toEqual(new Set([bas]));
  });
});
