import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessJobRunner } from './jobRunner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('InProcessJobRunner', () => {
  it('runs a periodic job every interval, never two runs of it at once', async () => {
    const runner = new InProcessJobRunner();
    let finish: () => void = () => undefined;
    let runs = 0;
    runner.every('sweep', 1000, () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(3000);
    // The first run has not finished: the later ticks are skipped.
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    runner.stop();
  });

  it('runs a one-off job once after its delay, unless cancelled', async () => {
    const runner = new InProcessJobRunner();
    const ran: string[] = [];
    runner.after('kept', 500, () => void ran.push('kept'));
    const cancel = runner.after('cancelled', 500, () => void ran.push('cancelled'));
    runner.soon('soon', () => void ran.push('soon'));
    cancel();
    expect(runner.size).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ran).toEqual(['soon', 'kept']);
    expect(runner.size).toBe(0);
  });

  it('reports a failing job and keeps its schedule', async () => {
    const failures: [string, unknown][] = [];
    const runner = new InProcessJobRunner((job, error) => failures.push([job, error]));
    let runs = 0;
    runner.every('flaky', 100, () => {
      runs += 1;
      throw new Error('disk full');
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toBe(3);
    expect(failures.map(([job]) => job)).toEqual(['flaky', 'flaky', 'flaky']);
    runner.stop();
  });

  it('stops every job when the app closes, and takes no more', async () => {
    const runner = new InProcessJobRunner();
    let runs = 0;
    runner.every('sweep', 100, () => void (runs += 1));
    runner.after('later', 100, () => void (runs += 1));
    runner.stop();
    runner.after('after stop', 10, () => void (runs += 1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(0);
    expect(runner.size).toBe(0);
  });
});
