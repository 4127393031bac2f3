import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql as sqlFragment, type SQL } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../server/src/core/clock';
import type { Reaction } from '../../server/src/core/commands';
import type { Projection, StoredEvent } from '../../server/src/core/events';
import { connectPostgres, inTransaction, nestedTransactionRefused, type Sql } from '../../server/src/core/postgres/connect';
import { describeCommandDoorConformance, type DoorSetup } from '../../server/src/core/postgres/eventStore.conformance';
import {
  PostgresEventStore,
  type PostgresProjection,
  type PostgresReaction,
  type PostgresUnitTransaction,
} from '../../server/src/core/postgres/eventStore';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { CommitOrigin } from '../../server/src/core/postgres/logFollower';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import { SqliteEventStore } from '../../server/src/core/sqlite/eventStore';
import { openDatabase, type Transaction } from '../../server/src/db/connection';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  // Listeners and readers by position wait for them: no autovacuum transaction may hold the log's readers back.
  cluster = await startPostgresCluster({ autovacuum: false });
});
afterAll(async () => {
  await cluster?.stop();
});

describeCommandDoorConformance('SQLite', { peers: false }, async ({ projections, reactions, clock }: DoorSetup) => {
  const directory = mkdtempSync(join(tmpdir(), 'door-conformance-'));
  const database = openDatabase(join(directory, 'door.sqlite'), { synchronous: 'FULL' });
  // The door awaits projections and reactions; their statements settle without I/O (the macrotask guard checks it).
  const store = new SqliteEventStore(
    database,
    projections.map((projection): Projection => ({ name: projection.name, tables: [], apply: projection.apply })),
    { clock, reactions: reactions.map((reaction): Reaction => ({ ...reaction, react: reaction.react })) },
  );
  return {
    door: store,
    async query(transaction: unknown, statement: SQL) {
      return ((transaction ?? database.db) as Transaction).all<Record<string, unknown>>(statement);
    },
    async execute(transaction: unknown, statement: SQL) {
      ((transaction ?? database.db) as Transaction).run(statement);
    },
    concurrentUnits: false,
    failedStatementFailsUnit: false,
    holdOlderTransaction: null,
    untilUnitWaitsForLock: null,
    openPeer: null,
    async close() {
      await store.settle();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

/** Opens a migrated database of the cluster and a door on it. */
async function openPostgresDoor(
  url: string,
  setup: {
    clock: Clock;
    projections?: readonly PostgresProjection[];
    reactions?: readonly PostgresReaction[];
    statementTimeoutMs?: number;
    poolSize?: number;
    applicationName?: string;
  },
): Promise<PostgresEventStore> {
  const sql = await connectPostgres(
    { url, poolSize: setup.poolSize ?? 8, statementTimeoutMs: setup.statementTimeoutMs ?? 30_000 },
    setup.applicationName,
  );
  await migratePostgres(sql);
  return PostgresEventStore.open(sql, setup.projections ?? [], { clock: setup.clock, reactions: setup.reactions ?? [] });
}

describeCommandDoorConformance('PostgreSQL', { peers: true }, async ({ projections, reactions, clock }: DoorSetup) => {
  const url = await cluster.createDatabase('door_conformance');
  const store = await openPostgresDoor(url, {
    clock,
    projections: projections.map((projection) => ({
      name: projection.name,
      tables: [],
      apply: (transaction, event) => projection.apply(transaction, event),
    })),
    reactions: reactions.map((reaction) => ({ ...reaction, react: (unit, event) => reaction.react(unit, event) })),
  });
  return {
    door: store,
    async query(transaction: unknown, statement: SQL) {
      return [...(await ((transaction ?? store.database) as PostgresUnitTransaction).execute<Record<string, unknown>>(statement))];
    },
    async execute(transaction: unknown, statement: SQL) {
      await ((transaction ?? store.database) as PostgresUnitTransaction).execute(statement);
    },
    concurrentUnits: true,
    failedStatementFailsUnit: true,
    holdOlderTransaction: () => holdOlderTransaction(url),
    untilUnitWaitsForLock: (stop) => untilSomeoneWaitsForALock(store.database, stop),
    openPeer: async () => {
      const peer = await openPostgresDoor(url, { clock, projections: [], reactions: [] });
      return peer;
    },
    close: () => store.close(),
  };
});

/**
 * Opens a transaction on its own connection that takes a transaction id and stays open (as autovacuum's, or a long
 * unit of another process, would) until the function answered is called.
 */
async function holdOlderTransaction(url: string): Promise<() => Promise<void>> {
  const holder = await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 30_000 });
  const reserved = await holder.reserve();
  await reserved`BEGIN`;
  await reserved`SELECT pg_current_xact_id()`;
  return async () => {
    await reserved`COMMIT`;
    reserved.release();
    await holder.end();
  };
}

/** Resolves once a session of the database waits for an advisory lock another holds, or when `stop` is aborted. */
async function untilSomeoneWaitsForALock(database: PostgresJsDatabase, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    const [waiting] = await database.execute<{ count: number }>(
      sqlFragment`SELECT count(*)::integer AS count FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (waiting!.count > 0) return;
    // Looked at again until it holds: the other unit's lock request is on its way.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `check` holds, looked at whenever `subscribe` wakes it: listeners are told after COMMIT, on their own schedule. */
function until(check: () => boolean, subscribe: (wake: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const stop = subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
}

const notes = pgTable('door_cards', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  details: jsonb('details').$type<{ tags: string[]; size: number }>().notNull(),
});

describe('the PostgreSQL command door', () => {
  const clock = systemClock;
  const context = { teamId: 'team-1', actorId: 'user-1' };
  const created = (title: string) => [{ type: 'card.created', payload: { title, tags: ['a', 'b'], size: 3 } }];
  let url: string;
  let store: PostgresEventStore;
  let admin: Sql;
  const cards: PostgresProjection = {
    name: 'cards',
    tables: [notes],
    async apply(transaction, event) {
      if (event.type !== 'card.created') return;
      const { title, tags, size } = event.payload as { title: string; tags: string[]; size: number };
      await transaction.insert(notes).values({ id: event.id, title, details: { tags, size } });
    },
  };
  const looping: PostgresReaction = {
    name: 'cards: a loop',
    on: ['card.looped'],
    async react(unit, event) {
      await unit.append(event.stream, [{ type: 'card.looped', payload: {} }], { teamId: event.teamId });
    },
  };

  beforeAll(async () => {
    url = await cluster.createDatabase('door_postgres');
    store = await openPostgresDoor(url, { clock, projections: [cards], reactions: [looping] });
    admin = await connectPostgres({ url, poolSize: 2, statementTimeoutMs: 30_000 });
    await admin`CREATE TABLE door_cards (id text PRIMARY KEY, title text NOT NULL, details jsonb NOT NULL)`;
  });
  afterAll(async () => {
    await store?.close();
    await admin?.end();
  });

  it("binds drizzle to the unit's transaction: json columns stored as jsonb, rows seen inside, none after a rollback", async () => {
    const [inside] = await store.run(context, async (unit) => {
      const [event] = await unit.append('card:drizzle', created('first'), { teamId: 'team-1' });
      return unit.transaction.select().from(notes).where(eq(notes.id, event!.id));
    });
    expect(inside).toEqual({ id: expect.any(String) as string, title: 'first', details: { tags: ['a', 'b'], size: 3 } });
    const [stored] = await admin<{ kind: string; size: number }[]>`
      SELECT jsonb_typeof(details) AS kind, (details ->> 'size')::integer AS size FROM door_cards WHERE id = ${inside!.id}`;
    expect(stored).toEqual({ kind: 'object', size: 3 });
    await expect(
      store.run(context, async (unit) => {
        await unit.append('card:drizzle-rolled-back', created('gone'), { teamId: 'team-1' });
        await unit.transaction.execute(sqlFragment`SELECT 1 / 0`);
      }),
    ).rejects.toMatchObject({ message: 'Failed query: SELECT 1 / 0\nparams: ', cause: { message: 'division by zero' } });
    expect(await store.read({ stream: 'card:drizzle-rolled-back' })).toEqual([]);
    expect(await store.database.select().from(notes).where(eq(notes.title, 'gone'))).toEqual([]);
  });

  it('runs a unit again after a serialization failure, and gives up after a few', async () => {
    let runs = 0;
    const stored = await store.run(context, async (unit) => {
      runs += 1;
      const appended = await unit.append('card:serialization', created(`run ${runs}`), { teamId: 'team-1' });
      // As PostgreSQL fails a statement that a concurrent transaction made impossible, here through drizzle.
      if (runs === 1)
        await unit.transaction.execute(
          sqlFragment.raw(`DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$`),
        );
      return appended;
    });
    expect(runs).toBe(2);
    expect(await store.read({ stream: 'card:serialization' })).toEqual(stored);
    expect((stored[0]!.payload as { title: string }).title).toBe('run 2');

    let attempts = 0;
    await expect(
      store.run(context, () => {
        attempts += 1;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
    ).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(5);
  });

  it('refuses a loop of reactions and writes nothing of it', async () => {
    await expect(store.append('card:loop', [{ type: 'card.looped', payload: {} }], context)).rejects.toThrow(
      'Reactions to card.looped nest deeper than 8: a loop?',
    );
    expect(await store.read({ stream: 'card:loop' })).toEqual([]);
  });

  it('tells listeners a commit only once every append drawn before it has ended, and says whose commits they are', async () => {
    const peer = await openPostgresDoor(url, { clock });
    const heard: { seq: number; origin: CommitOrigin }[] = [];
    const wakers = new Set<() => void>();
    const stopHearing = store.onCommitted((events, origin) => {
      for (const event of events) if (event.stream.startsWith('card:order')) heard.push({ seq: event.seq, origin });
      for (const wake of wakers) wake();
    });
    const subscribe = (wake: () => void) => {
      wakers.add(wake);
      return () => wakers.delete(wake);
    };
    try {
      const [drawn, commit] = [gate(), gate()];
      let held: StoredEvent[] = [];
      const holding = store.run(context, async (unit) => {
        held = await unit.append('card:order-held', created('held'), { teamId: 'team-1' });
        drawn.open();
        await commit.opened;
      });
      await drawn.opened;
      const [later] = await store.append('card:order-later', created('later'), context);
      expect(later!.seq).toBeGreaterThan(held[0]!.seq);
      // Committed, but behind an append still in flight: not told yet. The peer's commit comes after it too.
      const [fromPeer] = await peer.append('card:order-peer', created('from the peer'), context);
      expect(heard).toEqual([]);
      commit.open();
      await holding;
      await until(() => heard.length === 3, subscribe);
      expect(heard).toEqual([
        { seq: held[0]!.seq, origin: 'this process' },
        { seq: later!.seq, origin: 'this process' },
        { seq: fromPeer!.seq, origin: 'another process' },
      ]);
    } finally {
      stopHearing();
      await peer.close();
    }
  });

  it('ends a unit left idle in its transaction longer than the statement timeout, committing nothing, and goes on', async () => {
    // One connection: the next unit gets the same connection object, reconnected.
    const impatient = await openPostgresDoor(url, { clock, statementTimeoutMs: 300, poolSize: 1 });
    try {
      let lateStatement: unknown;
      // The work starts after BEGIN, once `outcome` is set: it may wait for its own unit's end.
      const outcome: Promise<void> = impatient.run(context, async (unit) => {
        await unit.append('card:idle', created('idle'), { teamId: 'team-1' });
        // Awaits something other than the database (what a unit must not do) until the server ended the session.
        await outcome.catch(() => undefined);
        try {
          await unit.append('card:idle', created('too late'), { teamId: 'team-1' });
        } catch (error) {
          lateStatement = error;
        }
      });
      await expect(outcome).rejects.toThrow();
      await until(
        () => lateStatement !== undefined,
        (wake) => {
          const timer = setInterval(wake, 5);
          return () => clearInterval(timer);
        },
      );
      expect(lateStatement).toMatchObject({
        message: 'This transaction is over (its connection was lost, or it ended): it takes no more statements.',
      });
      expect(await store.read({ stream: 'card:idle' })).toEqual([]);
      // The lost transaction sends nothing more (no ROLLBACK or COMMIT on the reconnected connection): the next unit
      // commits whole.
      const [next] = await impatient.append('card:idle-next', created('next'), context);
      expect(await store.read({ stream: 'card:idle-next' })).toEqual([next]);
      expect(await store.read({ stream: 'card:idle' })).toEqual([]);
    } finally {
      await impatient.close();
    }
  });

  it('refuses nested transactions inside a unit with a clear error, and the unit and the next one go on', async () => {
    const uncaught: unknown[] = [];
    const countUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', countUncaught);
    const single = await openPostgresDoor(url, { clock, poolSize: 1 });
    try {
      const refusals = await single.run(context, async (unit) => {
        await unit.append('card:nested', created('outer'), { teamId: 'team-1' });
        const refused: string[] = [];
        try {
          await unit.transaction.transaction(async (nested) => {
            await nested.execute(sqlFragment`SELECT 1`);
          });
        } catch (error) {
          refused.push((error as Error).message);
        }
        return refused;
      });
      expect(refusals).toEqual([nestedTransactionRefused]);
      expect(await store.read({ stream: 'card:nested' })).toHaveLength(1);
      // The driver's own savepoint and reserve on a transaction of inTransaction.
      const direct = await inTransaction(admin, 'isolation level read committed', async (transaction) => {
        const messages: string[] = [];
        for (const nested of [() => transaction.savepoint(async () => undefined), () => (transaction as unknown as Sql).reserve()]) {
          try {
            await nested();
          } catch (error) {
            messages.push((error as Error).message);
          }
        }
        return messages;
      });
      expect(direct).toEqual([nestedTransactionRefused, nestedTransactionRefused]);
      const [next] = await single.append('card:nested-next', created('next'), context);
      expect(await store.read({ stream: 'card:nested-next' })).toEqual([next]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', countUncaught);
      await single.close();
    }
  });

  it('reads its own commits while an older transaction runs, and holds back only the readers that resume by position', async () => {
    const release = await holdOlderTransaction(url);
    let appended: StoredEvent[];
    try {
      appended = await store.append('card:settled', created('behind an older transaction'), context);
      expect(await store.read({ stream: 'card:settled' })).toEqual(appended);
      expect(await store.readSettled({ stream: 'card:settled' })).toEqual([]);
      expect(await store.readSettled({ afterSeq: appended[0]!.seq - 1 })).toEqual([]);
    } finally {
      await release();
    }
    expect(await store.readSettled({ stream: 'card:settled' })).toEqual(appended);
  });

  it("hears the log's own appends of this process as this process's", async () => {
    const heard: CommitOrigin[] = [];
    const wakers = new Set<() => void>();
    const stopHearing = store.onCommitted((events, origin) => {
      if (events.some((event) => event.stream === 'card:log-append')) heard.push(origin);
      for (const wake of wakers) wake();
    });
    try {
      await store.log.append('card:log-append', created('through the log'), context);
      await until(
        () => heard.length === 1,
        (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
      );
      expect(heard).toEqual(['this process']);
    } finally {
      stopHearing();
    }
  });

  it('hears a commit made while its listening connection was down, held back behind an older transaction', async () => {
    const listening = await openPostgresDoor(url, { clock, applicationName: 'door-relisten' });
    const peer = await openPostgresDoor(url, { clock });
    const heard: { stream: string; origin: CommitOrigin }[] = [];
    const wakers = new Set<() => void>();
    listening.onCommitted((events, origin) => {
      for (const event of events) if (event.stream === 'card:relisten') heard.push({ stream: event.stream, origin });
      for (const wake of wakers) wake();
    });
    // The peer's connection is open before the listener is cut off, so its commit goes out at once.
    await peer.append('card:relisten-warm', created('warm'), context);
    const release = await holdOlderTransaction(url);
    try {
      const listeners = () => admin<{ pid: number }[]>`
        SELECT pid FROM pg_stat_activity WHERE application_name = 'door-relisten' AND query ILIKE 'listen%'`;
      const [listener] = await listeners();
      expect(listener).toBeDefined();
      await admin`SELECT pg_terminate_backend(${listener!.pid})`;
      // Committed while the driver reconnects and listens again: its notification is likely lost, and the
      // commit stays unreadable by position while the older transaction runs.
      await peer.append('card:relisten', created('in the gap'), context);
      // The driver listens again on a new connection.
      for (;;) {
        const again = await listeners();
        if (again.length === 1 && again[0]!.pid !== listener!.pid) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      // The older transaction ends: no notification says so.
      await release();
    }
    try {
      await until(
        () => heard.length === 1,
        (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
      );
      expect(heard).toEqual([{ stream: 'card:relisten', origin: 'another process' }]);
    } finally {
      await peer.close();
      await listening.close();
    }
  });

  it('waits for running units when it closes, then refuses new ones', async () => {
    const closing = await openPostgresDoor(url, { clock, projections: [cards] });
    const [started, finish] = [gate(), gate()];
    const running = closing.run(context, async (unit) => {
      await unit.append('card:closing', created('while closing'), { teamId: 'team-1' });
      started.open();
      await finish.opened;
      return 'done';
    });
    await started.opened;
    const closed = closing.close();
    await expect(closing.append('card:closing', created('too late'), context)).rejects.toThrow('The PostgreSQL event store is closed.');
    finish.open();
    expect(await running).toBe('done');
    await closed;
    expect((await store.read({ stream: 'card:closing' })).map((event) => (event.payload as { title: string }).title)).toEqual([
      'while closing',
    ]);
  });
});

describe('the PostgreSQL command door under kill -9', () => {
  it("keeps every acknowledged unit's events and projection rows when its process is killed and the server crashes", async () => {
    const url = await cluster.createDatabase('door_crash');
    const setUp = await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 30_000 });
    await migratePostgres(setUp);
    await setUp`CREATE TABLE loop_rows (event_id text PRIMARY KEY, seq bigint NOT NULL)`;
    await setUp.end();

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/postgresUnitLoop.ts'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const failure: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => failure.push(chunk.toString()));
    const acknowledged = new Map<number, string>();
    let enough!: () => void;
    const fiftyAcknowledged = new Promise<void>((resolve) => (enough = resolve));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [position, id] = line.split(' ');
      acknowledged.set(Number(position), id!);
      if (acknowledged.size >= 50) enough();
    });
    // Waits for a state, not a time: a busy machine only makes the units slower.
    await Promise.race([fiftyAcknowledged, exited]);
    expect(acknowledged.size, failure.join('')).toBeGreaterThanOrEqual(50);
    child.kill('SIGKILL');
    await exited;
    // The server stops as in a power cut (no checkpoint) and recovers from its WAL.
    await cluster.crashAndRestart();

    const sql = await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 30_000 });
    try {
      const events = await sql<{ seq: string; id: string; projected: boolean }[]>`
        SELECT e.seq, e.id, r.event_id IS NOT NULL AS projected FROM events AS e LEFT JOIN loop_rows AS r ON r.event_id = e.id`;
      const stored = new Map(events.map((event) => [Number(event.seq), event]));
      for (const [position, id] of acknowledged) {
        expect(stored.get(position), `position ${position}`).toEqual({ seq: String(position), id, projected: true });
      }
      // All or nothing: no event without its row, and no row without its event.
      expect(events.filter((event) => !event.projected)).toEqual([]);
      const [orphans] = await sql<{ count: number }[]>`
        SELECT count(*)::integer AS count FROM loop_rows WHERE event_id NOT IN (SELECT id FROM events)`;
      expect(orphans!.count).toBe(0);
    } finally {
      await sql.end();
    }
  }, 180_000);
});
