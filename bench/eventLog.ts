// Event log benchmark through the event log port, SQLite and PostgreSQL side by side in one run (issue 21):
// single appends/s with p50/p99, appends/s from 16 concurrent appenders (to their own streams with an expected version,
// then each append with a mutation id as the command door sends them), replay events/s. SQLite runs with
// synchronous=FULL (its WAL synced off the event loop, as the server runs it); PostgreSQL is a throw-away cluster
// (tests/support/postgresCluster.ts) with fsync and synchronous_commit on. Prints figures; asserts nothing.
// BENCH_EVENT_LOG_APPENDS sets the number of single appends (1000 by default).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres } from '../server/src/core/postgres/connect';
import { PostgresEventLog } from '../server/src/core/postgres/eventLog';
import { migratePostgres } from '../server/src/core/postgres/migrate';
import { replayLog, type EventLogPort } from '../server/src/core/eventLogPort';
import { SqliteEventStore } from '../server/src/core/sqlite/eventStore';
import { SqliteEventLog } from '../server/src/core/sqlite/sqliteEventLog';
import { openDatabase } from '../server/src/db/connection';
import { startPostgresCluster } from '../tests/support/postgresCluster';

const singleAppends = Number(process.env['BENCH_EVENT_LOG_APPENDS'] ?? 1000);
const concurrentAppenders = 16;
const appendsPerAppender = Math.max(1, Math.round(singleAppends / concurrentAppenders));
const replayEvents = 20_000;
const replayAppendSize = 100;

interface Figures {
  singlePerSecond: number;
  singleP50Ms: number;
  singleP99Ms: number;
  concurrentPerSecond: number;
  concurrentWithMutationIdsPerSecond: number;
  replayPerSecond: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

const taskMoved = (index: number) => ({
  type: 'task.moved',
  payload: { taskId: `task-${index}`, columnId: `column-${index % 5}`, position: index, movedBy: 'user-bench' },
});

async function measure(log: EventLogPort): Promise<Figures> {
  const latencies: number[] = [];
  const singleStarted = performance.now();
  for (let index = 0; index < singleAppends; index += 1) {
    const started = performance.now();
    await log.append(`task:single-${index % 50}`, [taskMoved(index)], { teamId: 'team-bench', actorId: 'user-bench' });
    latencies.push(performance.now() - started);
  }
  const singleSeconds = (performance.now() - singleStarted) / 1000;
  latencies.sort((left, right) => left - right);

  const concurrentStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrentAppenders }, async (_, appender) => {
      for (let index = 0; index < appendsPerAppender; index += 1) {
        await log.append(`task:concurrent-${appender}`, [taskMoved(index)], {
          teamId: 'team-bench',
          actorId: `user-${appender}`,
          expectedVersion: index,
        });
      }
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;

  const mutationsStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrentAppenders }, async (_, appender) => {
      for (let index = 0; index < appendsPerAppender; index += 1) {
        await log.append(`task:mutation-${appender}-${index}`, [taskMoved(index)], {
          teamId: 'team-bench',
          actorId: `user-${appender}`,
          mutationId: `mutation-${appender}-${index}`,
          request: { appender, index },
        });
      }
    }),
  );
  const mutationsSeconds = (performance.now() - mutationsStarted) / 1000;

  for (let index = 0; index < replayEvents / replayAppendSize; index += 1) {
    await log.append(
      `task:replay-${index}`,
      Array.from({ length: replayAppendSize }, (_, event) => taskMoved(event)),
      { teamId: 'team-bench', actorId: 'user-bench' },
    );
  }
  let replayed = 0;
  const replayStarted = performance.now();
  for await (const batch of replayLog(log, 0, 2000)) replayed += batch.length;
  const replaySeconds = (performance.now() - replayStarted) / 1000;

  return {
    singlePerSecond: singleAppends / singleSeconds,
    singleP50Ms: percentile(latencies, 0.5),
    singleP99Ms: percentile(latencies, 0.99),
    concurrentPerSecond: (concurrentAppenders * appendsPerAppender) / concurrentSeconds,
    concurrentWithMutationIdsPerSecond: (concurrentAppenders * appendsPerAppender) / mutationsSeconds,
    replayPerSecond: replayed / replaySeconds,
  };
}

async function measureSqlite(): Promise<Figures> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-event-log-'));
  const database = openDatabase(join(directory, 'bench.sqlite'), { synchronous: 'FULL' });
  const log = new SqliteEventLog(new SqliteEventStore(database, []), database);
  try {
    return await measure(log);
  } finally {
    await log.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<Figures> {
  const cluster = await startPostgresCluster();
  try {
    const sql = await connectPostgres({
      url: await cluster.createDatabase('bench'),
      poolSize: concurrentAppenders,
      statementTimeoutMs: 60_000,
    });
    await migratePostgres(sql);
    const log = new PostgresEventLog(sql);
    try {
      return await measure(log);
    } finally {
      await log.close();
    }
  } finally {
    await cluster.stop();
  }
}

const loadBefore = loadavg()[0]!;
const sqlite = await measureSqlite();
const postgresFigures = await measurePostgres();
const row = (label: string, pick: (figures: Figures) => number, digits = 0) =>
  `${label.padEnd(44)}${pick(sqlite).toFixed(digits).padStart(12)}${pick(postgresFigures).toFixed(digits).padStart(14)}`;
console.log(
  `Event log through the port: ${singleAppends} single appends, ${concurrentAppenders} appenders × ${appendsPerAppender} twice, replay of ${replayEvents + singleAppends + 2 * concurrentAppenders * appendsPerAppender} events`,
);
console.log(`${''.padEnd(44)}${'SQLite FULL'.padStart(12)}${'PostgreSQL'.padStart(14)}`);
console.log(row('single appends/s', (figures) => figures.singlePerSecond));
console.log(row('single append p50 (ms)', (figures) => figures.singleP50Ms, 2));
console.log(row('single append p99 (ms)', (figures) => figures.singleP99Ms, 2));
console.log(row(`appends/s, ${concurrentAppenders} concurrent appenders`, (figures) => figures.concurrentPerSecond));
console.log(row('  the same, each with a mutation id', (figures) => figures.concurrentWithMutationIdsPerSecond));
console.log(row('replay events/s (batches of 2000)', (figures) => figures.replayPerSecond));
console.log(
  `load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${loadavg()[0]!.toFixed(2)}, ${process.platform}, Node ${process.version}`,
);
