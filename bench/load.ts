// Load test modelled on Mattermost's: N simulated users in one team of ten spaces, each with one graphql-ws
// connection and the app's subscriptions, acting at human rates with Mattermost's mix (bench/loadUser.ts). N
// ramps up (users are added, the earlier ones keep acting) until Mattermost's health thresholds break: average
// request latency over 100 ms, p99 over 2 s, or more than 1% errors. Prints each step and the largest N that
// held, with each request's and action's latency, message delivery (setMessage to subMessage), server RSS and
// CPU, and the client processes' own CPU and event-loop delay. Prints figures; asserts nothing.
//
// The server runs as `npm start` does, in its own process, with synchronous=FULL and RATE_LIMITS=false. The
// users play in LOAD_CLIENT_PROCESSES forked processes (users dealt round-robin), so the clients' work is spread
// over both cores rather than queued behind one event loop.
//
// Settings (environment): LOAD_USERS (the steps, e.g. "100,250,500"), LOAD_MAX_USERS (the last step and the size
// of the seeded team), LOAD_STEP_SECONDS (how long each step is measured, 60), LOAD_RAMP_SECONDS (how long a
// step's new users take to arrive, 30), LOAD_SETTLE_SECONDS (after the ramp, before measuring, 10),
// LOAD_CLIENT_PROCESSES (2), LOAD_CONTINUE=true (go on after a step broke), LOAD_CPU_PROFILE=<folder> (the
// server runs with `node --cpu-prof` and writes its profile there when it stops), LOAD_HEAP_SNAPSHOTS=true (after
// each step's measurement the server writes a heap snapshot, read for its live JS heap: how much of the RSS is
// live objects rather than the heap's room to grow and memory outside it; the server pauses while it writes, and
// the memory it takes to write one stays in the RSS of the later steps), LOAD_SERVER_NODE_ARGUMENTS (more
// arguments for the server's node, e.g. "--max-old-space-size=512").
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heapSnapshotArguments, takeHeapSnapshot } from './heapSnapshotSummary';
import type { ClientCommand, ClientMessage, ClientStepReport } from './loadClients';
import { copySeedData, createSeed, readSeed, seedDirectory } from './loadSeed';
import { average, emptyHistogram, merge, processCpuSeconds, quantile, type HistogramData } from './loadStatistics';
import { benchPostgresUrl, loadAverage, residentBytes, startBenchServerOn, wait } from './support';

const numberSetting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const maxUsers = numberSetting('LOAD_MAX_USERS', 5000);
const steps = (process.env.LOAD_USERS ?? '100,250,500,1000,1500,2000,3000,4000,5000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0 && value <= maxUsers);
const stepSeconds = numberSetting('LOAD_STEP_SECONDS', 60);
const rampSeconds = numberSetting('LOAD_RAMP_SECONDS', 30);
const settleSeconds = numberSetting('LOAD_SETTLE_SECONDS', 10);
const clientProcessCount = Math.max(1, Math.round(numberSetting('LOAD_CLIENT_PROCESSES', 2)));
const continueAfterBreak = process.env.LOAD_CONTINUE === 'true';
const cpuProfileDirectory = process.env.LOAD_CPU_PROFILE;
const serverNodeArguments = (process.env.LOAD_SERVER_NODE_ARGUMENTS ?? '').split(' ').filter(Boolean);
const heapSnapshotDirectory = process.env.LOAD_HEAP_SNAPSHOTS === 'true' ? mkdtempSync(join(tmpdir(), 'bench-load-heap-')) : null;
const thresholds = { averageMs: 100, p99Ms: 2000, errorFraction: 0.01 };
const seedUsers = Math.max(...steps);

console.log(
  `Load test (Mattermost's mix; server in its own process, ${benchPostgresUrl ? 'PostgreSQL (the seed moved there)' : 'SQLite synchronous=FULL'}, RATE_LIMITS=false; load average ${loadAverage()})`,
);
if (serverNodeArguments.length > 0) console.log(`  server's node arguments: ${serverNodeArguments.join(' ')}`);
console.log(
  `  steps ${steps.join(', ')} users; ${rampSeconds} s ramp + ${settleSeconds} s settle + ${stepSeconds} s measured each; ${clientProcessCount} client processes`,
);

let seed = readSeed(seedUsers);
if (seed)
  console.log(`  using the seeded team of ${seed.users.length} users kept in ${seedDirectory()} (signed up through the product earlier)`);
else {
  console.log(`  signing ${seedUsers} users up through the product (argon2id each); kept in ${seedDirectory()} for later runs`);
  seed = await createSeed(seedUsers, (line) => console.log(line));
}

const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-load-'));
copySeedData(dataDirectory);
const { server, database } = await startBenchServerOn(dataDirectory, 'FULL', { RATE_LIMITS: 'false' }, [
  ...(cpuProfileDirectory ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDirectory] : []),
  ...(heapSnapshotDirectory ? heapSnapshotArguments(heapSnapshotDirectory) : []),
  ...serverNodeArguments,
]);
const serverPid = server.child.pid!;
// A run that fails half-way still stops its server.
process.once('exit', () => server.child.kill('SIGTERM'));
const endpoints = { graphqlUrl: `${server.url}/graphql`, websocketUrl: `ws://127.0.0.1:${server.port}/graphql` };

const clients: ChildProcess[] = Array.from({ length: clientProcessCount }, () =>
  fork(join(import.meta.dirname, 'loadClients.ts'), [], { execArgv: ['--import', 'tsx'], serialization: 'advanced' }),
);
const nextMessage = <Type extends ClientMessage['type']>(client: ChildProcess, type: Type) =>
  new Promise<Extract<ClientMessage, { type: Type }>>((resolve) => {
    const listener = (message: ClientMessage) => {
      if (message.type !== type) return;
      client.off('message', listener);
      resolve(message as Extract<ClientMessage, { type: Type }>);
    };
    client.on('message', listener);
  });
const command = (client: ChildProcess, message: ClientCommand) => client.send(message);

interface StepResult {
  users: number;
  requests: HistogramData;
  byOperation: Record<string, HistogramData>;
  actions: Record<string, HistogramData>;
  errors: number;
  errorsByOperation: Record<string, number>;
  deliveries: HistogramData;
  deliveriesBySubscription: Record<string, number>;
  serverCpuPercent: number;
  /** The server's CPU time in the measured step, per request answered plus subscription delivery sent (µs). */
  serverCpuMicrosecondsPerItem: number;
  /**
   * The same time per request answered alone (µs), the deliveries it caused included: users act at a fixed rate,
   * so this compares a change that sends fewer deliveries, which the per-item figure would count against it.
   */
  serverCpuMicrosecondsPerRequest: number;
  serverRssMb: number;
  /** The server's live JS heap after a full collection, with LOAD_HEAP_SNAPSHOTS (MB). */
  serverLiveHeapMb: number | null;
  clientCpuPercent: number;
  clientEventLoopP99Ms: number;
  clientEventLoopMaxMs: number;
  lastError: string;
  held: boolean;
  loadAverage: string;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : Math.round(value).toString());
const mergeInto = (into: Record<string, HistogramData>, from: Record<string, HistogramData>) => {
  for (const [name, histogram] of Object.entries(from)) merge((into[name] ??= emptyHistogram()), histogram);
};

async function reportAll(): Promise<ClientStepReport[]> {
  const replies = clients.map((client) => nextMessage(client, 'report'));
  for (const client of clients) command(client, { type: 'report' });
  return Promise.all(replies);
}

async function runStep(users: number, alreadyConnected: number): Promise<StepResult> {
  const added = seed!.users.slice(alreadyConnected, users).map((user, offset) => ({ index: alreadyConnected + offset, user }));
  const shares = clients.map((_, clientIndex) => added.filter((_, position) => position % clients.length === clientIndex));
  const arrivals = clients.map((client) => nextMessage(client, 'added'));
  clients.forEach((client, clientIndex) =>
    command(client, { type: 'add', endpoints, spaces: seed!.spaces, users: shares[clientIndex]!, rampMs: rampSeconds * 1000 }),
  );
  const arrived = await Promise.all(arrivals);
  const failedToConnect = arrived.reduce((sum, reply) => sum + reply.failed, 0);
  if (failedToConnect > 0)
    console.log(`    ${failedToConnect} users could not connect (${arrived.find((reply) => reply.failed)?.lastError})`);
  await wait(settleSeconds * 1000);
  await reportAll();
  const serverCpuBefore = processCpuSeconds(serverPid);
  const measuredFrom = performance.now();
  await wait(stepSeconds * 1000);
  const reports = await reportAll();
  const elapsedSeconds = (performance.now() - measuredFrom) / 1000;
  const serverCpuPercent = ((processCpuSeconds(serverPid) - serverCpuBefore) / elapsedSeconds) * 100;
  // Read before the snapshot, which allocates memory of its own to write.
  const serverRssMb = residentBytes(serverPid) / 1e6;
  const liveHeap = heapSnapshotDirectory
    ? await takeHeapSnapshot({ pid: serverPid, url: server.url, directory: heapSnapshotDirectory })
    : null;

  const byOperation: Record<string, HistogramData> = {};
  const actions: Record<string, HistogramData> = {};
  const errorsByOperation: Record<string, number> = {};
  const deliveries = emptyHistogram();
  const deliveriesBySubscription: Record<string, number> = {};
  for (const report of reports) {
    mergeInto(byOperation, report.requests);
    mergeInto(actions, report.actions);
    merge(deliveries, report.deliveries);
    for (const [name, count] of Object.entries(report.errors)) errorsByOperation[name] = (errorsByOperation[name] ?? 0) + count;
    for (const [name, count] of Object.entries(report.deliveriesBySubscription))
      deliveriesBySubscription[name] = (deliveriesBySubscription[name] ?? 0) + count;
  }
  if (failedToConnect > 0) errorsByOperation.connect = (errorsByOperation.connect ?? 0) + failedToConnect;
  const requests = emptyHistogram();
  for (const histogram of Object.values(byOperation)) merge(requests, histogram);
  const errors = Object.values(errorsByOperation).reduce((sum, count) => sum + count, 0);
  const deliveryCount = Object.values(deliveriesBySubscription).reduce((sum, count) => sum + count, 0);
  const held =
    requests.count > 0 &&
    average(requests) <= thresholds.averageMs &&
    quantile(requests, 0.99) <= thresholds.p99Ms &&
    errors / (requests.count + failedToConnect) <= thresholds.errorFraction;
  return {
    users,
    requests,
    byOperation,
    actions,
    errors,
    errorsByOperation,
    deliveries,
    deliveriesBySubscription,
    serverCpuPercent,
    serverCpuMicrosecondsPerItem: ((serverCpuPercent / 100) * elapsedSeconds * 1e6) / Math.max(1, requests.count + deliveryCount),
    serverCpuMicrosecondsPerRequest: ((serverCpuPercent / 100) * elapsedSeconds * 1e6) / Math.max(1, requests.count),
    serverRssMb,
    serverLiveHeapMb: liveHeap ? liveHeap.totalBytes / 1e6 : null,
    clientCpuPercent: (reports.reduce((sum, report) => sum + report.cpuSeconds, 0) / elapsedSeconds) * 100,
    clientEventLoopP99Ms: Math.max(...reports.map((report) => report.eventLoopDelayP99Ms)),
    clientEventLoopMaxMs: Math.max(...reports.map((report) => report.eventLoopDelayMaxMs)),
    lastError: reports.map((report) => report.lastError).find(Boolean) ?? '',
    held,
    loadAverage: loadAverage(),
  };
}

console.log(
  '  | users | requests/s | request avg / p99 | errors | delivery p50 / p99 | deliveries/s | server CPU | server CPU per request + delivery | server CPU per request | server RSS | server live JS heap | clients CPU | client event-loop p99 / max | load average | held |',
);
console.log('  | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const results: StepResult[] = [];
let connected = 0;
for (const users of steps) {
  const result = await runStep(users, connected);
  connected = users;
  results.push(result);
  const deliveriesPerSecond = Object.values(result.deliveriesBySubscription).reduce((sum, count) => sum + count, 0) / stepSeconds;
  console.log(
    `  | ${users} | ${Math.round(result.requests.count / stepSeconds)} | ${ms(average(result.requests))} / ${ms(quantile(result.requests, 0.99))} ms | ${result.errors} (${((result.errors / Math.max(1, result.requests.count)) * 100).toFixed(2)}%) | ${ms(quantile(result.deliveries, 0.5))} / ${ms(quantile(result.deliveries, 0.99))} ms | ${Math.round(deliveriesPerSecond)} | ${Math.round(result.serverCpuPercent)}% | ${Math.round(result.serverCpuMicrosecondsPerItem)} µs | ${Math.round(result.serverCpuMicrosecondsPerRequest).toLocaleString('en')} µs | ${Math.round(result.serverRssMb)} MB | ${result.serverLiveHeapMb === null ? '-' : `${Math.round(result.serverLiveHeapMb)} MB`} | ${Math.round(result.clientCpuPercent)}% | ${ms(result.clientEventLoopP99Ms)} / ${ms(result.clientEventLoopMaxMs)} ms | ${result.loadAverage} | ${result.held ? 'yes' : 'no'} |`,
  );
  if (result.errors > 0) console.log(`    errors: ${JSON.stringify(result.errorsByOperation)}; last: ${result.lastError}`);
  if (!result.held && !continueAfterBreak) break;
}

const best = [...results].reverse().find((result) => result.held);
const detailed = best ?? results.at(-1)!;
console.log(
  best
    ? `  Largest N that held Mattermost's thresholds (average request ≤ ${thresholds.averageMs} ms, p99 ≤ ${thresholds.p99Ms} ms, errors ≤ 1%): ${best.users} users`
    : `  No step held Mattermost's thresholds; the figures of the last step:`,
);
console.log(`  At ${detailed.users} users, per request (count in ${stepSeconds} s, p50 / p99):`);
for (const [name, histogram] of Object.entries(detailed.byOperation).sort(([left], [right]) => left.localeCompare(right)))
  console.log(`    ${name}: ${histogram.count}, ${ms(quantile(histogram, 0.5))} / ${ms(quantile(histogram, 0.99))} ms`);
console.log(`  per action (the requests it makes, one after another; p50 / p99):`);
for (const [name, histogram] of Object.entries(detailed.actions).sort(([left], [right]) => left.localeCompare(right)))
  console.log(`    ${name}: ${histogram.count}, ${ms(quantile(histogram, 0.5))} / ${ms(quantile(histogram, 0.99))} ms`);
console.log(
  `  message delivery (setMessage sent to subMessage received by each user viewing the space): ${detailed.deliveries.count} deliveries, p50 ${ms(quantile(detailed.deliveries, 0.5))} ms, p99 ${ms(quantile(detailed.deliveries, 0.99))} ms`,
);
console.log(`  subscription deliveries in the step: ${JSON.stringify(detailed.deliveriesBySubscription)}`);
console.log(
  `  server: CPU ${Math.round(detailed.serverCpuPercent)}% of one core, RSS ${Math.round(detailed.serverRssMb)} MB; clients (${clientProcessCount} processes): CPU ${Math.round(detailed.clientCpuPercent)}% of one core, event-loop delay p99 ${ms(detailed.clientEventLoopP99Ms)} ms, max ${ms(detailed.clientEventLoopMaxMs)} ms`,
);

for (const client of clients) command(client, { type: 'stop' });
await Promise.all(clients.map((client) => new Promise((resolve) => client.once('exit', resolve))));
server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
if (heapSnapshotDirectory) rmSync(heapSnapshotDirectory, { recursive: true, force: true });
if (cpuProfileDirectory) console.log(`  server CPU profile written to ${cpuProfileDirectory}`);
