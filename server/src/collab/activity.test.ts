import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityDebouncer, type ActivityRecord } from './activity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ActivityDebouncer', () => {
  it('records at most one entry per person per window, with the count, first and last edit and newest row', async () => {
    const recorded: [string, ActivityRecord][] = [];
    const debouncer = new ActivityDebouncer(30_000, async (userId, record) => {
      recorded.push([userId, record]);
      await Promise.resolve();
    });
    for (let index = 0; index < 60; index += 1) {
      debouncer.note('ada', 100 + index, 1_000 + index * 500);
      await vi.advanceTimersByTimeAsync(500);
    }
    debouncer.note('bob', 500, 90_000);
    expect(recorded).toEqual([['ada', { updates: 60, since: new Date(1_000), until: new Date(1_000 + 59 * 500), throughId: 159 }]]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(recorded.map(([userId, record]) => [userId, record.updates, record.throughId])).toEqual([
      ['ada', 60, 159],
      ['bob', 1, 500],
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(recorded).toHaveLength(2);
  });

  it('records what is waiting at once on flushAll, and nothing after cancel', async () => {
    const recorded: string[] = [];
    const debouncer = new ActivityDebouncer(30_000, async (userId) => {
      recorded.push(userId);
      await Promise.resolve();
    });
    debouncer.note('ada', 1, 1);
    await debouncer.flushAll();
    expect(recorded).toEqual(['ada']);
    debouncer.note('bob', 2, 2);
    debouncer.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorded).toEqual(['ada']);
    expect(debouncer.size).toBe(0);
  });

  it('keeps a record whose writing failed for the next attempt, reporting a failure of its timer', async () => {
    let failing = true;
    const recorded: ActivityRecord[] = [];
    const errors: unknown[] = [];
    const debouncer = new ActivityDebouncer(
      1000,
      async (_userId, record) => {
        await Promise.resolve();
        if (failing) throw new Error('disk full');
        recorded.push(record);
      },
      (error) => errors.push(error),
    );
    debouncer.note('ada', 7, 70);
    await expect(debouncer.flushAll()).rejects.toThrow('disk full');
    expect(debouncer.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
    failing = false;
    debouncer.note('ada', 8, 80);
    await vi.advanceTimersByTimeAsync(1000);
    expect(recorded).toEqual([{ updates: 2, since: new Date(70), until: new Date(80), throughId: 8 }]);
  });
});

describe('ActivityDebouncer while a record is being written', () => {
  beforeEach(() => vi.useRealTimers());

  it('joins the edits noted meanwhile to a record that failed, so none is lost', async () => {
    let release: (() => void) | null = null;
    const recorded: ActivityRecord[] = [];
    let failing = true;
    const debouncer = new ActivityDebouncer(60_000, async (_userId, record) => {
      if (failing) {
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('disk full');
      }
      recorded.push(record);
    });
    debouncer.note('ada', 1, 10);
    const first = debouncer.flushAll();
    debouncer.note('ada', 2, 20);
    release!();
    await expect(first).rejects.toThrow('disk full');
    failing = false;
    await debouncer.flushAll();
    expect(recorded).toEqual([{ updates: 2, since: new Date(10), until: new Date(20), throughId: 2 }]);
  });
});
