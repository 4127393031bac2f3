import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/*
 * The files area (plan option B3: tables picked per process, code awaiting drizzle's builders) on both command
 * doors: tests/support/filesOnDoor.ts runs the same commands and reads once on a SQLite file and once on PostgreSQL
 * (a throw-away cluster), each in a process of its own, and this compares what they answered, read and hold, and
 * replay with live on each.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('files'));
}, 120_000);

describe('the files area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada makes a folder']).toEqual({ answered: null });
    expect(onSqlite.outcomes['cy, not in the space, makes a folder']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['cy renames it']).toMatchObject({ refused: expect.any(String) });
    expect(onSqlite.outcomes['bob deletes it again']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('records one of two files that together pass the quota, on each database (the team storage lock)', () => {
    expect(onSqlite.outcomes['two files over the quota at once']).toEqual(['STORAGE_LIMIT_EXCEEDED', 'recorded']);
    expect(onPostgres.outcomes['two files over the quota at once']).toEqual(['STORAGE_LIMIT_EXCEEDED', 'recorded']);
  });

  it('moves one of two folders moved under each other at once and refuses the loop (the folder tree lock)', () => {
    const outcome = onPostgres.outcomes['two folders moved under each other at once'] as string[];
    expect(outcome).toEqual(onSqlite.outcomes['two folders moved under each other at once']);
    expect(outcome).toContain('moved');
    expect(outcome.filter((each) => each === 'moved')).toHaveLength(1);
  });

  it('reads the same usage, ancestors and places', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['usage']).toEqual({ bytes: 60 * 1024 * 1024, files: 1 });
  });

  it('holds the same rows and log, and replay rebuilds the files and folders it holds live', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    for (const run of [onSqlite, onPostgres]) {
      expect(run.replayed['folders']).toEqual(run.live['folders']);
      expect(run.replayed['files']).toEqual(run.live['files']);
    }
  });
});
