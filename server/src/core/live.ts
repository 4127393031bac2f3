import type { MercuriusContext } from 'mercurius';
import type { MQEmitter } from 'mqemitter';
import type { Actor } from '../graphql/context';
import { isLiveCredentialActive } from '../graphql/liveCredentials';
import type { StoredEvent } from './events';

/** Topic names: every committed event goes to its team's topic, its stream's topic and the global one. */
export const topics = {
  team: (teamId: string) => `team:${teamId}`,
  stream: (stream: string) => `stream:${stream}`,
  global: 'events',
} as const;

/**
 * The publish/subscribe port for live events. The app publishes every committed event; GraphQL
 * subscriptions listen on `emitter` (an MQEmitter: the in-process one today, a Redis one later).
 */
export interface LiveEvents {
  readonly emitter: MQEmitter;
  publish(committed: readonly StoredEvent[]): void;
  close(): Promise<void>;
}

/** What a subscription does with one event: send it, skip it, or end (the subscriber lost access). */
export type Verdict = 'deliver' | 'skip' | 'end';

/**
 * Events of `topic` that `judge` lets through. Every event is judged against the database as it is
 * when the event is delivered, so a member removed (or signed out) hears nothing more: their feed
 * ends, which completes the subscription. The credential is checked before each delivery rather than
 * for every event of the topic: most of a team's events are skipped by the judge anyway.
 */
export function feed(
  context: MercuriusContext,
  actor: Actor,
  topic: string | string[],
  judge: (event: StoredEvent) => Verdict | Promise<Verdict>,
) {
  const sqlite = context.services.database.sqlite;
  return (async function* () {
    const queue = (await context.pubsub.subscribe(topic as string)) as AsyncIterable<StoredEvent>;
    for await (const event of queue) {
      const judged = judge(event);
      // Synchronous judges (the SQLite reads) are not made to wait a turn for each event.
      const verdict = typeof judged === 'string' ? judged : await judged;
      if (verdict === 'end') return;
      if (verdict !== 'deliver') continue;
      if (!isLiveCredentialActive(sqlite, actor)) return;
      yield event;
    }
  })();
}
