import type { Message, MQEmitter } from 'mqemitter';
import type { StoredEvent } from '../events';
import { kindOf, topics, type LiveEvents, type LiveHistory } from '../live';

type Listener = (message: Message, done: () => void) => void;

/** Listeners are told they are done with by a function that has nothing to release: see TopicEmitter.emit. */
const released = () => {};

/**
 * The MQEmitter interface over a plain array of listeners per topic, for one process. Topics are matched exactly:
 * no topic of this app is a wildcard, and mqemitter's matcher (qlobber) built a new array of every listener and
 * called each through fastparallel's bookkeeping on every emit, about 3 µs per listener with a thousand of them.
 * Here an emit calls each listener of its topic in the order they were added, synchronously, as mqemitter
 * with concurrency 0 does.
 *
 * While an emit is under way a topic's array is replaced instead of changed, so the emit goes on over the
 * listeners it started with: one added meanwhile hears from the next emit on, one removed meanwhile still
 * hears this one (as with mqemitter, whose removal waits a turn).
 */
export class TopicEmitter implements MQEmitter {
  current = 0;
  concurrent = 0;
  private readonly listeners = new Map<string, Listener[]>();
  /** Emits under way (a listener may emit in turn). */
  private emitting = 0;
  private closed = false;

  on(topic: string, listener: Listener, callback?: () => void): this {
    const current = this.listeners.get(topic);
    if (!current) this.listeners.set(topic, [listener]);
    else if (this.emitting > 0) this.listeners.set(topic, [...current, listener]);
    else current.push(listener);
    // Listening starts at once; the callback is called a turn later, as mqemitter does.
    if (callback) setImmediate(callback);
    return this;
  }

  removeListener(topic: string, listener: Listener, callback?: () => void): void {
    const current = this.listeners.get(topic);
    const index = current ? current.indexOf(listener) : -1;
    if (current && index >= 0) {
      if (current.length === 1) this.listeners.delete(topic);
      else if (this.emitting > 0) this.listeners.set(topic, current.slice(0, index).concat(current.slice(index + 1)));
      else current.splice(index, 1);
    }
    if (callback) setImmediate(callback);
  }

  /**
   * Hands the message to every listener of its topic before it returns. The callback is called after them all:
   * every listener of this app takes its message before it returns (none calls `done` later).
   */
  emit(message: Message, callback?: (error?: Error) => void): void {
    if (this.closed) {
      callback?.(new Error('the live events emitter is closed'));
      return;
    }
    const listening = this.listeners.get(message.topic);
    if (listening) {
      this.emitting += 1;
      try {
        for (const listener of listening) listener(message, released);
      } finally {
        this.emitting -= 1;
      }
    }
    callback?.();
  }

  close(callback: () => void): void {
    this.closed = true;
    this.listeners.clear();
    setImmediate(callback);
  }
}

/**
 * The in-process adapter of the live events port: committed events go to an emitter that GraphQL subscriptions
 * listen on. A Redis-backed emitter (mqemitter-redis speaks the same interface) can replace it so several
 * processes hear each other's events.
 */
export class InProcessLiveEvents implements LiveEvents {
  constructor(
    readonly history: LiveHistory,
    /** Where events are emitted: a TopicEmitter, or one that also relays notices to other processes (core/redis). */
    readonly emitter: MQEmitter = new TopicEmitter(),
  ) {}

  publish(committed: readonly StoredEvent[]): void {
    for (const event of committed) {
      if (event.teamId !== null) this.emit(topics.team(event.teamId), event);
      this.emit(topics.stream(event.stream), event);
      const kind = kindOf(event.type);
      if (kind !== null) this.emit(topics.kind(kind), event);
      this.emit(topics.global, event);
    }
  }

  private emit(topic: string, event: StoredEvent): void {
    this.emitter.emit({ topic, payload: event });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.emitter.close(() => resolve()));
  }
}
