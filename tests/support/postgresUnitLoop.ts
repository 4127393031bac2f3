import { sql } from 'drizzle-orm';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventStore, type PostgresProjection } from '../../server/src/core/postgres/eventStore';

/**
 * The writer of the command door's kill -9 test (tests/integration/postgres-eventStore.test.ts): runs units of work
 * that append an event and write its projection row, from a few writers at once, and prints each unit's position once
 * it is acknowledged, until killed. The test made the `loop_rows` table.
 */
const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const rows: PostgresProjection = {
  name: 'loop rows',
  tables: [],
  async apply(transaction, event) {
    await transaction.execute(sql`INSERT INTO loop_rows (event_id, seq) VALUES (${event.id}, ${event.seq})`);
  },
};
const store = await PostgresEventStore.open(await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 }, 'unit-loop'), [rows]);
const writers = 4;
await Promise.all(
  Array.from({ length: writers }, async (_, writer) => {
    for (let index = 0; ; index += 1) {
      const [event] = await store.run({ actorId: null }, (unit) =>
        unit.append(`loop:${writer}`, [{ type: 'loop.appended', payload: { writer, index } }], { teamId: null }),
      );
      process.stdout.write(`${event!.seq} ${event!.id}\n`);
    }
  }),
);
