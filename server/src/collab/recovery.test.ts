import { describe, expect, it } from 'vitest';
import { recordedMarks, unrecordedActivity } from './recovery';

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
