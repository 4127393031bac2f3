import { setImmediate } from 'node:timers';
import type Database from 'better-sqlite3';
import { and, asc, eq, gt, gte, lt, max, sql } from 'drizzle-orm';
import type { DatabaseHandle, Transaction } from '../../db/connection';
import { preparedQuery, rowPlaceholders, rowValues } from '../../db/prepared';
import { codedError, DomainError } from '../../errors';
import { systemClock, type Clock } from '../clock';
import type { AppendOptions, CommandContext, EventListener, EventStore, Reaction, ReadOptions, UnitOfWork, Work } from '../commands';
import { newEventsOf, requireExpectedVersion, type DomainEvent, type Projection, type StoredEvent } from '../events';
import { hashRequest, idempotencyKeysExpireBefore } from '../idempotencyKeys';
import { events, mutationResults } from './tables';
import { DurableCommits } from './durableCommits';
import { macrotaskInsideTransaction, startMacrotaskSentinel } from './macrotaskGuard';
import { reactionChain } from '../reactionChain';

const maximumMutationIdLength = 128;

export interface SqliteEventStoreOptions {
  reactions?: readonly Reaction[];
  clock?: Clock;
  /**
   * Refuse a unit of work that yields to the event loop inside the transaction (see `macrotaskGuard.ts`).
   * On by default outside production: it costs one `setImmediate` per unit.
   */
  guardMacrotasks?: boolean;
}

/** What a mutation id stands for: kept with the result, so a retry is told apart from a reuse. */
interface MutationRecord {
  mutationId: string;
  actorKey: string;
  requestHash: string;
}

interface OpenUnit<Result, Unit = UnitOfWork> {
  unit: Unit;
  appended: StoredEvent[];
  /** Null when the command came without a mutation id. */
  mutation: MutationRecord | null;
  /** The stored result of an earlier run with the same mutation id and request. */
  previous: { result: Result } | null;
}

interface Statements {
  begin: Database.Statement;
  commit: Database.Statement;
  rollback: Database.Statement;
  savepoint: Database.Statement;
  release: Database.Statement;
  rollbackToSavepoint: Database.Statement;
}

/** The door's switch of the connection's synchronous setting around its own commits, and the commits waiting for their sync. */
interface OffLoopSync {
  normal: Database.Statement;
  full: Database.Statement;
  commits: DurableCommits<readonly CommittedUnit[]>;
}

/** A unit of work waiting for the next group commit. */
interface QueuedUnit {
  context: CommandContext;
  work: Work<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** A unit committed in a group commit, answered once the commit is durable. */
interface CommittedUnit {
  unit: QueuedUnit;
  appended: StoredEvent[];
  result: unknown;
}

/**
 * The SQLite adapter of the event store port: the append-only log in one SQLite file. A command runs
 * in one `BEGIN IMMEDIATE` transaction that writes its events, applies every projection and runs the
 * reactions, so reads right after a mutation see it. Listeners hear of events only after the
 * transaction commits, so nobody is told about a write that rolled back.
 *
 * Group commit: `run` queues its unit, and once the event loop has handled the requests that arrived
 * together (the next check phase), the queued units run one after the other in one transaction, each
 * in a savepoint of its own (a unit that fails rolls back alone and is refused). One COMMIT, so one
 * disk sync under synchronous=FULL, makes them all durable; only then are their callers answered and
 * the listeners told. Work, commit and telling happen without yielding to the event loop, so nothing
 * else sees a unit's writes before they are durable, and arrival order, stream versions and conflicts
 * are exactly those of one transaction per unit. Work that returns a promise keeps the transaction
 * open until it settles; units queued meanwhile wait for the next commit.
 *
 * Off the event loop (synchronous=FULL on a WAL file, `database.walSync`): the group commit runs with
 * synchronous=NORMAL, so its COMMIT writes the WAL without waiting for the disk, and its units are
 * answered, and the listeners told, only once an fsync of the WAL started after that COMMIT has
 * finished (on libuv's thread pool). Meanwhile the next group executes and commits; one fsync covers
 * every commit made before it started, and groups are released in commit order. Other writers on the
 * connection keep synchronous=FULL. If an fsync fails, the units it covered are
 * refused and so is every later write until the process restarts (`onSyncFailure` hears of it).
 */
export class SqliteEventStore implements EventStore {
  private readonly listeners = new Set<EventListener>();
  private readonly reactionsByType = new Map<string, Reaction[]>();
  private readonly statements: Statements;
  /** An asynchronous unit of work holding the transaction open; others wait for it. */
  private openUnit: Promise<unknown> | null = null;
  /** Units waiting for the next group commit, in arrival order. */
  private queue: QueuedUnit[] = [];
  /** The group commit under way or scheduled; the next one starts after it. */
  private committing: Promise<void> | null = null;
  private readonly offLoop: OffLoopSync | null;
  private readonly guardMacrotasks: boolean;
  readonly clock: Clock;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly projections: readonly Projection[],
    options: SqliteEventStoreOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.guardMacrotasks = options.guardMacrotasks ?? process.env.NODE_ENV !== 'production';
    for (const reaction of options.reactions ?? []) {
      for (const type of reaction.on) {
        const list = this.reactionsByType.get(type) ?? [];
        list.push(reaction);
        this.reactionsByType.set(type, list);
      }
    }
    this.statements = {
      begin: database.sqlite.prepare('BEGIN IMMEDIATE'),
      commit: database.sqlite.prepare('COMMIT'),
      rollback: database.sqlite.prepare('ROLLBACK'),
      savepoint: database.sqlite.prepare('SAVEPOINT unit'),
      release: database.sqlite.prepare('RELEASE unit'),
      rollbackToSavepoint: database.sqlite.prepare('ROLLBACK TO unit'),
    };
    // SQLite applies a synchronous pragma when it prepares it as well as when it runs: FULL is prepared last, so it stays.
    this.offLoop = database.walSync
      ? {
          normal: database.sqlite.prepare('PRAGMA synchronous = NORMAL'),
          full: database.sqlite.prepare('PRAGMA synchronous = FULL'),
          commits: new DurableCommits<readonly CommittedUnit[]>(
            database.walSync,
            (committed) => this.release(committed),
            (committed, error) => {
              for (const { unit } of committed) unit.reject(error);
            },
          ),
        }
      : null;
  }

  /** Hears of a failed WAL sync, once: the process should stop (the data it serves may not be on the disk). */
  onSyncFailure(listener: (error: unknown) => void): () => void {
    return this.offLoop ? this.offLoop.commits.onSyncFailure(listener) : () => undefined;
  }

  onCommitted(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  run<Result>(context: CommandContext, work: Work<Result>): Promise<Result> {
    try {
      this.checkWritable();
      checkMutationId(context);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ context, work, resolve: resolve as (result: unknown) => void, reject });
      this.committing ??= new Promise<void>((scheduled) => setImmediate(scheduled)).then(() => this.commitQueued());
    });
  }

  /** Commits the units queued so far, and any queued while it ran, in as few transactions as they arrived in. */
  private async commitQueued(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const units = this.queue;
        this.queue = [];
        await this.commitTogether(units);
      }
    } finally {
      // Even if a batch threw where nothing expected it, later units start a new round instead of waiting forever.
      this.committing = null;
    }
  }

  private async commitTogether(units: readonly QueuedUnit[]): Promise<void> {
    const failure = this.offLoop?.commits.failure;
    if (failure) {
      for (const unit of units) unit.reject(failure);
      return;
    }
    const offLoop = this.offLoop;
    if (!offLoop) {
      this.release(await this.executeTogether(units));
      return;
    }
    let committed: CommittedUnit[];
    try {
      offLoop.normal.run();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return;
    }
    try {
      committed = await this.executeTogether(units);
    } finally {
      // Only the door's own commits skip the sync; a transaction still open would refuse the change (and end soon).
      if (!this.database.sqlite.inTransaction) offLoop.full.run();
    }
    if (committed.length === 0) return;
    offLoop.commits.committed(committed);
  }

  /** Answers committed units and tells the listeners, in commit order. */
  private release(committed: readonly CommittedUnit[]): void {
    for (const { unit, appended, result } of committed) {
      if (appended.length > 0) this.notify(appended);
      unit.resolve(result);
    }
  }

  private checkWritable(): void {
    const failure = this.offLoop?.commits.failure;
    if (failure) throw failure;
  }

  /** Runs the units in one transaction and commits it; answers the units that failed, and gives the committed ones. */
  private async executeTogether(units: readonly QueuedUnit[]): Promise<CommittedUnit[]> {
    try {
      this.statements.begin.run();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return [];
    }
    const done: CommittedUnit[] = [];
    // A unit alone needs no savepoint: if it fails, the transaction is rolled back whole.
    const shared = units.length > 1;
    for (const unit of units) {
      if (shared) this.statements.savepoint.run();
      try {
        const opened = this.begin<unknown>(unit.context);
        let result: unknown;
        if (opened.previous) {
          result = opened.previous.result;
        } else {
          const sentinel = this.guardMacrotasks ? startMacrotaskSentinel() : null;
          try {
            const decided = unit.work(opened.unit);
            if (isPromise(decided)) {
              const settled = decided.finally(() => (this.openUnit = null));
              this.openUnit = settled;
              result = await settled;
            } else {
              result = decided;
            }
          } catch (error) {
            // Yielding inside the transaction is the fault to report, whatever the work did after it.
            if (sentinel?.stop()) throw macrotaskInsideTransaction(describeUnit(unit.context, opened.appended));
            throw error;
          }
          if (sentinel?.stop()) throw macrotaskInsideTransaction(describeUnit(unit.context, opened.appended));
        }
        this.recordResult(opened, result);
        if (shared) this.statements.release.run();
        done.push({ unit, appended: opened.appended, result });
      } catch (error) {
        unit.reject(error);
        if (!shared) {
          this.rollback();
          return [];
        }
        if (this.database.sqlite.inTransaction) {
          this.statements.rollbackToSavepoint.run();
          this.statements.release.run();
        } else {
          // SQLite ended the whole transaction by itself (a full disk, an I/O error): the units done in it went with it.
          for (const lost of done.splice(0)) lost.unit.reject(error);
          try {
            this.statements.begin.run();
          } catch (beginError) {
            for (const rest of units.slice(units.indexOf(unit) + 1)) rest.reject(beginError);
            return [];
          }
        }
      }
    }
    try {
      this.statements.commit.run();
    } catch (error) {
      this.rollback();
      for (const { unit } of done) unit.reject(error);
      return [];
    }
    return done;
  }

  /**
   * Resolves once every commit made so far is on the disk (at once when none waits for its WAL sync): an
   * answer that may show what a reader saw of them can be held until then, so no answer reveals a write a
   * power loss could still take back.
   */
  whenDurable(): Promise<void> {
    return this.offLoop ? this.offLoop.commits.whenDurable() : Promise.resolve();
  }

  /** Waits until every unit queued so far is committed and durable (or refused): before the database closes. */
  async settle(): Promise<void> {
    while (this.committing) await this.committing;
    await this.offLoop?.commits.settled();
  }

  /** Starts a unit in the transaction and looks up an earlier result of the same mutation id. */
  private begin<Result>(context: CommandContext): OpenUnit<Result> {
    const mutationId = context.mutationId;
    const appended: StoredEvent[] = [];
    // The drizzle database on the same connection: between BEGIN and COMMIT it is the transaction.
    const transaction = this.database.db as unknown as Transaction;
    const unit = this.createUnitOfWork(transaction, context.actorId, mutationId ?? null, appended);
    if (mutationId === undefined) return { unit, appended, mutation: null, previous: null };
    const mutation = { mutationId, actorKey: context.actorId ?? 'anonymous', requestHash: hashRequest(context.request) };
    const stored = and(eq(mutationResults.actorKey, mutation.actorKey), eq(mutationResults.mutationId, mutationId));
    let previous = transaction.select().from(mutationResults).where(stored).get();
    if (previous && previous.createdAt < idempotencyKeysExpireBefore(unit.now).toISOString()) {
      // Past its lifetime a key is new, whether or not the periodic expiry deleted its result yet.
      transaction.delete(mutationResults).where(stored).run();
      previous = undefined;
    }
    if (previous && previous.requestHash !== mutation.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return { unit, appended, mutation, previous: previous ? { result: previous.result as Result } : null };
  }

  /** Records the result of a mutation sent with an id, in its unit. */
  private recordResult<Result>(opened: OpenUnit<Result>, result: Result): void {
    if (!opened.mutation || opened.previous) return;
    opened.unit.transaction
      .insert(mutationResults)
      .values({
        ...opened.mutation,
        result: result ?? null,
        createdAt: opened.unit.now.toISOString(),
      })
      .run();
  }

  private rollback(): void {
    if (this.database.sqlite.inTransaction) this.statements.rollback.run();
  }

  /**
   * Deletes the mutation results stored before `cutoff`. It waits for an asynchronous unit holding the
   * transaction (it would otherwise delete inside that unit), then runs as a statement of its own.
   */
  async forgetMutationResultsBefore(cutoff: Date): Promise<number> {
    while (this.openUnit) await this.openUnit.catch(() => undefined);
    return this.database.db.delete(mutationResults).where(lt(mutationResults.createdAt, cutoff.toISOString())).run().changes;
  }

  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]> {
    return this.run(options, async (unit) => await unit.append(stream, domainEvents, options));
  }

  async streamVersion(stream: string): Promise<number> {
    return currentVersion(this.database.db, stream);
  }

  async read(options: ReadOptions = {}): Promise<StoredEvent[]> {
    const conditions = [gt(events.seq, options.afterSeq ?? 0)];
    if (options.stream !== undefined) conditions.push(eq(events.stream, options.stream));
    if (options.teamId !== undefined) conditions.push(eq(events.teamId, options.teamId));
    // '/' follows '.': the range holds exactly the types `<kind>.…`, read through the type index.
    if (options.kind !== undefined) conditions.push(gte(events.type, `${options.kind}.`), lt(events.type, `${options.kind}/`));
    const query = this.database.db
      .select()
      .from(events)
      .where(and(...conditions))
      .orderBy(asc(events.seq));
    return (options.limit === undefined ? query.all() : query.limit(options.limit).all()) as StoredEvent[];
  }

  private createUnitOfWork(
    transaction: Transaction,
    actorId: string | null,
    mutationId: string | null,
    appended: StoredEvent[],
  ): UnitOfWork {
    const projections = this.projections;
    const reactionsByType = this.reactionsByType;
    const now = this.clock.now();
    const createdAt = now.toISOString();
    const runReactions = reactionChain(reactionsByType);
    const unit: UnitOfWork = {
      transaction,
      actorId,
      now,
      streamVersion: (stream) => Promise.resolve(currentVersion(transaction, stream)),
      // Units run one at a time on the one connection: nothing can change what a unit read before it commits.
      lock: () => Promise.resolve(),
      async append(stream, domainEvents, options) {
        const version = currentVersion(transaction, stream);
        requireExpectedVersion(stream, options.expectedVersion, version);
        const stored: StoredEvent[] = [];
        for (const row of newEventsOf(stream, version, domainEvents, { teamId: options.teamId, actorId, mutationId, createdAt })) {
          const inserted = eventInsert(transaction).get(rowValues(events, row))!;
          const event: StoredEvent = { ...row, seq: inserted.seq };
          for (const projection of projections) await projection.apply(transaction, event);
          stored.push(event);
        }
        appended.push(...stored);
        await runReactions(unit, stored);
        return stored;
      },
    };
    return unit;
  }

  private notify(committed: readonly StoredEvent[]): void {
    for (const listener of this.listeners) {
      try {
        // One writing process serves a SQLite file, so every commit is this process's own.
        listener(committed, 'this process');
      } catch (error) {
        // A failing listener must not undo a committed write nor starve the other listeners.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function checkMutationId(context: CommandContext): void {
  const mutationId = context.mutationId;
  if (mutationId !== undefined && (mutationId.length === 0 || mutationId.length > maximumMutationIdLength)) {
    throw codedError('IDEMPOTENCY_KEY_INVALID', { params: { maximum: maximumMutationIdLength } });
  }
}

/** What names a unit in an error: the operation it runs for, its actor, and the events it appended so far. */
function describeUnit(context: CommandContext, appended: readonly StoredEvent[]): string {
  const request = context.request as { operationName?: unknown; operation?: unknown } | null | undefined;
  const operation = request?.operationName ?? request?.operation;
  const types = [...new Set(appended.map((event) => event.type))];
  return (
    `The unit of work${typeof operation === 'string' ? ` of ${operation}` : ''} (actor ${context.actorId ?? 'none'}` +
    `${types.length > 0 ? `, appending ${types.join(', ')}` : ''})`
  );
}

function isPromise<Value>(value: Value | Promise<Value>): value is Promise<Value> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

const eventInsert = preparedQuery((database: Pick<Transaction, 'insert'>) =>
  database.insert(events).values(rowPlaceholders(events)).returning({ seq: events.seq }).prepare(),
);

const streamVersion = preparedQuery((database: Pick<Transaction, 'select'>) =>
  database
    .select({ version: max(events.version) })
    .from(events)
    .where(eq(events.stream, sql.placeholder('stream')))
    .prepare(),
);

function currentVersion(database: Pick<Transaction, 'select'>, stream: string): number {
  // An aggregate answers one row even when the stream has no events yet (its maximum is then null).
  return streamVersion(database).get({ stream })!.version ?? 0;
}
