import { afterEach, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../../../tests/support/redisForTests';
import { InProcessJobRunner } from '../../core/inProcess/jobRunner';
import { connectRedis, type RedisConnections } from '../../core/redis/connection';
import { SharedCallFacts } from './sharedBoard';

/** Heartbeats every 300 ms; a silent process's feeds gone 900 ms after its last one. */
const processTimeoutMs = 900;

/** One app process's share: its Redis connections, job runner, open feeds and shared facts. */
interface ProcessUnderTest {
  facts: SharedCallFacts;
  connections: RedisConnections;
  jobs: InProcessJobRunner;
  feeds: Map<string, number>;
}

describe('SharedCallFacts', () => {
  const redis = useRedisServer({ flushBeforeEach: true });
  let started: ProcessUnderTest[] = [];
  afterEach(async () => {
    for (const process of started) {
      process.jobs.stop();
      await process.connections.close();
    }
    started = [];
  });

  async function startProcess(processId: string): Promise<ProcessUnderTest> {
    const connections = await connectRedis(redis.server.url);
    const jobs = new InProcessJobRunner();
    const feeds = new Map<string, number>();
    const facts = new SharedCallFacts(connections, { processId, processTimeoutMs, localFeeds: () => feeds });
    facts.start(jobs);
    const process = { facts, connections, jobs, feeds };
    started.push(process);
    return process;
  }

  /** Opens or closes feeds as the board does: its own count first, then the shared one. */
  function setFeeds(process: ProcessUnderTest, attendeeId: string, count: number) {
    if (count > 0) process.feeds.set(attendeeId, count);
    else process.feeds.delete(attendeeId);
    process.facts.feedsChanged(attendeeId, count);
  }

  it('merges media states written through different processes, and forgets them', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    expect(await a.facts.writeState('call', 'ann', { audio: true, video: false })).toBe(true);
    await b.facts.writeState('call', 'ann', { hand: true });
    await b.facts.writeState('call', 'bob', { screen: true });
    expect(await a.facts.readStates('call')).toEqual(
      new Map([
        ['ann', { audio: true, video: false, hand: true }],
        ['bob', { screen: true }],
      ]),
    );
    a.facts.forgetState('call', 'ann');
    await expect.poll(() => b.facts.readStates('call')).toEqual(new Map([['bob', { screen: true }]]));
    b.facts.finish('call');
    await expect.poll(() => a.facts.readStates('call')).toEqual(new Map());
  });

  it('tells a process whether an attendee’s feed is open on another', async () => {
    const [a, b, c] = [await startProcess('a'), await startProcess('b'), await startProcess('c')];
    setFeeds(b, 'ann', 1);
    await expect.poll(() => a.facts.openElsewhere('ann')).toBe(true);
    expect(await b.facts.openElsewhere('ann')).toBe(false);
    expect(await c.facts.openElsewhere('bob')).toBe(false);
    setFeeds(b, 'ann', 0);
    await expect.poll(() => a.facts.openElsewhere('ann')).toBe(false);
    a.facts.keep('bob', 60_000);
    await expect.poll(() => c.facts.openElsewhere('bob')).toBe(true);
  });

  it('tells which attendees have a feed open on any living process, this one included, or were kept', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    setFeeds(a, 'ann', 1);
    setFeeds(b, 'bob', 2);
    b.facts.keep('cy', 60_000);
    await expect.poll(() => a.facts.attendeesWithOpenFeeds(['ann', 'bob', 'cy', 'dan'])).toEqual(new Set(['ann', 'bob', 'cy']));
    expect(await a.facts.attendeesWithOpenFeeds([])).toEqual(new Set());
    setFeeds(b, 'bob', 0);
    await expect.poll(() => b.facts.attendeesWithOpenFeeds(['ann', 'bob'])).toEqual(new Set(['ann']));
  });

  it('measures how long a call has been seen with nobody in it, from the first look until someone is in', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    expect(await a.facts.nobodyInFor('call', 60_000)).toBeLessThan(100);
    // Another process's later look continues the same wait.
    await expect.poll(() => b.facts.nobodyInFor('call', 60_000)).toBeGreaterThanOrEqual(200);
    b.facts.somebodyIn('call');
    await expect.poll(() => a.facts.nobodyInFor('call', 60_000)).toBeLessThan(100);
    a.facts.finish('call');
    await expect.poll(() => a.connections.commands.exists('call-nobody-in:call')).toBe(0);
  });

  it('forgets a killed process’s feeds once its heartbeat stops', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    setFeeds(b, 'ann', 1);
    await expect.poll(() => a.facts.openElsewhere('ann')).toBe(true);
    // As a killed process: no more heartbeats, its connections gone.
    b.jobs.stop();
    await b.connections.close();
    await expect.poll(() => a.facts.openElsewhere('ann'), { timeout: 5000 }).toBe(false);
    await expect.poll(() => a.connections.commands.smembers('call-feeds:processes')).toEqual(['a']);
  });

  it('answers without failing while Redis is away, and writes its feeds again once Redis restarted', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    setFeeds(b, 'ann', 1);
    await expect.poll(() => a.facts.openElsewhere('ann')).toBe(true);
    await redis.server.kill();
    await expect.poll(() => a.connections.state()).toBe('down');
    expect(await a.facts.openElsewhere('ann')).toBeNull();
    expect(await a.facts.writeState('call', 'ann', { audio: true })).toBe(false);
    expect(await a.facts.readStates('call')).toBeNull();
    expect(await a.facts.attendeesWithOpenFeeds(['ann'])).toBeNull();
    expect(await a.facts.nobodyInFor('call', 1000)).toBeNull();
    setFeeds(b, 'bob', 1);
    a.facts.forgetState('call', 'ann');
    a.facts.finish('call');
    a.facts.keep('ann', 1000);

    await redis.server.start();
    await expect.poll(() => a.facts.openElsewhere('bob'), { timeout: 15_000 }).toBe(true);
    expect(await a.facts.openElsewhere('ann')).toBe(true);
  });
});
