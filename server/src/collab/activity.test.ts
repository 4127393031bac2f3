import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityDebouncer, type ActivityRecord } from './activity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ActivityDebouncer', () => {
  it('records at most one entry per person per window, with the count, first and last edit and newest row', () => {
    const recorded: [string, ActivityRecord][] = [];
    const debouncer = new ActivityDebouncer(30_000, (userId, record) => recorded.push([userId, record]));
    for (let index = 0; index < 60; index += 1) {
      debouncer.note('ada', 100 + index, 1_000 + index * 500);
      vi.advanceTimersByTime(500);
    }
    debouncer.note('bob', 500, 90_000);
    expect(recorded).toEqual([['ada', { updates: 60, since: new Date(1_000), until: new Date(1_000 + 59 * 500), throughId: 159 }]]);
    vi.advanceTimersByTime(30_000);
    expect(recorded.map(([userId, record]) => [userId, record.updates, record.throughId])).toEqual([
      ['ada', 60, 159],
      ['bob', 1, 500],
    ]);
    vi.advanceTimersByTime(120_000);
    expect(recorded).toHaveLength(2);
  });

  it('records what is waiting at once on flushAll, and nothing after cancel', () => {
    const recorded: string[] = [];
    const debouncer = new ActivityDebouncer(30_000, (userId) => recorded.push(userId));
    debouncer.note('ada', 1, 1);
    debouncer.flushAll();
    expect(recorded).toEqual(['ada']);
    debouncer.note('bob', 2, 2);
    debouncer.cancel();
    vi.advanceTimersByTime(60_000);
    expect(recorded).toEqual(['ada']);
    expect(debouncer.size).toBe(0);
  });

  it('keeps a record whose writing failed for the next attempt, reporting a failure of its timer', () => {
    let failing = true;
    const recorded: ActivityRecord[] = [];
    const errors: unknown[] = [];
    const debouncer = new ActivityDebouncer(
      1000,
      (_userId, record) => {
        if (failing) throw new Error('disk full');
        recorded.push(record);
      },
      (error) => errors.push(error),
    );
    debouncer.note('ada', 7, 70);
    expect(() => debouncer.flushAll()).toThrow('disk full');
    expect(debouncer.size).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(errors).toHaveLength(1);
    failing = false;
    debouncer.note('ada', 8, 80);
    vi.advanceTimersByTime(1000);
    expect(recorded).toEqual([{ updates: 2, since: new Date(70), until: new Date(80), throughId: 8 }]);
  });
});
