import { Redis } from 'ioredis';
import type { Message } from 'mqemitter';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../../tests/support/redisServer';
import type { StoredEvent } from '../events';
import { topics } from '../live';
import { connectRedis, type RedisConnections } from './connection';
import { ClusterLiveEvents, noticeChannel } from './liveEvents';

const history = { read: async () => [], headSeq: async () => 0 };

let redis: RedisServer;
/** Everything published on the notice channel, read by a plain client: what the processes send each other. */
const onTheWire: { topic: string; payload: unknown }[] = [];
let wire: Redis;
const opened: { live: ClusterLiveEvents; connections: RedisConnections }[] = [];

/** One process's live events: its own connections to the one Redis, its own metrics. */
async function processLive(localTopics: string[] = []) {
  const connections = await connectRedis(redis.url);
  const registry = new Registry();
  const live = await ClusterLiveEvents.start(history, connections, { registry, localTopics });
  opened.push({ live, connections });
  const dropped = async () => (await registry.getSingleMetric('live_notices_dropped_total')!.get()).values[0]?.value ?? 0;
  return { live, connections, dropped };
}

/** What a topic's listeners in one process are handed, in order. */
function listen(live: ClusterLiveEvents, topic: string): unknown[] {
  const heard: unknown[] = [];
  live.emitter.on(topic, (message: Message, done: () => void) => {
    heard.push(message['payload']);
    done();
  });
  return heard;
}

const typing = (conversation: string, userId: string) => ({ type: 'typing', conversation, userId });

const event = (seq: number): StoredEvent => ({
  seq,
  id: `event-${seq}`,
  teamId: 'team-1',
  stream: 'task:1',
  version: seq,
  type: 'task.created',
  actorId: 'user-1',
  payload: { name: 'A task' },
  mutationId: null,
  createdAt: '2026-11-27T00:00:00.000Z',
});

beforeAll(async () => {
  redis = await startRedisServer();
  wire = new Redis(redis.url);
  wire.on('message', (_channel: string, text: string) => onTheWire.push(JSON.parse(text) as { topic: string; payload: unknown }));
  await wire.subscribe(noticeChannel);
});

afterAll(async () => {
  for (const { live, connections } of opened) {
    await live.close();
    await connections.close();
  }
  wire?.disconnect();
  await redis?.stop();
});

describe('ClusterLiveEvents', () => {
  it('hands a notice to its own listeners at once and once, and to the other process through Redis', async () => {
    const a = await processLive();
    const b = await processLive();
    const onA = listen(a.live, 'typing:room-1');
    const onB = listen(b.live, 'typing:room-1');

    a.live.emitter.emit({ topic: 'typing:room-1', payload: typing('room-1', 'ann') });
    // Synchronously, before anything went through Redis.
    expect(onA).toEqual([typing('room-1', 'ann')]);
    await expect.poll(() => onB).toEqual([typing('room-1', 'ann')]);

    // A sentinel the other way: once A has B's notice, A's own came back to it (or never will).
    b.live.emitter.emit({ topic: 'typing:room-1', payload: typing('room-1', 'bas') });
    await expect.poll(() => onA).toHaveLength(2);
    expect(onA).toEqual([typing('room-1', 'ann'), typing('room-1', 'bas')]);
    expect(onB).toEqual([typing('room-1', 'ann'), typing('room-1', 'bas')]);
  });

  it('sends its notices as the process it is given: the cluster registry’s id', async () => {
    const connections = await connectRedis(redis.url);
    const live = await ClusterLiveEvents.start(history, connections, { registry: new Registry(), processId: 'registered-process' });
    opened.push({ live, connections });
    expect(live.process).toBe('registered-process');
    live.emitter.emit({ topic: 'aiAnswerStop', payload: { answerId: 'answer-2' } });
    await expect
      .poll(() => onTheWire)
      .toContainEqual({ process: 'registered-process', topic: 'aiAnswerStop', payload: { answerId: 'answer-2' } });
  });

  it('keeps log events and local topics off Redis: the other process hears them from its own log follower', async () => {
    const a = await processLive(['presence']);
    const b = await processLive(['presence']);
    const teamOnA = listen(a.live, topics.team('team-1'));
    const teamOnB = listen(b.live, topics.team('team-1'));
    const presenceOnB = listen(b.live, 'presence');
    const sentinelOnB = listen(b.live, 'aiAnswerStop');
    onTheWire.length = 0;

    a.live.publish([event(1)]);
    a.live.emitter.emit({ topic: 'presence', payload: { type: 'presence', userId: 'ann', state: 'online', teamIds: ['team-1'] } });
    expect(teamOnA).toEqual([event(1)]);
    a.live.emitter.emit({ topic: 'aiAnswerStop', payload: { answerId: 'answer-1' } });
    await expect.poll(() => sentinelOnB).toEqual([{ answerId: 'answer-1' }]);

    expect(teamOnB).toEqual([]);
    expect(presenceOnB).toEqual([]);
    expect(onTheWire.map((message) => message.topic)).toEqual(['aiAnswerStop']);
  });

  it('drops notices while Redis is away (counted), still hands them to its own listeners, and relays again once it is back', async () => {
    const a = await processLive();
    const b = await processLive();
    const onA = listen(a.live, 'videocall-live:call-1');
    const onB = listen(b.live, 'videocall-live:call-1');

    await redis.kill();
    await expect.poll(() => a.connections.state()).toBe('down');
    const during = { type: 'state', videocallId: 'call-1', attendeeId: 'during', reaction: null };
    a.live.emitter.emit({ topic: 'videocall-live:call-1', payload: during });
    expect(onA).toEqual([during]);
    expect(await a.dropped()).toBe(1);

    await redis.start();
    await expect.poll(() => a.connections.state(), { timeout: 20_000 }).toBe('ready');
    await expect.poll(() => b.connections.state(), { timeout: 20_000 }).toBe('ready');
    // B listens again once its subscriber connection subscribed anew: until then a notice finds nobody on the channel.
    const after = { type: 'state', videocallId: 'call-1', attendeeId: 'after', reaction: null };
    await expect
      .poll(
        () => {
          a.live.emitter.emit({ topic: 'videocall-live:call-1', payload: after });
          return onB.length > 0;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    expect(onB.every((notice) => JSON.stringify(notice) === JSON.stringify(after))).toBe(true);
    expect(onB).not.toContainEqual(during);
  });
});
