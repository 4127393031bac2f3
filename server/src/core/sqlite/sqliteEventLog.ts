import type { DatabaseHandle } from '../../db/connection';
import type { AppendOptions, CommandContext } from '../commands';
import type { EventLogPort } from '../eventLogPort';
import type { DomainEvent, StoredEvent } from '../events';
import type { SqliteEventStore } from './eventStore';

/**
 * The SQLite event store seen through the event log port, so one conformance suite holds both adapters to the same
 * rules. A thin adapter: every rule (versions, conflicts, idempotency, group commit, durability) stays the store's.
 */
export class SqliteEventLog implements EventLogPort {
  constructor(
    private readonly store: SqliteEventStore,
    private readonly database: DatabaseHandle,
  ) {}

  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]> {
    return this.store.append(stream, domainEvents, options);
  }

  async readStream(stream: string, afterVersion = 0): Promise<StoredEvent[]> {
    // A stream's positions increase with its versions, so the store's order by position is its version order.
    return (await this.store.read({ stream })).filter((event) => event.version > afterVersion);
  }

  readFrom(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    return this.store.read({ afterSeq: afterPosition, limit });
  }

  streamVersion(stream: string): Promise<number> {
    return this.store.streamVersion(stream);
  }

  async headPosition(): Promise<number> {
    const row = this.database.sqlite.prepare('SELECT COALESCE(MAX(seq), 0) AS position FROM events').get() as { position: number };
    return row.position;
  }

  /** One process writes a SQLite file, so hearing the store's commits is hearing every append. */
  async onAppended(listener: (position: number) => void): Promise<() => Promise<void>> {
    const stop = this.store.onCommitted((committed) => {
      const last = committed.at(-1);
      if (last) listener(last.seq);
    });
    return async () => {
      stop();
    };
  }

  forgetMutationResultsBefore(cutoff: Date): Promise<number> {
    return this.store.forgetMutationResultsBefore(cutoff);
  }

  /** Waits for the queued units to commit durably, then closes the file. */
  async close(): Promise<void> {
    await this.store.settle();
    this.database.close();
  }
}
