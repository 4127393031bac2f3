import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events';
import type { PostgresEventLog } from './eventLog';
import { LogFollower, type CommitOrigin, type LogFollowerOptions } from './logFollower';

/**
 * A log in memory standing in for PostgreSQL's: events become readable when the test says so (as when the older
 * transactions before them end), and notifications reach the follower only when the test sends them.
 */
class LogInMemory {
  readonly events: StoredEvent[] = [];
  /** Readers stop before this position, as PostgreSQL's stop below an append still in flight. */
  readableUpTo = 0;
  reads = 0;
  visibleHeadCalls = 0;
  notify: (position: number) => void = () => undefined;
  relisten: () => void = () => undefined;

  add(seq: number): StoredEvent {
    const event: StoredEvent = {
      seq,
      id: `event-${seq}`,
      teamId: 'team-1',
      stream: `note:${seq}`,
      version: 1,
      type: 'note.created',
      actorId: null,
      payload: {},
      mutationId: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    };
    this.events.push(event);
    this.events.sort((left, right) => left.seq - right.seq);
    return event;
  }

  asLog(): PostgresEventLog {
    return {
      onAppended: async (listener: (position: number) => void, onListening?: () => void) => {
        this.notify = listener;
        this.relisten = onListening ?? (() => undefined);
        return async () => undefined;
      },
      visibleHead: async () => {
        this.visibleHeadCalls += 1;
        return Math.max(0, ...this.events.map((event) => event.seq));
      },
      headPosition: async () => Math.max(0, ...this.events.filter((event) => event.seq <= this.readableUpTo).map((event) => event.seq)),
      readFrom: async (after: number, limit: number) => {
        this.reads += 1;
        return this.events.filter((event) => event.seq > after && event.seq <= this.readableUpTo).slice(0, limit);
      },
    } as unknown as PostgresEventLog;
  }
}

/** A follower over the log in memory, and what it handed on. */
async function follow(log: LogInMemory, options?: LogFollowerOptions) {
  const heard: { seq: number; origin: CommitOrigin }[] = [];
  const wakers = new Set<() => void>();
  const follower = new LogFollower(
    log.asLog(),
    (events, origin) => {
      heard.push(...events.map((event) => ({ seq: event.seq, origin })));
      for (const wake of wakers) wake();
    },
    options,
  );
  await follower.start();
  /** Resolves once `count` events were handed on. */
  const heardCount = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (heard.length < count) return;
        wakers.delete(check);
        resolve();
      };
      wakers.add(check);
      check();
    });
  return { follower, heard, heardCount };
}

describe('the PostgreSQL log follower', () => {
  it('starts after the head, and catches up a missed notification with the next one', async () => {
    const log = new LogInMemory();
    log.add(1);
    log.readableUpTo = 1;
    const { follower, heard, heardCount } = await follow(log);
    // Two commits whose notifications never came, then one that did.
    log.add(2);
    log.add(3);
    log.add(4);
    log.readableUpTo = 4;
    log.notify(4);
    await heardCount(3);
    expect(heard.map((event) => event.seq)).toEqual([2, 3, 4]);
    await follower.stop();
  });

  it('reads again after a short wait when a notified position is not readable yet, and never hands on out of order', async () => {
    const log = new LogInMemory();
    const { follower, heard, heardCount } = await follow(log);
    // 1 is still in flight when 2 commits and is notified: a reader must not move past 1.
    log.add(1);
    log.add(2);
    log.readableUpTo = 0;
    log.notify(2);
    // It keeps looking while 2 is not reachable (no notification comes for 1's commit in this test).
    const readsBefore = log.reads;
    while (log.reads < readsBefore + 3) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(heard).toEqual([]);
    log.readableUpTo = 2;
    await heardCount(2);
    expect(heard.map((event) => event.seq)).toEqual([1, 2]);
    await follower.stop();
  });

  it("tells this process's commits from other processes', and reads again when listening restarts", async () => {
    const log = new LogInMemory();
    const { follower, heard, heardCount } = await follow(log);
    const mine = [log.add(1), log.add(2)];
    follower.appending(mine);
    log.add(3);
    const rolledBack = log.add(4);
    follower.appending([rolledBack]);
    follower.rolledBack([rolledBack]);
    log.events.splice(log.events.indexOf(rolledBack), 1);
    log.add(5);
    follower.appending([log.events.at(-1)!]);
    log.readableUpTo = 5;
    follower.committed(mine);
    await heardCount(4);
    expect(heard).toEqual([
      { seq: 1, origin: 'this process' },
      { seq: 2, origin: 'this process' },
      { seq: 3, origin: 'another process' },
      { seq: 5, origin: 'this process' },
    ]);
    // Listening was lost and restarted: what came meanwhile is read without a notification.
    log.add(6);
    log.readableUpTo = 6;
    log.relisten();
    await heardCount(5);
    expect(heard.at(-1)).toEqual({ seq: 6, origin: 'another process' });
    await follower.stop();
  });

  it('after listening restarts, keeps reading until a commit made meanwhile and still held back is reached', async () => {
    const log = new LogInMemory();
    const { follower, heard, heardCount } = await follow(log);
    // Committed while listening was down (its notification is gone), held back behind an older transaction.
    log.add(1);
    log.relisten();
    const readsBefore = log.reads;
    while (log.reads < readsBefore + 3) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(heard).toEqual([]);
    // The older transaction ends: no notification says so.
    log.readableUpTo = 1;
    await heardCount(1);
    expect(heard).toEqual([{ seq: 1, origin: 'another process' }]);
    await follower.stop();
  });

  it("hears other processes' commits by polling while no notification comes (listening lost for good)", async () => {
    const log = new LogInMemory();
    const visibleHeadAsked = () => log.visibleHeadCalls;
    const { follower, heard, heardCount } = await follow(log, { pollIntervalMs: 10 });
    const askedAtStart = visibleHeadAsked();
    // Committed by another process; no notification ever comes, and this process commits nothing.
    log.add(1);
    log.add(2);
    log.readableUpTo = 2;
    await heardCount(2);
    expect(heard).toEqual([
      { seq: 1, origin: 'another process' },
      { seq: 2, origin: 'another process' },
    ]);
    expect(visibleHeadAsked()).toBeGreaterThan(askedAtStart);
    // Stopped: the poll's timer is cleared, nothing more is asked.
    await follower.stop();
    const askedWhenStopped = visibleHeadAsked();
    log.add(3);
    log.readableUpTo = 3;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visibleHeadAsked()).toBe(askedWhenStopped);
    expect(heard).toHaveLength(2);
  });

  it('at start, keeps reading until a commit held back behind an older transaction is reached', async () => {
    const log = new LogInMemory();
    // Committed before the follower listened, above the head it starts after: never notified to it.
    log.add(1);
    const { follower, heard, heardCount } = await follow(log);
    const readsBefore = log.reads;
    while (log.reads < readsBefore + 2) await new Promise((resolve) => setTimeout(resolve, 1));
    log.readableUpTo = 1;
    await heardCount(1);
    expect(heard).toEqual([{ seq: 1, origin: 'another process' }]);
    await follower.stop();
  });
});
