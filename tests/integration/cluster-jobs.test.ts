import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';
import { freePort, startServerProcess } from './harness';
import { initiateRoom, joinCall } from './meetingsFactories';
import { expectData, joinTeam, person } from './teamFactories';

/**
 * Three app processes on one PostgreSQL database (issue 22, plan §2.0 and §3): a periodic job runs once per period
 * across them, each run recorded in job_runs; a database a newer build migrated refuses a start in one line, and takes
 * the running processes out of the load balancer (/healthz 503) at their next heartbeat; a graceful stop leaves the
 * registry.
 */
const jobName = 'core: expire idempotency keys';
const intervalMs = 500;
const processTimeoutMs = 2_000;
const newerMigration = 'cluster/9999_from_a_newer_build.sql';

let cluster: PostgresCluster;
let databaseUrl: string;
let sql: postgres.Sql;
const folders: string[] = [];
const processes: Awaited<ReturnType<typeof startServerProcess>>[] = [];

const environment = () => ({
  DATABASE_URL: databaseUrl,
  JOB_INTERVALS_MS: `${jobName}=${intervalMs}`,
  CLUSTER_PROCESS_TIMEOUT_MS: String(processTimeoutMs),
});

function dataDirectory(): string {
  const folder = mkdtempSync(join(tmpdir(), 'cluster-jobs-'));
  folders.push(folder);
  return folder;
}

beforeAll(async () => {
  cluster = await startPostgresCluster({ autovacuum: false, durable: false });
  databaseUrl = await cluster.createDatabase('workspace');
  sql = postgres(databaseUrl, { max: 2, onnotice: () => undefined });
  // One after the other: the first migrates, the others find it done.
  for (let index = 0; index < 3; index += 1) processes.push(await startServerProcess(dataDirectory(), environment()));
}, 120_000);

afterAll(async () => {
  for (const server of processes) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await sql?.end({ timeout: 1 });
  await cluster?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface RunRow {
  processId: string;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

async function livingProcesses(): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM cluster_processes WHERE heartbeat_at > now() - ${`${processTimeoutMs} milliseconds`}::interval`;
  return rows.map((row) => row.id);
}

describe('periodic jobs and the schema version across three app processes', () => {
  it('runs a periodic job exactly once per period across the three, never two runs at once', async () => {
    await expect.poll(livingProcesses).toHaveLength(3);
    const [joined] = await sql<{ at: Date }[]>`SELECT max(started_at) AS at FROM cluster_processes`;
    const runsSinceAllJoined = async () =>
      sql<RunRow[]>`
        SELECT process_id AS "processId", started_at AS "startedAt", finished_at AS "finishedAt", error
        FROM job_runs WHERE name = ${jobName} AND started_at > ${joined!.at} ORDER BY started_at, id`;

    await expect.poll(async () => (await runsSinceAllJoined()).filter((run) => run.finishedAt !== null).length).toBeGreaterThanOrEqual(6);
    const runs = await runsSinceAllJoined();
    const living = await livingProcesses();
    for (const [index, run] of runs.entries()) {
      expect(run.error).toBeNull();
      expect(living).toContain(run.processId);
      const next = runs[index + 1];
      if (!next) continue;
      // One run per period, by the database's clock: the next one begins a whole interval after this one began, and
      // after this one ended.
      expect(next.startedAt.getTime() - run.startedAt.getTime()).toBeGreaterThanOrEqual(intervalMs);
      expect(run.finishedAt).not.toBeNull();
      expect(next.startedAt.getTime()).toBeGreaterThanOrEqual(run.finishedAt!.getTime());
    }
    // The job's one lease row, free between runs or held by a living process.
    const leases = await sql<{ holder: string | null }[]>`SELECT holder FROM job_leases WHERE name = ${jobName}`;
    expect(leases).toHaveLength(1);
    if (leases[0]!.holder !== null) expect(living).toContain(leases[0]!.holder);
  }, 60_000);

  it('refuses a start on a database a newer build migrated, and takes the running processes out at their next heartbeat', async () => {
    const [running] = processes;
    expect((await fetch(`${running!.url}/healthz`)).status).toBe(200);
    await sql`INSERT INTO schema_migrations (name) VALUES (${newerMigration})`;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        env: {
          ...process.env,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          DATA_DIR: dataDirectory(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          ...environment(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(errors.trim().split('\n')).toEqual([
        `the database has migrations this build lacks (${newerMigration}): a newer version runs against it; run that version or upgrade this one`,
      ]);

      await expect
        .poll(async () => {
          const response = await fetch(`${running!.url}/healthz`);
          return { status: response.status, body: (await response.json()) as unknown };
        })
        .toEqual({
          status: 503,
          body: {
            status: 'error',
            reason: `the database has migrations this build lacks (${newerMigration}): a newer version runs against it; run that version or upgrade this one`,
          },
        });
    } finally {
      await sql`DELETE FROM schema_migrations WHERE name = ${newerMigration}`;
    }
    // The newer build gone again (rolled back): the next heartbeat puts the process back.
    await expect.poll(async () => (await fetch(`${running!.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it('leaves the registry on a graceful stop', async () => {
    const [leaving] = processes;
    const [row] = await sql<{ id: string }[]>`SELECT id FROM cluster_processes ORDER BY started_at LIMIT 1`;
    leaving!.child.kill('SIGTERM');
    expect(await leaving!.exited).toBe(0);
    const left = await sql`SELECT 1 FROM cluster_processes WHERE id = ${row!.id}`;
    expect(left).toHaveLength(0);
    expect(await livingProcesses()).toHaveLength(2);
  }, 30_000);

  it('finishes the calls left open at start only in a process alone in the registry', async () => {
    const living = processes.slice(1);
    const target = {
      graphqlUrl: `${living[0]!.url}/graphql`,
      async outboxText(to: string): Promise<string | undefined> {
        const [mail] = await sql<
          { text: string }[]
        >`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC, ctid DESC LIMIT 1`;
        return mail?.text;
      },
    };
    const ada = await person(target, 'Ada');
    const bob = await joinTeam(ada, await person(target, 'Bob'));
    const room = await initiateRoom(ada, { name: 'Across processes' });
    const call = expectData(await joinCall(ada, { meetingroom: room.id })).joinVideocall;
    expectData(
      await ada.client.execute('mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { id } }', {
        videocall: call.id,
        users: [bob.id],
      }),
    );
    const callState = async () => {
      const [row] = await sql<{ finishedAt: string | null }[]>`SELECT finished_at AS "finishedAt" FROM videocalls WHERE id = ${call.id}`;
      const [ring] = await sql<{ state: string; createdAt: string; endedAt: string | null }[]>`
        SELECT state, created_at AS "createdAt", ended_at AS "endedAt" FROM videocall_rings WHERE videocall_id = ${call.id}`;
      return { finishedAt: row!.finishedAt, ring: ring! };
    };

    // A process starting beside living ones: its start-up job leaves the call open, then picks up the ring with its
    // own 5 s timeout (the ringing process's is 30 s), which is the sentinel that the job ran past its decision.
    processes.push(await startServerProcess(dataDirectory(), { ...environment(), MEETING_RING_SECONDS: '5' }));
    await expect.poll(async () => (await callState()).ring.state).not.toBe('ringing');
    const { finishedAt, ring } = await callState();
    expect(Date.parse(ring.endedAt!) - Date.parse(ring.createdAt)).toBeLessThan(25_000);
    expect(finishedAt).toBeNull();

    // Every process stopped: the next one starts alone, and finishes it.
    for (const server of processes.slice(1)) {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(await livingProcesses()).toEqual([]);
    processes.push(await startServerProcess(dataDirectory(), environment()));
    await expect.poll(async () => (await callState()).finishedAt).not.toBeNull();
  }, 90_000);
});
