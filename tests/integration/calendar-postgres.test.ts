import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/*
 * The calendar area (plan option B3: tables picked per process, code awaiting drizzle's builders) on both command
 * doors: tests/support/calendarOnDoor.ts runs the same commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own, and this compares what they answered, read and
 * hold, the log, and replay with live on each. The races run two units at once for each kind of lock the commands
 * take (an event's, a member's feed's, an account's): without it PostgreSQL decides twice on the same state.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('calendar'));
}, 180_000);

const eventsOf = (run: AreaRun, type: string) => run.events.filter((event) => event.type === type);

describe('the calendar area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('makes, edits, answers and deletes events, feeds and synced calendars, and refuses outsiders alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada plans an event with bob and a guest']).toEqual({ answered: 'the planning' });
    expect(onSqlite.outcomes['cy, not invited, answers']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['cy, not invited, edits']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob, invited, edits the title']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['bob, invited, deletes the standup']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['ada renames the standup from the fourth on']).toEqual({ answered: 'the continued standup' });
    expect(onSqlite.outcomes['ada deletes it again']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada revokes it again']).toEqual({ answered: 'no feed' });
    expect(onSqlite.outcomes['bob selects ada’s calendar']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob removes ada’s account']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada removes her account']).toEqual({ answered: null });
  });

  it('records one answer when the same answer is sent twice at once (the event’s lock)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['bob accepts twice at once']).toEqual([{ answered: null }, { answered: null }]);
      expect(
        run.events.filter((event) => event.stream === 'calendarEvent:the raced review' && event.type === 'calendarEvent.responded'),
      ).toHaveLength(1);
    }
  });

  it('leaves one feed in force when a feed is reset twice at once (the feed stream’s lock)', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['bob resets his feed twice at once']).toEqual({
        outcomes: [{ answered: 'a new feed' }, { answered: 'a new feed' }],
        'feeds in force': 1,
      });
  });

  it('removes an account once when it is removed twice at once (the account’s lock)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['ada removes an account twice at once']).toEqual([{ answered: null }, { refused: 'NOT_FOUND' }]);
      expect(eventsOf(run, 'calendarAccount.removed')).toHaveLength(2);
    }
  });

  it('reads the same people, calendar entries, readable events, feeds and calendars', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect((onSqlite.reads['the planning’s people'] as { email: string }[]).map((person) => person.email)).toEqual([
      'bob@example.com',
      'cy@example.com',
      'guest@example.org',
    ]);
    expect((onSqlite.reads['ada’s calendars, in order'] as { summary: string }[]).map((calendar) => calendar.summary)).toEqual([
      'Home',
      'Work',
    ]);
    expect(onSqlite.reads['ada’s accounts left']).toEqual([]);
  });

  it('holds the same rows and log, and replay rebuilds the rows it holds live', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    for (const run of [onSqlite, onPostgres]) expect(run.replayed).toEqual(run.live);
  });
});
