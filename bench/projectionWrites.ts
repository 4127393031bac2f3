// Projection writes on PostgreSQL (issue 21): what an area's projection adds to a command's unit, through the
// PostgreSQL command door with that projection alone. One writer, one unit after another, one event each:
// - search: units that create a chat message (an index `add`), edit it (`setText`) and delete it (`remove`);
// - tasks: units that create a task, rename it (an UPDATE of its name), then change its priority (another column set).
// Each phase prints units/s, p50/p99 and this process's CPU per unit. The peer figure is the same units through the
// same door with no projection: what a unit costs before the area's writes. A throw-away cluster
// (tests/support/postgresCluster.ts) with fsync and synchronous_commit on, or the empty database DATABASE_URL names.
// Prints figures; asserts nothing. BENCH_PROJECTION_WRITES sets the units per phase (1,000 by default),
// BENCH_PROJECTION_AREAS the areas measured (`search,tasks` by default).
import type { DomainEvent } from '../server/src/core/events';
import type { PostgresEventStore as Store, PostgresProjection } from '../server/src/core/postgres/eventStore';
import type { ConversationRef } from '../server/src/domains/chat/events';
import type { TaskCreated, TaskUpdated } from '../server/src/domains/tasks/events';
import type { PostgresCluster } from '../tests/support/postgresCluster';

const units = Number(process.env['BENCH_PROJECTION_WRITES'] ?? 1000);
// The areas' tables are picked by dialect from DATABASE_URL when their modules load (db/pickTable.ts): PostgreSQL's
// here, so every module that may load them is imported after it is set.
const givenUrl = process.env['DATABASE_URL']?.trim() ?? '';
const postgresUrlGiven = /^postgres(ql)?:\/\//i.test(givenUrl);
process.env['DATABASE_URL'] = postgresUrlGiven ? givenUrl : 'postgres://bench.invalid/tables-picked-for-postgresql';
const { loadAverage, milliseconds, percentile, requireEmptyPostgres } = await import('./support');
const { startPostgresCluster } = await import('../tests/support/postgresCluster');
const { connectPostgres } = await import('../server/src/core/postgres/connect');
const { PostgresEventStore } = await import('../server/src/core/postgres/eventStore');
const { migratePostgres } = await import('../server/src/core/postgres/migrate');
const { postgresSearchProjection } = await import('../server/src/domains/search/postgres/projection');
const { migrateSearchIndex } = await import('../server/src/domains/search/postgres/tsvectorIndex');
const { tasksProjection } = await import('../server/src/domains/tasks/projection');
const { asPostgresProjections } = await import('../server/src/db/pickTable');

const teamId = 'team-bench';
const spaceId = 'space-bench';
const conversation: ConversationRef = {
  conversation: `project:${spaceId}`,
  projectId: spaceId,
  privatId: null,
  taskId: null,
  meetingroomId: null,
  spaceId,
};
const body = (index: number) => `Release notes ${index}: the deployment of the quokka tracker moves to Thursday after the review`;
// Each run's tasks are on a board of their own (task numbers are unique per board).
const taskCreated = (run: string, index: number): TaskCreated => ({
  taskId: `${run}-${index}`,
  projectId: run,
  teamId,
  number: index + 1,
  idCode: `B-${index + 1}`,
  followerIds: [],
  name: `Task ${index}`,
  letter: null,
  color: '#4a90e2',
  description: null,
  cover: null,
  priority: 0,
  deadline: null,
  length: null,
  parentTaskId: null,
  sprintId: null,
  stateId: 'state-bench',
  tagIds: [],
  assigneeIds: [],
  positionSection: index,
  positionDuedate: index,
  positionAsignee: index,
});
const taskUpdated = (run: string, index: number, changes: TaskUpdated['changes']): DomainEvent => ({
  type: 'task.updated',
  payload: { taskId: `${run}-${index}`, projectId: run, changes, previous: {}, followersAdded: [] } satisfies TaskUpdated,
});

interface Phase {
  label: string;
  stream: (run: string) => string;
  event: (index: number, run: string) => DomainEvent;
}
interface Area {
  name: string;
  projections: readonly PostgresProjection[];
  phases: readonly Phase[];
}

const areas: Area[] = [
  {
    name: 'search',
    projections: [postgresSearchProjection],
    phases: [
      {
        label: 'create a message (add)',
        stream: () => `chat:${spaceId}`,
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
        label: 'edit it (setText)',
        stream: () => `chat:${spaceId}`,
        event: (index, run) => ({
          type: 'message.edited',
          payload: { ...conversation, messageId: `${run}-${index}`, body: `${body(index)}, edited`, mentions: [] },
        }),
      },
      {
        label: 'delete it (remove)',
        stream: () => `chat:${spaceId}`,
        event: (index, run) => ({
          type: 'message.deleted',
          payload: { ...conversation, messageId: `${run}-${index}`, authorId: 'user-bench' },
        }),
      },
    ],
  },
  {
    name: 'tasks',
    projections: asPostgresProjections([tasksProjection]),
    phases: [
      {
        label: 'create a task',
        stream: (run) => `board:${run}`,
        event: (index, run) => ({ type: 'task.created', payload: taskCreated(run, index) }),
      },
      {
        label: 'rename it',
        stream: (run) => `board:${run}`,
        event: (index, run) => taskUpdated(run, index, { name: `Task ${index}, renamed` }),
      },
      {
        label: 'change its priority',
        stream: (run) => `board:${run}`,
        event: (index, run) => taskUpdated(run, index, { priority: 1 + (index % 3) }),
      },
    ],
  },
];

async function measure(store: Store, phases: readonly Phase[], run: string): Promise<string[]> {
  const lines: string[] = [];
  for (const phase of phases) {
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let index = 0; index < units; index += 1) {
      const unitStarted = performance.now();
      await store.run({ actorId: 'user-bench' }, (unit) => unit.append(phase.stream(run), [phase.event(index, run)], { teamId }));
      samples.push(performance.now() - unitStarted);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    samples.sort((a, b) => a - b);
    lines.push(
      `${phase.label}: ${(units / seconds).toFixed(0)} units/s, p50 ${milliseconds(percentile(samples, 0.5))}, ` +
        `p99 ${milliseconds(percentile(samples, 0.99))}, this process's CPU ${((cpu.user + cpu.system) / 1000 / units).toFixed(2)} ms per unit`,
    );
  }
  return lines;
}

let cluster: PostgresCluster | null = null;
let url = postgresUrlGiven ? givenUrl : null;
if (url) await requireEmptyPostgres(url);
else {
  cluster = await startPostgresCluster();
  url = await cluster.createDatabase('projection_writes');
}
const connect = () => connectPostgres({ url: url!, poolSize: 4, statementTimeoutMs: 60_000 });
const migrating = await connect();
try {
  await migratePostgres(migrating);
  await migrateSearchIndex(migrating);
} finally {
  await migrating.end();
}
console.log(`Projection writes on PostgreSQL: ${units} units per phase, one at a time (fsync on), load average ${loadAverage()}`);
const chosenAreas = (process.env['BENCH_PROJECTION_AREAS'] ?? 'search,tasks').split(',').map((name) => name.trim());
let runs = 0;
for (const area of areas.filter((each) => chosenAreas.includes(each.name))) {
  // Twice each, alternating, so a busy moment of the machine does not fall on one side only; the first round also
  // warms up. A store ends its pool when it closes: each run connects anew.
  for (const round of [1, 2]) {
    for (const [label, projections] of [
      [`${area.name} projection`, area.projections],
      ['peer: no projection', []],
    ] as const) {
      const store = await PostgresEventStore.open(await connect(), projections);
      try {
        runs += 1;
        const lines = await measure(store, area.phases, `run-${runs}`);
        console.log(`  ${label}, round ${round}:`);
        for (const line of lines) console.log(`    ${line}`);
      } finally {
        await store.close();
      }
    }
  }
}
console.log(`  load average ${loadAverage()}`);
await cluster?.stop();
