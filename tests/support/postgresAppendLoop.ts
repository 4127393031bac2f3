import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventLog } from '../../server/src/core/postgres/eventLog';

/**
 * The writer of the kill -9 test (tests/integration/postgres-crash.test.ts): appends to the PostgreSQL event log in
 * a loop from a few writers at once and prints the position of each append once it is acknowledged, until killed.
 */
const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const log = new PostgresEventLog(await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 }, 'append-loop'));
const writers = 4;
await Promise.all(
  Array.from({ length: writers }, async (_, writer) => {
    for (let index = 0; ; index += 1) {
      const [event] = await log.append(`loop:${writer}`, [{ type: 'loop.appended', payload: { writer, index } }], {
        teamId: null,
        actorId: null,
      });
      process.stdout.write(`${event!.seq} ${event!.stream} ${index}\n`);
    }
  }),
);
