import mqemitter, { type MQEmitter } from 'mqemitter';
import type { StoredEvent } from '../events/types';

/** Topic names: every committed event goes to its team's topic and its stream's topic. */
export const topics = {
  team: (teamId: string) => `team:${teamId}`,
  stream: (stream: string) => `stream:${stream}`,
  global: 'events',
} as const;

/**
 * The in-process emitter that GraphQL subscriptions listen on. Committed events are published here
 * by the event store's listener; a Redis-backed emitter can replace it for several processes.
 */
export class LiveEvents {
  readonly emitter: MQEmitter = mqemitter({ concurrency: 0 });

  publish(committed: readonly StoredEvent[]): void {
    for (const event of committed) {
      if (event.teamId !== null) this.emit(topics.team(event.teamId), event);
      this.emit(topics.stream(event.stream), event);
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
