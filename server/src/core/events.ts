import type { Table } from 'drizzle-orm';
import type { Transaction } from '../db/connection';

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

/**
 * A reducer from events to read tables. It runs inside the append transaction and again, in
 * order, when projections are rebuilt; so it must read only its own tables and the event.
 */
export interface Projection {
  name: string;
  /** The read tables this projection owns: emptied before a rebuild, compared by the replay test. */
  tables: readonly Table[];
  apply(transaction: Transaction, event: StoredEvent): void;
}
