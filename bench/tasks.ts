// Tasks benchmark: getTasks on a 10,000-task space over HTTP (p50/p99), setTask (one after another and
// from 16 clients at once) and ediTask throughput,
// and the time from a mutation to its subTask delivery at 100 graphql-ws subscribers (p50/p99).
// The server runs as `npm start` does, in its own process; this process plays the clients. Prints figures; asserts nothing.
import { rmSync } from 'node:fs';
import type { Client } from 'graphql-ws';
import { openEventStore } from '../server/src/domains';
import { decideCreateTask } from '../server/src/domains/tasks/commands';
import type { TaskCreated } from '../server/src/domains/tasks/events';
import { lastPositions, loadBoard, spaceReaders } from '../server/src/domains/tasks/state';
import { newId } from '../server/src/core/ids';
import { subscriptionClient } from '../tests/integration/harness';
import { call, inBatches, milliseconds, percentile, spaceWithMembers, startBenchServer, synchronousFromEnvironment, wait } from './support';

const taskCount = 10_000;
const subscriberCount = 100;
const synchronous = synchronousFromEnvironment();
const { dataDirectory, server, database, target } = await startBenchServer('tasks', synchronous);

console.log(`Tasks benchmark (server in its own process, SQLite synchronous=${synchronous})`);
const { admin, space, members } = await spaceWithMembers(target, subscriberCount);
const tags = await inBatches(
  ['Backend', 'Frontend', 'Design', 'Bug', 'Sprint 1'],
  1,
  async (name) =>
    (
      await call<{ setTag: { id: string } }>(
        admin.client,
        'mutation ($project: ID!, $name: String!, $isSprint: Boolean) { setTag(project: $project, name: $name, isSprint: $isSprint) { id } }',
        { project: space, name, isSprint: name.startsWith('Sprint') },
      )
    ).setTag.id,
);

// Seeding through the event store (events and projections, like any command) rather than 10,000 requests.
const seedStarted = performance.now();
const store = openEventStore(database);
for (let batch = 0; batch < taskCount / 500; batch += 1) {
  await store.run({ actorId: admin.id }, (unit) => {
    const db = unit.transaction;
    let board = loadBoard(db, space)!;
    const canSee = spaceReaders(db, space);
    for (let index = 0; index < 500; index += 1) {
      const number = batch * 500 + index;
      const fields = {
        name: `Task ${number}: ${['Fix', 'Build', 'Review', 'Ship', 'Plan'][number % 5]} the ${['login', 'board', 'export', 'search', 'billing'][(number % 7) % 5]}`,
        stateId: board.states[number % board.states.length]!.id,
        assigneeIds: [members[number % members.length]!.id],
        tagIds: number % 3 === 0 ? [tags[number % 4]!] : [],
        sprintId: number % 4 === 0 ? tags[4]! : null,
        priority: number % 4,
        deadline: number % 2 === 0 ? `2030-0${(number % 9) + 1}-1${number % 10}` : null,
        description:
          number % 10 === 0
            ? { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Some details about this task.' }] }] }
            : null,
      };
      const events = decideCreateTask(
        { taskId: newId(), authorId: admin.id, fields, lastPositions: (stateId) => lastPositions(db, space, stateId) },
        { board, canSee },
      );
      const created = events[0]!.payload as TaskCreated;
      unit.append(`task:${created.taskId}`, events, { teamId: admin.teamId, expectedVersion: 0 });
      board = { ...board, lastNumber: created.number };
    }
  });
}
console.log(`  seeded ${taskCount} tasks with assignees, tags and sprints in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const boardQuery = `query ($project: ID!) { getTasks(project: $project) {
  id idCode name letter color cover priority deadline state parentTask project updatedAt canEdit canDelete isFollowing
  positionSection positionDuedate positionAsignee length { amount unit } sprint { id name } tags { id name color }
  users { id firstname lastname profileImg } followers { id }
} }`;
const boardBody = JSON.stringify({ query: boardQuery, variables: { project: space } });
const getTasksSamples: number[] = [];
let responseBytes = 0;
for (let round = 0; round < 33; round += 1) {
  const started = performance.now();
  const response = await fetch(target.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', cookie: admin.client.cookieHeader() },
    body: boardBody,
  });
  const text = await response.text();
  if (round >= 3) getTasksSamples.push(performance.now() - started);
  const tasksReturned = (JSON.parse(text) as { data: { getTasks: unknown[] } }).data.getTasks.length;
  if (tasksReturned !== taskCount) throw new Error(`getTasks returned ${tasksReturned} tasks`);
  responseBytes = text.length;
}
console.log(
  `  getTasks, ${taskCount} tasks, board fields, browser encodings: p50 ${milliseconds(percentile(getTasksSamples, 0.5))}, p99 ${milliseconds(percentile(getTasksSamples, 0.99))} (${getTasksSamples.length} requests, ${(responseBytes / 1e6).toFixed(1)} MB of JSON)`,
);

async function throughput(label: string, count: number, operation: (index: number) => Promise<unknown>): Promise<void> {
  const samples: number[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const before = performance.now();
    await operation(index);
    samples.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${label}: ${Math.round(count / seconds)} per second one after another, p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}`,
  );
}

const created: string[] = [];
await throughput('setTask over HTTP', 500, async (index) => {
  const data = await call<{ setTask: { id: string } }>(
    admin.client,
    'mutation ($project: ID!, $name: String!, $users: [ID!]) { setTask(project: $project, name: $name, users: $users) { id idCode } }',
    { project: space, name: `Bench task ${index}`, users: [members[index % members.length]!.id] },
  );
  created.push(data.setTask.id);
});
// Sixteen clients, each sending its next setTask as soon as its last one was answered (nothing is
// answered before its commit is durable under synchronous=FULL).
const concurrentClients = 16;
const perClient = 100;
{
  const samples: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrentClients }, async (_, client) => {
      for (let index = 0; index < perClient; index += 1) {
        const before = performance.now();
        await call(admin.client, 'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id idCode } }', {
          project: space,
          name: `Concurrent task ${client}-${index}`,
        });
        samples.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  setTask over HTTP, ${concurrentClients} concurrent clients: ${Math.round((concurrentClients * perClient) / seconds)} per second, p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}`,
  );
}
await throughput('ediTask over HTTP (rename, move between cards)', 500, (index) =>
  call(
    admin.client,
    'mutation ($id: ID!, $name: String, $position: Float) { ediTask(id: $id, name: $name, positionSection: $position) { id } }',
    { id: created[index % created.length]!, name: `Edited ${index}`, position: 1_000_000 + index * 0.5 },
  ),
);

const subscription =
  'subscription ($project: ID!) { subTask(project: $project) { type seq taskId task { id name positionSection users { id } } } }';
const sockets: Client[] = members.map((member) => subscriptionClient(target, { cookie: member.client.cookieHeader() }));
const arrivals = new Map<string, number[]>();
await Promise.all(
  sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        socket.on('connected', () => resolve());
        socket.subscribe<{ subTask: { task: { name: string } | null } }>(
          { query: subscription, variables: { project: space } },
          {
            next: (value) => {
              const name = value.data?.subTask.task?.name;
              if (name) (arrivals.get(name) ?? arrivals.set(name, []).get(name)!).push(performance.now());
            },
            error: reject,
            complete: () => undefined,
          },
        );
      }),
  ),
);
await wait(500);

const deliverySamples: number[] = [];
const lastDeliverySamples: number[] = [];
for (let round = 0; round < 50; round += 1) {
  const name = `Live ${round}`;
  const sent = performance.now();
  await call(admin.client, 'mutation ($id: ID!, $name: String) { ediTask(id: $id, name: $name) { id } }', { id: created[round]!, name });
  while ((arrivals.get(name)?.length ?? 0) < subscriberCount) {
    if (performance.now() - sent > 10_000) throw new Error(`only ${arrivals.get(name)?.length ?? 0} deliveries of ${name}`);
    await wait(1);
  }
  const times = arrivals.get(name)!.map((at) => at - sent);
  deliverySamples.push(...times);
  lastDeliverySamples.push(Math.max(...times));
  await wait(20);
}
console.log(
  `  ediTask to subTask delivery, ${subscriberCount} graphql-ws subscribers: p50 ${milliseconds(percentile(deliverySamples, 0.5))}, p99 ${milliseconds(percentile(deliverySamples, 0.99))}; all ${subscriberCount} delivered: p50 ${milliseconds(percentile(lastDeliverySamples, 0.5))}, p99 ${milliseconds(percentile(lastDeliverySamples, 0.99))}`,
);

await Promise.all(sockets.map((socket) => socket.dispose()));
server.child.kill('SIGTERM');
await server.exited;
database.close();
rmSync(dataDirectory, { recursive: true, force: true });
