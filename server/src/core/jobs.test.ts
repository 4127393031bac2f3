import { describe, expect, it } from 'vitest';
import { ScheduledJobs } from './jobs';

describe('ScheduledJobs', () => {
  it('clears a job once, by its own cancel or by cancelAll, and forgets it', () => {
    const scheduled = new ScheduledJobs();
    const cleared: string[] = [];
    const cancelFirst = scheduled.track(() => cleared.push('first'));
    scheduled.track(() => cleared.push('second'));
    expect(scheduled.size).toBe(2);

    cancelFirst();
    cancelFirst();
    expect(cleared).toEqual(['first']);
    expect(scheduled.size).toBe(1);

    scheduled.cancelAll();
    scheduled.cancelAll();
    expect(cleared).toEqual(['first', 'second']);
    expect(scheduled.size).toBe(0);
  });

  it('clears each job once when one clear cancels another during cancelAll', () => {
    const scheduled = new ScheduledJobs();
    const cleared: string[] = [];
    scheduled.track(() => {
      cleared.push('first');
      cancelSecond();
    });
    const cancelSecond = scheduled.track(() => cleared.push('second'));
    scheduled.cancelAll();
    expect(cleared).toEqual(['first', 'second']);
  });
});
