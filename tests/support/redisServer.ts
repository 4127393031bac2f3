import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './postgresCluster';

/**
 * A throw-away Redis for the cluster tests (issue 22): Debian's `redis-server` on a free loopback port, nothing saved to
 * disk (the app keeps nothing durable in Redis), stopped at the end, also when the test process exits early.
 * `.ci/run` installs the package; tests start their own instance, never the system's service.
 */
export interface RedisServer {
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Kills the server (SIGKILL, as a crash) and leaves it down until `start`: an outage. */
  kill(): Promise<void>;
  /** Starts the server again on the same port, empty, as a restarted Redis without persistence is. */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function redisBinary(): string {
  return process.env['REDIS_SERVER_BIN'] ?? 'redis-server';
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    const started = spawn(
      redisBinary(),
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory, '--daemonize', 'no'],
      { stdio: 'ignore' },
    );
    const failed = new Promise<Error>((resolve) => {
      started.once('error', (error) =>
        resolve(new Error(`redis-server could not be started (${error.message}): install Debian's "redis-server" package (.ci/run does).`)),
      );
      started.once('exit', (code) => resolve(new Error(`redis-server exited at start with code ${code}`)));
    });
    running.add(started);
    started.once('exit', () => running.delete(started));
    child = started;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const outcome = await Promise.race([answersPing(url), failed]);
      if (outcome instanceof Error) throw outcome;
      if (outcome) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    started.kill('SIGKILL');
    throw new Error('redis-server did not answer PING within 30 s');
  };

  const kill = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    url,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
