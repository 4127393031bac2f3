import { getTableName, sql as sqlFragment } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type postgres from 'postgres';
import type { StoredEvent } from '../events';
import { inTransaction, type Sql, type Transaction } from './connect';
import { readPageIn } from './eventLog';
import { drizzleOver, type PostgresProjection } from './eventStore';

export interface PostgresReplayOptions {
  batchSize?: number;
  onProgress?: (applied: number) => void;
  /** Writes sent ahead before the replay waits for their answers (see PipelinedWrites); 1 sends each alone. */
  pipelineDepth?: number;
}

/** Where the replay is: which projection applies which event. A write that fails is named by it. */
interface ReplayPosition {
  projection: string;
  event: StoredEvent;
}

/** A projection's failure on an event, the database's or the projection's own error as its cause. */
function projectionFailure(position: ReplayPosition, cause: unknown): Error {
  return new Error(`The ${position.projection} projection failed on event ${position.event.seq} (${position.event.type})`, { cause });
}

/** A statement that changes rows and answers none: what the replay may send without waiting for its answer. */
const answerlessWrite = /^\s*(insert|update|delete)\b/i;
const answersRows = /\breturning\b/i;

/**
 * What a pipelined write answers the projection that awaits it: nothing to read. Projections do not read what their
 * writes answer (an UPDATE's row count, say); one that did would get this error rather than a wrong count.
 */
const unansweredWrite: unknown = new Proxy(Object.freeze([]), {
  get(_target, property) {
    // `await` looks for `then` on what a promise resolves to.
    if (property === 'then') return undefined;
    throw new Error(
      'A projection read the result of a write during a PostgreSQL replay, which sends writes without waiting for their answers: ' +
        'read with a SELECT instead, or make that write answer rows (RETURNING) so that the replay waits for it.',
    );
  },
});

/**
 * The replay's writes, pipelined (issue 21: moving an instance replayed about 90 events a second, one round trip per
 * statement). Every statement of a transaction runs on its one connection, in the order sent, so a write need not be
 * waited for: postgres.js sends it at once and the projection goes on to its next statement; a read sent after it
 * waits behind it on the connection and sees its rows, exactly as if each write had been awaited. Only writes that
 * answer no rows are sent ahead (INSERT, UPDATE, DELETE without RETURNING); every other statement is awaited as
 * before. A write that fails is named by the projection and event that sent it, found when the replay next waits:
 * a read after it fails (the transaction is aborted), or the end of a page, which waits for every write sent.
 * At most `depth` writes are in flight; the next one waits for them.
 */
class PipelinedWrites {
  /** The transaction as the projections' drizzle session is given it: its `unsafe` pipelines writes. */
  readonly client: Transaction;
  /** Set before each projection applies an event: the writes it sends are named by it. */
  position: ReplayPosition | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { position: ReplayPosition | null; error: unknown } | null = null;

  constructor(
    transaction: Transaction,
    private readonly depth: number,
  ) {
    const unsafe = (query: string, parameters?: unknown[], options?: postgres.UnsafeQueryOptions) => {
      const statement = transaction.unsafe(query, parameters as postgres.ParameterOrJSON<never>[], options);
      if (this.depth <= 1 || !answerlessWrite.test(query) || answersRows.test(query)) return statement;
      return this.sendAhead(statement, query, parameters ?? []);
    };
    this.client = new Proxy(transaction, {
      get: (target, property) => (property === 'unsafe' ? unsafe : Reflect.get(target, property, target)),
    });
  }

  private sendAhead(statement: Promise<unknown>, query: string, parameters: unknown[]): Promise<unknown> {
    const position = this.position;
    // `then` makes postgres.js send it (its queries are sent when first awaited); the rejection is kept, not thrown.
    const answered: Promise<void> = statement.then(
      () => undefined,
      (error: unknown) => {
        // The first failure is the cause; the writes after it fail only because the transaction is aborted.
        this.failure ??= { position, error: new DrizzleQueryError(query, parameters, error as Error) };
      },
    );
    const settled = answered.finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return this.inFlight.size >= this.depth ? this.settle().then(() => unansweredWrite) : Promise.resolve(unansweredWrite);
  }

  /** Waits for every write sent; throws the first that failed, named by its projection and event. */
  async settle(): Promise<void> {
    await this.answers();
    if (this.failure) throw this.failureOr(null);
  }

  /** Waits for every write sent to be answered (an aborted transaction answers each with an error). */
  async answers(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** The error a projection's failure is reported as: a failed write sent earlier is its cause, if one did. */
  failureOr(error: unknown): unknown {
    if (!this.failure) return error;
    const { position, error: cause } = this.failure;
    return position ? projectionFailure(position, cause) : cause;
  }
}

/**
 * Rebuilds the projections on PostgreSQL from the log, as `core/sqlite/replay.ts` does on SQLite: in one transaction,
 * so a failure half-way leaves the old read tables as they were. The projections' tables are emptied (children before
 * parents), then every event is applied in position order. Run it with no server writing (moving an instance,
 * rebuilding projections): the pages of the log it reads take no settled horizon into account.
 */
export async function replayPostgresProjections(
  sql: Sql,
  projections: readonly PostgresProjection[],
  options: PostgresReplayOptions = {},
): Promise<{ applied: number }> {
  return inTransaction(sql, 'isolation level read committed', (transaction) =>
    replayPostgresProjectionsIn(transaction, projections, options),
  );
}

/**
 * The same rebuild inside a transaction the caller holds: the move to PostgreSQL copies the log, replays it and
 * compares the read tables in one transaction, so a difference keeps nothing. A projection that fails names the
 * event it failed on. Writes are pipelined (PipelinedWrites); the rows written are the same as awaiting each.
 */
export async function replayPostgresProjectionsIn(
  transaction: Transaction,
  projections: readonly PostgresProjection[],
  options: PostgresReplayOptions = {},
): Promise<{ applied: number }> {
  const batchSize = options.batchSize ?? 2000;
  const writes = new PipelinedWrites(transaction, options.pipelineDepth ?? 1000);
  const database = drizzleOver(writes.client);
  for (const projection of [...projections].reverse()) {
    for (const table of [...projection.tables].reverse()) {
      await database.execute(sqlFragment`DELETE FROM ${sqlFragment.identifier(getTableName(table))}`);
    }
  }
  await writes.settle();
  let applied = 0;
  let after = 0;
  for (;;) {
    // Read on the transaction itself: after the writes sent before it, on the same connection.
    const batch: StoredEvent[] = await readPageIn(transaction, after, batchSize);
    if (batch.length === 0) {
      await writes.settle();
      return { applied };
    }
    for (const event of batch) {
      for (const projection of projections) {
        const position = { projection: projection.name, event };
        writes.position = position;
        try {
          await projection.apply(database, event);
        } catch (error) {
          // The cause is the database's or the projection's error (drizzle's carries the statement and its parameters);
          // a write sent earlier that failed is the cause of what failed after it.
          await writes.answers();
          throw writes.failureOr(null) ?? projectionFailure(position, error);
        }
      }
    }
    await writes.settle();
    applied += batch.length;
    after = batch.at(-1)!.seq;
    options.onProgress?.(applied);
  }
}
