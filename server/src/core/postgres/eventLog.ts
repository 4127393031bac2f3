import { setTimeout as sleep } from 'node:timers/promises';
import { codedError, DomainError } from '../../errors';
import { systemClock, type Clock } from '../clock';
import type { AppendOptions, CommandContext, ReadOptions } from '../commands';
import type { EventLogPort } from '../eventLogPort';
import { newEventsOf, requireExpectedVersion, type DomainEvent, type StoredEvent } from '../events';
import { hashRequest, idempotencyKeysExpireBefore } from '../idempotencyKeys';
import { inTransaction, type Sql, type Transaction } from './connect';
import { databaseErrorOf } from '../databaseErrors';

const maximumMutationIdLength = 128;
/** The most events one append may carry: what `events_draw_positions` draws at most in one call (migration 0003). */
export const maximumEventsPerAppend = 10_000;
/** The channel that tells every listening process the new head position after a commit that appended events. */
export const eventsAppendedChannel = 'events_appended';
/**
 * Advisory locks held until COMMIT, in the two-number key space (apart from the one-number keys of the migrations
 * and of `events_draw_positions`): the first number says what is locked, the second is a hash of which one. Two
 * names with the same hash only wait for each other.
 */
const streamLockClass = 2_021_000_003;
const mutationLockClass = 2_021_000_004;
/** A setting local to a transaction: the mutation id one of its appends carried (see appendInTransaction). */
const appendedMutationSetting = 'event_log.appended_mutation_id';
/** Attempts of one append when a concurrent appender made it fail (serialization failure, deadlock, unique key). */
const maximumAttempts = 5;

interface EventRow {
  seq: string;
  id: string;
  team_id: string | null;
  stream: string;
  version: number;
  type: string;
  actor_id: string | null;
  payload: unknown;
  mutation_id: string | null;
  /** ISO 8601 in UTC with milliseconds, as `toISOString()` writes it: formatted in SQL (see `isoCreatedAt`). */
  created_at: string;
}

export interface PostgresEventLogOptions {
  clock?: Clock;
  /**
   * Told of the events each append of this process inserts, before its COMMIT (the command door's follower marks
   * them as this process's): appends through `append`, `appendInTransaction` and `appendForUnit` alike.
   */
  onInserted?: (events: readonly StoredEvent[]) => void;
}

/** What the events of one append of a unit of work share: the command door decides them once per unit. */
export interface UnitAppendStamp {
  teamId: string | null;
  actorId: string | null;
  /** Recorded on the events only: the door stores the unit's result under it itself. */
  mutationId: string | null;
  expectedVersion?: number | undefined;
  createdAt: Date;
}

/**
 * Timestamps cross the driver as ISO text both ways: drizzle's postgres-js driver switches the pool's own timestamp
 * parsing and serializing off when it is bound to it (the command door binds it), so a Date would come back as the
 * server's text, and a Date parameter would be sent as JavaScript's `String(date)`, depending on whether drizzle was
 * bound yet. Formatted in SQL, a time is the same string `toISOString()` wrote, whatever the pool's settings.
 */
const isoFormat = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * The event log on PostgreSQL (issue 21): one transaction per append with synchronous_commit on (`connectPostgres`
 * sets it), answered only after COMMIT returned. Appends to different streams run and commit in parallel; what
 * must not interleave is locked narrowly, until COMMIT:
 * - a stream: its version is read and its events inserted under a lock on that stream, so a stale
 *   `expectedVersion` is a CONFLICT and two appenders without one get one version each;
 * - a mutation id: a second copy waits for the first to commit, then finds its result (READ COMMITTED: a fresh
 *   snapshot per statement) instead of appending again or, with `expectedVersion`, failing with a CONFLICT.
 *
 * Positions. They are drawn before COMMIT, so appenders may commit in another order than their positions: position 8
 * can be visible while 7 is still in flight. A reader that went on "after 8" would never see 7. So positions are
 * drawn one appender at a time (`events_draw_positions`, migration 0002, a lock held for the draw only), and each
 * draw records a horizon in its events (`transaction_horizon`): the newest of the drawing transaction's id and the
 * previous draw's horizon. From one draw to the next, positions grow and the horizon never shrinks; a horizon is
 * never older than the transaction that drew with it. Readers by position return an event only if its horizon is
 * below the oldest transaction still running (`pg_snapshot_xmin(pg_current_snapshot())`, taken with the snapshot
 * the rows are read in). Why nothing is skipped: say a reader returned E, and F drew positions before E. Then F's
 * id ≤ F's horizon ≤ E's horizon < the oldest running id: F's transaction was no longer running, so F's events were
 * either visible to the reader (and came back before E) or never will be (rolled back). A transaction still running
 * or not started yet can only draw after E: all its positions are above E's. So no event ever commits below a
 * position a reader returned, and reading "after the last position I read" is complete. In the usual case (the
 * append is its transaction's first write) the horizon is simply the transaction's own id.
 * The cost: while any transaction of the PostgreSQL cluster that got an id is running, readers stop before the
 * events appended after it began (a long transaction holds back live reads; keep them short).
 * That includes the reader's own: `pg_snapshot_xmin` counts the transaction the read runs in. `readFrom` and
 * `headPosition` run on the pool, outside any caller's transaction; code that reads the log by position inside a
 * transaction that has written (a projector catching up, then writing) would stop before its own events and never get
 * past them until it ends. Read the log first, then write.
 */
export class PostgresEventLog implements EventLogPort {
  readonly clock: Clock;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly onInserted: (events: readonly StoredEvent[]) => void;
  private closed = false;

  constructor(
    private readonly sql: Sql,
    options: PostgresEventLogOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.onInserted = options.onInserted ?? (() => undefined);
  }

  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]> {
    if (this.closed) return Promise.reject(new Error('The PostgreSQL event log is closed.'));
    try {
      requireValidMutationId(options.mutationId);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const appending = this.appendWithRetries(stream, domainEvents, options);
    this.pending.add(appending);
    void appending.then(
      () => this.pending.delete(appending),
      () => this.pending.delete(appending),
    );
    return appending;
  }

  private async appendWithRetries(
    stream: string,
    domainEvents: readonly DomainEvent[],
    options: AppendOptions & CommandContext,
  ): Promise<StoredEvent[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await inTransaction(this.sql, 'isolation level read committed', (transaction) =>
          this.appendInTransaction(transaction, stream, domainEvents, options),
        );
      } catch (error) {
        if (attempt >= maximumAttempts || !isConcurrencyFailure(error)) throw error;
        // A short random pause, so appenders that collided do not collide again in step.
        await sleep(Math.random() * 5 * attempt);
      }
    }
  }

  /**
   * Appends inside a transaction the caller opened and commits: what a unit that does more in the same transaction
   * around its append needs (the PostgreSQL door). The transaction may write before and append more than once; it
   * holds the stream's lock until it ends. No retries here: a concurrency failure (such as a deadlock between two
   * transactions appending to the same two streams in opposite orders) aborts the caller's transaction, which the
   * caller runs again.
   * - The transaction must be READ COMMITTED (PostgreSQL's default): the version and the stored result are read after
   *   the locks are taken, and only a snapshot per statement sees what the previous holder committed. Any other
   *   isolation is refused.
   * - A mutation id is one append's: a second append with a mutation id in the same transaction is refused (its
   *   lookup would find the first one's result, and answer with it instead of appending). A unit that appends more
   *   than once passes the mutation id to one append only.
   */
  async appendInTransaction(
    transaction: Transaction,
    stream: string,
    domainEvents: readonly DomainEvent[],
    options: AppendOptions & CommandContext,
  ): Promise<StoredEvent[]> {
    requireValidMutationId(options.mutationId);
    if (domainEvents.length > maximumEventsPerAppend) {
      throw new Error(`An append carries at most ${maximumEventsPerAppend} events; this one has ${domainEvents.length}.`);
    }
    const now = this.clock.now();
    const mutation = mutationRecordOf(options);
    // Checked before any lock is taken, so a refused append leaves the transaction as it was.
    const [state] = await transaction<{ isolation: string; appended_mutation_id: string | null }[]>`
      SELECT current_setting('transaction_isolation') AS isolation,
             nullif(current_setting(${appendedMutationSetting}, true), '') AS appended_mutation_id`;
    if (state!.isolation !== 'read committed') {
      throw new Error(`appendInTransaction needs a READ COMMITTED transaction; this one is ${state!.isolation.toUpperCase()}.`);
    }
    if (mutation && state!.appended_mutation_id !== null) {
      throw new Error(
        `This transaction already appended with mutation id "${state!.appended_mutation_id}": only one append of a transaction may carry a mutation id.`,
      );
    }
    if (mutation) {
      // The mutation id is claimed for this transaction whichever way the append ends (a stored answer included). The
      // setting is the transaction's own (set_config's third argument); a rolled-back savepoint undoes it.
      await transaction`
        SELECT pg_advisory_xact_lock(${mutationLockClass}::integer, hashtext(${mutation.actorKey}::text || ' ' || ${mutation.mutationId}::text)),
               pg_advisory_xact_lock(${streamLockClass}::integer, hashtext(${stream}::text)),
               set_config(${appendedMutationSetting}, ${mutation.mutationId}, true)`;
    } else {
      await transaction`SELECT pg_advisory_xact_lock(${streamLockClass}::integer, hashtext(${stream}::text))`;
    }
    if (mutation) {
      const previous = await takeMutationResult<StoredEvent[]>(transaction, mutation, now);
      if (previous) return previous.result;
    }
    const stored = await this.insertEvents(transaction, stream, domainEvents, {
      teamId: options.teamId,
      actorId: options.actorId,
      mutationId: options.mutationId ?? null,
      expectedVersion: options.expectedVersion,
      createdAt: now,
    });
    if (mutation) await recordMutationResult(transaction, mutation, stored, now);
    return stored;
  }

  /**
   * The command door's append (`postgres/eventStore.ts`): appends inside the unit's transaction, which the door opened
   * READ COMMITTED and keeps the mutation's result for as a whole (so the mutation id is only recorded on the events
   * here, and several appends of one unit may carry it). Locks the stream until the transaction ends; like
   * `appendInTransaction`, no retries: the door reruns the whole unit.
   */
  async appendForUnit(
    transaction: Transaction,
    stream: string,
    domainEvents: readonly DomainEvent[],
    stamp: UnitAppendStamp,
  ): Promise<StoredEvent[]> {
    if (domainEvents.length > maximumEventsPerAppend) {
      throw new Error(`An append carries at most ${maximumEventsPerAppend} events; this one has ${domainEvents.length}.`);
    }
    // Sent before insertEvents sends its reads, without waiting for the answer: the server runs them in the order
    // sent, so they still run once the lock is held (see insertEvents).
    const locked = transaction`SELECT pg_advisory_xact_lock(${streamLockClass}::integer, hashtext(${stream}::text))`.execute();
    const [, stored] = await Promise.all([locked, this.insertEvents(transaction, stream, domainEvents, stamp)]);
    return stored;
  }

  /**
   * Checks the version of a stream this transaction locked (or whose lock it has just sent), draws positions and
   * inserts the events. The version's read and the draw go out together, one round trip instead of two (postgres.js
   * sends a transaction's statements without waiting for the previous answer when it is told to execute them): the
   * server still runs each only after the one sent before it ended, and READ COMMITTED takes a snapshot per statement,
   * so the version is read after the lock is taken and sees what the lock's previous holder committed. Positions drawn
   * for an append refused as a CONFLICT are never used, as a rolled-back append's are not.
   */
  private async insertEvents(
    transaction: Transaction,
    stream: string,
    domainEvents: readonly DomainEvent[],
    stamp: UnitAppendStamp,
  ): Promise<StoredEvent[]> {
    const versionRead = transaction<{ version: number }[]>`
      SELECT COALESCE(MAX(version), 0)::integer AS version FROM events WHERE stream = ${stream}`.execute();
    const drawing =
      domainEvents.length === 0
        ? Promise.resolve([])
        : transaction<{ transaction_horizon: string; positions: string[] }[]>`
            SELECT transaction_horizon::text, positions::text[] FROM events_draw_positions(${domainEvents.length}::integer)`.execute();
    const [[versionRow], [drawn]] = await Promise.all([versionRead, drawing]);
    const version = versionRow?.version ?? 0;
    requireExpectedVersion(stream, stamp.expectedVersion, version);
    const createdAt = stamp.createdAt.toISOString();
    const events = newEventsOf(stream, version, domainEvents, {
      teamId: stamp.teamId,
      actorId: stamp.actorId,
      mutationId: stamp.mutationId,
      createdAt,
    });
    if (events.length === 0) return [];
    const positions = drawn!.positions;
    const stored = events.map((event, index): StoredEvent => ({ seq: Number(positions[index]), ...event }));
    this.onInserted(stored);
    // One statement for all the events, and the notification with them: sent at COMMIT, so listeners hear only
    // of committed events. JSON goes in as text cast to jsonb: the driver would otherwise encode a string once
    // more, and an array as an SQL array.
    await transaction`
      WITH inserted AS (
        INSERT INTO events (seq, transaction_horizon, id, team_id, stream, version, type, actor_id, payload, mutation_id, created_at)
        SELECT position, ${drawn!.transaction_horizon}::xid8, id, ${stamp.teamId}, ${stream}, version, type, ${stamp.actorId},
               payload::jsonb, ${stamp.mutationId}, ${createdAt}::timestamptz
        FROM unnest(${positions}::bigint[], ${events.map((event) => event.id)}::text[], ${events.map((event) => event.version)}::integer[],
                    ${events.map((event) => event.type)}::text[], ${events.map((event) => JSON.stringify(event.payload ?? null))}::text[])
          AS event (position, id, version, type, payload)
      )
      SELECT pg_notify(${eventsAppendedChannel}, ${positions.at(-1)!})`;
    return stored;
  }

  async readStream(stream: string, afterVersion = 0): Promise<StoredEvent[]> {
    const rows = await this.sql<EventRow[]>`
      SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id, to_char(created_at AT TIME ZONE 'UTC', ${isoFormat}) AS created_at
      FROM events WHERE stream = ${stream} AND version > ${afterVersion} ORDER BY version`;
    return rows.map(storedEventOf);
  }

  /**
   * Stops before the first event whose horizon is not below the oldest transaction still running (see the class
   * comment): a later read after the last event returned gets it. Cut here rather than filtered in SQL, so the plan
   * stays a walk of the primary key in order (with the filter in WHERE the planner may sort every row after the
   * position instead); the oldest running transaction is a sub-select, taken once per statement, not once per row.
   * Runs on the pool, never inside a writing transaction: that transaction's own id would hold the read back.
   */
  async readFrom(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.sql<(EventRow & { settled: boolean })[]>`
      SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id,
             to_char(created_at AT TIME ZONE 'UTC', ${isoFormat}) AS created_at,
             transaction_horizon < (SELECT pg_snapshot_xmin(pg_current_snapshot())) AS settled
      FROM events WHERE seq > ${afterPosition} ORDER BY seq LIMIT ${limit}`;
    const unsettled = rows.findIndex((row) => !row.settled);
    return (unsettled === -1 ? rows : rows.slice(0, unsettled)).map(storedEventOf);
  }

  /**
   * The committed events matching `options`, in position order: the event log port's `read` (`EventLog` in
   * core/commands.ts), as on SQLite: everything committed, a caller's own just-committed events included, whatever
   * else runs in the cluster. A reader that resumes after the last position it got uses `readSettled` instead: an
   * append still in flight may commit below that position later. Within one stream (`options.stream`) that cannot
   * happen (appends to a stream hold its lock until COMMIT), so paging a stream by `afterSeq` misses nothing.
   */
  read(options: ReadOptions = {}): Promise<StoredEvent[]> {
    return this.readMatching(options, false);
  }

  /**
   * `read` for readers that resume after the last position they got (live catch-up by position, such as
   * `liveResume`'s cursors): like `readFrom`, it stops before the first matching event whose append may still be in
   * flight below it, so reading on after the last position returned misses nothing; the filters cut the rows first.
   * Held back while any transaction with an id runs in the cluster (see the class comment).
   */
  readSettled(options: ReadOptions = {}): Promise<StoredEvent[]> {
    return this.readMatching(options, true);
  }

  private async readMatching(options: ReadOptions, settledOnly: boolean): Promise<StoredEvent[]> {
    const sql = this.sql;
    const conditions = [sql`seq > ${options.afterSeq ?? 0}`];
    if (options.stream !== undefined) conditions.push(sql`stream = ${options.stream}`);
    if (options.teamId !== undefined) conditions.push(sql`team_id = ${options.teamId}`);
    // '/' follows '.': the range holds exactly the types `<kind>.…` (byte order: the database collates C).
    if (options.kind !== undefined) conditions.push(sql`type >= ${`${options.kind}.`} AND type < ${`${options.kind}/`}`);
    const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
    const limit = options.limit === undefined ? sql`` : sql`LIMIT ${options.limit}`;
    const rows = await sql<(EventRow & { settled: boolean })[]>`
      SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id,
             to_char(created_at AT TIME ZONE 'UTC', ${isoFormat}) AS created_at,
             transaction_horizon < (SELECT pg_snapshot_xmin(pg_current_snapshot())) AS settled
      FROM events WHERE ${where} ORDER BY seq ${limit}`;
    if (!settledOnly) return rows.map(storedEventOf);
    const unsettled = rows.findIndex((row) => !row.settled);
    return (unsettled === -1 ? rows : rows.slice(0, unsettled)).map(storedEventOf);
  }

  streamVersion(stream: string): Promise<number> {
    return streamVersionIn(this.sql, stream);
  }

  /** The newest position a reader can reach now: a reader starting after it misses nothing still in flight below. */
  async headPosition(): Promise<number> {
    const [row] = await this.sql<{ position: string }[]>`
      SELECT COALESCE(MAX(seq), 0) AS position FROM events WHERE transaction_horizon < (SELECT pg_snapshot_xmin(pg_current_snapshot()))`;
    return Number(row?.position ?? 0);
  }

  /**
   * The newest committed position visible now, with no horizon cut: an event up to it may still be held back from
   * readers by position (`readFrom`) for a while. What a follower that may have missed notifications must wait for.
   */
  async visibleHead(): Promise<number> {
    const [row] = await this.sql<{ position: string }[]>`SELECT COALESCE(MAX(seq), 0) AS position FROM events`;
    return Number(row?.position ?? 0);
  }

  /**
   * `onListening` runs each time listening starts, the first time and again after the listening connection was lost
   * and reopened: notifications sent meanwhile are gone, so a follower reads what it may have missed then.
   * The stop function silences the listener for good: after a reconnect the driver registers it anew under an
   * object the first registration's `unlisten` no longer matches, so that registration stays until the pool ends
   * (`sql.end()` closes the listening connection too), hearing nothing.
   */
  async onAppended(listener: (position: number) => void, onListening?: () => void): Promise<() => Promise<void>> {
    let listening = true;
    const { unlisten } = await this.sql.listen(
      eventsAppendedChannel,
      (payload) => {
        if (listening) listener(Number(payload));
      },
      () => {
        if (listening) onListening?.();
      },
    );
    return async () => {
      listening = false;
      await unlisten();
    };
  }

  async forgetMutationResultsBefore(cutoff: Date): Promise<number> {
    const deleted = await this.sql`DELETE FROM mutation_results WHERE created_at < ${cutoff.toISOString()}::timestamptz`;
    return deleted.count;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
    await this.sql.end({ timeout: 5 });
  }
}

function storedEventOf(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    id: row.id,
    teamId: row.team_id,
    stream: row.stream,
    version: row.version,
    type: row.type,
    actorId: row.actor_id,
    payload: row.payload,
    mutationId: row.mutation_id,
    createdAt: row.created_at,
  };
}

/**
 * A page of the log after a position, with no cut at the settled horizon: for work that runs while nothing appends
 * (rebuilding projections, moving an instance), inside its own transaction or on the pool.
 */
export async function readPageIn(sql: Sql | Transaction, afterPosition: number, limit: number): Promise<StoredEvent[]> {
  const rows = await sql<EventRow[]>`
    SELECT seq, id, team_id, stream, version, type, actor_id, payload, mutation_id,
           to_char(created_at AT TIME ZONE 'UTC', ${isoFormat}) AS created_at
    FROM events WHERE seq > ${afterPosition} ORDER BY seq LIMIT ${limit}`;
  return rows.map(storedEventOf);
}

/** A stream's current version (0 when it has no events), read on the pool or inside a transaction. */
export async function streamVersionIn(sql: Sql | Transaction, stream: string): Promise<number> {
  const [row] = await sql<{ version: number }[]>`
    SELECT COALESCE(MAX(version), 0)::integer AS version FROM events WHERE stream = ${stream}`;
  return row?.version ?? 0;
}

/** What a mutation id stands for: kept with the result, so a retry is told apart from a reuse. */
export interface MutationRecord {
  actorKey: string;
  mutationId: string;
  requestHash: string;
}

/** The record of a command sent with a mutation id (null without one). */
export function mutationRecordOf(context: CommandContext): MutationRecord | null {
  if (context.mutationId === undefined) return null;
  return { actorKey: context.actorId ?? 'anonymous', mutationId: context.mutationId, requestHash: hashRequest(context.request) };
}

/**
 * Holds these streams' locks (the ones appends take) until the transaction ends, taken one by one in sorted order,
 * so two transactions locking overlapping sets never wait for each other in a cycle over them. In a READ COMMITTED
 * transaction every statement after it sees what earlier holders committed, and no one appends to these streams
 * until it ends: what the transaction decides on from them stays true until its COMMIT.
 */
export async function lockStreams(transaction: Transaction, streams: readonly string[]): Promise<void> {
  const sorted = [...new Set(streams)].sort();
  if (sorted.length === 0) return;
  // A function scan returns the array's elements in order: the locks are taken in that order.
  await transaction`
    SELECT pg_advisory_xact_lock(${streamLockClass}::integer, hashtext(stream)) FROM unnest(${sorted}::text[]) AS stream`;
}

/**
 * Holds the mutation id until the transaction ends: a second copy of the same mutation waits for the first to commit,
 * then finds its result (READ COMMITTED: a fresh snapshot per statement) instead of running again.
 */
export async function lockMutation(transaction: Transaction, mutation: MutationRecord): Promise<void> {
  await transaction`
    SELECT pg_advisory_xact_lock(${mutationLockClass}::integer, hashtext(${mutation.actorKey}::text || ' ' || ${mutation.mutationId}::text))`;
}

/**
 * The stored first result of the mutation (its lock held), or null when it is new: a result past the key's lifetime
 * is deleted and the key is new again, whether or not the periodic expiry deleted it yet. The same id with another
 * request is refused with IDEMPOTENCY_KEY_REUSED.
 */
export async function takeMutationResult<Result>(
  transaction: Transaction,
  mutation: MutationRecord,
  now: Date,
): Promise<{ result: Result } | null> {
  const [previous] = await transaction<{ request_hash: string; result: unknown; expired: boolean }[]>`
    SELECT request_hash, result, created_at < ${idempotencyKeysExpireBefore(now).toISOString()}::timestamptz AS expired
    FROM mutation_results WHERE actor_key = ${mutation.actorKey} AND mutation_id = ${mutation.mutationId}`;
  if (!previous) return null;
  if (previous.expired) {
    await transaction`DELETE FROM mutation_results WHERE actor_key = ${mutation.actorKey} AND mutation_id = ${mutation.mutationId}`;
    return null;
  }
  if (previous.request_hash !== mutation.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return { result: previous.result as Result };
}

/** Keeps a mutation's first result in its transaction (null for undefined, as JSON has no undefined). */
export async function recordMutationResult(transaction: Transaction, mutation: MutationRecord, result: unknown, now: Date): Promise<void> {
  await transaction`
    INSERT INTO mutation_results (actor_key, mutation_id, request_hash, result, created_at)
    VALUES (${mutation.actorKey}, ${mutation.mutationId}, ${mutation.requestHash}, ${JSON.stringify(result ?? null)}::text::jsonb,
            ${now.toISOString()}::timestamptz)`;
}

export function requireValidMutationId(mutationId: string | undefined): void {
  if (mutationId !== undefined && (mutationId.length === 0 || mutationId.length > maximumMutationIdLength)) {
    throw codedError('IDEMPOTENCY_KEY_INVALID', { params: { maximum: maximumMutationIdLength } });
  }
}

/** What another appender running at the same time can cause, and a new attempt resolves. */
export function isConcurrencyFailure(error: unknown): boolean {
  const { code, constraint_name: constraint } = (databaseErrorOf(error) ?? {}) as { code?: string; constraint_name?: string };
  if (code === '40001' || code === '40P01') return true;
  // The stream and mutation locks keep appends of this log from these; a writer that skips them can still cause one.
  return code === '23505' && (constraint === 'events_stream_version' || constraint === 'mutation_results_pkey');
}
