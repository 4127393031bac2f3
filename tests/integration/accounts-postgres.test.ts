import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The accounts area (plan option B3: its tables picked per process, its code awaiting drizzle's builders, the session
 * check a query prepared once per connection) on both command doors: tests/support/accountsOnDoor.ts runs the same
 * sign-ups, links, sessions and reads once on a SQLite file and once on PostgreSQL (a throw-away cluster), each in a
 * process of its own, and this compares what they answered and what the tables hold, row for row, and replay with live
 * on each. The races are the ones PostgreSQL runs at once: a link presented twice, a refresh token presented twice, one
 * address signed up twice.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('accounts'));
}, 120_000);

describe('the accounts area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada signs up again']).toEqual({ refused: 'EMAIL_UNAVAILABLE_FOR_SIGN_UP' });
    expect(onSqlite.outcomes['the phone refreshes with its first token']).toEqual({ refused: 'INVALID_REFRESH_TOKEN' });
    expect(onSqlite.outcomes['the laptop refreshes']).toMatchObject({ answered: { userId: 'ada' } });
    expect(onSqlite.outcomes['ada resets her password']).toEqual({ answered: true });
    expect(onSqlite.outcomes['ada resets it again with the same link']).toEqual({ answered: false });
  });

  it('spends a link presented twice at once once (one update of the unused row)', () => {
    expect(onPostgres.outcomes['bob follows his link twice at once']).toEqual([{ answered: false }, { answered: true }]);
    const verified = (run: AreaRun) => run.events.filter((event) => event.type === 'user.email_verified' && event.stream === 'user:bob');
    expect(verified(onPostgres)).toHaveLength(1);
  });

  it('rotates a refresh token presented twice at once once, and takes the second for a replay (the owner’s stream is locked first)', () => {
    expect(onPostgres.outcomes['the phone refreshes twice at once']).toEqual([
      { answered: { sessionId: expect.any(String), userId: 'ada', refreshToken: 'new' } },
      { refused: 'INVALID_REFRESH_TOKEN' },
    ]);
    for (const pair of onPostgres.outcomes['six devices each refresh twice at once'] as unknown[][])
      expect(pair).toEqual([{ answered: expect.objectContaining({ userId: 'ada' }) }, { refused: 'INVALID_REFRESH_TOKEN' }]);
  });

  it('registers one account when one address signs up twice at once (the address is locked before it is checked)', () => {
    expect(onPostgres.outcomes['carol signs up twice at once']).toEqual([
      { answered: { userId: 'carol' } },
      { refused: 'EMAIL_UNAVAILABLE_FOR_SIGN_UP' },
    ]);
  });

  it('reads the same accounts, sessions, live credentials, administrators and history', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    const sessionsActive = onSqlite.reads['sessions active'] as [string, boolean][];
    expect(sessionsActive.map(([, active]) => active)).toEqual([false, false, false, true, false]);
    expect(onSqlite.reads['batched checks']).toEqual([false, false, false, true, false, true, false, false]);
    expect(onSqlite.reads['instance administrators']).toEqual(['ada']);
    expect(onSqlite.reads['administrators named']).toEqual(['bob']);
  });

  it('holds the same rows in users, user_credentials, sessions and account_tokens, and the same log', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onSqlite.live['users']).toHaveLength(3);
  });

  it('rebuilds the users projection from the log equal to the live one, on each door', () => {
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
