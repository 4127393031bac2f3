import { Counter, Gauge, type Registry } from 'prom-client';
import { ScheduledJobs, type Cancel, type JobErrorHandler, type JobRunner } from '../jobs';
import type { Sql } from './connect';

export interface LeasedJobRunnerOptions {
  sql: Sql;
  /** This process's id in the cluster registry: the lease holder and the runs' process. */
  processId: string;
  /** This process's own timers: `after` and `soon` jobs (tied to this process's objects) and the leases' ticks. */
  local: JobRunner;
  /** How long a lease lasts unless its holder extends it (every third of it, during a run): CLUSTER_PROCESS_TIMEOUT_MS. */
  leaseMs: number;
  /** JOB_INTERVALS_MS (tests): periodic jobs run at these intervals instead of their own. */
  intervalsMs?: ReadonlyMap<string, number>;
  /** The first retry after a failure waits this long, each next one twice as long, never more than the interval. */
  retryBaseMs?: number;
  onError: JobErrorHandler;
  /** Where job_runs_failed_total and job_last_success_time_seconds are registered (the app's /metrics). */
  metrics?: Registry;
}

/** How long a job's runs stay in job_runs (the failure log). */
const runsKeptDays = 30;
const defaultRetryBaseMs = 5_000;
/** Ticks never come closer than this, even when the lease row says the period is due already. */
const minimumTickMs = 10;

interface Claim {
  /** The job_runs row of the run this process just claimed, or null when it did not claim one. */
  runId: string | null;
  /** When unclaimed: how long until the period is due and the lease free, by the database's clock. */
  waitMs: number | null;
}

/**
 * The job runner of several processes on PostgreSQL (plan §3): a periodic job runs once per period across every
 * process, through its row in `job_leases`. Each process ticks when the row says the period is due; the first
 * `UPDATE … WHERE period due AND lease free` wins the period (PostgreSQL's row lock makes the others' updates see its
 * claim and match nothing). The winner extends its lease during a long run, so a run is never overlapped; a
 * failure makes the period due again after a backoff; a process dying mid-run lets its lease lapse, and the next
 * period runs elsewhere. Every run is a row of `job_runs` with its error, kept 30 days. All times are the database's.
 * `after` and `soon` are tied to this process's objects (a room, a request), so they stay on its own timers.
 */
export class LeasedJobRunner implements JobRunner {
  private readonly scheduled = new ScheduledJobs();
  private stopped = false;
  private readonly failures: Counter<'job'> | null;
  private readonly lastSuccess: Gauge<'job'> | null;

  constructor(private readonly options: LeasedJobRunnerOptions) {
    this.failures = options.metrics
      ? new Counter({
          name: 'job_runs_failed_total',
          help: 'Runs of a periodic job that failed on this process (their errors are in the job_runs table)',
          labelNames: ['job'] as const,
          registers: [options.metrics],
        })
      : null;
    this.lastSuccess = options.metrics
      ? new Gauge({
          name: 'job_last_success_time_seconds',
          help: 'When a periodic job last succeeded on this process (Unix time)',
          labelNames: ['job'] as const,
          registers: [options.metrics],
        })
      : null;
    this.every('core: forget job runs after 30 days', 60 * 60 * 1000, () => this.forgetOldRuns());
  }

  every(name: string, intervalMs: number, task: () => void | Promise<void>): Cancel {
    if (this.stopped) return () => undefined;
    const interval = this.options.intervalsMs?.get(name) ?? intervalMs;
    let pending: Cancel = () => undefined;
    let cancelled = false;
    const schedule = (delayMs: number) => {
      if (cancelled || this.stopped) return;
      pending = this.options.local.after(name, Math.min(interval, Math.max(minimumTickMs, delayMs)), tick);
    };
    const tick = async () => schedule(await this.attempt(name, interval, task));
    // The row is made once, its period starting now: the first run comes one interval later, as the port says.
    void this.options.sql`INSERT INTO job_leases (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`.then(
      () => tick(),
      (error: unknown) => {
        this.options.onError(name, error);
        schedule(interval);
      },
    );
    return this.scheduled.track(() => {
      cancelled = true;
      pending();
    });
  }

  after(name: string, delayMs: number, task: () => void | Promise<void>): Cancel {
    return this.options.local.after(name, delayMs, task);
  }

  soon(name: string, task: () => void | Promise<void>): Cancel {
    return this.options.local.soon(name, task);
  }

  /** Stops ticking and this process's own jobs; a run under way finishes and records itself. */
  stop(): void {
    this.stopped = true;
    this.scheduled.cancelAll();
    this.options.local.stop();
  }

  /** One tick of a job: claims its period and runs it if due. Answers how long until the next tick. */
  private async attempt(name: string, intervalMs: number, task: () => void | Promise<void>): Promise<number> {
    let claim: Claim;
    try {
      claim = await this.claim(name, intervalMs);
    } catch (error) {
      this.options.onError(name, error);
      return intervalMs;
    }
    if (claim.runId === null) return claim.waitMs ?? intervalMs;
    const stopExtending = this.options.local.every(`${name} (lease)`, Math.max(1, Math.floor(this.options.leaseMs / 3)), () =>
      this.extend(name),
    );
    let failure: unknown = null;
    try {
      await task();
    } catch (error) {
      failure = error ?? new Error('the job failed without an error');
    } finally {
      stopExtending();
    }
    if (failure !== null) {
      this.options.onError(name, failure);
      this.failures?.inc({ job: name });
    } else {
      this.lastSuccess?.set({ job: name }, Date.now() / 1000);
    }
    try {
      return await this.finish(name, intervalMs, claim.runId, failure);
    } catch (error) {
      this.options.onError(name, error);
      return intervalMs;
    }
  }

  /**
   * Claims the period when it is due and the lease is free, recording the run; otherwise answers how long until it
   * may be (the row as this statement's snapshot saw it: a claim committing meanwhile costs one tick more).
   */
  private async claim(name: string, intervalMs: number): Promise<Claim> {
    const { sql, processId, leaseMs } = this.options;
    const [row] = await sql<{ runId: string | null; waitMs: number | null }[]>`
      WITH claimed AS (
        UPDATE job_leases
        SET holder = ${processId}, lease_until = now() + ${milliseconds(leaseMs)}::interval, period_started_at = now()
        WHERE name = ${name}
          AND period_started_at <= now() - ${milliseconds(intervalMs)}::interval
          AND (lease_until IS NULL OR lease_until < now())
        RETURNING name
      ), run AS (
        INSERT INTO job_runs (name, process_id, started_at) SELECT name, ${processId}, now() FROM claimed RETURNING id
      )
      SELECT
        (SELECT id::text FROM run) AS "runId",
        (SELECT extract(epoch FROM greatest(period_started_at + ${milliseconds(intervalMs)}::interval, lease_until, now()) - now()) * 1000
         FROM job_leases WHERE name = ${name})::float8 AS "waitMs"`;
    return { runId: row?.runId ?? null, waitMs: row?.waitMs ?? null };
  }

  /** Keeps the lease while the run goes on; a lease found lost (this process stalled past it) is reported. */
  private async extend(name: string): Promise<void> {
    const { sql, processId, leaseMs } = this.options;
    const extended = await sql`
      UPDATE job_leases SET lease_until = now() + ${milliseconds(leaseMs)}::interval
      WHERE name = ${name} AND holder = ${processId} AND lease_until >= now()
      RETURNING 1`;
    if (extended.length === 0) throw new Error('the job ran past its lease: another process may run it at the same time');
  }

  /**
   * Records the run's end and frees the lease: after a success the next period is due one interval after this one
   * began; after a failure it is due again after the backoff (5 s, 10 s, 20 s… by default, at most the interval).
   * Answers how long until the next tick.
   */
  private async finish(name: string, intervalMs: number, runId: string, failure: unknown): Promise<number> {
    const { sql, processId } = this.options;
    const error = failure === null ? null : describe(failure);
    // One statement: whoever reads the run as finished also finds its lease freed (a data-modifying WITH runs whether
    // or not the lease is still this process's).
    const finishedRun = sql`UPDATE job_runs SET finished_at = now(), error = ${error} WHERE id = ${runId}`;
    const retryBaseMs = this.options.retryBaseMs ?? defaultRetryBaseMs;
    const [row] =
      failure === null
        ? await sql<{ waitMs: number }[]>`
            WITH finished_run AS (${finishedRun})
            UPDATE job_leases SET holder = NULL, lease_until = NULL, attempts = 0
            WHERE name = ${name} AND holder = ${processId}
            RETURNING (extract(epoch FROM period_started_at + ${milliseconds(intervalMs)}::interval - now()) * 1000)::float8 AS "waitMs"`
        : await sql<{ waitMs: number }[]>`
            WITH finished_run AS (${finishedRun})
            UPDATE job_leases
            SET holder = NULL, lease_until = NULL, attempts = attempts + 1,
              period_started_at = now() - ${milliseconds(intervalMs)}::interval
                + least(${retryBaseMs}::float8 * power(2, least(attempts, 30)), ${intervalMs}::float8) * interval '1 millisecond'
            WHERE name = ${name} AND holder = ${processId}
            RETURNING (extract(epoch FROM period_started_at + ${milliseconds(intervalMs)}::interval - now()) * 1000)::float8 AS "waitMs"`;
    return row?.waitMs ?? intervalMs;
  }

  private async forgetOldRuns(): Promise<void> {
    await this.options.sql`DELETE FROM job_runs WHERE started_at < now() - ${`${runsKeptDays} days`}::interval`;
  }
}

function milliseconds(count: number): string {
  return `${count} milliseconds`;
}

function describe(failure: unknown): string {
  if (failure instanceof Error) return failure.stack ?? `${failure.name}: ${failure.message}`;
  return String(failure);
}
