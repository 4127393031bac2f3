import type { Transaction } from '../db/connection';
import type { Clock } from './clock';
import type { DomainEvent, StoredEvent } from './events';

/**
 * The ports of the command door: what an area sees of the log. The SQLite adapter
 * (`sqlite/eventStore.ts`) implements them today; a PostgreSQL adapter implements the same ports later.
 */

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

/**
 * The one door to the log, handed to a command inside its transaction.
 *
 * `UnitTransaction` is the adapter's drizzle handle. Areas see SQLite's (`Transaction`, the default): their tables are
 * typed as sqlite-core tables too, and on PostgreSQL the table chooser (`db/pickTable.ts`) hands them pg-core tables at
 * run time, which the unit's pg transaction runs with the same awaited builders (issue 21, plan option B3). The
 * PostgreSQL door itself is typed with its own handle (`UnitOfWork<PostgresUnitTransaction>`).
 */
export interface UnitOfWork<UnitTransaction = Transaction> {
  /** The storage adapter's handle for reads and writes of projection rows inside the unit. */
  readonly transaction: UnitTransaction;
  readonly actorId: string | null;
  /** One reading of the clock for the whole unit: every event it appends carries this time. */
  readonly now: Date;
  streamVersion(stream: string): Promise<number>;
  /**
   * Locks these streams until the unit ends, before the unit reads the state it decides on: no other unit appends to
   * them, and what the unit reads after this is what earlier holders committed. Call it with every stream whose
   * appends change what the decision reads (a team's stream before counting its admins). Nothing on SQLite, where
   * units run one at a time; on PostgreSQL the streams' locks in sorted order, held until COMMIT (units there run at
   * once on READ COMMITTED, and two could otherwise both decide on the same state: docs/postgres-plan.md §8).
   */
  lock(...streams: string[]): Promise<void>;
  /** Appends events to a stream, applies the projections, then runs the reactions to them, all in this unit. */
  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions): Promise<StoredEvent[]>;
}

/**
 * A command's decision and writes; it may be asynchronous (the unit stays open until it settles). On PostgreSQL it
 * may run more than once (the door reruns a unit a concurrent one made fail), so it has no effects outside the unit.
 */
export type Work<Result, UnitTransaction = Transaction> = (unit: UnitOfWork<UnitTransaction>) => Result | Promise<Result>;

/** The command door: runs `work` as one unit of work (all or nothing), with idempotency by mutation id. */
export interface CommandDoor<UnitTransaction = Transaction> {
  run<Result>(context: CommandContext, work: Work<Result, UnitTransaction>): Promise<Result>;
  /** Appends events to one stream as one command; the convenience form of `run`. */
  append(stream: string, domainEvents: readonly DomainEvent[], options: AppendOptions & CommandContext): Promise<StoredEvent[]>;
}

export interface ReadOptions {
  afterSeq?: number;
  stream?: string;
  teamId?: string;
  /** Only events whose type is `<kind>.<name>` (the live topic `topics.kind`). */
  kind?: string;
  limit?: number;
}

/**
 * Whether a commit was made by this process or by another one on the same database (PostgreSQL with many app
 * processes). Every process hears every commit; work that must happen once per commit, such as sending mail or
 * counting appends, is done only where the origin is this process.
 */
export type CommitOrigin = 'this process' | 'another process';

export type EventListener = (events: readonly StoredEvent[], origin: CommitOrigin) => void;

/** Reading the log, and hearing of events once their unit of work has committed. */
export interface EventLog {
  read(options?: ReadOptions): Promise<StoredEvent[]>;
  streamVersion(stream: string): Promise<number>;
  onCommitted(listener: EventListener): () => void;
}

/** The first results the command door keeps per Idempotency-Key (`core/idempotencyKeys.ts` says how long). */
export interface MutationResultRetention {
  /** Deletes the results stored before `cutoff` and answers how many went; safe to run in many processes at once. */
  forgetMutationResultsBefore(cutoff: Date): Promise<number>;
}

/** The event store port: the door and the log together, as the app's services hold it. */
export interface EventStore<UnitTransaction = Transaction> extends CommandDoor<UnitTransaction>, EventLog, MutationResultRetention {
  readonly clock: Clock;
  /**
   * Resolves once every commit made so far is durable: an answer that may reveal what was read (a query's
   * result, a log position) can be held until then. Units are answered and their events published only
   * once durable anyway; a reader may see a commit a little before that.
   */
  whenDurable(): Promise<void>;
  /**
   * Hears, once, that the store could not make commits durable (a failed disk sync): every write is refused
   * from then on, and the process should stop (PostgreSQL does: the kernel may have dropped the pages).
   */
  onSyncFailure(listener: (error: unknown) => void): () => void;
}

/**
 * What an area does when an event (of any area) is appended: it decides and appends its own events in
 * the same unit of work, before commit, so the producer never knows its consumers. Reactions run only
 * when events are appended live; a replay applies the events they appended like any other, and never
 * runs a reaction, so replay equals live.
 */
export interface Reaction<UnitTransaction = Transaction> {
  /** A name for errors and tests, e.g. `tasks: a new space opens its board`. */
  name: string;
  /** The event types it reacts to. */
  on: readonly string[];
  react(unit: UnitOfWork<UnitTransaction>, event: StoredEvent): void | Promise<void>;
}
