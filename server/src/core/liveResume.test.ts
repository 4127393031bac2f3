import { describe, expect, it } from 'vitest';
import type { ReadOptions } from './commands';
import type { StoredEvent } from './events';
import { LiveCursor, readMissed, resumeRequestOf, type LiveHistory } from './liveResume';

function event(seq: number, teamId: string, stream = `task:${seq}`): StoredEvent {
  return {
    seq,
    id: `e${seq}`,
    teamId,
    stream,
    version: 1,
    type: 'task.created',
    actorId: null,
    payload: {},
    mutationId: null,
    createdAt: '',
  };
}

/** A log in memory, read the way the event store's port reads it. */
function historyOf(events: StoredEvent[]): LiveHistory & { reads: ReadOptions[] } {
  const reads: ReadOptions[] = [];
  return {
    reads,
    async read(options) {
      reads.push(options);
      const selected = events.filter(
        (candidate) =>
          candidate.seq > (options.afterSeq ?? 0) &&
          (options.teamId === undefined || candidate.teamId === options.teamId) &&
          (options.stream === undefined || candidate.stream === options.stream),
      );
      return options.limit === undefined ? selected : selected.slice(0, options.limit);
    },
    headSeq: async () => events.at(-1)?.seq ?? 0,
  };
}

const log = [event(1, 'a'), event(2, 'b'), event(3, 'a'), event(4, 'a', 'task:x'), event(5, 'b')];

describe('readMissed', () => {
  it('reads the events of the topic after the position, in order, up to the head', async () => {
    const missed = await readMissed(historyOf(log), [{ teamId: 'a' }], 1);
    expect(missed).toEqual({ status: 'replay', events: [log[2], log[3]], position: 5 });
  });

  it('merges several parts of the log once each, in order', async () => {
    const missed = await readMissed(historyOf(log), [{ stream: 'task:x' }, { teamId: 'a' }], 0);
    expect(missed.status === 'replay' && missed.events.map((missedEvent) => missedEvent.seq)).toEqual([1, 3, 4]);
  });

  it('is a gap when one part holds more than the limit', async () => {
    const history = historyOf(log);
    expect(await readMissed(history, [{ teamId: 'a' }], 0, 2)).toEqual({ status: 'gap', head: 5 });
    // It asks for one more than the limit, never for the whole rest of the log.
    expect(history.reads).toEqual([{ teamId: 'a', afterSeq: 0, limit: 3 }]);
    expect((await readMissed(history, [{ teamId: 'a' }], 0, 3)).status).toBe('replay');
  });

  it('is a gap for a position beyond the log (a database restored or replaced since)', async () => {
    expect(await readMissed(historyOf(log), [{ teamId: 'a' }], 6)).toEqual({ status: 'gap', head: 5 });
  });

  it('is nothing to replay, at the head, for a subscriber that missed nothing', async () => {
    expect(await readMissed(historyOf(log), [{ teamId: 'a' }], 5)).toEqual({ status: 'replay', events: [], position: 5 });
  });
});

describe('resumeRequestOf', () => {
  it('reads a position or null, and refuses anything else', () => {
    expect(resumeRequestOf(undefined)).toBeUndefined();
    expect(resumeRequestOf({ other: 1 })).toBeUndefined();
    expect(resumeRequestOf({ resumeAfter: null })).toEqual({ resumeAfter: null });
    expect(resumeRequestOf({ resumeAfter: 42 })).toEqual({ resumeAfter: 42 });
    for (const malformed of [-1, 1.5, '42', Number.MAX_SAFE_INTEGER + 2, {}])
      expect(resumeRequestOf({ resumeAfter: malformed })).toMatchObject({
        code: 'RESUME_POSITION_INVALID',
        params: {},
        message: 'extensions.resumeAfter must be a log position (a whole number, 0 or more) or null.',
      });
  });
});

describe('LiveCursor', () => {
  it('hands notices out in order and wakes a waiter when one arrives', async () => {
    const cursor = new LiveCursor(null);
    let woken = false;
    const waiting = cursor.noticeWaiting().then(() => (woken = true));
    await Promise.resolve();
    expect(woken).toBe(false);
    cursor.notify({ seq: 3 });
    cursor.notify({ seq: 4, resume: 'gap' });
    await waiting;
    expect(woken).toBe(true);
    expect(cursor.takeNotice()).toEqual({ seq: 3 });
    expect(cursor.takeNotice()).toEqual({ seq: 4, resume: 'gap' });
    expect(cursor.takeNotice()).toBeUndefined();
  });

  it('hands notices to a listener as they are given, those waiting first, and queues them again without one', () => {
    const cursor = new LiveCursor(null);
    cursor.notify({ seq: 1 });
    const heard: unknown[] = [];
    cursor.listen((notice) => heard.push(notice));
    cursor.notify({ seq: 2, resume: 'replayed' });
    expect(heard).toEqual([{ seq: 1 }, { seq: 2, resume: 'replayed' }]);
    expect(cursor.takeNotice()).toBeUndefined();
    cursor.listen(null);
    cursor.notify({ seq: 3 });
    expect(heard).toHaveLength(2);
    expect(cursor.takeNotice()).toEqual({ seq: 3 });
  });
});
