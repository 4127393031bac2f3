import { setTimeout as sleep } from 'node:timers/promises';
import { codedError, DomainError } from '../../errors';
import { systemClock, type Clock } from '../clock';
import type { AppendOptions, CommandContext } from '../commands';
import type { EventLogPort } from '../eventLogPort';
import { newEventsOf, requireExpectedVersion, type DomainEvent, type StoredEvent } from '../events';
import { hashRequest, idempotencyKeysExpireBefore } from '../idempotencyKeys';
import type { Sql } from './connect';

const maximumMutationIdLength = 128;
/** The channel that tells every listening process the new head position after a commit that appended events. */
export const eventsAppendedChannel = 'events_appended';
/**
 * The transaction-level advisory lock appenders take before they read a stream's version and insert: appends
 * commit one after the other, so positions (an identity column, handed out at insert) become visible in
 * increasing order and a reader "after position N" never misses an event committed later with a smaller one.
 */
const appendLockKey = 2_021_000_002;
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
  created_at: Date;
}

export interface PostgresEventLogOptions {
  clock?: Clock;
}

/**
 * The event log on PostgreSQL (issue 21, first slice): one transaction per append with synchronous_commit on
 * (`connectPostgres` sets it), answered only after COMMIT returned. The earlier result of a mutation id is looked
 * up, the stream's version read and the events inserted under the append lock, so a copy of a mutation answers the
 * first copy's result, a stale `expectedVersion` is a CONFLICT and the (stream, version) key never has to refuse a
 * racing appender; the retries for what concurrency can still cause happen here, never in callers.
 */
export class PostgresEventLog implements EventLogPort {
  readonly clock: Clock;
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly sql: Sql,
    options: PostgresEventLogOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
  }

  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]> {
    if (this.closed) return Promise.reject(new Error('The PostgreSQL event log is closed.'));
    const mutationId = options.mutationId;
    if (mutationId !== undefined && (mutationId.length === 0 || mutationId.length > maximumMutationIdLength)) {
      return Promise.reject(codedError('IDEMPOTENCY_KEY_INVALID', { params: { maximum: maximumMutationIdLength } }));
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
        return await this.appendOnce(stream, domainEvents, options);
      } catch (error) {
        if (attempt >= maximumAttempts || !isConcurrencyFailure(error)) throw error;
        // A short random pause, so appenders that collided do not collide again in step.
        await sleep(Math.random() * 5 * attempt);
      }
    }
  }

  private appendOnce(
    stream: string,
    domainEvents: readonly DomainEvent[],
    options: AppendOptions & CommandContext,
  ): Promise<StoredEvent[]> {
    return this.sql.begin(async (transaction) => {
      const now = this.clock.now();
      const mutation =
        options.mutationId === undefined
          ? null
          : { actorKey: options.actorId ?? 'anonymous', mutationId: options.mutationId, requestHash: hashRequest(options.request) };
      // The lock comes before the idempotency lookup: a second copy of a mutation waits here for the first to commit,
      // then (READ COMMITTED: a fresh snapshot per statement) finds its result instead of a version it moved on.
      await transaction`SELECT pg_advisory_xact_lock(${appendLockKey})`;
      if (mutation) {
        const [previous] = await transaction<{ request_hash: string; result: unknown; created_at: Date }[]>`
          SELECT request_hash, result, created_at FROM mutation_results
          WHERE actor_key = ${mutation.actorKey} AND mutation_id = ${mutation.mutationId}`;
        if (previous && previous.created_at < idempotencyKeysExpireBefore(now)) {
          // Past its lifetime a key is new, whether or not the periodic expiry deleted its result yet.
          await transaction`DELETE FROM mutation_results WHERE actor_key = ${mutation.actorKey} AND mutation_id = ${mutation.mutationId}`;
        } else if (previous) {
          if (previous.request_hash !== mutation.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
          return previous.result as StoredEvent[];
        }
      }
      const [current] = await transaction<{ version: number }[]>`
        SELECT COALESCE(MAX(version), 0)::integer AS version FROM events WHERE stream = ${stream}`;
      const version = current?.version ?? 0;
      requireExpectedVersion(stream, options.expectedVersion, version);
      const shared = {
        teamId: options.teamId,
        actorId: options.actorId,
        mutationId: options.mutationId ?? null,
        createdAt: now.toISOString(),
      };
      // JSON goes in as text cast to jsonb: the driver would otherwise encode a string once more, and an array as an SQL array.
      const stored: StoredEvent[] = [];
      for (const event of newEventsOf(stream, version, domainEvents, shared)) {
        const [inserted] = await transaction<{ seq: string }[]>`
          INSERT INTO events (id, team_id, stream, version, type, actor_id, payload, mutation_id, created_at)
          VALUES (${event.id}, ${event.teamId}, ${event.stream}, ${event.version}, ${event.type}, ${event.actorId},
                  ${JSON.stringify(event.payload ?? null)}::text::jsonb, ${event.mutationId}, ${now})
          RETURNING seq`;
        stored.push({ seq: Number(inserted!.seq), ...event });
      }
      if (mutation) {
        await transaction`
          INSERT INTO mutation_results (actor_key, mutation_id, request_hash, result, created_at)
          VALUES (${mutation.actorKey}, ${mutation.mutationId}, ${mutation.requestHash}, ${JSON.stringify(stored)}::text::jsonb, ${now})`;
      }
      // Sent at COMMIT, so listeners hear only of committed events, in commit order.
      if (stored.length > 0) await transaction`SELECT pg_notify(${eventsAppendedChannel}, ${String(stored.at(-1)!.seq)})`;
      return stored;
    }) as Promise<StoredEvent[]>;
  }

  async readStream(stream: string, afterVersion = 0): Promise<StoredEvent[]> {
    const rows = await this.sql<EventRow[]>`
      SELECT * FROM events WHERE stream = ${stream} AND version > ${afterVersion} ORDER BY version`;
    return rows.map(storedEventOf);
  }

  async readFrom(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.sql<EventRow[]>`SELECT * FROM events WHERE seq > ${afterPosition} ORDER BY seq LIMIT ${limit}`;
    return rows.map(storedEventOf);
  }

  async streamVersion(stream: string): Promise<number> {
    const [row] = await this.sql<{ version: number }[]>`
      SELECT COALESCE(MAX(version), 0)::integer AS version FROM events WHERE stream = ${stream}`;
    return row?.version ?? 0;
  }

  async headPosition(): Promise<number> {
    const [row] = await this.sql<{ position: string }[]>`SELECT COALESCE(MAX(seq), 0) AS position FROM events`;
    return Number(row?.position ?? 0);
  }

  async onAppended(listener: (position: number) => void): Promise<() => Promise<void>> {
    const { unlisten } = await this.sql.listen(eventsAppendedChannel, (payload) => listener(Number(payload)));
    return unlisten;
  }

  async forgetMutationResultsBefore(cutoff: Date): Promise<number> {
    const deleted = await this.sql`DELETE FROM mutation_results WHERE created_at < ${cutoff}`;
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
    createdAt: row.created_at.toISOString(),
  };
}

/** What another appender running at the same time can cause, and a new attempt resolves. */
function isConcurrencyFailure(error: unknown): boolean {
  const { code, constraint_name: constraint } = (error ?? {}) as { code?: string; constraint_name?: string };
  if (code === '40001' || code === '40P01') return true;
  // Two requests with one mutation id: the second attempt finds the first's result and answers it.
  return code === '23505' && (constraint === 'events_stream_version' || constraint === 'mutation_results_pkey');
}
