// Chat benchmark: 1,000 graphql-ws subscribers on one space's channel (subMessage). Measures the time
// from setMessage to delivery at every subscriber (p50/p99), sustained messages per second on one server
// process with every message delivered to all 1,000, memory per idle connection (the server's RSS
// growth / connections), and, as the peer measured in the same run, setMessage alone with no subscriber.
// The server runs as `npm start` does, in its own process; this process plays the clients. Prints figures; asserts nothing.
// Subscribers are 100 accounts with 10 connections each: signing up 1,000 accounts (argon2id each)
// would take minutes and measures sign-up, not chat; each connection judges access on its own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { subscriptionClient } from '../tests/integration/harness';
import {
  call,
  inBatches,
  loadAverage,
  milliseconds,
  percentile,
  residentBytes,
  spaceWithMembers,
  startBenchServerOn,
  synchronousFromEnvironment,
  wait,
} from './support';

const accountCount = 100;
const connectionsPerAccount = 10;
const subscriberCount = accountCount * connectionsPerAccount;
const synchronous = synchronousFromEnvironment();
// BENCH_SERVER_NODE_ARGUMENTS reach the server's node only, split at spaces (for instance --cpu-prof --cpu-prof-dir=<folder>:
// node refuses --cpu-prof in NODE_OPTIONS; the profile is written when the server stops at the end).
const serverNodeArguments = (process.env.BENCH_SERVER_NODE_ARGUMENTS ?? '').split(' ').filter(Boolean);
const { dataDirectory, server, database, target } = await startBenchServerOn(
  mkdtempSync(join(tmpdir(), 'bench-chat-')),
  synchronous,
  { RATE_LIMITS: 'false' },
  serverNodeArguments,
);
const serverRss = () => residentBytes(server.child.pid);
/** CPU seconds (user and system) a process has used, from /proc: the server's apart from the clients'. */
const serverCpuSeconds = () => {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const clientCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
/** CPU per delivery in the server and in this process (the 1,000 clients), over a phase. */
function cpuOf(phase: () => Promise<number>) {
  return async () => {
    const [server, clients] = [serverCpuSeconds(), clientCpuSeconds()];
    const deliveries = await phase();
    const perDelivery = (seconds: number) => (seconds * 1e6) / deliveries;
    const serverPer = perDelivery(serverCpuSeconds() - server);
    const clientsPer = perDelivery(clientCpuSeconds() - clients);
    return `server CPU ${serverPer.toFixed(1)} µs per delivery (${Math.round(1e6 / serverPer)} deliveries per CPU-second), clients ${clientsPer.toFixed(1)} µs`;
  };
}

console.log(`Chat benchmark (server in its own process, ${database.label}); load average ${loadAverage()}`);
const { admin, space, members } = await spaceWithMembers(target, accountCount);
console.log(`  ${accountCount} members joined the space`);

const send = (body: string) =>
  call<{ setMessage: { id: string } }>(
    admin.client,
    'mutation ($project: ID, $body: String!) { setMessage(project: $project, body: $body) { id } }',
    { project: space, body },
  );

// The peer: setMessage alone, nobody listening.
const writeSamples: number[] = [];
const writesStarted = performance.now();
for (let index = 0; index < 300; index += 1) {
  const before = performance.now();
  await send(`Warm-up ${index}: the quick brown fox jumps over the lazy dog.`);
  writeSamples.push(performance.now() - before);
}
const writesPerSecond = 300 / ((performance.now() - writesStarted) / 1000);
console.log(
  `  setMessage over HTTP, no subscribers: ${Math.round(writesPerSecond)} per second one after another, p50 ${milliseconds(percentile(writeSamples, 0.5))}, p99 ${milliseconds(percentile(writeSamples, 0.99))}`,
);

await wait(1000);
const rssBefore = serverRss();
const subscription = `subscription ($project: ID) { subMessage(project: $project) {
  type seq messageId message { id body type createdAt editedAt author { id firstname lastname profileImg } replyTo { id body } reactions { emoji count } mentions canEdit canDelete }
} }`;
const arrivals = new Map<string, number[]>();
const sockets: Client[] = [];
await inBatches(
  Array.from({ length: subscriberCount }, (_, index) => index),
  50,
  (index) => {
    const socket = subscriptionClient(target, { cookie: members[index % accountCount]!.client.cookieHeader() });
    sockets.push(socket);
    return new Promise<void>((resolve, reject) => {
      socket.on('connected', () => resolve());
      socket.subscribe<{ subMessage: { messageId: string | null } }>(
        { query: subscription, variables: { project: space } },
        {
          next: (value) => {
            const id = value.data?.subMessage.messageId;
            if (id) (arrivals.get(id) ?? arrivals.set(id, []).get(id)!).push(performance.now());
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
  },
);
await wait(3000);
const rssAfter = serverRss();
console.log(
  `  ${subscriberCount} graphql-ws connections, each with a subMessage subscription, idle: server RSS ${(rssBefore / 1e6).toFixed(0)} MB -> ${(rssAfter / 1e6).toFixed(0)} MB, ${((rssAfter - rssBefore) / subscriberCount / 1024).toFixed(1)} KB per connection`,
);

async function deliveredToAll(id: string, since: number, timeoutMs = 30_000): Promise<void> {
  while ((arrivals.get(id)?.length ?? 0) < subscriberCount) {
    if (performance.now() - since > timeoutMs) throw new Error(`only ${arrivals.get(id)?.length ?? 0} deliveries of ${id}`);
    await wait(1);
  }
}

const deliverySamples: number[] = [];
const lastDeliverySamples: number[] = [];
const rounds = 40;
const oneAtATimeCpu = await cpuOf(async () => {
  for (let round = 0; round < rounds; round += 1) {
    const sent = performance.now();
    const { setMessage } = await send(`Live ${round}: hello everyone, **bold** and _italic_ and a [link](https://example.com).`);
    await deliveredToAll(setMessage.id, sent);
    const times = arrivals.get(setMessage.id)!.map((at) => at - sent);
    deliverySamples.push(...times);
    lastDeliverySamples.push(Math.max(...times));
    await wait(50);
  }
  return rounds * subscriberCount;
})();
console.log(
  `  setMessage to subMessage delivery, ${subscriberCount} subscribers, one message at a time: p50 ${milliseconds(percentile(deliverySamples, 0.5))}, p99 ${milliseconds(percentile(deliverySamples, 0.99))}; all ${subscriberCount} delivered: p50 ${milliseconds(percentile(lastDeliverySamples, 0.5))}, p99 ${milliseconds(percentile(lastDeliverySamples, 0.99))}; ${oneAtATimeCpu}`,
);

// Sustained: 4 senders keep posting for the whole run; it ends when every message reached all subscribers.
const sustainedCount = Number(process.env.BENCH_SUSTAINED_MESSAGES ?? 200);
const sustainedStarted = performance.now();
const sentIds: string[] = [];
let next = 0;
const sustainedCpu = await cpuOf(async () => {
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < sustainedCount) {
        next += 1;
        sentIds.push((await send(`Sustained ${next}`)).setMessage.id);
      }
    }),
  );
  for (const id of sentIds) await deliveredToAll(id, sustainedStarted, 120_000);
  return sentIds.length * subscriberCount;
})();
const sustainedSeconds = (performance.now() - sustainedStarted) / 1000;
console.log(
  `  sustained: ${sentIds.length} messages from 4 senders, each delivered to all ${subscriberCount} subscribers, in ${sustainedSeconds.toFixed(1)} s: ${(sentIds.length / sustainedSeconds).toFixed(1)} messages/s (${Math.round((sentIds.length * subscriberCount) / sustainedSeconds)} deliveries/s); ${sustainedCpu}`,
);
console.log(`  load average ${loadAverage()}`);

await Promise.all(sockets.map((socket) => socket.dispose()));
server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
