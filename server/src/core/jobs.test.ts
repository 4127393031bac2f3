import { describe, expect, it } from 'vitest';
import { ScheduledJobs, WorkUnderWay } from './jobs';

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

describe('WorkUnderWay', () => {
  it('ends when the run under way has settled, and at once when none is', async () => {
    const beating = new WorkUnderWay();
    await beating.ended();
    let finish: () => void = () => undefined;
    const steps: string[] = [];
    const run = beating.run(() => new Promise<void>((resolve) => (finish = resolve)).then(() => void steps.push('beat done')));
    const ended = beating.ended().then(() => void steps.push('ended'));
    // Every promise job settled by the next turn of the event loop: a wait that did not hold would have ended.
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual([]);
    finish();
    await Promise.all([run, ended]);
    expect(steps).toEqual(['beat done', 'ended']);
    await beating.ended();
  });
});
