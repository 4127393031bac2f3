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

/**
 * The payloads of the events being delivered now, shared by the subscribers who would be sent the same
 * thing: the same event, the same document text, operation name and variables (`operationKey`), and the
 * same visibility (what the subscription's resolver declared the payload depends on, see shareWith in
 * core/live.ts). The first such subscriber executes the document, the others take its result.
 *
 * One instance per app (the socket server's): nothing here is shared between processes. An event's
 * payloads are dropped once the turn of the event loop that delivered it is over: every subscriber's
 * feed takes an event in the microtasks after it is published, so by then all of them have it; a
 * subscriber that comes later (its feed waited on something) executes the document again for itself,
 * which costs time but never changes what it is sent.
 */
export class SharedPayloads {
  /** Event → operation key → visibility → payload. */
  private readonly byEvent = new Map<object, Map<string, Map<string, Pending>>>();
  private sweepScheduled = false;
  /** How many executions were shared and how many were run (for tests and diagnostics). */
  readonly counts = { executed: 0, shared: 0 };

  payloadFor(
    about: object,
    operationKey: string,
    visibility: string,
    execute: () => ExecutionResult | Promise<ExecutionResult>,
  ): PreparedPayload | Promise<PreparedPayload> {
    let payloads = this.byEvent.get(about);
    if (!payloads) {
      payloads = new Map();
      this.byEvent.set(about, payloads);
      this.scheduleSweep();
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
    return this.byEvent.size;
  }

  private scheduleSweep(): void {
    if (this.sweepScheduled) return;
    this.sweepScheduled = true;
    setImmediate(() => {
      this.sweepScheduled = false;
      this.byEvent.clear();
    });
  }
}
