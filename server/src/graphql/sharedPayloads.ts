import type { ExecutionResult } from 'graphql';

/**
 * One execution of a subscription's document for one event, as every subscriber who shares it sends
 * it: the result, and when it has no errors its `data` serialized once (`dataJson`). A result with
 * errors is formatted per subscriber (each error carries the subscriber's own request id).
 */
export interface PreparedPayload {
  readonly result: ExecutionResult;
  readonly dataJson: string | null;
}

type Pending = PreparedPayload | Promise<PreparedPayload>;

export function preparedPayload(result: ExecutionResult): PreparedPayload {
  const clean = (!result.errors || result.errors.length === 0) && result.extensions === undefined;
  return { result, dataJson: clean ? JSON.stringify(result.data ?? null) : null };
}

/** Executes and prepares, synchronously when the execution is (no resolver of the document waits). */
export function prepare(execute: () => ExecutionResult | Promise<ExecutionResult>): Pending {
  const executed = execute();
  return isPromise(executed) ? executed.then(preparedPayload) : preparedPayload(executed);
}

export function isPromise<Value>(value: Value | Promise<Value>): value is Promise<Value> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** How long an event's payloads are kept at least (at most twice this): see SharedPayloads. */
export const sharedPayloadKeepMs = 1000;

type EventPayloads = Map<string, Map<string, Pending>>;

/**
 * The payloads of the events being delivered now, shared by the subscribers who would be sent the same
 * thing: the same event, the same document text, operation name and variables (`operationKey`), and the
 * same visibility (what the subscription's resolver declared the payload depends on, see shareWith in
 * core/live.ts). The first such subscriber executes the document, the others take its result.
 *
 * One instance per app (the socket server's): nothing here is shared between processes. An event's
 * payloads are kept for `keepMs` to twice that, then dropped. Not only for the turn of the event loop
 * that delivered it: on SQLite every subscriber's judgement is read in that turn, but on PostgreSQL each
 * subscriber's access reads are queries that end in turns of their own, and with the payloads dropped
 * after the first turn every subscriber executed the document alone. A subscriber that comes later still
 * executes the document again for itself, which costs time but never changes what it is sent; one given a
 * payload executed a moment before its own delivery is sent what any change since will follow with.
 */
export class SharedPayloads {
  /** Event → operation key → visibility → payload, for events first delivered since the last rotation. */
  private current = new Map<object, EventPayloads>();
  /** The same for the events of the rotation before: dropped at the next one. */
  private previous = new Map<object, EventPayloads>();
  private rotation: NodeJS.Timeout | null = null;
  /** How many executions were shared and how many were run (for tests and diagnostics). */
  readonly counts = { executed: 0, shared: 0 };

  constructor(private readonly keepMs = sharedPayloadKeepMs) {}

  payloadFor(
    about: object,
    operationKey: string,
    visibility: string,
    execute: () => ExecutionResult | Promise<ExecutionResult>,
  ): PreparedPayload | Promise<PreparedPayload> {
    let payloads = this.current.get(about) ?? this.previous.get(about);
    if (!payloads) {
      payloads = new Map();
      this.current.set(about, payloads);
      this.scheduleRotation();
    }
    // Keys of one event differ only in the operation and visibility; the operation key is one string per
    // subscription, so its hash is computed once.
    let byVisibility = payloads.get(operationKey);
    if (!byVisibility) payloads.set(operationKey, (byVisibility = new Map()));
    const known = byVisibility.get(visibility);
    if (known) {
      this.counts.shared += 1;
      return known;
    }
    this.counts.executed += 1;
    const pending = prepare(execute);
    byVisibility.set(visibility, pending);
    return pending;
  }

  /** Events whose payloads are still kept (for tests). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** Drops every payload and stops the rotation (the socket server closing). */
  clear(): void {
    if (this.rotation) clearTimeout(this.rotation);
    this.rotation = null;
    this.current = new Map();
    this.previous = new Map();
  }

  private scheduleRotation(): void {
    if (this.rotation) return;
    this.rotation = setTimeout(() => this.rotate(), this.keepMs);
    // A cache's timer never keeps the process alive.
    this.rotation.unref();
  }

  private rotate(): void {
    this.rotation = null;
    this.previous = this.current;
    this.current = new Map();
    if (this.previous.size > 0) this.scheduleRotation();
  }
}
