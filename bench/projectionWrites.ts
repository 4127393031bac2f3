// Search index writes on PostgreSQL (issue 21): the search projection's statements as a command's unit sends them,
// through the PostgreSQL command door with the search projection alone. One writer, one unit after another: units
// that create a chat message (an index `add`), edit it (`setText`) and delete it (`remove`), each with its p50/p99,
// units/s and this process's CPU per unit. The peer figure is the same units through the same door with no projection:
// what a unit costs before the index's writes. A throw-away cluster (tests/support/postgresCluster.ts) with fsync and
// synchronous_commit on, or the empty database DATABASE_URL names. Prints figures; asserts nothing.
// BENCH_SEARCH_WRITES sets the messages (1,000 by default).
import type { DomainEvent } from '../server/src/core/events';
import { connectPostgres } from '../server/src/core/postgres/connect';
import { PostgresEventStore, type PostgresProjection } from '../server/src/core/postgres/eventStore';
import { migratePostgres } from '../server/src/core/postgres/migrate';
import type { ConversationRef } from '../server/src/domains/chat/events';
import { postgresSearchProjection } from '../server/src/domains/search/postgres/projection';
import { migrateSearchIndex } from '../server/src/domains/search/postgres/tsvectorIndex';
import { startPostgresCluster, type PostgresCluster } from '../tests/support/postgresCluster';
import { benchPostgresUrl, loadAverage, milliseconds, percentile, requireEmptyPostgres } from './support';

const messages = Number(process.env['BENCH_SEARCH_WRITES'] ?? 1000);
const teamId = 'team-bench';
const conversation: ConversationRef = {
  conversation: 'project:space-bench',
  projectId: 'space-bench',
  privatId: null,
  taskId: null,
  meetingroomId: null,
  spaceId: 'space-bench',
};
const body = (index: number) => `Release notes ${index}: the deployment of the quokka tracker moves to Thursday after the review`;

/** The three units a message goes through, each one event appended to the space's chat stream. */
const phases: { label: string; event: (index: number, run: string) => DomainEvent }[] = [
  {
    label: 'create (add)',
    event: (index, run) => ({
      type: 'message.created',
      payload: {
        ...conversation,
        messageId: `${run}-${index}`,
        body: body(index),
        type: 'text',
        fileId: null,
        replyToId: null,
        clientId: null,
        mentions: [],
      },
    }),
  },
  {
    label: 'edit (setText)',
    event: (index, run) => ({
      type: 'message.edited',
      payload: { ...conversation, messageId: `${run}-${index}`, body: `${body(index)}, edited`, mentions: [] },
    }),
  },
  {
    label: 'delete (remove)',
    event: (index, run) => ({
      type: 'message.deleted',
      payload: { ...conversation, messageId: `${run}-${index}`, authorId: 'user-bench' },
    }),
  },
];

async function measure(store: PostgresEventStore, run: string): Promise<string[]> {
  const lines: string[] = [];
  for (const phase of phases) {
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let index = 0; index < messages; index += 1) {
      const unitStarted = performance.now();
      await store.run({ actorId: 'user-bench' }, (unit) => unit.append('chat:space-bench', [phase.event(index, run)], { teamId }));
      samples.push(performance.now() - unitStarted);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    samples.sort((a, b) => a - b);
    lines.push(
      `${phase.label}: ${(messages / seconds).toFixed(0)} units/s, p50 ${milliseconds(percentile(samples, 0.5))}, ` +
        `p99 ${milliseconds(percentile(samples, 0.99))}, this process's CPU ${((cpu.user + cpu.system) / 1000 / messages).toFixed(2)} ms per unit`,
    );
  }
  return lines;
}

let cluster: PostgresCluster | null = null;
let url = benchPostgresUrl;
if (url) await requireEmptyPostgres(url);
else {
  cluster = await startPostgresCluster();
  url = await cluster.createDatabase('search_writes');
}
const connect = () => connectPostgres({ url: url!, poolSize: 4, statementTimeoutMs: 60_000 });
const migrating = await connect();
try {
  await migratePostgres(migrating);
  await migrateSearchIndex(migrating);
} finally {
  await migrating.end();
}
console.log(`Search index writes on PostgreSQL: ${messages} messages, one unit at a time (fsync on), load average ${loadAverage()}`);
const runs: [string, readonly PostgresProjection[]][] = [
  ['with the search projection', [postgresSearchProjection]],
  ['peer: the same units, no projection', []],
];
// Twice each, alternating, so a busy moment of the machine does not fall on one side only. A store ends its pool when
// it closes: each run connects anew.
for (const round of [1, 2]) {
  for (const [label, projections] of runs) {
    const store = await PostgresEventStore.open(await connect(), projections);
    try {
      const lines = await measure(store, `${label.length}-${round}`);
      console.log(`  ${label}, round ${round}:`);
      for (const line of lines) console.log(`    ${line}`);
    } finally {
      await store.close();
    }
  }
}
console.log(`  load average ${loadAverage()}`);
await cluster?.stop();
