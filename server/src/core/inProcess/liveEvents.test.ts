import type { Message } from 'mqemitter';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events';
import { kindOf, logSelectionOf, topics } from '../live';
import { InProcessLiveEvents, TopicEmitter } from './liveEvents';

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

describe('TopicEmitter', () => {
  const message = (topic: string, payload: unknown): Message => ({ topic, payload });

  it("hands a message to its topic's listeners in the order they listened, before emit returns, and to no other topic's", () => {
    const emitter = new TopicEmitter();
    const heardBy: string[] = [];
    emitter.on('team:a', (heard, done) => {
      heardBy.push(`first ${String(heard.payload)}`);
      done();
    });
    emitter.on('team:a', (heard, done) => {
      heardBy.push(`second ${String(heard.payload)}`);
      done();
    });
    emitter.on('team:b', (heard, done) => {
      heardBy.push(`other ${String(heard.payload)}`);
      done();
    });
    let emitted = false;
    emitter.emit(message('team:a', 1), () => (emitted = true));
    expect(heardBy).toEqual(['first 1', 'second 1']);
    expect(emitted).toBe(true);
  });

  it('matches topics exactly: a wildcard is only a name', () => {
    const emitter = new TopicEmitter();
    const heard: string[] = [];
    emitter.on('stream:#', (received, done) => {
      heard.push(received.topic);
      done();
    });
    emitter.emit(message('stream:task/1', null));
    emitter.emit(message('stream:#', null));
    expect(heard).toEqual(['stream:#']);
  });

  it('stops handing messages to a removed listener, and keeps the others', () => {
    const emitter = new TopicEmitter();
    const heard: string[] = [];
    const removed = (received: Message, done: () => void) => {
      heard.push(`removed ${String(received.payload)}`);
      done();
    };
    emitter.on('team:a', removed);
    emitter.on('team:a', (received, done) => {
      heard.push(`kept ${String(received.payload)}`);
      done();
    });
    emitter.emit(message('team:a', 1));
    emitter.removeListener('team:a', removed);
    emitter.emit(message('team:a', 2));
    expect(heard).toEqual(['removed 1', 'kept 1', 'kept 2']);
  });

  it('goes on over the listeners an emit started with when a listener adds or removes one', () => {
    const emitter = new TopicEmitter();
    const heard: string[] = [];
    const late = (received: Message, done: () => void) => {
      heard.push(`late ${String(received.payload)}`);
      done();
    };
    const second = (received: Message, done: () => void) => {
      heard.push(`second ${String(received.payload)}`);
      done();
    };
    emitter.on('team:a', (received, done) => {
      heard.push(`first ${String(received.payload)}`);
      if (received.payload === 1) {
        emitter.on('team:a', late);
        emitter.removeListener('team:a', second);
      }
      done();
    });
    emitter.on('team:a', second);
    emitter.emit(message('team:a', 1));
    emitter.emit(message('team:a', 2));
    expect(heard).toEqual(['first 1', 'second 1', 'first 2', 'late 2']);
  });

  it('tells once it listens, and refuses to emit once closed', async () => {
    const emitter = new TopicEmitter();
    await new Promise<void>((resolve) => emitter.on('team:a', (_message, done) => done(), resolve));
    await new Promise<void>((resolve) => emitter.close(resolve));
    const error = await new Promise<Error | undefined>((resolve) => emitter.emit(message('team:a', 1), resolve));
    expect(error?.message).toBe('the live events emitter is closed');
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
