import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventLog } from '../../server/src/core/postgres/eventLog';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

describe('the PostgreSQL event log under kill -9', () => {
  it('keeps every acknowledged append when the appending process is killed and the server crashes', async () => {
    const url = await cluster.createDatabase('crash');
    const setUp = await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 30_000 });
    await migratePostgres(setUp);
    await setUp.end();

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/postgresAppendLoop.ts'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const failure: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => failure.push(chunk.toString()));
    const acknowledged = new Map<number, string>();
    let enough!: () => void;
    const fiftyAcknowledged = new Promise<void>((resolve) => (enough = resolve));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [position, stream, index] = line.split(' ');
      acknowledged.set(Number(position), `${stream} ${index}`);
      if (acknowledged.size >= 50) enough();
    });
    // Waits for a state, not a time: a busy machine only makes the appends slower.
    await Promise.race([fiftyAcknowledged, exited]);
    expect(acknowledged.size, failure.join('')).toBeGreaterThanOrEqual(50);
    child.kill('SIGKILL');
    await exited;
    // The server stops as in a power cut (no checkpoint) and recovers from its WAL.
    await cluster.crashAndRestart();

    const log = new PostgresEventLog(await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 30_000 }));
    try {
      const stored = new Map<number, string>();
      for (let position = 0; ;) {
        const batch = await log.readFrom(position, 1000);
        if (batch.length === 0) break;
        for (const event of batch) stored.set(event.seq, `${event.stream} ${(event.payload as { index: number }).index}`);
        position = batch.at(-1)!.seq;
      }
      for (const [position, what] of acknowledged) expect(stored.get(position), `position ${position}`).toBe(what);
    } finally {
      await log.close();
    }
  }, 180_000);
});
