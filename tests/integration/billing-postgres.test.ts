import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The billing area (plan option B3: its tables picked per process, its code awaiting drizzle's builders) on both
 * command doors: tests/support/billingOnDoor.ts runs the same commands and reads once on a SQLite file and once on
 * PostgreSQL (a throw-away cluster), each in a process of its own since the tables are picked once per process, and
 * this compares what they answered and what the tables hold, row for row, and replay with live on each.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('billing'));
}, 120_000);

describe('the billing area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses the same commands alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada redeems SPRING for team A']).toEqual({ answered: null });
    expect(onSqlite.outcomes['ada redeems SPRING again']).toEqual({ refused: 'PROMOTION_CODE_USED' });
    expect(onSqlite.outcomes['ada redeems a code nobody made']).toEqual({ refused: 'PROMOTION_CODE_UNKNOWN' });
    expect(onSqlite.outcomes['ada redeems PAST']).toEqual({ refused: 'PROMOTION_CODE_EXPIRED' });
  });

  it('gives a code’s last use to one of two teams redeeming it at once (the code’s stream is locked first)', () => {
    expect(onPostgres.outcomes['two teams redeem LAST at once']).toEqual(['answered', 'refused PROMOTION_CODE_USED']);
    expect(onSqlite.outcomes['two teams redeem LAST at once']).toEqual(['answered', 'refused PROMOTION_CODE_USED']);
    expect(onPostgres.reads['LAST']).toMatchObject({ uses: 1, maxUses: 1 });
  });

  it('reads the same subscriptions, credits, invoices, codes and due teams', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['team A’s subscription']).toMatchObject({ plan: 'basic', state: 'past_due', trialUsed: true });
    // 500 from SPRING, 200 spent, 150 back: the credit row adds each change to what it holds, on both databases.
    expect(onSqlite.reads['team A’s credits']).toEqual([['eur', 450]]);
    expect(onSqlite.reads['the winning team’s credits']).toEqual([['gbp', 300]]);
    expect(onSqlite.reads['team A’s invoice count']).toBe(2);
    expect(onSqlite.reads['team A’s invoices']).toMatchObject([
      { id: 'in_2', state: 'issued' },
      { id: 'in_1', state: 'paid' },
    ]);
    expect(onSqlite.reads['SPRING']).toMatchObject({ uses: 1, maxUses: 2 });
    expect(onSqlite.reads['teams due at 11:00']).toEqual(['77000000-0000-4000-8000-0000000000a1']);
    expect(onSqlite.reads['teams due at 09:30']).toEqual([]);
    expect(onSqlite.reads['team A’s plan at 09:30']).toBe('basic');
    expect(onSqlite.reads['team A’s plan at 11:00']).toBe('free');
  });

  it('holds the same rows in every billing table, and the same log', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onSqlite.live['promotion_grants']).toHaveLength(1);
    expect(onSqlite.live['stripe_webhook_events']).toHaveLength(1);
  });

  it('rebuilds the billing projections from the log equal to the live ones, on each door', () => {
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});
