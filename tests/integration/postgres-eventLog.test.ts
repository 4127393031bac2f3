import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Sql } from '../../server/src/core/postgres/connect';
import { maximumEventsPerAppend, PostgresEventLog } from '../../server/src/core/postgres/eventLog';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import { describeEventLogConformance } from '../../server/src/core/eventLogPort.conformance';
import type { StoredEvent } from '../../server/src/core/events';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  // Every read here expects to reach the appends just committed: no autovacuum transaction may hold it back.
  cluster = await startPostgresCluster({ autovacuum: false });
});
afterAll(async () => {
  await cluster?.stop();
});

describeEventLogConformance('PostgreSQL', async (clock) => {
  const url = await cluster.createDatabase('event_log_conformance');
  const sql = await connectPostgres({ url, poolSize: 20, statementTimeoutMs: 30_000 });
  await migratePostgres(sql);
  const log = new PostgresEventLog(sql, { clock });
  return {
    log,
    execute: (statement) => sql.unsafe(statement),
    close: () => log.close(),
  };
});

/** A promise and the function that settles it: a transaction held open until the test lets it commit. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('positions on PostgreSQL when appenders commit out of order', () => {
  let sql: Sql;
  let log: PostgresEventLog;
  const context = { teamId: 'team-1', actorId: 'user-1' };
  const noted = (index: number) => [{ type: 'note.appended', payload: { index } }];

  beforeAll(async () => {
    sql = await connectPostgres({ url: await cluster.createDatabase('event_log_positions'), poolSize: 24, statementTimeoutMs: 30_000 });
    await migratePostgres(sql);
    log = new PostgresEventLog(sql);
  });
  afterAll(async () => {
    await log?.close();
  });

  it('does not read past an append still in flight, then reads both once it commits', async () => {
    const before = await log.headPosition();
    const commit = gate();
    const drawn = gate();
    let held: StoredEvent[] = [];
    const holding = sql.begin(async (transaction) => {
      held = await log.appendInTransaction(transaction, 'note:held', noted(1), context);
      drawn.open();
      await commit.opened;
    });
    await drawn.opened;
    const [later] = await log.append('note:later', noted(2), context);
    expect(later!.seq).toBeGreaterThan(held[0]!.seq);
    // The later append is committed and visible: a reader that read by position alone would move past the held one.
    const visible = await sql<{ seq: string }[]>`SELECT seq FROM events WHERE seq > ${before} ORDER BY seq`;
    expect(visible.map((row) => Number(row.seq))).toEqual([later!.seq]);
    expect(await log.readFrom(before, 100)).toEqual([]);
    expect(await log.headPosition()).toBe(before);

    commit.open();
    await holding;
    expect((await log.readFrom(before, 100)).map((event) => event.seq)).toEqual([held[0]!.seq, later!.seq]);
    expect(await log.headPosition()).toBe(later!.seq);
  });

  it('does not read past an append drawn between two appends of one transaction while that append is in flight', async () => {
    // The first transaction's id is older than the second's, but its second draw comes after the second's: its
    // second event must wait for the second transaction too, or a reader would move past the second's position.
    const before = await log.headPosition();
    const [firstDrew, firstDrawsAgain, secondDrew, secondCommits] = [gate(), gate(), gate(), gate()];
    const first: StoredEvent[] = [];
    const firstCommitted = sql.begin(async (transaction) => {
      first.push(...(await log.appendInTransaction(transaction, 'note:twice-a', noted(1), context)));
      firstDrew.open();
      await firstDrawsAgain.opened;
      first.push(...(await log.appendInTransaction(transaction, 'note:twice-b', noted(3), context)));
    });
    await firstDrew.opened;
    let second: StoredEvent[] = [];
    const secondCommitted = sql.begin(async (transaction) => {
      second = await log.appendInTransaction(transaction, 'note:between', noted(2), context);
      secondDrew.open();
      await secondCommits.opened;
    });
    await secondDrew.opened;
    firstDrawsAgain.open();
    await firstCommitted;
    const [firstEvent, thirdEvent] = first;
    expect(second[0]!.seq).toBeGreaterThan(firstEvent!.seq);
    expect(thirdEvent!.seq).toBeGreaterThan(second[0]!.seq);
    expect((await log.readFrom(before, 100)).map((event) => event.seq)).toEqual([firstEvent!.seq]);
    expect(await log.headPosition()).toBe(firstEvent!.seq);

    secondCommits.open();
    await secondCommitted;
    expect((await log.readFrom(before, 100)).map((event) => event.seq)).toEqual([firstEvent!.seq, second[0]!.seq, thirdEvent!.seq]);
    expect(await log.headPosition()).toBe(thirdEvent!.seq);
  });

  it('lets a reader polling after its last position see every committed event exactly once, in order', async () => {
    const start = await log.headPosition();
    const appenders = 12;
    const appendsEach = 8;
    const committed: number[] = [];
    // The last position appended, known once every appender is done: the reader stops when it gets there.
    let target = Number.POSITIVE_INFINITY;
    const read: number[] = [];
    const reader = (async () => {
      let position = start;
      // Polls while the appenders run; a read that stops short of the target (an append in flight) is retried.
      while (position < target) {
        const batch = await log.readFrom(position, 25);
        for (const event of batch) read.push(event.seq);
        if (batch.length > 0) position = batch.at(-1)!.seq;
        else await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      Array.from({ length: appenders }, async (_, appender) => {
        for (let index = 0; index < appendsEach; index += 1) {
          // Every third transaction stays open a while after its draw, every seventh rolls back: commits and
          // positions come in different orders, and positions drawn by rolled-back appends never appear.
          const rollsBack = (appender * appendsEach + index) % 7 === 3;
          const stored = await sql
            .begin(async (transaction) => {
              const appended = await log.appendInTransaction(transaction, `note:poll-${appender}`, noted(index), context);
              if ((appender + index) % 3 === 0) await transaction`SELECT pg_sleep(${0.005 + Math.random() * 0.04})`;
              if (rollsBack) throw new Error('rolled back on purpose');
              return appended;
            })
            .catch((error: Error) => {
              if (error.message !== 'rolled back on purpose') throw error;
              return [];
            });
          committed.push(...stored.map((event) => event.seq));
        }
      }),
    );
    target = Math.max(start, ...committed);
    await reader;
    expect(read).toEqual([...committed].sort((left, right) => left - right));
    expect(new Set(read).size).toBe(read.length);
  }, 120_000);
});

describe('appendInTransaction on PostgreSQL', () => {
  let sql: Sql;
  let log: PostgresEventLog;
  const noted = [{ type: 'note.appended', payload: {} }];
  const withMutation = { teamId: 'team-1', actorId: 'user-1', mutationId: 'mutation-unit', request: { note: 1 } };

  beforeAll(async () => {
    sql = await connectPostgres({ url: await cluster.createDatabase('event_log_in_transaction'), poolSize: 4, statementTimeoutMs: 30_000 });
    await migratePostgres(sql);
    log = new PostgresEventLog(sql);
  });
  afterAll(async () => {
    await log?.close();
  });

  it('refuses a second append with a mutation id in one transaction, also when the first answered from its stored result', async () => {
    const refusal = /already appended with mutation id "mutation-unit"/;
    const first = await sql.begin(async (transaction) => {
      const stored = await log.appendInTransaction(transaction, 'note:unit-a', noted, withMutation);
      await expect(log.appendInTransaction(transaction, 'note:unit-b', noted, withMutation)).rejects.toThrow(refusal);
      // Appends without a mutation id stay allowed in the same unit.
      await log.appendInTransaction(transaction, 'note:unit-c', noted, { teamId: 'team-1', actorId: 'user-1' });
      return stored;
    });
    expect(first.map((event) => event.stream)).toEqual(['note:unit-a']);
    expect(await log.readStream('note:unit-b')).toEqual([]);
    expect(await log.readStream('note:unit-c')).toHaveLength(1);
    await sql.begin(async (transaction) => {
      expect(await log.appendInTransaction(transaction, 'note:unit-a', noted, withMutation)).toEqual(first);
      await expect(log.appendInTransaction(transaction, 'note:unit-b', noted, withMutation)).rejects.toThrow(refusal);
    });
    expect(await log.readStream('note:unit-a')).toHaveLength(1);
    expect(await log.readStream('note:unit-b')).toEqual([]);
  });

  it('draws 1 to 10,000 positions per call, and refuses a larger append before drawing', async () => {
    for (const count of [0, -1, 10_001]) {
      await expect(sql`SELECT * FROM events_draw_positions(${count}::integer)`).rejects.toThrow(
        `events_draw_positions draws 1 to 10000 positions, not ${count}`,
      );
    }
    const [drawn] = await sql<{ positions: string[] }[]>`SELECT positions::text[] FROM events_draw_positions(10000)`;
    expect(drawn!.positions).toHaveLength(10_000);
    const tooMany = Array.from({ length: maximumEventsPerAppend + 1 }, () => noted[0]!);
    await expect(log.append('note:too-many', tooMany, { teamId: 'team-1', actorId: 'user-1' })).rejects.toThrow(
      'An append carries at most 10000 events; this one has 10001.',
    );
    expect(await log.readStream('note:too-many')).toEqual([]);
  });

  it("draws with the log's own sequence and table, whatever temporary objects of the same names the caller made", async () => {
    const [before] = await sql<{ last: string }[]>`SELECT last_value::text AS last FROM events_draw_horizon`;
    const drawnWithShadows = await sql
      .begin(async (transaction) => {
        await transaction`CREATE TEMPORARY SEQUENCE events_draw_horizon START 4000000000`;
        await transaction`CREATE TEMPORARY TABLE events (seq bigint GENERATED ALWAYS AS IDENTITY (START 5000000000))`;
        const [drawn] = await transaction<{ transaction_horizon: string; positions: string[] }[]>`
          SELECT transaction_horizon::text, positions::text[] FROM events_draw_positions(1)`;
        throw Object.assign(new Error('rolled back on purpose'), { drawn });
      })
      .catch((error: Error & { drawn?: { transaction_horizon: string; positions: string[] } }) => error.drawn);
    expect(BigInt(drawnWithShadows!.transaction_horizon)).toBeLessThan(4_000_000_000n);
    expect(BigInt(drawnWithShadows!.transaction_horizon)).toBeGreaterThanOrEqual(BigInt(before!.last));
    expect(BigInt(drawnWithShadows!.positions[0]!)).toBeLessThan(5_000_000_000n);
  });

  it('refuses to append in a transaction that is not READ COMMITTED, appending nothing', async () => {
    for (const isolation of ['REPEATABLE READ', 'SERIALIZABLE']) {
      await expect(
        sql.begin(`ISOLATION LEVEL ${isolation}`, (transaction) =>
          log.appendInTransaction(transaction, 'note:isolated', noted, { teamId: 'team-1', actorId: 'user-1' }),
        ),
      ).rejects.toThrow(`appendInTransaction needs a READ COMMITTED transaction; this one is ${isolation}.`);
    }
    expect(await log.readStream('note:isolated')).toEqual([]);
  });
});
