import type { MQEmitter, Message } from 'mqemitter';

/** A subscription's queue: read it as an async iterator, or have its events handed to a listener. */
export interface ListenableQueue extends AsyncIterableIterator<unknown> {
  listen(listener: QueueListener): void;
}

/**
 * Events queued for one subscription that its delivery loop has not taken yet. Deliveries are
 * written to the socket without waiting for the peer, so the loop keeps up unless the process
 * itself is overloaded; past this many the subscriber counts as stuck and its socket is closed.
 */
export const maxQueuedEvents = 10_000;

type Waiter = (result: IteratorResult<unknown>) => void;

/**
 * Work around one handover shared by the listeners that name it: opened before the first of their events is
 * handed over and closed after the last (core/live.ts reads the database for all of them in one transaction).
 */
export interface HandoverRound {
  open(): void;
  /** Also called after an `open` that threw, to undo what it did before it threw. */
  close(): void;
}

/** Where a queue reports a listener that failed (the socket's logger; the console without one). */
export interface TopicsLog {
  error(details: object, message: string): void;
}

const consoleLog: TopicsLog = { error: (details, message) => console.error(message, details) };

/** Takes a queue's events as they are handed over, synchronously and in order, instead of being asked for them. */
export interface QueueListener {
  /**
   * One event. Should not throw: a throw during a handover is logged and ends this queue (and so this
   * listener); the other queues of the handover still get their events.
   */
  next(value: unknown): void;
  /** The queue ended (its topics were closed). */
  end(): void;
  readonly round?: HandoverRound | undefined;
}

/** One subscription's queue of topic events: an async iterator that ends when it is closed. */
class EventQueue implements AsyncIterableIterator<unknown> {
  private readonly buffer: unknown[] = [];
  private waiter: Waiter | null = null;
  private listener: QueueListener | null = null;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly onOverflow: () => void,
    readonly log: TopicsLog,
  ) {}

  get round(): HandoverRound | undefined {
    return this.listener?.round;
  }

  /**
   * From now on hands every event to `listener` as it arrives, the ones waiting first: a listener never falls
   * behind, so nothing is kept for it.
   */
  listen(listener: QueueListener): void {
    if (this.ended) {
      listener.end();
      return;
    }
    this.listener = listener;
    for (const value of this.buffer.splice(0)) {
      // The listener may end the queue on any of them (its subscriber lost access): it hears nothing after.
      if (this.ended) break;
      listener.next(value);
    }
  }

  push(value: unknown): void {
    if (this.ended) return;
    if (this.listener) {
      this.listener.next(value);
      return;
    }
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter({ value, done: false });
      return;
    }
    this.buffer.push(value);
    if (this.buffer.length > this.limit) this.onOverflow();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.buffer.length = 0;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.({ value: undefined, done: true });
    const listener = this.listener;
    this.listener = null;
    listener?.end();
  }

  /** A listener threw while this queue handed it an event: it is ended, so it hears nothing more. */
  fail(error: unknown, message: string): void {
    this.log.error({ err: error }, message);
    this.endContained();
  }

  /** Ends the queue; a throw from its listener's end is logged instead of leaving the handover. */
  endContained(): void {
    try {
      this.end();
    } catch (error) {
      this.log.error({ err: error }, 'live topics: a subscription failed as its queue was ended');
    }
  }

  next(): Promise<IteratorResult<unknown>> {
    if (this.buffer.length > 0) return Promise.resolve({ value: this.buffer.shift(), done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiter = resolve));
  }

  return(): Promise<IteratorResult<unknown>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * Topic events on their way to the subscriptions' queues, handed over together once the current turn of the
 * event loop is over (one per emitter, so per app). A commit publishes its events before the mutation that
 * made it has answered: queued at once, every subscriber's judgement and delivery ran in the microtasks ahead
 * of the answer's, and a message to a space of thousands held its sender's answer until the last delivery
 * was written. Order is kept: every queue gets its events in the order they were published.
 */
class DeferredHandover {
  private pending: [EventQueue, unknown][] = [];
  private scheduled = false;

  add(queue: EventQueue, value: unknown): void {
    this.pending.push([queue, value]);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.handOver);
  }

  /**
   * Runs every listener's work, so one that throws must not cost the others their events nor escape this
   * callback (an uncaught exception): each queue is contained on its own (see deliver and roundFor).
   */
  private readonly handOver = () => {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const rounds = new Map<HandoverRound, OpenedRound>();
    try {
      for (const [queue, value] of batch) {
        const { round } = queue;
        const state = round ? roundFor(round, rounds, queue.log) : 'open';
        if (state === 'broken') queue.endContained();
        else deliver(queue, value);
      }
    } finally {
      for (const [round, { state, log }] of rounds) if (state === 'open') closeRound(round, log);
    }
  };
}

/**
 * A round of one handover: `open`; `without` when its open failed and was undone (its listeners are handed
 * their events without it); `broken` when the undo failed too (its listeners' queues are ended).
 */
type RoundState = 'open' | 'without' | 'broken';

interface OpenedRound {
  state: RoundState;
  /** The logger of the queue that opened it. */
  log: TopicsLog;
}

/**
 * Opens `round` the first time a queue of the handover names it. When its open fails (the database closed
 * under it), it is undone and the events go without it: core/live.ts's judgements then each read in their
 * own transaction and read every credential afresh, the same checks on data as new or newer, so no judgement
 * runs with stale or missing checks; kept back instead, the events would be lost (a batch is handed over
 * once). Only when the undo fails too is the round's state unknown (credentials possibly still remembered
 * outside any snapshot), and its queues are ended rather than judged in it.
 */
function roundFor(round: HandoverRound, rounds: Map<HandoverRound, OpenedRound>, log: TopicsLog): RoundState {
  const known = rounds.get(round);
  if (known) return known.state;
  let state: RoundState = 'open';
  try {
    round.open();
  } catch (error) {
    log.error({ err: error }, 'live topics: a handover round failed to open; its events are handed over without it');
    if (!closeRound(round, log)) {
      state = 'broken';
      log.error({}, 'live topics: a handover round could not be undone; the queues of its subscriptions in this handover are ended');
    } else state = 'without';
  }
  rounds.set(round, { state, log });
  return state;
}

/** True when it closed; a failure is logged (the handover is over either way). */
function closeRound(round: HandoverRound, log: TopicsLog): boolean {
  try {
    round.close();
    return true;
  } catch (error) {
    log.error({ err: error }, 'live topics: a handover round failed to close');
    return false;
  }
}

/** One event to one queue; a throw from its listener ends that queue alone. */
function deliver(queue: EventQueue, value: unknown): void {
  try {
    queue.push(value);
  } catch (error) {
    queue.fail(error, 'live topics: a subscription failed on an event handed over; its queue is ended');
  }
}

const handovers = new WeakMap<MQEmitter, DeferredHandover>();

function handoverOf(emitter: MQEmitter): DeferredHandover {
  let handover = handovers.get(emitter);
  if (!handover) handovers.set(emitter, (handover = new DeferredHandover()));
  return handover;
}

/**
 * The `pubsub` a subscription resolver sees (`context.pubsub.subscribe(topic)`, as with mercurius):
 * one per operation, so closing it (the client's `complete`, the socket closing, a slow consumer
 * dropped) removes its emitter listeners and ends its queues at once, instead of when the next
 * event happens to arrive.
 */
export class OperationTopics {
  private readonly closers: (() => void)[] = [];
  private closed = false;

  private readonly limit: number;
  private readonly log: TopicsLog;

  /** `log`: the socket's logger, where a listener that failed during a handover is reported. */
  constructor(
    private readonly emitter: MQEmitter,
    private readonly onOverflow: () => void,
    { limit = maxQueuedEvents, log = consoleLog }: { limit?: number; log?: TopicsLog } = {},
  ) {
    this.limit = limit;
    this.log = log;
  }

  /**
   * Resolves, once the emitter listens on every topic, to the queue of their events' payloads; those that
   * `relevant` refuses (a test of the payload alone, see feed in core/live.ts) are left out.
   */
  async subscribe(topics: string | string[], relevant?: (payload: never) => boolean): Promise<ListenableQueue> {
    const queue = new EventQueue(this.limit, this.onOverflow, this.log);
    if (this.closed) {
      queue.end();
      return queue;
    }
    const handover = handoverOf(this.emitter);
    const listener = (message: Message, done: () => void) => {
      if (!relevant || relevant(message.payload as never)) handover.add(queue, message.payload);
      done();
    };
    const names = typeof topics === 'string' ? [topics] : topics;
    this.closers.push(() => {
      for (const topic of names) this.emitter.removeListener(topic, listener);
      queue.end();
    });
    await Promise.all(names.map((topic) => new Promise<void>((resolve) => this.emitter.on(topic, listener, () => resolve()))));
    return queue;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const close of this.closers.splice(0)) close();
  }
}
