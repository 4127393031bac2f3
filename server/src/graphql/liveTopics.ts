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
  close(): void;
}

/** Takes a queue's events as they are handed over, synchronously and in order, instead of being asked for them. */
export interface QueueListener {
  /** One event. Must not throw: the handover goes on to the other queues. */
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
    for (const value of this.buffer.splice(0)) listener.next(value);
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
    this.listener?.end();
    this.listener = null;
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

  private readonly handOver = () => {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const opened: HandoverRound[] = [];
    try {
      for (const [queue, value] of batch) {
        const { round } = queue;
        if (round && !opened.includes(round)) {
          round.open();
          opened.push(round);
        }
        queue.push(value);
      }
    } finally {
      for (const round of opened) round.close();
    }
  };
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

  constructor(
    private readonly emitter: MQEmitter,
    private readonly onOverflow: () => void,
    private readonly limit = maxQueuedEvents,
  ) {}

  /**
   * Resolves, once the emitter listens on every topic, to the queue of their events' payloads; those that
   * `relevant` refuses (a test of the payload alone, see feed in core/live.ts) are left out.
   */
  async subscribe(topics: string | string[], relevant?: (payload: never) => boolean): Promise<ListenableQueue> {
    const queue = new EventQueue(this.limit, this.onOverflow);
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
