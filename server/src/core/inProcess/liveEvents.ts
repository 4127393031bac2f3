import mqemitter, { type MQEmitter } from 'mqemitter';
import type { StoredEvent } from '../events';
import { kindOf, topics, type LiveEvents, type LiveHistory } from '../live';

/**
 * The in-process adapter of the live events port: committed events go to an mqemitter that GraphQL
 * subscriptions listen on. A Redis-backed emitter (mqemitter-redis speaks the same interface) can
 * replace it so several processes hear each other's events.
 */
export class InProcessLiveEvents implements LiveEvents {
  readonly emitter: MQEmitter = mqemitter({ concurrency: 0 });

  constructor(readonly history: LiveHistory) {}

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
