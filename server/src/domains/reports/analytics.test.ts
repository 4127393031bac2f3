import { describe, expect, it } from 'vitest';
import { median, weekOf } from './analytics';

describe('analytics weeks and medians', () => {
  it('puts an instant in the week of its Monday (UTC)', () => {
    expect(weekOf('2026-03-02T09:00:00.000Z')).toBe('2026-03-02');
    expect(weekOf('2026-03-08T23:59:59.000Z')).toBe('2026-03-02');
    expect(weekOf('2026-03-09T00:00:00.000Z')).toBe('2026-03-09');
    expect(weekOf('2026-01-01T12:00:00.000Z')).toBe('2025-12-29');
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});
