import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityDebouncer } from './activity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ActivityDebouncer', () => {
  it('records at most one entry per person per window, counting their edits in it', () => {
    const recorded: [string, number][] = [];
    const debouncer = new ActivityDebouncer(30_000, (userId, updates) => recorded.push([userId, updates]));
    for (let index = 0; index < 60; index += 1) {
      debouncer.note('ada');
      vi.advanceTimersByTime(500);
    }
    debouncer.note('bob');
    expect(recorded).toEqual([['ada', 60]]);
    vi.advanceTimersByTime(30_000);
    expect(recorded).toEqual([['ada', 60], ['bob', 1]]);
    vi.advanceTimersByTime(120_000);
    expect(recorded).toHaveLength(2);
  });

  it('records what is waiting at once on flushAll, and nothing after cancel', () => {
    const recorded: string[] = [];
    const debouncer = new ActivityDebouncer(30_000, (userId) => recorded.push(userId));
    debouncer.note('ada');
    debouncer.flushAll();
    expect(recorded).toEqual(['ada']);
    debouncer.note('bob');
    debouncer.cancel();
    vi.advanceTimersByTime(60_000);
    expect(recorded).toEqual(['ada']);
    expect(debouncer.size).toBe(0);
  });
});
