// Cluster benchmark (issue 22): chat fan-out to 5,000 graphql-ws subscribers of one space's channel (subMessage),
// spread evenly over three app processes on one PostgreSQL database and one Redis, against the same 5,000 on one
// process. Measures the time from setMessage (always sent through the first process) to delivery at every subscriber
// (p50/p99), and the time until the last of them has it (p50/p99 over the rounds). In the three-process run the
// other processes hear each commit through PostgreSQL's LISTEN/NOTIFY and read it from the log; the figures split
// deliveries by whether the subscriber is on the process that made the commit.
// It starts its own throw-away PostgreSQL and Redis; the servers run as `npm start` does, each in its own process,
// and this process plays every client. On a machine with fewer cores than processes the three-process figures
// measure the cost of the extra hop and of sharing the cores, not scale-out. Prints figures; asserts nothing.
// Subscribers are 50 accounts with 100 connections each (signing up 5,000 accounts would measure argon2id).
// BENCH_CLUSTER_SUBSCRIBERS and BENCH_CLUSTER_ROUNDS change the load (defaults 5,000 and 20).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import postgres from 'postgres';
import { startServerProcess, subscriptionClient } from '../tests/integration/harness';
import { startPostgresCluster } from '../tests/support/postgresCluster';
import { startRedisServer } from '../tests/support/redisServer';
import { call, inBatches, loadAverage, milliseconds, percentile, residentBytes, spaceWithMembers, wait, type BenchTarget } from './support';

const subscriberCount = Number(process.env.BENCH_CLUSTER_SUBSCRIBERS ?? 5000);
const rounds = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 20);
const accountCount = 50;
const deliveryTimeoutMs = 120_000;

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-cluster-'));
const [postgresCluster, redis] = await Promise.all([startPostgresCluster(), startRedisServer()]);
const databaseUrl = await postgresCluster.createDatabase('workspace');
const outbox = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
const servers: ServerProcess[] = [];

async function startApp(): Promise<{ server: ServerProcess; target: BenchTarget }> {
  const server = await startServerProcess(dataDirectory, {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '10',
    REDIS_URL: redis.url,
    // 100 connections per account: above the default cap of 50 per user.
    WS_MAX_SOCKETS_PER_USER: '200',
  });
  servers.push(server);
  const target = {
    graphqlUrl: `${server.url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${server.port}/graphql`,
    async outboxText(to: string) {
      const [mail] = await outbox<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`;
      return mail?.text;
    },
  };
  return { server, target };
}

/** CPU seconds (user and system) a process has used, from /proc. */
const cpuSecondsOf = (pid: number | undefined) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const clientCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

console.log(`Cluster chat fan-out benchmark: PostgreSQL and Redis of their own, 2 x ${rounds} rounds; load average ${loadAverage()}`);
const first = await startApp();
const { admin, space, members } = await spaceWithMembers(first.target, accountCount);
console.log(`  ${accountCount} members joined the space through the first process`);

const subscription = `subscription ($project: ID) { subMessage(project: $project) {
  type seq messageId message { id body type createdAt editedAt author { id firstname lastname profileImg } replyTo { id body } reactions { emoji count } mentions canEdit canDelete }
} }`;

interface Arrival {
  at: number;
  /** Index of the process the subscriber is connected to. */
  process: number;
}

/**
 * `subscriberCount` connections spread round-robin over `targets`, each with one subMessage subscription that
 * follows log positions: it counts as subscribed once the server says it listens (its message without data).
 */
async function subscribeAll(targets: readonly BenchTarget[]) {
  const arrivals = new Map<string, Arrival[]>();
  const sockets: Client[] = [];
  await inBatches(
    Array.from({ length: subscriberCount }, (_, index) => index),
    50,
    (index) => {
      const processIndex = index % targets.length;
      const socket = subscriptionClient(targets[processIndex]!, { cookie: members[index % accountCount]!.client.cookieHeader() });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.subscribe<{ subMessage: { messageId: string | null } }>(
          { query: subscription, variables: { project: space }, extensions: { resumeAfter: null } },
          {
            next: (value) => {
              const id = value.data?.subMessage.messageId;
              if (id) (arrivals.get(id) ?? arrivals.set(id, []).get(id)!).push({ at: performance.now(), process: processIndex });
              else if (!value.errors) resolve();
              else reject(new Error(JSON.stringify(value.errors)));
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
    },
  );
  return { arrivals, sockets };
}

const send = (body: string) =>
  call<{ setMessage: { id: string } }>(
    admin.client,
    'mutation ($project: ID, $body: String!) { setMessage(project: $project, body: $body) { id } }',
    { project: space, body },
  );

interface Figures {
  label: string;
  deliveries: number[];
  lastDeliveries: number[];
  /** Send-to-delivery on the process that made the commit, and on the others. */
  sameProcess: number[];
  otherProcesses: number[];
  serverCpuPerDelivery: number;
  clientCpuPerDelivery: number;
  subscribeSeconds: number;
  rss: number[];
}

async function fanOut(label: string, running: readonly { server: ServerProcess; target: BenchTarget }[]): Promise<Figures> {
  const subscribeStarted = performance.now();
  const { arrivals, sockets } = await subscribeAll(running.map((each) => each.target));
  const subscribeSeconds = (performance.now() - subscribeStarted) / 1000;
  const deliveredToAll = async (id: string, since: number) => {
    while ((arrivals.get(id)?.length ?? 0) < subscriberCount) {
      if (performance.now() - since > deliveryTimeoutMs)
        throw new Error(`${label}: only ${arrivals.get(id)?.length ?? 0} deliveries of ${id}`);
      await wait(1);
    }
  };
  // One message first: every subscriber on every process hears it before the measured rounds start.
  const warmUp = performance.now();
  await deliveredToAll((await send('Warm-up')).setMessage.id, warmUp);

  const figures: Figures = {
    label,
    deliveries: [],
    lastDeliveries: [],
    sameProcess: [],
    otherProcesses: [],
    serverCpuPerDelivery: 0,
    clientCpuPerDelivery: 0,
    subscribeSeconds,
    rss: [],
  };
  const serverCpu = () => running.reduce((sum, each) => sum + cpuSecondsOf(each.server.child.pid), 0);
  const [serverBefore, clientBefore] = [serverCpu(), clientCpuSeconds()];
  for (let round = 0; round < rounds; round += 1) {
    const sent = performance.now();
    const { setMessage } = await send(`Live ${round}: hello everyone, **bold** and _italic_ and a [link](https://example.com).`);
    await deliveredToAll(setMessage.id, sent);
    const received = arrivals.get(setMessage.id)!;
    for (const arrival of received) {
      figures.deliveries.push(arrival.at - sent);
      (arrival.process === 0 ? figures.sameProcess : figures.otherProcesses).push(arrival.at - sent);
    }
    figures.lastDeliveries.push(Math.max(...received.map((arrival) => arrival.at - sent)));
    await wait(50);
  }
  const deliveries = rounds * subscriberCount;
  figures.serverCpuPerDelivery = ((serverCpu() - serverBefore) * 1e6) / deliveries;
  figures.clientCpuPerDelivery = ((clientCpuSeconds() - clientBefore) * 1e6) / deliveries;
  figures.rss = running.map((each) => residentBytes(each.server.child.pid));
  await Promise.all(sockets.map((socket) => socket.dispose()));
  return figures;
}

function print(figures: Figures): void {
  const spread = (samples: number[]) => `p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}`;
  console.log(`  ${figures.label}:`);
  console.log(`    subscribed ${subscriberCount} in ${figures.subscribeSeconds.toFixed(1)} s`);
  console.log(`    send to delivery: ${spread(figures.deliveries)}`);
  console.log(`    send to the last of ${subscriberCount} deliveries: ${spread(figures.lastDeliveries)}`);
  if (figures.otherProcesses.length > 0) {
    console.log(`      on the sending process: ${spread(figures.sameProcess)}; on the others: ${spread(figures.otherProcesses)}`);
  }
  console.log(
    `    server CPU ${figures.serverCpuPerDelivery.toFixed(1)} µs per delivery (all processes), clients ${figures.clientCpuPerDelivery.toFixed(1)} µs; server RSS ${figures.rss.map((bytes) => `${(bytes / 1e6).toFixed(0)} MB`).join(', ')}`,
  );
}

const oneProcess = await fanOut(`${subscriberCount} subscribers on one process`, [first]);
print(oneProcess);
const others = await Promise.all([startApp(), startApp()]);
const threeProcesses = await fanOut(`${subscriberCount} subscribers spread over three processes`, [first, ...others]);
print(threeProcesses);
console.log(`  load average ${loadAverage()}`);

await Promise.all(
  servers.map((server) => {
    server.child.kill('SIGTERM');
    return server.exited;
  }),
);
await outbox.end({ timeout: 5 });
await redis.stop();
await postgresCluster.stop();
rmSync(dataDirectory, { recursive: true, force: true });
