import type { AppendOptions, CommandContext } from './commands';
import type { DomainEvent, StoredEvent } from './events';

/**
 * The event log as an asynchronous port, the same on SQLite (`sqlite/sqliteEventLog.ts`, over the SQLite event
 * store) and PostgreSQL (`postgres/eventLog.ts`): what moving the log to PostgreSQL (issue 21) needs from either.
 * The rules are the log's rules on both:
 * - every event gets a global position (`seq`), and reading after a position never skips an event: a later read
 *   never finds an event below a position an earlier one returned (SQLite commits in position order; PostgreSQL
 *   commits appends in parallel, and its reads stop below appends still in flight);
 * - (stream, version) is unique: an append with an `expectedVersion` that is not the stream's current version is
 *   refused with `DomainError('CONFLICT')`, whoever appended in between;
 * - an append sent with a mutation id answers a retry (same actor, same id, same request) with the first result,
 *   refuses the same id with a different request (`IDEMPOTENCY_KEY_REUSED`), and forgets it after
 *   `idempotencyKeyLifetimeDays`;
 * - an append is answered only once its transaction has committed durably;
 * - the database refuses UPDATE and DELETE of events.
 */
export interface EventLogPort {
  /** Appends events to one stream in one transaction; retries of concurrent appenders happen inside, never in callers. */
  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]>;
  /** A stream's events in version order, after `afterVersion` (0: from the start). */
  readStream(stream: string, afterVersion?: number): Promise<StoredEvent[]>;
  /**
   * Up to `limit` events after the position `afterPosition`, in position order: replay reads the log in such batches.
   * Fewer than `limit` does not mean the end of the log on PostgreSQL: a batch stops below an append still in flight.
   */
  readFrom(afterPosition: number, limit: number): Promise<StoredEvent[]>;
  /** The stream's current version (0 when it has no events). */
  streamVersion(stream: string): Promise<number>;
  /** The position of the newest event a read can reach now, everything below it committed (0 when the log is empty). */
  headPosition(): Promise<number>;
  /**
   * Hears the new head position after each commit that appended events, from any process writing to the same
   * database on PostgreSQL (LISTEN/NOTIFY); resolves once listening, to the function that stops it.
   * On PostgreSQL a read right after may stop short of that position while an older transaction is still running:
   * the listener reads again when the next append is heard, or after a short wait when none comes.
   */
  onAppended(listener: (position: number) => void): Promise<() => Promise<void>>;
  /** Deletes the mutation results stored before `cutoff`; answers how many went. */
  forgetMutationResultsBefore(cutoff: Date): Promise<number>;
  /** Waits for appends under way, then releases the connections. */
  close(): Promise<void>;
}

/** Reads the whole log from a position in batches, in order: what a replay or a catching-up reader does. */
export async function* replayLog(log: EventLogPort, afterPosition = 0, batchSize = 2000): AsyncGenerator<StoredEvent[]> {
  let position = afterPosition;
  for (;;) {
    const batch = await log.readFrom(position, batchSize);
    if (batch.length === 0) return;
    yield batch;
    position = batch[batch.length - 1]!.seq;
  }
}
