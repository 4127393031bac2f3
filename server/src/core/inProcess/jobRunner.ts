import { ScheduledJobs, type Cancel, type JobErrorHandler, type JobRunner } from '../jobs';

/**
 * The in-process adapter of the job runner port: Node timers, unreferenced so they never keep a
 * process alive, all cancelled by `stop`. A job's failure goes to `onError` (the app logs it); a
 * periodic job keeps its schedule after a failure.
 */
export class InProcessJobRunner implements JobRunner {
  private readonly scheduled = new ScheduledJobs();
  private stopped = false;

  constructor(private readonly onError: JobErrorHandler = (job, error) => console.error(`job ${job} failed:`, error)) {}

  every(name: string, intervalMs: number, task: () => void | Promise<void>): Cancel {
    if (this.stopped) return () => undefined;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void this.execute(name, task).finally(() => (running = false));
    }, intervalMs);
    timer.unref();
    return this.scheduled.track(() => clearInterval(timer));
  }

  after(name: string, delayMs: number, task: () => void | Promise<void>): Cancel {
    if (this.stopped) return () => undefined;
    const cancel = this.scheduled.track(() => clearTimeout(timer));
    const timer = setTimeout(() => {
      cancel();
      void this.execute(name, task);
    }, delayMs);
    timer.unref();
    return cancel;
  }

  soon(name: string, task: () => void | Promise<void>): Cancel {
    return this.after(name, 0, task);
  }

  stop(): void {
    this.stopped = true;
    this.scheduled.cancelAll();
  }

  /** How many jobs are scheduled (periodic ones until cancelled, one-off ones until they run). */
  get size(): number {
    return this.scheduled.size;
  }

  private async execute(name: string, task: () => void | Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      this.onError(name, error);
    }
  }
}
