// Event log benchmark: appends with projections (one event per transaction, and batches of 100),
// p50/p99 append latency, and replay speed. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/src/db/connection';
import { accountsProjection } from '../server/src/domains/accounts/projection';
import { replay } from '../server/src/core/sqlite/replay';
import { SqliteEventStore } from '../server/src/core/sqlite/eventStore';

const projections = [accountsProjection];
const languages = ['en', 'es', 'fr', 'it', 'pt', 'de'];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function measure(synchronous: 'FULL' | 'NORMAL') {
  const directory = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const database = openDatabase(join(directory, 'bench.sqlite'), { synchronous });
  const store = new SqliteEventStore(database, projections);
  const userIds = Array.from({ length: 100 }, (_, index) => `user${String(index).padStart(20, '0')}`);
  for (const userId of userIds) {
    await store.append(
      `user:${userId}`,
      [
        {
          type: 'user.registered',
          payload: { userId, email: `${userId}@example.com`, firstname: 'Bench', lastname: 'User', language: 'en', defaultTeamId: 'team' },
        },
      ],
      { teamId: 'team', actorId: userId },
    );
  }

  const singleCount = synchronous === 'FULL' ? 2000 : 5000;
  const latencies: number[] = [];
  const singleStart = performance.now();
  for (let index = 0; index < singleCount; index += 1) {
    const userId = userIds[index % userIds.length]!;
    const started = performance.now();
    await store.append(
      `user:${userId}`,
      [{ type: 'user.language_changed', payload: { userId, language: languages[index % languages.length] } }],
      { teamId: 'team', actorId: userId },
    );
    latencies.push(performance.now() - started);
  }
  const singleSeconds = (performance.now() - singleStart) / 1000;
  latencies.sort((left, right) => left - right);

  const batches = 200;
  const batchSize = 100;
  const batchStart = performance.now();
  for (let batch = 0; batch < batches; batch += 1) {
    const userId = userIds[batch % userIds.length]!;
    await store.append(
      `user:${userId}`,
      Array.from({ length: batchSize }, (_, index) => ({
        type: 'user.language_changed',
        payload: { userId, language: languages[index % languages.length] },
      })),
      { teamId: 'team', actorId: userId },
    );
  }
  const batchSeconds = (performance.now() - batchStart) / 1000;

  const total = (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;
  const target = openDatabase(join(directory, 'replayed.sqlite'), { synchronous });
  const replayStart = performance.now();
  await replay(database, target, projections);
  const replaySeconds = (performance.now() - replayStart) / 1000;
  target.close();
  database.close();
  rmSync(directory, { recursive: true, force: true });

  console.log(`synchronous=${synchronous}`);
  console.log(
    `  single appends (1 event/transaction, projected): ${Math.round(singleCount / singleSeconds)} events/s, p50 ${percentile(latencies, 0.5).toFixed(3)} ms, p99 ${percentile(latencies, 0.99).toFixed(3)} ms`,
  );
  console.log(`  batched appends (${batchSize} events/transaction): ${Math.round((batches * batchSize) / batchSeconds)} events/s`);
  console.log(
    `  replay into an empty database: ${Math.round(total / replaySeconds)} events/s (${total} events in ${(replaySeconds * 1000).toFixed(0)} ms)`,
  );
}

console.log('Event log benchmark (SQLite WAL, one process)');
await measure('FULL');
await measure('NORMAL');
