import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startServerProcess } from '../integration/harness';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';
import { startRedisServer, type RedisServer } from './redisServer';

/**
 * Several real app processes (server/src/main.ts, as `npm start` runs it) serving one team, as behind a load balancer
 * (issue 22): one throw-away PostgreSQL database and one throw-away Redis, one SECRET, one data folder (local file
 * storage on one machine). Each process has a port of its own; a test talks to each directly.
 */
export interface AppProcess {
  url: string;
  graphqlUrl: string;
  websocketUrl: string;
  child: Awaited<ReturnType<typeof startServerProcess>>['child'];
  exited: Promise<number | null>;
  /** Sends the signal and waits for the process to end (SIGKILL: a crash). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface AppCluster {
  databaseUrl: string;
  /** What every process is started with (database, Redis, secret, the test's settings), and their data folder. */
  environment: Record<string, string>;
  dataDirectory: string;
  redis: RedisServer;
  processes: AppProcess[];
  /** Starts one more process on the same database and Redis. */
  start(environment?: Record<string, string>): Promise<AppProcess>;
  /** Where sign-up mails are read (the outbox table: no SMTP server is configured). */
  mail: { outboxText(to: string): Promise<string | undefined> };
  /** Runs a statement on the cluster's database (for reading what is stored). */
  query<Row extends Record<string, unknown>>(statement: string, parameters?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

export async function startAppCluster(count: number, environment: Record<string, string> = {}): Promise<AppCluster> {
  const postgresCluster: PostgresCluster = await startPostgresCluster({ durable: false });
  const redis = await startRedisServer();
  const databaseUrl = await postgresCluster.createDatabase('cluster');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-cluster-'));
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => undefined });
  const shared = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: redis.url,
    SECRET: randomBytes(32).toString('hex'),
    CLUSTER_PROCESS_TIMEOUT_MS: '3000',
    ...environment,
  };
  const processes: AppProcess[] = [];
  const start = async (more: Record<string, string> = {}) => {
    const started = await startServerProcess(dataDirectory, { ...shared, ...more });
    const process: AppProcess = {
      url: started.url,
      graphqlUrl: `${started.url}/graphql`,
      websocketUrl: `${started.url.replace(/^http/, 'ws')}/graphql`,
      child: started.child,
      exited: started.exited,
      stop: async (signal = 'SIGTERM') => {
        if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill(signal);
        await started.exited;
      },
    };
    processes.push(process);
    return process;
  };
  try {
    // The first migrates the database; the others start beside each other on it.
    await start();
    await Promise.all(Array.from({ length: count - 1 }, () => start()));
  } catch (error) {
    await Promise.allSettled(processes.map((process) => process.stop('SIGKILL')));
    await sql.end({ timeout: 1 });
    await Promise.allSettled([redis.stop(), postgresCluster.stop()]);
    throw error;
  }
  return {
    databaseUrl,
    environment: shared,
    dataDirectory,
    redis,
    processes,
    start,
    mail: {
      outboxText: async (to) => {
        // Two mails made in one millisecond: rows are inserted in order and never updated, so ctid orders them.
        const rows = await sql<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC, ctid DESC LIMIT 1`;
        return rows[0]?.text;
      },
    },
    query: async <Row extends Record<string, unknown>>(statement: string, parameters: unknown[] = []) =>
      (await sql.unsafe(statement, parameters as never[])) as unknown as Row[],
    stop: async () => {
      await Promise.allSettled(processes.map((process) => process.stop('SIGKILL')));
      await sql.end({ timeout: 1 });
      await Promise.allSettled([redis.stop(), postgresCluster.stop()]);
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
