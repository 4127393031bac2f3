import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/*
 * The docs area and the doc rooms' units (plan option B3: tables picked per process, code awaiting drizzle's builders)
 * on both command doors: tests/support/docsOnDoor.ts runs the same commands, content writes and reads once on a SQLite
 * file and once on PostgreSQL (a throw-away cluster), each in a process of its own, and this compares what they
 * answered, read and hold, the log, and replay with live on each. The races run two units at once for each lock the
 * area takes: without it PostgreSQL decides twice on the same state.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('docs'));
}, 180_000);

describe('the docs area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada makes a doc in the doc folder']).toEqual({ answered: null });
    expect(onSqlite.outcomes['bob makes a doc in a file folder']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['cy, not in the space, makes a doc']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob shares it']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['ada deletes it again']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('stores a room’s batch, compacts it and records its activity alike', () => {
    expect(onSqlite.outcomes['the room stores a batch']).toEqual({ answered: [1, null, 2] });
    expect(onSqlite.reads['the content after its compaction']).toMatchObject({ rows: 1, lastId: 3 });
    expect((onSqlite.reads['the doc after the record'] as { updatedAt: string }).updatedAt).toBe(
      Object.values(onSqlite.reads['last saved'] as Record<string, string>)[0],
    );
    expect(onSqlite.reads['the doc’s content once deleted']).toEqual({ rows: 0, snapshot: 0, text: 0 });
  });

  it('makes one doc when two take the plan’s last place at once (the team’s docs lock)', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['two docs at the plan’s last place at once']).toEqual(['PLAN_LIMIT_DOCS', 'made']);
  });

  it('mints one link secret when sharing is turned on twice at once (the doc’s lock)', () => {
    for (const run of [onSqlite, onPostgres]) expect(run.reads['shares of the doc shared twice']).toBe(1);
  });

  it('leaves no rows of a doc deleted while a room’s batch of it was stored (the doc’s lock in the batch)', () => {
    for (const run of [onSqlite, onPostgres]) expect(run.reads['rows of the doc deleted while typed in']).toBe(0);
  });

  it('reads the same docs, places, content and last saved times', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
  });

  it('finds the doc by a word of the text its room stored, on either database’s text index', () => {
    expect(onSqlite.reads['the doc found by a word of its stored text']).toHaveLength(1);
    expect(onPostgres.reads['the doc found by a word of its stored text']).toEqual(
      onSqlite.reads['the doc found by a word of its stored text'],
    );
  });

  it('holds the same rows and log, and replay rebuilds the rows it holds live', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    for (const run of [onSqlite, onPostgres]) expect(run.replayed).toEqual(run.live);
  });
});
