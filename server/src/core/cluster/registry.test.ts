import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../tests/support/postgresCluster';
import { InProcessJobRunner } from '../inProcess/jobRunner';
import { connectPostgres, type Sql } from '../postgres/connect';
import { migratePostgres } from '../postgres/migrate';
import { ClusterRegistry } from './registry';
import { clusterMigrations, knownMigrationNames, NewerSchemaError } from './schema';

/**
 * The process registry on PostgreSQL: processes alive by their heartbeat (the database's clock), a graceful stop
 * leaving at once, claimed work taken over only from a process no longer alive, and a newer build's migration refusing
 * a start and failing the running processes' refusal() at their next heartbeat.
 */
let cluster: PostgresCluster;
let sql: Sql;
const known = knownMigrationNames([clusterMigrations]);
const started: { registry: ClusterRegistry; timers: InProcessJobRunner }[] = [];
const warnings: unknown[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster({ autovacuum: false, durable: false });
  sql = await connectPostgres({ url: await cluster.createDatabase('registry'), poolSize: 4, statementTimeoutMs: 30_000 });
  await migratePostgres(sql, clusterMigrations);
});
afterEach(async () => {
  for (const { registry, timers } of started.splice(0)) {
    timers.stop();
    await registry.stop();
  }
  await sql`DELETE FROM cluster_processes`;
  await sql`DELETE FROM schema_migrations WHERE name = 'cluster/9999_from_a_newer_build.sql'`;
});
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await cluster?.stop();
});

async function startProcess(processTimeoutMs = 10_000): Promise<ClusterRegistry> {
  const timers = new InProcessJobRunner();
  const registry = await ClusterRegistry.start(sql, {
    processTimeoutMs,
    internalUrl: 'http://127.0.0.1:3000',
    build: 'test',
    knownMigrations: known,
    timers,
    log: { warn: (object: unknown) => warnings.push(object), error: (object: unknown) => errors.push(object) } as never,
  });
  started.push({ registry, timers });
  return registry;
}

/** A process that stopped beating without leaving (killed): its heartbeat made older than any time-out. */
async function kill(registry: ClusterRegistry): Promise<void> {
  const entry = started.find((process) => process.registry === registry)!;
  entry.timers.stop();
  await sql`UPDATE cluster_processes SET heartbeat_at = now() - interval '1 minute' WHERE id = ${registry.processId}`;
}

describe('the cluster registry', () => {
  it('knows the living processes; a graceful stop leaves at once, a killed process after its time-out', async () => {
    const first = await startProcess();
    expect(await first.isAlone()).toBe(true);
    const second = await startProcess();
    const third = await startProcess();
    expect((await first.livingProcesses()).map((process) => process.id).sort()).toEqual(
      [first.processId, second.processId, third.processId].sort(),
    );
    expect(await first.isAlone()).toBe(false);

    await second.stop();
    await kill(third);
    expect(await first.isAlive(second.processId)).toBe(false);
    expect(await first.isAlive(third.processId)).toBe(false);
    expect(await first.isAlone()).toBe(true);
    // A beat of a process that stalled past its time-out makes it alive again.
    await third.heartbeat();
    expect(await first.isAlive(third.processId)).toBe(true);
  });

  it('stays gone after a graceful stop that came during a heartbeat', async () => {
    const first = await startProcess();
    const second = await startProcess();
    const beating = second.heartbeat();
    await second.stop();
    await beating;
    expect(await first.isAlive(second.processId)).toBe(false);
  });

  it('beats every third of the time-out, with the database clock', async () => {
    const registry = await startProcess(600);
    const [before] = await sql<
      { heartbeatAt: Date }[]
    >`SELECT heartbeat_at AS "heartbeatAt" FROM cluster_processes WHERE id = ${registry.processId}`;
    await expect
      .poll(async () => {
        const [row] = await sql<
          { heartbeatAt: Date }[]
        >`SELECT heartbeat_at AS "heartbeatAt" FROM cluster_processes WHERE id = ${registry.processId}`;
        return row!.heartbeatAt.getTime() > before!.heartbeatAt.getTime();
      })
      .toBe(true);
  });

  it('lets one process at a time hold a piece of work, taken over only when its holder is gone', async () => {
    const first = await startProcess();
    const second = await startProcess();
    expect(await first.claimWork('calendar-sync', 'account-1')).toBe(true);
    expect(await second.claimWork('calendar-sync', 'account-1')).toBe(false);
    expect(await second.claimWork('calendar-sync', 'account-2')).toBe(true);
    await first.releaseWork('calendar-sync', 'account-1');
    expect(await second.claimWork('calendar-sync', 'account-1')).toBe(true);
    expect(await first.claimWork('calendar-sync', 'account-1')).toBe(false);

    await kill(second);
    expect(await first.claimWork('calendar-sync', 'account-1')).toBe(true);
    const holders = await sql<{ key: string; processId: string }[]>`
      SELECT key, process_id AS "processId" FROM process_work WHERE kind = 'calendar-sync' ORDER BY key`;
    expect(holders).toEqual([
      { key: 'account-1', processId: first.processId },
      { key: 'account-2', processId: second.processId },
    ]);
    await sql`DELETE FROM process_work`;
  });

  it('refuses to start on a database a newer build migrated, and a running process refuses at its next heartbeat', async () => {
    const running = await startProcess();
    expect(running.refusal()).toBeNull();
    await sql`INSERT INTO schema_migrations (name) VALUES ('cluster/9999_from_a_newer_build.sql')`;

    const refusal = startProcess();
    await expect(refusal).rejects.toThrow(NewerSchemaError);
    await expect(refusal).rejects.toThrow(
      'the database has migrations this build lacks (cluster/9999_from_a_newer_build.sql): a newer version runs against it; run that version or upgrade this one',
    );
    await running.heartbeat();
    expect(running.refusal()).toContain('cluster/9999_from_a_newer_build.sql');
    expect(errors).toHaveLength(1);
  });
});
