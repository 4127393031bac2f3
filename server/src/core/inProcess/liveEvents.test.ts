import type { Message } from 'mqemitter';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events';
import { kindOf, logSelectionOf, topics } from '../live';
import { InProcessLiveEvents } from './liveEvents';

let sequence = 0;
function stored(type: string, stream: string, teamId: string | null): StoredEvent {
  sequence += 1;
  return {
    seq: sequence,
    id: `event-${sequence}`,
    teamId,
    stream,
    version: 1,
    type,
    actorId: null,
    payload: {},
    mutationId: null,
    createdAt: new Date(0).toISOString(),
  };
}

const live = new InProcessLiveEvents({ read: async () => [], headSeq: async () => 0 });
afterAll(() => live.close());

/** The events each topic carried while `publish` ran (mqemitter with concurrency 0 delivers during the emit). */
function heard(topicNames: readonly string[], publish: () => void): Record<string, string[]> {
  const byTopic: Record<string, string[]> = Object.fromEntries(topicNames.map((topic) => [topic, []]));
  const listeners = topicNames.map((topic) => {
    const listener = (message: Message, done: () => void) => {
      byTopic[topic]!.push((message.payload as StoredEvent).type);
      done();
    };
    live.emitter.on(topic, listener);
    return { topic, listener };
  });
  publish();
  for (const { topic, listener } of listeners) live.emitter.removeListener(topic, listener);
  return byTopic;
}

describe('InProcessLiveEvents.publish', () => {
  it("sends each event to its team's, stream's, kind's and the global topic, and no other kind's", () => {
    const support = stored('support.messagePosted', 'support:ada', null);
    const visit = stored('home.visited', 'home:ada', null);
    const task = stored('task.created', 'task:t1', 'team-1');
    const byTopic = heard(
      [topics.kind('support'), topics.kind('task'), topics.team('team-1'), topics.stream('home:ada'), topics.global],
      () => live.publish([support, visit, task]),
    );
    expect(byTopic).toEqual({
      [topics.kind('support')]: ['support.messagePosted'],
      [topics.kind('task')]: ['task.created'],
      [topics.team('team-1')]: ['task.created'],
      [topics.stream('home:ada')]: ['home.visited'],
      [topics.global]: ['support.messagePosted', 'home.visited', 'task.created'],
    });
  });
});

describe('kinds', () => {
  it("is an event type's part before its first dot, none without a dot", () => {
    expect(kindOf('support.messagePosted')).toBe('support');
    expect(kindOf('ai.request.started')).toBe('ai');
    expect(kindOf('presence')).toBeNull();
    expect(kindOf('.hidden')).toBeNull();
  });

  it("replays a kind's topic from the events of that kind", () => {
    expect(logSelectionOf(topics.kind('support'))).toEqual({ kind: 'support' });
    expect(logSelectionOf(topics.global)).toEqual({});
  });
});
