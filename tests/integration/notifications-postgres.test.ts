import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors } from '../support/areaOnDoors';

/**
 * The notifications area (plan option B3: tables picked per process, code awaiting drizzle's builders) on both command
 * doors: tests/support/notificationsOnDoor.ts runs the same commands, reads and digests once on a SQLite file and once
 * on PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per process, and
 * this compares what they answered, the mails sent and the area's tables, row for row, and replay with live on each.
 */

interface RunOnDoor {
  dialect: string;
  reads: Record<string, unknown>;
  outcomes: Record<string, unknown>;
  digests: Record<string, unknown> & { mails: { to: string; subject: string; text: string }[] };
  live: Record<string, unknown[]>;
  replayed: Record<string, unknown[]>;
  events: { stream: string; version: number; type: string; payload: unknown }[];
}

let onSqlite: RunOnDoor;
let onPostgres: RunOnDoor;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<RunOnDoor>('notifications'));
}, 120_000);

type Page = { answered?: { notifications: { id: string; read: boolean; marked: boolean }[]; unread: number; hasMore: boolean } };

describe('the notifications area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('lists, counts, pages and filters the same notifications, and refuses the same requests', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    const list = (onSqlite.reads['ada’s list'] as Page).answered!;
    // Her own in her current team, newest first, without the type she hid (NEW_FILE) nor the other team's.
    expect(list.notifications.map((notice) => notice.id)).toEqual(['id-8', 'id-2', 'id-1']);
    expect(list.unread).toBe(3);
    expect((onSqlite.reads['ada’s first page of one'] as Page).answered!.hasMore).toBe(true);
    expect((onSqlite.reads['ada’s page after her newest'] as Page).answered!.notifications.map((notice) => notice.id)).toEqual(['id-2']);
    expect(onSqlite.reads['ada’s list of a space she may not see']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.reads['a filter that is none']).toEqual({ refused: 'NOTIFICATION_FILTER_INVALID' });
    expect(onSqlite.reads['a page too large']).toEqual({ refused: 'NOTIFICATION_PAGE_SIZE' });
    expect(onSqlite.reads['after a notification that is not hers']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('answers and refuses the same read and pin commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada reads one']).toEqual({ answered: 1 });
    expect(onSqlite.outcomes['ada reads it again']).toEqual({ answered: 0 });
    expect(onSqlite.outcomes['bob pins ada’s']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada pins one of another team']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada reads one of bob’s']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada reads too many']).toEqual({ refused: 'NOTIFICATION_IDS_TOO_MANY' });
  });

  it('tells each id read once when two units mark all read at once, and pins once (the second reads after the lock)', () => {
    expect(onPostgres.outcomes['ada reads all twice at once']).toEqual([0, 2]);
    expect(onPostgres.outcomes['ada pins one twice at once']).toEqual([true, true]);
    const count = (run: RunOnDoor, type: string) => run.events.filter((event) => event.type === type).length;
    for (const run of [onSqlite, onPostgres]) {
      // One read event by the single read, one by the two at once; one pin alone, one by the two at once.
      expect(count(run, 'notification.read')).toBe(2);
      expect(count(run, 'notification.marked')).toBe(2);
    }
  });

  it('sends the same digests, one mail for two runs at once', () => {
    expect(onPostgres.digests).toEqual(onSqlite.digests);
    expect(onPostgres.digests['cy’s digest twice at once']).toEqual([false, true]);
    expect(onSqlite.digests.mails.map((mail) => mail.to)).toEqual(['cy@example.com', 'ada@example.com']);
    expect(onSqlite.digests['an hour later']).toBe(0);
  });

  it('holds the same rows in the area’s tables and the same log, and replay equals live on each', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onPostgres.replayed['notifications']).toEqual(onPostgres.live['notifications']);
    expect(onSqlite.replayed['notifications']).toEqual(onSqlite.live['notifications']);
  });
});
