// Tasks benchmark: getTasks on a 10,000-task space over HTTP (p50/p99), setTask (one after another and
// from 16 clients at once) and ediTask throughput,
// and the time from a mutation to its subTask delivery at 100 graphql-ws subscribers (p50/p99).
// The server runs as `npm start` does, in its own process; this process plays the clients. Prints figures; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { decideCreateTask } from '../server/src/domains/tasks/commands';
import type { TaskCreated } from '../server/src/domains/tasks/events';
import { lastPositions, loadBoard, spaceReaders } from '../server/src/domains/tasks/state';
import { newId } from '../server/src/core/ids';
import { subscriptionClient } from '../tests/integration/harness';
import {
  call,
  inBatches,
  loadAverage,
  milliseconds,
  percentile,
  spaceWithMembers,
  startBenchServerOn,
  synchronousFromEnvironment,
  wait,
} from './support';

const taskCount = 10_000;
const subscriberCount = 100;
const synchronous = synchronousFromEnvironment();
// BENCH_SERVER_NODE_ARGUMENTS reach the server's node only, split at spaces (for instance --cpu-prof --cpu-prof-dir=<folder>:
// node refuses --cpu-prof in NODE_OPTIONS; the profile is written when the server stops at the end);
// BENCH_TASKS_ONLY=getTasks stops after the board figures; BENCH_TASKS_ONLY=setTask measures only setTask and ediTask.
const serverNodeArguments = (process.env.BENCH_SERVER_NODE_ARGUMENTS ?? '').split(' ').filter(Boolean);
// The server waits up to a minute to become healthy (startBenchServerOn): on a busy machine start-up alone may take 30 s.
const { dataDirectory, server, database, target } = await startBenchServerOn(
  mkdtempSync(join(tmpdir(), 'bench-tasks-')),
  synchronous,
  {},
  serverNodeArguments,
);

console.log(`Tasks benchmark (server in its own process, ${database.label})`);
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
const storage = await database.storage();
const { store } = storage;
for (let batch = 0; batch < taskCount / 500; batch += 1) {
  await store.run({ actorId: admin.id }, async (unit) => {
    const db = unit.transaction;
    let board = (await loadBoard(db, space))!;
    const canSee = await spaceReaders(
      db,
      space,
      members.map((member) => member.id),
    );
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
      const last = await lastPositions(db, space, fields.stateId);
      const events = decideCreateTask({ taskId: newId(), authorId: admin.id, fields, lastPositions: () => last }, { board, canSee });
      const created = events[0]!.payload as TaskCreated;
      await unit.append(`task:${created.taskId}`, events, { teamId: admin.teamId, expectedVersion: 0 });
      board = { ...board, lastNumber: created.number };
    }
  });
}
console.log(`  seeded ${taskCount} tasks with assignees, tags and sprints in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

// The board query before issue 16 (every field a card or the panel might use, followers included), and the
// client's board query now (its BoardTask fragment: what a card shows; the panel reads the rest with getTask).
const formerBoardQuery = `query ($project: ID!) { getTasks(project: $project) {
  id idCode name letter color cover priority deadline state parentTask project updatedAt canEdit canDelete isFollowing
  positionSection positionDuedate positionAsignee length { amount unit } sprint { id name } tags { id name color }
  users { id firstname lastname profileImg } followers { id }
} }`;
const cardBoardQuery = `query ($project: ID!) { getTasks(project: $project) {
  id idCode name color priority positionSection state deadline project parentTask canEdit canDelete updatedAt cover isFollowing
  users { id firstname lastname profileImg } tags { id name color } sprint { id name color } length { amount unit } files { id }
} }`;

async function getTasksOverHttp(
  query: string,
  expectedCount = taskCount,
): Promise<{ milliseconds: number; bytes: number; tasks: { id: string }[] }> {
  const started = performance.now();
  const response = await fetch(target.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', cookie: admin.client.cookieHeader() },
    body: JSON.stringify({ query, variables: { project: space } }),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const tasks = (JSON.parse(text) as { data: { getTasks: { id: string }[] } }).data.getTasks;
  if (tasks.length !== expectedCount) throw new Error(`getTasks returned ${tasks.length} tasks`);
  return { milliseconds: elapsed, bytes: text.length, tasks };
}

async function measureGetTasks(label: string, query: string, rounds: number, expectedCount = taskCount): Promise<void> {
  const samples: number[] = [];
  let bytes = 0;
  let cpuAtStart = 0;
  for (let round = 0; round < rounds + 3; round += 1) {
    // The server's CPU is counted from the first measured request: a busy machine stretches wall times far more.
    if (round === 3) cpuAtStart = serverCpuSeconds();
    const answer = await getTasksOverHttp(query, expectedCount);
    if (round >= 3) samples.push(answer.milliseconds);
    bytes = answer.bytes;
  }
  console.log(
    `  getTasks, ${expectedCount} of ${taskCount} tasks, ${label}, browser encodings: p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))} (${samples.length} requests, ${(bytes / 1e6).toFixed(1)} MB of JSON); ${cpuPerRequest(cpuAtStart, samples.length)}`,
  );
}

const only = process.env.BENCH_TASKS_ONLY;
const getTasksRounds = Number(process.env.BENCH_GET_TASKS_ROUNDS ?? 30);
if (only !== 'setTask') {
  await measureGetTasks('former board fields', formerBoardQuery, getTasksRounds);
  await measureGetTasks("the client's card fields", cardBoardQuery, getTasksRounds);
  // What the board draws first: the first 40 cards of each section (the client's firstScreenCards), then reads the rest.
  const firstScreenPerSection = 40;
  const firstScreenQuery = cardBoardQuery.replace(
    'getTasks(project: $project)',
    `getTasks(project: $project, perSection: ${firstScreenPerSection})`,
  );
  await measureGetTasks(
    `the first screen (perSection ${firstScreenPerSection})`,
    firstScreenQuery,
    getTasksRounds,
    firstScreenPerSection * (await loadBoard(storage.database.db, space))!.states.length,
  );
  {
    // Each answer right after another member's edit: the board is read again rather than answered from memory.
    const boardTaskIds = (await getTasksOverHttp(cardBoardQuery)).tasks.map((task) => task.id);
    const samples: number[] = [];
    for (let round = 0; round < Math.max(5, Math.round(getTasksRounds / 3)); round += 1) {
      await call(members[round % members.length]!.client, 'mutation ($id: ID!, $name: String) { ediTask(id: $id, name: $name) { id } }', {
        id: boardTaskIds[round]!,
        name: `Edited before reading ${round}`,
      });
      samples.push((await getTasksOverHttp(cardBoardQuery)).milliseconds);
    }
    console.log(
      `  getTasks right after an edit, the client's card fields: p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))} (${samples.length} requests)`,
    );
  }
}
console.log(`  load average ${loadAverage()}`);

async function stop(): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
  await database.close();
  rmSync(dataDirectory, { recursive: true, force: true });
}
if (only === 'getTasks') {
  await stop();
  process.exit(0);
}

/** CPU seconds (user and system) the server's process has used, from /proc: apart from the clients in this process. */
function serverCpuSeconds(): number {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** The server's CPU per request since `startedAt` (CPU seconds), for printing beside a rate. */
function cpuPerRequest(startedAt: number, requests: number): string {
  return `server CPU ${(((serverCpuSeconds() - startedAt) * 1000) / requests).toFixed(2)} ms per request`;
}

async function throughput(label: string, count: number, operation: (index: number) => Promise<unknown>): Promise<void> {
  const samples: number[] = [];
  const cpuAtStart = serverCpuSeconds();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const before = performance.now();
    await operation(index);
    samples.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${label}: ${Math.round(count / seconds)} per second one after another, p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}; ${cpuPerRequest(cpuAtStart, count)}`,
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
  const cpuAtStart = serverCpuSeconds();
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
    `  setTask over HTTP, ${concurrentClients} concurrent clients: ${Math.round((concurrentClients * perClient) / seconds)} per second, p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}; ${cpuPerRequest(cpuAtStart, concurrentClients * perClient)}`,
  );
}
await throughput('ediTask over HTTP (rename, move between cards)', 500, (index) =>
  call(
    admin.client,
    'mutation ($id: ID!, $name: String, $position: Float) { ediTask(id: $id, name: $name, positionSection: $position) { id } }',
    { id: created[index % created.length]!, name: `Edited ${index}`, position: 1_000_000 + index * 0.5 },
  ),
);

if (only === 'setTask') {
  console.log(`  load average ${loadAverage()}`);
  await stop();
  process.exit(0);
}

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
await stop();
