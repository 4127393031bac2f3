import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The settings area (plan option B3: its tables picked per process, its code awaiting drizzle's builders) on both
 * command doors: tests/support/settingsOnDoor.ts runs the same commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per process, and
 * this compares what they answered and what the tables hold, row for row, and replay with live on each.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('settings'));
}, 120_000);

describe('the settings area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada turns the theme off by id']).toEqual({
      answered: { id: 'id-1', name: 'theme', type: 'dark', active: false },
    });
    expect(onSqlite.outcomes['ada turns off mails of task updates']).toEqual({
      answered: { id: 'id-2', name: 'notifications.email.TASK_UPDATED', type: 'email', active: false },
    });
    expect(onSqlite.outcomes['ada names a setting nobody has']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada names an unknown notification']).toEqual({ refused: 'NOTIFICATION_SETTING_UNKNOWN' });
    expect(onSqlite.outcomes['ada revokes it again']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob revokes her laptop token']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('creates a setting two units create at once only once (the second reads the first, after its lock)', () => {
    const together = onPostgres.outcomes['bob sets his language twice at once'] as { answered?: { id: string } }[];
    expect(together.map((outcome) => outcome.answered?.id)).toEqual([together[0]!.answered!.id, together[0]!.answered!.id]);
    const languageEvents = (run: AreaRun) => run.events.filter((event) => event.type === 'user.setting_changed').length;
    expect(languageEvents(onPostgres)).toBe(languageEvents(onSqlite));
  });

  it('reads the same own settings, team defaults and API tokens', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect((onSqlite.reads['ada’s settings'] as unknown[]).length).toBe(2);
    expect(onSqlite.reads['the team’s defaults']).toEqual([
      { id: expect.any(String), name: 'notifications.email.MESSAGE_MENTION', type: 'email', active: true },
    ]);
    expect(onSqlite.reads['the CI token is active']).toBe(false);
    expect(onSqlite.reads['the laptop token signs in']).toMatchObject({ status: 'authenticated' });
    expect(onSqlite.reads['the CI token signs in']).toEqual({ status: 'invalid' });
  });

  it('holds the same rows in user_settings, team_settings and api_tokens, and the same log', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onSqlite.live['api_tokens']).toHaveLength(2);
  });

  it('rebuilds the settings projections from the log equal to the live ones, on each door', () => {
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
