import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/*
 * The meetings area (plan option B3: tables picked per process, code awaiting drizzle's builders) on both command
 * doors: tests/support/meetingsOnDoor.ts runs the same commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own, and this compares what they answered, read and
 * hold, the log, and replay with live on each. The races run two units at once for each lock joining and leaving
 * take: without it PostgreSQL decides twice on the same state.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('meetings'));
}, 180_000);

const callEvents = (run: AreaRun, type: string) => run.events.filter((event) => event.type === type);

describe('the meetings area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('opens a space’s room, joins, leaves and finishes its call, and refuses an outsider alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['bob opens it too']).toEqual(onSqlite.outcomes['ada opens the space’s room']);
    expect(onSqlite.outcomes['bob joins by the space']).toEqual({ answered: 'the first call' });
    expect(onSqlite.outcomes['cy, not in the space, joins']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['cy joins by the space']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob leaves']).toEqual({ answered: ['videocall.left'] });
    expect(onSqlite.outcomes['bob leaves again']).toEqual({ answered: [] });
    expect(onSqlite.outcomes['ada, the last, leaves']).toEqual({ answered: ['videocall.left', 'videocall.finished'] });
  });

  it('starts one call when two first joiners join at once (the call place’s lock)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['two first joiners at once']).toEqual({ answered: 2, calls: 1, failures: [] });
      expect(callEvents(run, 'videocall.started')).toHaveLength(2);
    }
  });

  it('makes one room when two ask for a space’s room at once (the space’s room lock)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['two ask for a space’s room at once']).toEqual({ answered: 2, rooms: 1, failures: [] });
      expect(run.reads['rooms of the raced space']).toEqual(['the raced room']);
    }
  });

  it('never leaves a joined attendee in a finished call when a join and the last leave run at once (the call’s locks)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['a join and the last leave at once']).toEqual({
        failures: [],
        'joined attendees in finished calls': 0,
        'bob in the running call': true,
        'ada in the running call': false,
      });
      expect(run.outcomes['once bob left too']).toEqual({ 'joined attendees in finished calls': 0, 'a call running': false });
      expect(run.reads['the join and leave race, live and replayed alike']).toBe(true);
      expect(run.reads['the join and leave race, its finished calls']).toBe(true);
    }
  });

  it('reads the same attendees, running call and rooms', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect((onSqlite.reads['who is in the call'] as { userId: string }[]).map((attendee) => attendee.userId)).toEqual(['ada', 'bob']);
    expect(onSqlite.reads['the running call once finished']).toBeNull();
    expect((onSqlite.reads['rooms as each sees them'] as Record<string, unknown[]>)['cy']).toEqual([]);
  });

  it('holds the same rows and log, and replay rebuilds the rows it holds live', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    for (const run of [onSqlite, onPostgres]) expect(run.replayed).toEqual(run.live);
  });
});
