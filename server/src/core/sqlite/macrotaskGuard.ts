import { clearImmediate, clearTimeout, setImmediate, setTimeout } from 'node:timers';

/**
 * Watches one stretch of work that must not yield to the event loop: a unit of work inside the SQLite
 * door's transaction, or reads done together in one read transaction. On SQLite every await inside them
 * settles without I/O (the adapter answers from the one connection at once), so only microtasks run
 * between two awaits and no other request sees the transaction's rows before COMMIT. A `setImmediate`
 * scheduled at the start runs only once a macrotask turn has begun: if it fired before the work ended,
 * the work awaited a timer, a file, the network or a worker, and the rule is broken. A zero timer is set
 * beside it because work started inside the check phase has its immediate deferred a whole loop turn, and
 * the timers phase of that turn can resume a unit that awaited a short timer first; the zero timer, set
 * before the unit's own, fires no later than it.
 */
export interface MacrotaskSentinel {
  /** Stops watching; answers whether a macrotask ran since the start. */
  stop(): boolean;
}

export function startMacrotaskSentinel(): MacrotaskSentinel {
  let fired = false;
  const markFired = () => {
    fired = true;
  };
  const immediate = setImmediate(markFired);
  const timer = setTimeout(markFired, 0);
  return {
    stop() {
      clearImmediate(immediate);
      clearTimeout(timer);
      return fired;
    },
  };
}

/** The error for work that yielded to the event loop inside a transaction, naming the work. */
export function macrotaskInsideTransaction(work: string): Error {
  return new Error(
    `${work} yielded to the event loop inside its SQLite transaction (it awaited a timer, a file, the network or a worker): ` +
      'other requests could see its rows before COMMIT. Do that I/O before the unit of work or after it.',
  );
}
