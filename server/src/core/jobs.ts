/** Stops a scheduled job; stopping one that already ran or stopped does nothing. */
export type Cancel = () => void;

export type JobErrorHandler = (job: string, error: unknown) => void;

/**
 * The periodic job runner port: every timer-driven piece of work of the server goes through the one
 * runner the app's services own, so stopping the app stops them all and tests can drive them. On SQLite
 * the in-process adapter runs everything; on PostgreSQL the leased adapter (core/postgres/jobRunner.ts)
 * runs each periodic job once per period across every process, and `after`/`soon` on this process.
 */
export interface JobRunner {
  /**
   * Runs `task` every `intervalMs`, the first time one interval after now; never two runs of one job at once (on
   * PostgreSQL: once per period across the processes, the names being the jobs' identity there).
   */
  every(name: string, intervalMs: number, task: () => void | Promise<void>): Cancel;
  /** Runs `task` once after `delayMs` (debounce windows, grace periods). */
  after(name: string, delayMs: number, task: () => void | Promise<void>): Cancel;
  /** Runs `task` once in the background as soon as the current work yields (start-up pick-up work). */
  soon(name: string, task: () => void | Promise<void>): Cancel;
  /** Cancels every job and takes no more: the app is closing. */
  stop(): void;
}

/**
 * A runner's scheduled jobs that can still be cancelled, each with how to clear it (its timer, its chain of ticks):
 * `cancelAll` is the runner's stop. A job is held until it is cancelled, by its own Cancel or by `cancelAll`; a
 * one-off job cancels itself as it starts to run.
 */
export class ScheduledJobs {
  private readonly cancels = new Set<Cancel>();

  /** Holds a job until cancelled; its Cancel clears it once, and does nothing after that or after `cancelAll`. */
  track(clear: () => void): Cancel {
    const cancel: Cancel = () => {
      if (!this.cancels.delete(cancel)) return;
      clear();
    };
    this.cancels.add(cancel);
    return cancel;
  }

  cancelAll(): void {
    for (const cancel of [...this.cancels]) cancel();
  }

  /** How many jobs are held. */
  get size(): number {
    return this.cancels.size;
  }
}

/**
 * A piece of periodic work while it runs (a heartbeat that writes this process's record), for a stop to wait for:
 * a stop that deleted the record while a beat was under way would have it written again after the delete.
 */
export class WorkUnderWay {
  private running: Promise<void> | null = null;

  /** Runs `work`, under way until it settles. */
  async run(work: () => Promise<void>): Promise<void> {
    const run = work();
    this.running = run;
    try {
      await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  /** Settles when the run under way, if any, has. */
  async ended(): Promise<void> {
    await this.running;
  }
}
