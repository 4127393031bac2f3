import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../tests/support/postgresCluster';
import { clusterMigrations } from '../cluster/schema';
import { InProcessJobRunner } from '../inProcess/jobRunner';
import { connectPostgres, type Sql } from './connect';
import { LeasedJobRunner, type LeasedJobRunnerOptions } from './jobRunner';
import { migratePostgres } from './migrate';

/**
 * Three LeasedJobRunners on one database stand for three app processes (each its own pool and timers): a periodic
 * job runs once per period across them, a failing one is retried with backoff and its failures are in job_runs, and a
 * run longer than its lease is never overlapped.
 */
let cluster: PostgresCluster;
let url: string;
const pools: Sql[] = [];
const runners: LeasedJobRunner[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster({ autovacuum: false, durable: false });
  url = await cluster.createDatabase('leased_jobs');
  const setUp = await pool();
  await migratePostgres(setUp, clusterMigrations);
});
afterEach(() => {
  for (const runner of runners.splice(0)) runner.stop();
});
afterAll(async () => {
  for (const sql of pools) await sql.end({ timeout: 1 });
  await cluster?.stop();
});

async function pool(): Promise<Sql> {
  const sql = await connectPostgres({ url, poolSize: 3, statementTimeoutMs: 30_000 });
  pools.push(sql);
  return sql;
}

/** Three processes' runners, each reporting errors into `errors`, with its own metrics registry. */
async function threeProcesses(options: Partial<LeasedJobRunnerOptions> = {}) {
  const errors: { job: string; error: unknown }[] = [];
  const registries: Registry[] = [];
  for (const process of ['process-a', 'process-b', 'process-c']) {
    const metrics = new Registry();
    registries.push(metrics);
    const onError = (job: string, error: unknown) => errors.push({ job, error });
    runners.push(
      new LeasedJobRunner({
        sql: await pool(),
        processId: process,
        local: new InProcessJobRunner(onError),
        leaseMs: 2_000,
        onError,
        metrics,
        ...options,
      }),
    );
  }
  return { runners: runners.slice(-3), errors, registries };
}

interface RunRow {
  processId: string;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

async function runsOf(name: string): Promise<RunRow[]> {
  return pools[0]!<RunRow[]>`
    SELECT process_id AS "processId", started_at AS "startedAt", finished_at AS "finishedAt", error
    FROM job_runs WHERE name = ${name} ORDER BY started_at, id`;
}

/** Counts the job's runs under way across the runners, and the most ever at once. */
function overlapWatch() {
  const watch = { running: 0, most: 0, runs: 0 };
  return {
    watch,
    async work(durationMs: number) {
      watch.running += 1;
      watch.runs += 1;
      watch.most = Math.max(watch.most, watch.running);
      await new Promise((resolve) => setTimeout(resolve, durationMs));
      watch.running -= 1;
    },
  };
}

function expectOnePerPeriod(runs: RunRow[], intervalMs: number): void {
  for (let index = 1; index < runs.length; index += 1) {
    const previous = runs[index - 1]!;
    const next = runs[index]!;
    // The database's times: a period begins at a claim, and the next claim comes a whole interval later.
    expect(next.startedAt.getTime() - previous.startedAt.getTime()).toBeGreaterThanOrEqual(intervalMs);
    expect(previous.finishedAt).not.toBeNull();
    expect(next.startedAt.getTime()).toBeGreaterThanOrEqual(previous.finishedAt!.getTime());
  }
}

describe('LeasedJobRunner: periodic jobs of several processes on PostgreSQL', () => {
  it('runs a job once per period across three processes, the first period one interval after the start', async () => {
    const name = 'test: once per period';
    const intervalMs = 300;
    const { watch, work } = overlapWatch();
    const three = (await threeProcesses()).runners;
    let firstRunAt: number | undefined;
    const scheduledAt = performance.now();
    for (const runner of three) {
      runner.every(name, intervalMs, () => {
        firstRunAt ??= performance.now();
        return work(30);
      });
    }

    await expect.poll(async () => (await runsOf(name)).filter((run) => run.finishedAt !== null).length).toBeGreaterThanOrEqual(6);
    const runs = (await runsOf(name)).filter((run) => run.finishedAt !== null);
    expect(runs[0]!.error).toBeNull();
    expectOnePerPeriod(runs, intervalMs);
    expect(watch.most).toBe(1);
    // Not at once at start: the port's first run comes one interval after the job was scheduled.
    expect(firstRunAt! - scheduledAt).toBeGreaterThanOrEqual(intervalMs);
  });

  it('retries a failing job with a growing backoff, each failure in job_runs and on the failure counter', async () => {
    const name = 'test: fails three times';
    const intervalMs = 60_000;
    const retryBaseMs = 150;
    // Due at once: its period began an hour ago (the interval is a minute).
    await pools[0]!`INSERT INTO job_leases (name, period_started_at) VALUES (${name}, now() - interval '1 hour')`;
    let attempts = 0;
    const { runners: three, registries } = await threeProcesses({ retryBaseMs });
    for (const runner of three) {
      runner.every(name, intervalMs, () => {
        attempts += 1;
        if (attempts <= 3) throw new Error(`the remote server refused attempt ${attempts}`);
      });
    }

    await expect.poll(async () => (await runsOf(name)).at(-1)?.error === null && (await runsOf(name)).length === 4).toBe(true);
    const runs = await runsOf(name);
    expect(runs.map((run) => run.error?.split('\n')[0] ?? null)).toEqual([
      'Error: the remote server refused attempt 1',
      'Error: the remote server refused attempt 2',
      'Error: the remote server refused attempt 3',
      null,
    ]);
    for (let index = 1; index < runs.length; index += 1) {
      const backoffMs = retryBaseMs * 2 ** (index - 1);
      expect(runs[index]!.startedAt.getTime() - runs[index - 1]!.finishedAt!.getTime()).toBeGreaterThanOrEqual(backoffMs);
    }
    const [lease] = await pools[0]!<{ attempts: number; holder: string | null }[]>`
      SELECT attempts, holder FROM job_leases WHERE name = ${name}`;
    expect(lease).toEqual({ attempts: 0, holder: null });
    let failed = 0;
    for (const metrics of registries) {
      const counter = (await metrics.getSingleMetric('job_runs_failed_total')?.get())?.values ?? [];
      failed += counter.filter((value) => value.labels['job'] === name).reduce((sum, value) => sum + value.value, 0);
    }
    expect(failed).toBe(3);
    // The success is the last one: nothing runs again before the next period, a minute away (sentinel: a later job's
    // run on the same runners, after which the count is unchanged).
    const sentinel = 'test: sentinel after the retries';
    await pools[0]!`INSERT INTO job_leases (name, period_started_at) VALUES (${sentinel}, now() - interval '1 hour')`;
    three[0]!.every(sentinel, intervalMs, () => undefined);
    await expect.poll(async () => (await runsOf(sentinel)).filter((run) => run.finishedAt !== null).length).toBe(1);
    expect(await runsOf(name)).toHaveLength(4);
  });

  it('never overlaps a run longer than its lease: the holder extends the lease while it runs', async () => {
    const name = 'test: longer than its lease';
    const intervalMs = 200;
    const leaseMs = 300;
    const { watch, work } = overlapWatch();
    const { errors } = await threeProcesses({ leaseMs });
    let first = true;
    for (const runner of runners.slice(-3)) {
      runner.every(name, intervalMs, async () => {
        const durationMs = first ? leaseMs * 5 : 20;
        first = false;
        await work(durationMs);
      });
    }

    await expect.poll(async () => (await runsOf(name)).filter((run) => run.finishedAt !== null).length).toBeGreaterThanOrEqual(4);
    const runs = (await runsOf(name)).filter((run) => run.finishedAt !== null);
    expect(runs[0]!.finishedAt!.getTime() - runs[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(leaseMs * 5);
    expectOnePerPeriod(runs, intervalMs);
    expect(watch.most).toBe(1);
    expect(errors).toEqual([]);
  });
});
