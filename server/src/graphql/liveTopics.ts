import type { MQEmitter, Message } from 'mqemitter';

/**
 * Events queued for one subscription that its delivery loop has not taken yet. Deliveries are
 * written to the socket without waiting for the peer, so the loop keeps up unless the process
 * itself is overloaded; past this many the subscriber counts as stuck and its socket is closed.
 */
export const maxQueuedEvents = 10_000;

type Waiter = (result: IteratorResult<unknown>) => void;

/** One subscription's queue of topic events: an async iterator that ends when it is closed. */
class EventQueue implements AsyncIterableIterator<unknown> {
  private readonly buffer: unknown[] = [];
  private waiter: Waiter | null = null;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly onOverflow: () => void,
  ) {}

  push(value: unknown): void {
    if (this.ended) return;
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

  /** Resolves, once the emitter listens on every topic, to the queue of their events' payloads. */
  async subscribe(topics: string | string[]): Promise<AsyncIterableIterator<unknown>> {
    const queue = new EventQueue(this.limit, this.onOverflow);
    if (this.closed) {
      queue.end();
      return queue;
    }
    const listener = (message: Message, done: () => void) => {
      queue.push(message.payload);
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
