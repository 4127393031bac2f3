import type { PresenceState } from '#shared/chatRules';
import { afterEach, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../../../tests/support/redisForTests';
import type { SocketConnection } from '../../graphql/sockets';
import { InProcessJobRunner } from '../inProcess/jobRunner';
import type { Cancel, JobRunner } from '../jobs';
import { connectRedis, type RedisConnections } from './connection';
import { RedisPresenceDirectory } from './presence';

/** Short enough for tests: heartbeats every 300 ms, a silent process gone after 900 ms. */
const processTimeoutMs = 900;

/** One app process's share: its own Redis connections, job runner and directory. */
interface ProcessUnderTest {
  directory: RedisPresenceDirectory;
  connections: RedisConnections;
  jobs: JobRunner;
  /** What the directory's listeners heard, in order. */
  heard: [string, PresenceState][];
}

describe('RedisPresenceDirectory', () => {
  const redis = useRedisServer({ flushBeforeEach: true });
  let started: ProcessUnderTest[] = [];
  afterEach(async () => {
    for (const process of started) {
      process.jobs.stop();
      await process.directory.close();
      await process.connections.close();
    }
    started = [];
  });

  async function startProcess(maxSocketsPerUser?: number): Promise<ProcessUnderTest> {
    const connections = await connectRedis(redis.server.url);
    const jobs = new InProcessJobRunner();
    const directory = new RedisPresenceDirectory(connections, {
      processTimeoutMs,
      ...(maxSocketsPerUser === undefined ? {} : { maxSocketsPerUser }),
    });
    const heard: [string, PresenceState][] = [];
    directory.onChange((userId, state) => heard.push([userId, state]));
    await directory.start(jobs);
    const process = { directory, connections, jobs, heard };
    started.push(process);
    return process;
  }

  const socket = (): SocketConnection => ({ userId: null });

  /** Holds the one-off jobs (the heartbeats) for the test to run when it chooses. */
  class HeldJobs implements JobRunner {
    readonly held: (() => void | Promise<void>)[] = [];
    every(): Cancel {
      return () => undefined;
    }
    after(_name: string, _delayMs: number, task: () => void | Promise<void>): Cancel {
      this.held.push(task);
      return () => undefined;
    }
    soon(name: string, task: () => void | Promise<void>): Cancel {
      return this.after(name, 0, task);
    }
    stop(): void {}
  }

  it('shows a user online on every process while any process holds a connection of theirs', async () => {
    const [a, b, c] = [await startProcess(), await startProcess(), await startProcess()];
    const [onA, onC] = [socket(), socket()];
    a.directory.attach(onA, 'ann');
    c.directory.attach(onC, 'ann');
    await expect.poll(() => b.directory.state('ann')).toBe('online');
    await expect.poll(() => a.directory.countsOf('ann')).toEqual({ here: 1, elsewhere: 1 });

    a.directory.detach(onA);
    // Sentinel: a later change through A, seen on B, so A's detach has arrived there too.
    a.directory.attach(socket(), 'bob');
    await expect.poll(() => b.directory.state('bob')).toBe('online');
    expect(b.directory.state('ann')).toBe('online');

    c.directory.detach(onC);
    await expect.poll(() => b.directory.state('ann')).toBe('offline');
    expect(a.directory.state('ann')).toBe('offline');
    expect(b.heard.filter(([userId]) => userId === 'ann')).toEqual([
      ['ann', 'online'],
      ['ann', 'offline'],
    ]);
  });

  it('fills the mirror of a process that starts after the others from their hashes', async () => {
    const a = await startProcess();
    a.directory.attach(socket(), 'ann');
    a.directory.setAway('ann', true);
    await expect.poll(async () => a.connections.commands.hget(`presence:${a.directory.processId}`, 'ann')).toBe('1');
    await expect.poll(async () => a.connections.commands.sismember('presence:away', 'ann')).toBe(1);
    const late = await startProcess();
    expect(late.directory.state('ann')).toBe('away');
  });

  it('shares away across processes, and forgets it when the user goes offline everywhere', async () => {
    const [a, b, c] = [await startProcess(), await startProcess(), await startProcess()];
    const connection = socket();
    a.directory.attach(connection, 'ann');
    await expect.poll(() => c.directory.state('ann')).toBe('online');
    b.directory.setAway('ann', true);
    await expect.poll(() => a.directory.state('ann')).toBe('away');
    await expect.poll(() => c.directory.state('ann')).toBe('away');
    c.directory.setAway('ann', false);
    await expect.poll(() => a.directory.state('ann')).toBe('online');
    await expect.poll(() => b.directory.state('ann')).toBe('online');

    b.directory.setAway('ann', true);
    await expect.poll(() => a.directory.state('ann')).toBe('away');
    a.directory.detach(connection);
    await expect.poll(() => b.directory.state('ann')).toBe('offline');
    await expect.poll(async () => a.connections.commands.sismember('presence:away', 'ann')).toBe(0);
    c.directory.attach(socket(), 'ann');
    await expect.poll(() => b.directory.state('ann')).toBe('online');
    expect(a.directory.state('ann')).toBe('online');
  });

  it('caps a user’s connections across processes', async () => {
    const [a, b, c] = [await startProcess(2), await startProcess(2), await startProcess(2)];
    expect(a.directory.attach(socket(), 'ann')).toBe(true);
    expect(b.directory.attach(socket(), 'ann')).toBe(true);
    await expect.poll(() => c.directory.countsOf('ann')).toEqual({ here: 0, elsewhere: 2 });
    const refused = socket();
    expect(c.directory.attach(refused, 'ann')).toBe(false);
    expect(refused.userId).toBeNull();
    expect(c.directory.attach(socket(), 'bob')).toBe(true);
  });

  it('takes a killed process’s users offline on the others once its heartbeat stops', async () => {
    const [a, b, c] = [await startProcess(), await startProcess(), await startProcess()];
    a.directory.attach(socket(), 'ann');
    a.directory.attach(socket(), 'bob');
    c.directory.attach(socket(), 'bob');
    await expect.poll(() => b.directory.state('ann')).toBe('online');
    await expect.poll(() => b.directory.state('bob')).toBe('online');
    await expect.poll(() => c.directory.countsOf('bob')).toEqual({ here: 1, elsewhere: 1 });

    // As a killed process: no more heartbeats, its connections to Redis gone, nothing said.
    a.jobs.stop();
    await a.connections.close();
    await expect.poll(() => b.directory.state('ann'), { timeout: 5000 }).toBe('offline');
    await expect.poll(() => c.directory.state('ann')).toBe('offline');
    expect(b.directory.state('bob')).toBe('online');
    expect(c.directory.countsOf('bob')).toEqual({ here: 1, elsewhere: 0 });
    expect(b.heard.filter(([userId]) => userId === 'bob')).toEqual([['bob', 'online']]);
  });

  it('mends within a heartbeat what no announcement told: facts written straight into Redis', async () => {
    const b = await startProcess();
    const redisCommands = b.connections.commands;
    // A process that writes its facts but whose announcements were all lost.
    await redisCommands
      .multi()
      .hset('presence:ghost', { '~sequence': '1', eve: '1' })
      .pexpire('presence:ghost', 5000)
      .sadd('presence:processes', 'ghost')
      .exec();
    await expect.poll(() => b.directory.state('eve')).toBe('online');
    await redisCommands.sadd('presence:away', 'eve');
    await expect.poll(() => b.directory.state('eve')).toBe('away');
    await redisCommands.srem('presence:away', 'eve');
    await expect.poll(() => b.directory.state('eve')).toBe('online');
    await redisCommands.del('presence:ghost');
    await expect.poll(() => b.directory.state('eve')).toBe('offline');
    expect(b.heard).toEqual([
      ['eve', 'online'],
      ['eve', 'away'],
      ['eve', 'online'],
      ['eve', 'offline'],
    ]);
  });

  it('drops a stopped process’s users at once', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    a.directory.attach(socket(), 'ann');
    await expect.poll(() => b.directory.state('ann')).toBe('online');
    a.jobs.stop();
    await a.directory.close();
    await expect.poll(() => b.directory.state('ann')).toBe('offline');
  });

  it('stays gone after a close that came during a heartbeat writing its hash again', async () => {
    const watcher = await startProcess();
    const redisCommands = watcher.connections.commands;
    const jobs = new HeldJobs();
    const connections = await connectRedis(redis.server.url);
    const directory = new RedisPresenceDirectory(connections, { processTimeoutMs });
    await directory.start(jobs);
    started.push({ directory, connections, jobs, heard: [] });
    directory.attach(socket(), 'ann');
    await expect.poll(() => watcher.directory.state('ann')).toBe('online');
    const key = `presence:${directory.processId}`;
    // As if it had expired: the next beat writes the whole hash again.
    await redisCommands.del(key);
    // Writes wait while paused, so the beat's renewal is still to be answered when the close comes.
    await redisCommands.client('PAUSE', 10_000, 'WRITE');
    let beating: Promise<void> | undefined;
    let closing: Promise<void> | undefined;
    try {
      beating = Promise.resolve(jobs.held[0]!());
      closing = directory.close();
      // Answered after the close's unsubscribe on the same connection, the second one a turn after the close went on
      // from it: a close that did not wait for the beat has sent its delete, queued behind the paused beat, by then.
      await connections.subscriber.ping();
      await connections.subscriber.ping();
    } finally {
      await redisCommands.client('UNPAUSE');
    }
    await Promise.all([beating, closing]);
    expect(await redisCommands.exists(key)).toBe(0);
    expect(await redisCommands.sismember('presence:processes', directory.processId)).toBe(0);
  });

  it('keeps telling local changes while Redis is away, and rebuilds every process’s view after Redis restarts', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const annOnA = socket();
    a.directory.attach(annOnA, 'ann');
    b.directory.attach(socket(), 'bob');
    b.directory.setAway('bob', true);
    await expect.poll(() => a.directory.state('bob')).toBe('away');
    await expect.poll(() => b.directory.state('ann')).toBe('online');

    await redis.server.kill();
    await expect.poll(() => a.connections.state()).toBe('down');
    // Local changes reach local listeners; nothing throws.
    a.directory.detach(annOnA);
    expect(a.directory.state('ann')).toBe('offline');
    expect(a.heard.at(-1)).toEqual(['ann', 'offline']);
    expect(a.directory.attach(socket(), 'cid')).toBe(true);
    expect(a.directory.state('cid')).toBe('online');
    a.directory.setAway('cid', true);
    expect(a.heard.at(-1)).toEqual(['cid', 'away']);

    await redis.server.start();
    await expect.poll(() => b.directory.state('cid'), { timeout: 15_000 }).toBe('away');
    await expect.poll(() => b.directory.state('ann')).toBe('offline');
    expect(a.directory.state('bob')).toBe('away');
    // Redis holds every process's facts again.
    await expect.poll(async () => b.connections.commands.hgetall(`presence:${a.directory.processId}`)).toMatchObject({ cid: '1' });
    await expect.poll(async () => a.connections.commands.hgetall(`presence:${b.directory.processId}`)).toMatchObject({ bob: '1' });
    // And announcements flow again.
    b.directory.attach(socket(), 'dan');
    await expect.poll(() => a.directory.state('dan')).toBe('online');
  });
});
