import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The tasks area (plan option B3: tables picked per process, code awaiting drizzle's builders or running its prepared
 * queries with .execute) on both command doors: tests/support/tasksOnDoor.ts runs the same commands and reads once on a
 * SQLite file and once on PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked
 * once per process, and this compares what they answered, what they read and what the area's tables hold, row for row,
 * and replay with live on each. The races are the locks' tests: without them PostgreSQL lets both commands decide
 * from the same state (two tasks of one number, two tags of one name, two boards of one prefix, an edit twice).
 */

type Run = AreaRun & {
  races: Record<string, string[]>;
  patched: unknown;
  readWhole: unknown;
  counts: { hits: number; patches: number; misses: number };
};
type TaskRow = { id: string; number: number; idCode: string; projectId: string; description: unknown; name: string };

let onSqlite: Run;
let onPostgres: Run;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<Run>('tasks'));
}, 180_000);

describe('the tasks area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['cy creates one']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['a parent below itself']).toEqual({ refused: 'PARENT_CYCLE' });
    expect(onSqlite.outcomes['bob, assigned, unfollows the first']).toEqual({ refused: 'UNFOLLOW_ASSIGNEE' });
    expect(onSqlite.outcomes['bob names a tag as the sprint']).toEqual({ refused: 'TAG_NAME_TAKEN' });
    expect(onSqlite.outcomes['bob deletes ann’s task']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['the first task moves to the backlog with its subtasks']).toEqual({ answered: 'first' });
  });

  it('gives two tasks created at once two numbers (the board is locked before its last number is read)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.races['two tasks created at once']).toEqual(['{"answered":"racerOne"}', '{"answered":"racerTwo"}']);
      const racers = (run.live['tasks'] as TaskRow[]).filter((task) => task.id === 'racerFirst' || task.id === 'racerSecond');
      expect(new Set(racers.map((task) => task.number)).size).toBe(2);
      const numbers = (run.live['tasks'] as TaskRow[]).filter((task) => task.projectId === 'launch').map((task) => task.idCode);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });

  it('refuses the second of two tags of one name made at once (the board is locked before its tags are read)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.races['two tags of one name at once']).toEqual([
        expect.stringMatching(/^\{"answered":"id-\d+"\}$/),
        '{"refused":"TAG_NAME_TAKEN"}',
      ]);
    }
  });

  it('records one of two identical edits made at once (the task is locked before it is read)', () => {
    for (const run of [onSqlite, onPostgres]) {
      const edits = run.events.filter((event) => event.stream === 'task:second' && event.type === 'task.updated');
      // The race's edit, and the later rename.
      expect(edits).toHaveLength(2);
    }
  });

  it('gives two boards of one name opened at once two prefixes (the team’s prefixes are locked while one is chosen)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.races['two boards of one name opened at once']).toEqual(['{"answered":null}', '{"answered":null}']);
      expect(run.reads['prefixes of the two boards of one name']).toEqual(['SHI', 'SHIP']);
    }
  });

  it('reads the same boards, tasks, sections, tags, deadlines and families', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['the launch board, kept']).toHaveLength(3);
    expect(onSqlite.reads['above the grandchild']).toEqual(['subtask', 'first']);
    expect(onSqlite.reads['below the first']).toEqual(['subtask', 'grandchild']);
    const first = onSqlite.reads['the first task'] as TaskRow;
    expect(first).toMatchObject({ projectId: 'backlog', name: 'Write the final plan' });
    expect((first.description as { type: string }).type).toBe('doc');
    // Four entries: created, edited, unfollowed, moved; the edit that only placed it again is no news.
    const activity = onSqlite.reads['the first task’s activity'] as { type: string }[];
    expect(activity.map((entry) => entry.type)).toEqual(['task.moved', 'task.unfollowed', 'task.updated', 'task.created']);
  });

  it('answers from the kept board after a write exactly as a board read afresh', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.patched).toEqual(run.readWhole);
      expect(run.counts).toEqual({ hits: 0, patches: 1, misses: 1 });
    }
    expect(onPostgres.patched).toEqual(onSqlite.patched);
  });

  it('holds the same rows in the area’s tables and the same log, and replay equals live on each', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
