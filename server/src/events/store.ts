import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { DatabaseHandle, Transaction } from '../db/connection';
import { DomainError } from '../errors';
import { events, mutationResults } from './tables';
import type { DomainEvent, Projection, StoredEvent } from './types';

export interface AppendOptions {
  teamId: string | null;
  /** The stream's version the command decided from; a different current version is a conflict. */
  expectedVersion?: number;
}

export interface CommandContext {
  actorId: string | null;
  /** A client-supplied id; the same id with the same request returns the first result. */
  mutationId?: string | undefined;
  /** The request the mutation id stands for (operation and arguments), hashed to detect reuse. */
  request?: unknown;
}

export type EventListener = (events: readonly StoredEvent[]) => void;

/** The one door to the log, handed to a command inside its transaction. */
export interface UnitOfWork {
  readonly transaction: Transaction;
  readonly actorId: string | null;
  streamVersion(stream: string): number;
  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions): StoredEvent[];
}

export interface ReadOptions {
  afterSeq?: number;
  stream?: string;
  teamId?: string;
  limit?: number;
}

const maximumMutationIdLength = 128;

/**
 * The append-only event log. A command runs in one SQLite transaction that writes its events and
 * applies every projection, so reads right after a mutation see it. Listeners hear of events only
 * after the transaction commits, so nobody is told about a write that rolled back.
 */
export class EventStore {
  private readonly listeners = new Set<EventListener>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly projections: readonly Projection[],
  ) {}

  onCommitted(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `work` (decide and append) atomically, with idempotency by client mutation id. */
  run<Result>(context: CommandContext, work: (unit: UnitOfWork) => Result): Result {
    const mutationId = context.mutationId;
    if (mutationId !== undefined && (mutationId.length === 0 || mutationId.length > maximumMutationIdLength)) {
      throw new DomainError('BAD_USER_INPUT', `A mutation id must be 1 to ${maximumMutationIdLength} characters.`);
    }
    const actorKey = context.actorId ?? 'anonymous';
    const requestHash = mutationId === undefined ? '' : hashRequest(context.request);
    const appended: StoredEvent[] = [];

    const result = this.database.db.transaction(
      (transaction) => {
        if (mutationId !== undefined) {
          const previous = transaction
            .select()
            .from(mutationResults)
            .where(and(eq(mutationResults.actorKey, actorKey), eq(mutationResults.mutationId, mutationId)))
            .get();
          if (previous) {
            if (previous.requestHash !== requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
            return previous.result as Result;
          }
        }
        const unit = this.createUnitOfWork(transaction, context.actorId, mutationId ?? null, appended);
        const value = work(unit);
        if (mutationId !== undefined) {
          transaction
            .insert(mutationResults)
            .values({ actorKey, mutationId, requestHash, result: value ?? null, createdAt: new Date().toISOString() })
            .run();
        }
        return value;
      },
      { behavior: 'immediate' },
    );

    if (appended.length > 0) this.notify(appended);
    return result;
  }

  /** Appends events to one stream as one command; the convenience form of `run`. */
  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): StoredEvent[] {
    return this.run(options, (unit) => unit.append(stream, domainEvents, options));
  }

  streamVersion(stream: string): number {
    return currentVersion(this.database.db, stream);
  }

  read(options: ReadOptions = {}): StoredEvent[] {
    const conditions = [gt(events.seq, options.afterSeq ?? 0)];
    if (options.stream !== undefined) conditions.push(eq(events.stream, options.stream));
    if (options.teamId !== undefined) conditions.push(eq(events.teamId, options.teamId));
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
    return {
      transaction,
      actorId,
      streamVersion: (stream) => currentVersion(transaction, stream),
      append(stream, domainEvents, options) {
        const version = currentVersion(transaction, stream);
        if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
          throw new DomainError('CONFLICT', undefined, { stream, expectedVersion: options.expectedVersion, actualVersion: version });
        }
        const createdAt = new Date().toISOString();
        const stored: StoredEvent[] = [];
        domainEvents.forEach((domainEvent, index) => {
          const row = {
            id: randomUUID(),
            teamId: options.teamId,
            stream,
            version: version + index + 1,
            type: domainEvent.type,
            actorId,
            payload: domainEvent.payload,
            mutationId,
            createdAt,
          };
          const inserted = transaction.insert(events).values(row).returning({ seq: events.seq }).get();
          const event: StoredEvent = { ...row, seq: inserted.seq };
          for (const projection of projections) projection.apply(transaction, event);
          stored.push(event);
        });
        appended.push(...stored);
        return stored;
      },
    };
  }

  private notify(committed: readonly StoredEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(committed);
      } catch (error) {
        // A failing listener must not undo a committed write nor starve the other listeners.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function currentVersion(database: Pick<Transaction, 'select'>, stream: string): number {
  const row = database
    .select({ version: max(events.version) })
    .from(events)
    .where(eq(events.stream, stream))
    .get();
  return row?.version ?? 0;
}

/** A stable hash of a request: key order in objects does not change it. */
export function hashRequest(request: unknown): string {
  return createHash('sha256')
    .update(stableStringify(request ?? null))
    .digest('hex');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableStringify(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
