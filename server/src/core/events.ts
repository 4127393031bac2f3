import { randomUUID } from 'node:crypto';
import type { Table } from 'drizzle-orm';
import type { Transaction } from '../db/connection';
import { DomainError } from '../errors';

/** What a command decides: a fact, named in the past tense (`task.created`). */
export interface DomainEvent<Type extends string = string, Payload = unknown> {
  type: Type;
  payload: Payload;
}

/** An event as the log keeps it. */
export interface StoredEvent<Payload = unknown> {
  seq: number;
  id: string;
  teamId: string | null;
  stream: string;
  version: number;
  type: string;
  actorId: string | null;
  payload: Payload;
  mutationId: string | null;
  createdAt: string;
}

/** Refuses an append whose expected version is not the stream's own: a CONFLICT, and the log writes nothing. */
export function requireExpectedVersion(stream: string, expectedVersion: number | undefined, actualVersion: number): void {
  if (expectedVersion !== undefined && expectedVersion !== actualVersion) {
    throw new DomainError('CONFLICT', undefined, { stream, expectedVersion, actualVersion });
  }
}

/** What an appended event is before the log gives it its position: each log adapter stores these. */
export type NewEvent = Omit<StoredEvent, 'seq'>;

/** The events decided for a stream now at `version`, numbered after it, with what every one of them shares. */
export function newEventsOf(
  stream: string,
  version: number,
  domainEvents: readonly DomainEvent[],
  shared: Pick<StoredEvent, 'teamId' | 'actorId' | 'mutationId' | 'createdAt'>,
): NewEvent[] {
  return domainEvents.map((domainEvent, index) => ({
    id: randomUUID(),
    teamId: shared.teamId,
    stream,
    version: version + index + 1,
    type: domainEvent.type,
    actorId: shared.actorId,
    payload: domainEvent.payload,
    mutationId: shared.mutationId,
    createdAt: shared.createdAt,
  }));
}

/**
 * A reducer from events to read tables. It runs inside the append transaction and again, in
 * order, when projections are rebuilt; so it must read only its own tables and the event.
 */
export interface Projection<UnitTransaction = Transaction> {
  name: string;
  /** The read tables this projection owns: emptied before a rebuild, compared by the replay test. */
  tables: readonly Table[];
  /** It may be asynchronous (a storage adapter whose reads answer promises); the unit awaits it. */
  apply(transaction: UnitTransaction, event: StoredEvent): void | Promise<void>;
}
