import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The AI area (plan option B3: its tables picked per process, its code awaiting drizzle's builders) on both command
 * doors: tests/support/aiOnDoor.ts runs the same unit functions, commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per process, and
 * this compares what they answered and what the tables hold, row for row, and replay with live on each.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('ai'));
}, 120_000);

describe('the AI area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['bob starts one more in the same minute']).toEqual({ refused: 'AI_TEAM_LIMIT_REACHED' });
    expect(onSqlite.outcomes['a minute later ada starts one past the tokens of the day']).toEqual({ refused: 'AI_TEAM_LIMIT_REACHED' });
    expect(onSqlite.outcomes['its end is recorded again']).toEqual({ answered: false });
    expect(onSqlite.outcomes['bob renames ada’s conversation']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob deletes ada’s question']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada deletes it again']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('starts one of two requests taking the minute’s last at once, and records an answer’s end once (the locks before deciding)', () => {
    expect(onPostgres.outcomes['ada starts the last request of the minute twice at once']).toEqual([
      'answered null',
      'refused AI_TEAM_LIMIT_REACHED',
    ]);
    expect(onPostgres.outcomes['the second answer is recorded stopped twice at once']).toEqual(['answered false', 'answered true']);
    const started = (run: AreaRun) => run.events.filter((event) => event.type === 'ai.request.started').length;
    expect(started(onPostgres)).toBe(3);
    expect(started(onSqlite)).toBe(3);
  });

  it('reads the same limits, usage, conversations and messages', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['the team’s usage now']).toEqual({ requestsLastMinute: 0, tokensToday: 1200 });
    expect((onSqlite.reads['ada’s conversations'] as { name: string }[]).map((conversation) => conversation.name)).toEqual(['Walruses']);
    expect((onSqlite.reads['ada’s messages'] as unknown[]).length).toBe(5);
  });

  it('holds the same rows in ai_usage, ai_limits, ai_conversations and ai_messages, and the same log', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onSqlite.live['ai_messages']).toHaveLength(7);
  });

  it('rebuilds the AI projections from the log equal to the live ones, on each door', () => {
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
