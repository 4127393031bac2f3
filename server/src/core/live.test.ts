import type { MercuriusContext } from 'mercurius';
import mqemitter from 'mqemitter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { OperationTopics } from '../graphql/liveTopics';
import type { StoredEvent } from './events';
import {
  feed,
  filterFeed,
  InTurn,
  LiveCursor,
  livePush,
  LiveOverflow,
  mapFeed,
  type LiveConsumer,
  type LiveFeed,
  type Verdict,
} from './live';
import type { LiveHistory } from './liveResume';

function event(seq: number, type = 'message.created'): StoredEvent {
  return {
    seq,
    id: `e${seq}`,
    teamId: 't1',
    stream: `s${seq}`,
    version: 1,
    type,
    actorId: null,
    payload: {},
    mutationId: null,
    createdAt: '',
  };
}

/** A session row as signing in writes it (the core reads sessions, it does not make them): valid for a day. */
function createSession(database: DatabaseHandle, id: string): string {
  const now = new Date();
  database.sqlite
    .prepare(
      `INSERT INTO sessions (id, user_id, refresh_token_hash, created_at, last_used_at, expires_at) VALUES (?, 'u1', 'hash', ?, ?, ?)`,
    )
    .run(id, now.toISOString(), now.toISOString(), new Date(now.getTime() + 86_400_000).toISOString());
  return id;
}

const revokeSession = (database: DatabaseHandle, id: string) =>
  database.sqlite.prepare(`UPDATE sessions SET revoked_at = ? WHERE id = ?`).run(new Date().toISOString(), id);

/** Events reach the subscriptions once the turn that published them is over. */
const turnOver = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A consumer that records what it is given. */
function recorder<Value>() {
  const values: Value[] = [];
  const ends: unknown[] = [];
  const consumer: LiveConsumer<Value> = { next: (value) => values.push(value), end: (error) => ends.push(error ?? 'done') };
  return { values, ends, consumer };
}

describe('InTurn', () => {
  it('runs synchronous steps at once, in order', () => {
    const seen: number[] = [];
    const end = vi.fn();
    const steps = new InTurn<number>((value) => void seen.push(value), end, 10);
    steps.add(1);
    steps.add(2);
    expect(seen).toEqual([1, 2]);
    steps.close();
    expect(end).toHaveBeenCalledWith(undefined);
  });

  it('makes the values after a step that waits wait their turn, and ends after the last', async () => {
    const seen: number[] = [];
    let release: (() => void) | undefined;
    const end = vi.fn();
    const steps = new InTurn<number>(
      (value) => {
        seen.push(value);
        if (value === 1) return new Promise<void>((resolve) => (release = resolve));
      },
      end,
      10,
    );
    steps.add(1);
    steps.add(2);
    steps.close();
    expect(seen).toEqual([1]);
    expect(end).not.toHaveBeenCalled();
    release!();
    await turnOver();
    expect(seen).toEqual([1, 2]);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('ends with the error of a failed step or of too many waiting values, and takes nothing more', async () => {
    const failing = vi.fn();
    const steps = new InTurn<number>(
      () => {
        throw new Error('broken');
      },
      failing,
      10,
    );
    steps.add(1);
    steps.add(2);
    expect(failing).toHaveBeenCalledTimes(1);
    expect((failing.mock.calls[0]![0] as Error).message).toBe('broken');

    const crowded = vi.fn();
    const waiting = new InTurn<number>(() => new Promise<void>(() => undefined), crowded, 2);
    for (let value = 0; value < 4; value += 1) waiting.add(value);
    expect(crowded).toHaveBeenCalledTimes(1);
    // Too many waiting is a stuck consumer, which the socket drops (so the client resumes), not a failure.
    expect(crowded.mock.calls[0]![0]).toBeInstanceOf(LiveOverflow);
    expect((crowded.mock.calls[0]![0] as Error).message).toMatch(/more than 2/);
  });
});

describe('mapFeed', () => {
  function handFeed() {
    let consumer: LiveConsumer<number> | undefined;
    const stop = vi.fn();
    const source = { [livePush]: (given: LiveConsumer<number>) => ((consumer = given), stop) } as unknown as LiveFeed<number>;
    return { source, stop, consumer: () => consumer! };
  }

  it('hands on each value mapped, and the end', () => {
    const { source, consumer } = handFeed();
    const out = recorder<string>();
    mapFeed(source, (value) => `#${value}`)[livePush](out.consumer);
    consumer().next(1);
    consumer().next(2);
    consumer().end();
    expect(out.values).toEqual(['#1', '#2']);
    expect(out.ends).toEqual(['done']);
  });

  it('ends with the error of a map that throws, and stops its source', () => {
    const { source, stop, consumer } = handFeed();
    const out = recorder<string>();
    mapFeed(source, () => {
      throw new Error('unmappable');
    })[livePush](out.consumer);
    consumer().next(1);
    consumer().next(2);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(out.values).toEqual([]);
    expect((out.ends[0] as Error).message).toBe('unmappable');
  });
});

describe('filterFeed', () => {
  function handFeed() {
    let consumer: LiveConsumer<number | string> | undefined;
    const stop = vi.fn();
    const source = {
      [livePush]: (given: LiveConsumer<number | string>) => ((consumer = given), stop),
    } as unknown as LiveFeed<number | string>;
    return { source, stop, consumer: () => consumer! };
  }
  const isNumber = (value: number | string): value is number => typeof value === 'number';

  it('hands on the values it keeps, in the turn they are handed over, and the end', () => {
    const { source, consumer } = handFeed();
    const out = recorder<number>();
    filterFeed(source, isNumber)[livePush](out.consumer);
    consumer().next(1);
    consumer().next('typing');
    expect(out.values).toEqual([1]);
    consumer().next(2);
    consumer().end();
    expect(out.values).toEqual([1, 2]);
    expect(out.ends).toEqual(['done']);
  });

  it('ends with the error of a test that throws, and stops its source', () => {
    const { source, stop, consumer } = handFeed();
    const out = recorder<number>();
    filterFeed(source, (value): value is number => {
      if (value === 'bad') throw new Error('untestable');
      return true;
    })[livePush](out.consumer);
    consumer().next(1);
    consumer().next('bad');
    consumer().next(2);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(out.values).toEqual([1]);
    expect((out.ends[0] as Error).message).toBe('untestable');
  });

  it('leaves the same values out when iterated', async () => {
    async function* values(): AsyncGenerator<number | string> {
      yield 1;
      yield 'typing';
      yield 2;
    }
    const iterated = values();
    const source = Object.assign(iterated, { [livePush]: () => () => undefined }) as unknown as LiveFeed<number | string>;
    const kept: number[] = [];
    for await (const value of filterFeed(source, isNumber)) kept.push(value);
    expect(kept).toEqual([1, 2]);
  });
});

describe('feed, handing its events over', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  const history: LiveHistory = { read: () => Promise.resolve([]), headSeq: () => Promise.resolve(0) };

  function subscriber(sessionId: string, judge: (event: StoredEvent) => Verdict, emitter: ReturnType<typeof mqemitter>) {
    const context = {
      services: { database, live: { history } },
      pubsub: new OperationTopics(emitter, () => undefined),
    } as unknown as MercuriusContext;
    const out = recorder<StoredEvent>();
    const stop = feed(context, { userId: 'u1', sessionId } as never, 'team:t1', judge)[livePush](out.consumer);
    return { ...out, stop };
  }
  const publish = (emitter: ReturnType<typeof mqemitter>, payload: StoredEvent) => emitter.emit({ topic: 'team:t1', payload });

  it('judges and hands on each event in the turn it is handed over, inside one read transaction', async () => {
    database = openDatabase(':memory:');
    const emitter = mqemitter({ concurrency: 0 });
    const sessionId = createSession(database, 's1');
    const inTransaction: boolean[] = [];
    const judge = (candidate: StoredEvent): Verdict => {
      inTransaction.push(database.sqlite.inTransaction);
      return candidate.type === 'message.created' ? 'deliver' : 'skip';
    };
    const [first, second] = [subscriber(sessionId, judge, emitter), subscriber(sessionId, judge, emitter)];
    await turnOver();
    publish(emitter, event(1));
    publish(emitter, event(2, 'task.created'));
    publish(emitter, event(3));
    await turnOver();
    expect(first.values.map((value) => value.seq)).toEqual([1, 3]);
    expect(second.values.map((value) => value.seq)).toEqual([1, 3]);
    expect(inTransaction).toEqual([true, true, true, true, true, true]);
    expect(database.sqlite.inTransaction).toBe(false);
  });

  it('ends a subscriber whose session was revoked since the last handover, and one its judge ends', async () => {
    database = openDatabase(':memory:');
    const emitter = mqemitter({ concurrency: 0 });
    const sessionId = createSession(database, 's1');
    const other = createSession(database, 's2');
    const signedOut = subscriber(sessionId, () => 'deliver', emitter);
    const removed = subscriber(other, (candidate) => (candidate.type === 'team.member_removed' ? 'end' : 'deliver'), emitter);
    await turnOver();
    publish(emitter, event(1));
    await turnOver();
    revokeSession(database, sessionId);
    publish(emitter, event(2, 'team.member_removed'));
    publish(emitter, event(3));
    await turnOver();
    expect(signedOut.values.map((value) => value.seq)).toEqual([1]);
    expect(signedOut.ends).toEqual(['done']);
    expect(removed.values.map((value) => value.seq)).toEqual([1]);
    expect(removed.ends).toEqual(['done']);
  });

  it('hands nothing more once stopped', async () => {
    database = openDatabase(':memory:');
    const emitter = mqemitter({ concurrency: 0 });
    const sessionId = createSession(database, 's1');
    const reader = subscriber(sessionId, () => 'deliver', emitter);
    await turnOver();
    reader.stop();
    publish(emitter, event(1));
    await turnOver();
    expect(reader.values).toEqual([]);
  });

  it('resumes from an older position: the missed events, the notice in its place, then the live ones, none twice or lost', async () => {
    database = openDatabase(':memory:');
    const emitter = mqemitter({ concurrency: 0 });
    const sessionId = createSession(database, 's1');
    // The log read is held until live events were published while it was on its way.
    let readAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (readAsked = resolve));
    let answerRead: (events: StoredEvent[]) => void = () => undefined;
    const slowHistory: LiveHistory = {
      headSeq: () => Promise.resolve(3),
      read: () => {
        readAsked();
        return new Promise((resolve) => (answerRead = resolve));
      },
    };
    const cursor = new LiveCursor(1);
    const context = {
      services: { database, live: { history: slowHistory } },
      pubsub: new OperationTopics(emitter, () => undefined),
      liveCursor: cursor,
    } as unknown as MercuriusContext;
    const heard: (number | string)[] = [];
    const positions: (number | null)[] = [];
    const ends: unknown[] = [];
    cursor.listen((notice) => heard.push(`${notice.resume ?? 'moved'} at ${notice.seq}`));
    feed(context, { userId: 'u1', sessionId } as never, 'team:t1', () => 'deliver')[livePush]({
      next: (value) => {
        heard.push(value.seq);
        positions.push(cursor.delivering);
      },
      end: (error) => ends.push(error ?? 'done'),
    });
    await asked;
    // 3 is in the log and live both; 4 is only live (committed after the log was read).
    publish(emitter, event(3));
    publish(emitter, event(4));
    await turnOver();
    expect(heard).toEqual([]);
    answerRead([event(2), event(3)]);
    await vi.waitFor(() => expect(heard).toContain('replayed at 3'));
    publish(emitter, event(5));
    await vi.waitFor(() => expect(heard).toContain(5));
    expect(heard).toEqual([2, 3, 'replayed at 3', 4, 5]);
    expect(positions).toEqual([2, 3, 4, 5]);
    expect(ends).toEqual([]);
    expect(database.sqlite.inTransaction).toBe(false);
  });
});
