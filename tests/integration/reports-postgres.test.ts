import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors } from '../support/areaOnDoors';

/**
 * The reports area (plan option B3: its table picked per process, its code awaiting drizzle's builders) on both
 * command doors, as far as it runs on PostgreSQL today: tests/support/reportsOnDoor.ts runs the standup schedules'
 * projection, the standup job's due-schedule query and the task-activity read of the log once on a SQLite file and
 * once on PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per
 * process, and this compares what they read and what the table holds, and replay with live on each.
 */

interface RunOnDoor {
  dialect: string;
  reads: Record<string, unknown>;
  live: unknown[];
  replayed: unknown[];
}

const paris = '77000000-0000-4000-8000-000000000001';
const newYork = '77000000-0000-4000-8000-000000000002';

let onSqlite: RunOnDoor;
let onPostgres: RunOnDoor;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<RunOnDoor>('reports'));
}, 120_000);

describe('the reports area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('holds the same standup schedules (set, set again, posted, a deleted space gone), booleans and weekdays intact', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onSqlite.live.map((row) => (row as { projectId: string }).projectId)).toEqual([
      paris,
      newYork,
      '77000000-0000-4000-8000-000000000003',
    ]);
    expect(onPostgres.live[0]).toMatchObject({ enabled: true, time: '09:15', weekdays: [1, 2, 3, 4, 5], lastDate: null });
    expect(onPostgres.live[1]).toMatchObject({ lastDate: '2026-03-02', lastUntil: '2026-03-02T13:30:00.000Z' });
    expect(onPostgres.live[2]).toMatchObject({ enabled: false });
  });

  it('finds the same schedules due: by zone, time, weekday, enabled, and not twice a day', () => {
    const { 'the team’s task activity': _activityOnPostgres, ...dueOnPostgres } = onPostgres.reads;
    const { 'the team’s task activity': _activityOnSqlite, ...dueOnSqlite } = onSqlite.reads;
    expect(dueOnPostgres).toEqual(dueOnSqlite);
    const due = (instant: string) => (onPostgres.reads[instant] as { projectId: string }[]).map((schedule) => schedule.projectId);
    expect(due('due on Monday 07:10 UTC')).toEqual([]);
    expect(due('due on Monday 08:20 UTC')).toEqual([paris]);
    expect(due('due on Monday 13:31 UTC')).toEqual([paris]);
    expect(due('due on Wednesday 14:00 UTC')).toEqual([paris, newYork]);
    expect(due('due on Tuesday 14:00 UTC')).toEqual([paris]);
  });

  it('reads a team’s task activity from the log on SQLite', () => {
    expect((onSqlite.reads['the team’s task activity'] as { kind: string }[]).map((entry) => entry.kind)).toEqual([
      'created',
      'finished',
      'edited',
      'commented',
    ]);
  });

  // Through core/tables.ts's `events`, picked per dialect: jsonb payloads, and created_at back as the ISO text.
  it('reads the same task activity from the log on PostgreSQL', () => {
    expect(onPostgres.reads['the team’s task activity']).toEqual(onSqlite.reads['the team’s task activity']);
  });

  it('rebuilds the schedules from the log equal to the live ones, on each door', () => {
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
