import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors } from '../support/areaOnDoors';

/**
 * The support and Home areas (plan option B3: tables picked per process, code awaiting drizzle's builders) on both
 * command doors: tests/support/supportOnDoor.ts runs the same commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per process, and
 * this compares what they answered and what support's tables hold, row for row, and replay with live on each.
 */

interface RunOnDoor {
  dialect: string;
  outcomes: Record<string, unknown>;
  support: Record<string, unknown>;
  visits: Record<string, unknown>;
  summaries: Record<string, { since: string | null; lines: { kind: string; count: number; item: string | null }[] }>;
  live: Record<string, unknown[]>;
  replayed: Record<string, unknown[]>;
  events: { stream: string; version: number; type: string; createdAt: string }[];
}

let onSqlite: RunOnDoor;
let onPostgres: RunOnDoor;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<RunOnDoor>('support'));
}, 120_000);

describe('the support and Home areas on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same support commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['bob reads a conversation he never started']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['the same feedback id again']).toEqual({ refused: 'CONFLICT' });
  });

  it('moves a read position once when two units read a conversation at once (the second reads after the lock)', () => {
    const together = onPostgres.outcomes['support reads twice at once'] as { answered?: { supportReadSeq: string } }[];
    expect(together.map((outcome) => outcome.answered?.supportReadSeq)).toEqual(['p4', 'p4']);
    const reads = (run: RunOnDoor) => run.events.filter((event) => event.type === 'support.threadRead').length;
    // Ada wrote the last message, so her own read writes nothing: the support team's is the one read event.
    expect(reads(onSqlite)).toBe(1);
    expect(reads(onPostgres)).toBe(1);
  });

  it('reads the same conversations, unread counts and feedback', () => {
    expect(onPostgres.support).toEqual(onSqlite.support);
    expect(onSqlite.support['unread for ada']).toBe(0);
    expect(onSqlite.support['unread for support']).toBe(0);
    const list = onSqlite.support['feedback list'] as { hasScreenshot: boolean }[];
    expect(list.map((row) => row.hasScreenshot)).toEqual([false, true]);
  });

  it('records a visit at most every 5 minutes, one of two at once, and sums up the same news', () => {
    expect(onPostgres.visits).toEqual(onSqlite.visits);
    expect(onSqlite.visits['first visit']).toEqual({ answered: true });
    expect(onSqlite.visits['a minute later']).toEqual({ answered: false });
    expect(onSqlite.visits['six minutes later']).toEqual({ answered: true });
    expect(onPostgres.visits['twice at once']).toEqual([false, true]);
    expect(onPostgres.summaries).toEqual(onSqlite.summaries);
    expect(onSqlite.summaries['right after']!.lines).toEqual([]);
    expect(onSqlite.summaries['bob, who never visited']).toEqual({ since: null, lines: [] });
    expect(onSqlite.summaries['five hours later']!.lines.map((line) => [line.kind, line.count])).toEqual([
      ['messages', 2],
      ['docEdited', 1],
      ['fileAdded', 1],
    ]);
  });

  it('holds the same rows in support’s tables and the same log, and replay equals live on each', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
