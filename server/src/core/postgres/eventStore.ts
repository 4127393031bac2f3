import { setTimeout as sleep } from 'node:timers/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, PostgresJsSession, PostgresJsTransaction, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { systemClock, type Clock } from '../clock';
import type { AppendOptions, CommandContext, EventListener, EventStore, Reaction, ReadOptions, UnitOfWork, Work } from '../commands';
import type { DomainEvent, Projection, StoredEvent } from '../events';
import { inTransaction, isConnectionLoss, type Sql, type Transaction } from './connect';
import {
  isConcurrencyFailure,
  lockMutation,
  lockStreams,
  mutationRecordOf,
  PostgresEventLog,
  recordMutationResult,
  requireValidMutationId,
  streamVersionIn,
  takeMutationResult,
} from './eventLog';
import { LogFollower, type CommitOrigin } from './logFollower';
import { reactionChain } from '../reactionChain';
import { markUnitDatabase } from '../../db/unitDatabases';
import { spaceAccessTables } from '../../db/tableChanges';

/** A drizzle PostgreSQL database bound to one unit's transaction (postgres-js): projections read and write through it. */
export type PostgresUnitTransaction = PostgresJsTransaction<Record<string, never>, Record<string, never>>;

type TransactionSession = ConstructorParameters<typeof PostgresJsTransaction<Record<string, never>, Record<string, never>>>[1];

/**
 * A drizzle database over one transaction of `inTransaction`. It is what drizzle's driver builds for its own
 * transactions (`PostgresJsSession.transaction`): a session over the transaction's sql. Its types want the pool's Sql
 * there, though the transaction's is what it runs on.
 */
export function drizzleOver(transaction: Transaction, dialect = new PgDialect()): PostgresUnitTransaction {
  const session = new PostgresJsSession(transaction as unknown as Sql, dialect, undefined) as unknown as TransactionSession;
  return new PostgresJsTransaction(dialect, session, undefined);
}

/*
 * The core ports (core/commands.ts, core/events.ts) with this door's transaction: a unit's `transaction` is a drizzle
 * PostgreSQL database. Areas are typed against SQLite's (plan option B3); `asAreaEventStore` is where the two meet.
 */
/** The one door to the log, handed to a command inside its transaction (`lock` takes the streams' locks, sorted). */
export type PostgresUnitOfWork = UnitOfWork<PostgresUnitTransaction>;
/** A command's decision and writes. It may run more than once (the door reruns a unit a concurrent one made fail). */
export type PostgresWork<Result> = Work<Result, PostgresUnitTransaction>;
/** A reducer from events to read tables, run inside the append's transaction. */
export type PostgresProjection = Projection<PostgresUnitTransaction>;
/** What an area does, in the same unit, when an event is appended. */
export type PostgresReaction = Reaction<PostgresUnitTransaction>;

export interface PostgresEventStoreOptions {
  reactions?: readonly PostgresReaction[];
  clock?: Clock;
}

/** Runs of one unit when concurrent transactions make it fail (deadlock, serialization failure). */
const maximumAttempts = 5;

/** A statement writing one of the space access tables, as drizzle writes them (`insert into "teams"`, `update "teams"`…). */
const accessTableWrite = new RegExp(`^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"(?:${spaceAccessTables.join('|')})"`, 'i');

/**
 * The unit's transaction sql, calling `written` before each statement that writes a space access table: what the
 * unit remembers of who may do what in a space (core/spaceContent.ts) is read again after it, as SQLite's
 * temporary triggers make it (db/tableChanges.ts). Drizzle sends every statement through `unsafe`; a tagged
 * template sent directly is looked at too.
 */
function watchingAccessTableWrites(transaction: Transaction, written: () => void): Transaction {
  const watch = (text: unknown) => {
    if (typeof text === 'string' && accessTableWrite.test(text)) written();
  };
  return new Proxy(transaction, {
    apply(target, thisArgument, argumentList) {
      const [strings] = argumentList as [unknown];
      if (Array.isArray(strings)) watch(strings.join(' '));
      return Reflect.apply(target, thisArgument, argumentList) as unknown;
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'unsafe' || typeof value !== 'function') return value;
      return (...argumentList: unknown[]) => {
        watch(argumentList[0]);
        return Reflect.apply(value, target, argumentList) as unknown;
      };
    },
  });
}

/**
 * The command door on PostgreSQL (issue 21): the event store port over a postgres.js pool.
 *
 * A unit of work is one READ COMMITTED transaction on a connection of its own from the pool. Its `transaction` is a
 * drizzle database bound to that transaction; `append` appends through the log (`PostgresEventLog.appendForUnit`:
 * the stream's lock, its version, positions and the rows), then applies every projection to each event, then runs
 * the reactions (awaited, in order, chained at most `maximumReactionDepth` deep). Then COMMIT, and the caller is
 * answered; a throw anywhere rolls back every row of the unit. Units of different streams run and commit in parallel.
 *
 * Isolation is not the transaction's: on SQLite units run one at a time, so what a unit read to decide stays true
 * until it commits; here units run at once, each statement on a fresh snapshot, and a stream's lock is taken only
 * when the unit appends to it. Two units could both read "two admins left", each demote one, and both commit. A unit
 * that decides on state it reads first locks the streams whose appends change that state (`unit.lock`, sorted, held
 * until COMMIT), then reads: the other unit waits, and reads what the first committed. A unit passing
 * `expectedVersion` for the stream it read is protected too (a CONFLICT). Uniqueness across streams (a team's URL)
 * needs a unique index in the projection, its violation mapped to the area's error. SERIALIZABLE units were measured
 * and refused: every unit that waited behind another on a busy stream read its version on a stale snapshot and
 * failed (docs/postgres-plan.md §8).
 *
 * A failed statement fails the whole unit, even when the work catches its error: PostgreSQL aborts the transaction
 * (25P02 for every statement after it) and the driver refuses the unit with the first error. On SQLite the unit would
 * go on. So work checks first, or uses ON CONFLICT, never a caught failure; the unit takes no nested transactions
 * (savepoints are refused, see `inTransaction`).
 *
 * Idempotency per unit, as on SQLite: a unit sent with a mutation id takes that id's lock first, answers with the
 * first run's stored result when there is one (and runs nothing), refuses the id with another request
 * (IDEMPOTENCY_KEY_REUSED), and otherwise keeps its own result in `mutation_results` in the same transaction. Every
 * event it appends carries the id.
 *
 * Retries happen here, never in callers: a deadlock (40P01; two units locking two streams in opposite orders) or a
 * serialization failure (40001) reruns the whole unit from the start, a few times with a short random pause. Work
 * therefore must not have effects outside the unit. A stale `expectedVersion` is the caller's CONFLICT, not retried.
 *
 * Listeners hear committed events through one follower of the log (`LogFollower`), in position order, each event
 * once, this process's commits right after their COMMIT and other processes' when PostgreSQL notifies them. Units
 * commit in any order while positions are drawn in one, so a commit is heard once every older append has committed
 * or rolled back: usually at once. A caller is answered at COMMIT, possibly before its listeners heard it.
 *
 * Durability: every connection runs with synchronous_commit on (`connectPostgres`), so COMMIT returns only once its
 * WAL is flushed, and `whenDurable` resolves at once. `onSyncFailure` never fires: PostgreSQL itself stops (PANIC)
 * when it cannot flush its WAL, and recovers from what the disk holds. A connection lost during COMMIT leaves that
 * unit's outcome unknown: its caller gets an error saying so (a retry with the same mutation id is safe), and if it
 * did commit, the follower hands its events on when it reads them (still as this process's: their positions stay marked).
 * Nothing this process holds becomes wrong, so there is nothing to stop for.
 */
export class PostgresEventStore implements EventStore<PostgresUnitTransaction> {
  readonly clock: Clock;
  /** The event log on the same pool: positions, readers and notifications. */
  readonly log: PostgresEventLog;
  /** Drizzle over the pool, for reads outside a unit. */
  readonly database: PostgresJsDatabase;
  private readonly dialect = new PgDialect();
  private readonly reactionsByType = new Map<string, PostgresReaction[]>();
  private readonly listeners = new Set<EventListener>();
  private readonly follower: LogFollower;
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  /** Opens the door on a migrated database: listens for other processes' commits before answering. */
  static async open(
    sql: Sql,
    projections: readonly PostgresProjection[],
    options: PostgresEventStoreOptions = {},
  ): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(sql, projections, options);
    await store.follower.start();
    return store;
  }

  private constructor(
    private readonly sql: Sql,
    private readonly projections: readonly PostgresProjection[],
    options: PostgresEventStoreOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    // Bound once here: drizzle's driver sets the pool's timestamp and json conversions its column mappings expect.
    this.database = drizzle(sql);
    // Every append of this process, through the door or the log itself, is marked before its COMMIT: heard as this
    // process's.
    this.log = new PostgresEventLog(sql, { clock: this.clock, onInserted: (events) => this.follower.appending(events) });
    for (const reaction of options.reactions ?? []) {
      for (const type of reaction.on) {
        const list = this.reactionsByType.get(type) ?? [];
        list.push(reaction);
        this.reactionsByType.set(type, list);
      }
    }
    this.follower = new LogFollower(this.log, (events, origin) => this.notify(events, origin));
  }

  /** Hears every commit on the database, this process's and other processes', in position order, with its origin. */
  onCommitted(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Always: a commit on PostgreSQL is durable when COMMIT returns (synchronous_commit on). */
  whenDurable(): Promise<void> {
    return Promise.resolve();
  }

  /** Never fires on PostgreSQL (see the class comment): the server stops itself when it cannot flush its WAL. */
  onSyncFailure(listener: (error: unknown) => void): () => void {
    void listener;
    return () => undefined;
  }

  run<Result>(context: CommandContext, work: PostgresWork<Result>): Promise<Result> {
    if (this.closed) return Promise.reject(new Error('The PostgreSQL event store is closed.'));
    try {
      requireValidMutationId(context.mutationId);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const running = this.runWithRetries(context, work);
    this.running.add(running);
    const forget = () => this.running.delete(running);
    running.then(forget, forget);
    return running;
  }

  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]> {
    return this.run(options, (unit) => unit.append(stream, domainEvents, options));
  }

  /** Every committed event matching `options`, as on SQLite (see `PostgresEventLog.read`). */
  read(options: ReadOptions = {}): Promise<StoredEvent[]> {
    return this.log.read(options);
  }

  /**
   * `read` for a reader that resumes after the last position it got (live catch-up by position): stops below an
   * append still in flight, so nothing commits later under a position it returned (see `PostgresEventLog.readSettled`).
   */
  readSettled(options: ReadOptions = {}): Promise<StoredEvent[]> {
    return this.log.readSettled(options);
  }

  streamVersion(stream: string): Promise<number> {
    return this.log.streamVersion(stream);
  }

  /** A key that moves with every commit this process hears of (`LogFollower.knownLogPosition`): read at once, no statement. */
  knownLogPosition(): string {
    return this.follower.knownLogPosition();
  }

  forgetMutationResultsBefore(cutoff: Date): Promise<number> {
    return this.log.forgetMutationResultsBefore(cutoff);
  }

  /**
   * Refuses new units, waits for the running ones (their listeners included: what is readable is handed on), stops
   * listening and ends the pool.
   */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    await this.follower.drain();
    await this.follower.stop();
    await this.sql.end({ timeout: 5 });
  }

  private async runWithRetries<Result>(context: CommandContext, work: PostgresWork<Result>): Promise<Result> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.runOnce(context, work);
      } catch (error) {
        if (attempt >= maximumAttempts || !isConcurrencyFailure(error)) throw error;
        // A short random pause, so units that collided do not collide again in step.
        await sleep(Math.random() * 5 * attempt);
      }
    }
  }

  private async runOnce<Result>(context: CommandContext, work: PostgresWork<Result>): Promise<Result> {
    const appended: StoredEvent[] = [];
    let workDone = false;
    try {
      const result = await inTransaction(this.sql, 'isolation level read committed', async (transaction) => {
        const unit = this.openUnit(transaction, context, appended);
        const mutation = mutationRecordOf(context);
        if (mutation) {
          await lockMutation(transaction, mutation);
          const previous = await takeMutationResult<Result>(transaction, mutation, unit.now);
          if (previous) return previous.result;
        }
        const decided = await work(unit);
        if (mutation) await recordMutationResult(transaction, mutation, decided, unit.now);
        workDone = true;
        return decided;
      });
      this.follower.committed(appended);
      return result;
    } catch (error) {
      if (workDone && isConnectionLoss(error)) {
        // Its positions stay marked: if it did commit, its events are still this process's when read.
        throw new Error('The connection to PostgreSQL was lost while the unit of work committed: it may or may not have committed.', {
          cause: error,
        });
      }
      this.follower.rolledBack(appended);
      throw error;
    }
  }

  private openUnit(transaction: Transaction, context: CommandContext, appended: StoredEvent[]): PostgresUnitOfWork {
    let locksTaken = 0;
    let accessTableWrites = 0;
    const lockedStreams = new Set<string>();
    const client = watchingAccessTableWrites(transaction, () => (accessTableWrites += 1));
    const database = drizzleOver(client, this.dialect);
    // What the app bound to the pool's database (the space directory…) answers for the unit's reads too, and the
    // queries built once for the pool run on the unit's transaction (db/prepared.ts).
    markUnitDatabase(database, { database: this.database, client, accessStamp: () => `${locksTaken} ${accessTableWrites}` });
    const { log, projections, reactionsByType } = this;
    const actorId = context.actorId;
    const mutationId = context.mutationId ?? null;
    const now = this.clock.now();
    const runReactions = reactionChain(reactionsByType);
    const unit: PostgresUnitOfWork = {
      transaction: database,
      actorId,
      now,
      streamVersion: (stream) => streamVersionIn(transaction, stream),
      lock(...streams) {
        // A stream this unit holds already is not locked again (one statement fewer); what it read since stays true.
        const newStreams = streams.filter((stream) => !lockedStreams.has(stream));
        if (newStreams.length === 0) return Promise.resolve();
        for (const stream of newStreams) lockedStreams.add(stream);
        // Counted when asked, before the lock's statement goes out: a read started from now on runs after the lock
        // and must not be answered from what was read before it.
        locksTaken += 1;
        return lockStreams(transaction, newStreams);
      },
      async append(stream, domainEvents, options) {
        const stored = await log.appendForUnit(transaction, stream, domainEvents, {
          teamId: options.teamId,
          actorId,
          mutationId,
          expectedVersion: options.expectedVersion,
          createdAt: now,
        });
        appended.push(...stored);
        // One statement at a time: a transaction's connection runs them in order anyway, and a failure stops here.
        for (const event of stored) {
          for (const projection of projections) await projection.apply(database, event);
        }
        await runReactions(unit, stored);
        return stored;
      },
    };
    return unit;
  }

  private notify(events: readonly StoredEvent[], origin: CommitOrigin): void {
    for (const listener of this.listeners) {
      try {
        listener(events, origin);
      } catch (error) {
        // A failing listener must not stop the others nor the follower (as on SQLite).
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
