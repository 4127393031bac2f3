// Websocket abuse benchmark (issue 24). The server runs as `npm start` does, in its own process; this
// process plays the clients. Prints figures; asserts nothing.
// 1. Doc update flood: after a warm-up (an ordinary editing session on another doc), one client
//    sends 5,000 tiny Yjs updates a second to one doc for 10 s while a probe asks /healthz every
//    20 ms. Prints /healthz p50/p99/max quiet and during the flood, the server's own event-loop
//    delay and CPU (from /metrics and /proc, apart from the probe's and the machine's noise), updates
//    stored per second (the flooder's acknowledgements) and what became of the flooder. Run twice:
//    with the default COLLAB_UPDATES_PER_SECOND (300), and with the limit lifted so every update is
//    stored (what the batching alone does under 5,000 stored updates a second).
// 2. Slow consumer: a graphql-ws subscriber to a space's chat stops reading while 2,000 messages of
//    10,000 characters are sent; server RSS before and after, and whether the server closed it.
import { readFileSync, rmSync } from 'node:fs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { collabMessageTypes } from '#shared/docs';
import {
  benchPostgresUrl,
  call,
  milliseconds,
  percentile,
  residentBytes,
  spaceWithMembers,
  startBenchServer,
  synchronousFromEnvironment,
  wait,
  type BenchAccount,
} from './support';

const floodRate = 5000;
const floodSeconds = 10;
const probeEveryMs = 20;
const quietSeconds = 5;
const chatMessages = 2000;
const chatBodyLength = 10_000;
const synchronous = synchronousFromEnvironment();

type Server = Awaited<ReturnType<typeof startBenchServer>>;
const rssOf = (server: Server) => residentBytes(server.server.child.pid);
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
/** CPU seconds the server process has used (user + system, from /proc; clock ticks of 1/100 s). */
const cpuSecondsOf = (server: Server) => {
  const fields = readFileSync(`/proc/${server.server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Read with this token from /metrics; the server runs in production mode so it collects process metrics. */
const metricsToken = 'bench-metrics-token-0123456789';
const productionMode = { NODE_ENV: 'production', METRICS_TOKEN: metricsToken };

/**
 * The server's own event-loop delay since the previous reading (prom-client resets its histogram on
 * every scrape): what the flood costs the server, apart from the probe's and the machine's noise.
 */
async function eventLoopDelay(server: Server): Promise<string> {
  const text = await (await fetch(`${server.server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const seconds = (name: string) =>
    Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
  return `p50 ${milliseconds(seconds('p50'))}, p99 ${milliseconds(seconds('p99'))}, max ${milliseconds(seconds('max'))}`;
}

/** Asks /healthz every `probeEveryMs` until stopped; gives each answer's latency. */
function probeHealth(url: string) {
  const samples: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      const elapsed = performance.now() - started;
      if (ok) samples.push(elapsed);
      else failures += 1;
      await wait(Math.max(0, probeEveryMs - elapsed));
    }
  })();
  return {
    samples,
    failures: () => failures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const summary = (samples: readonly number[]) =>
  samples.length === 0
    ? 'no answer'
    : `p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}, max ${milliseconds(Math.max(...samples))}`;

function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** `count` tiny updates of one client: each sets one key of a map (about 25 bytes on the wire). */
function tinyUpdates(count: number): Uint8Array[] {
  const doc = new Y.Doc();
  const messages: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => messages.push(updateMessage(update)));
  for (let index = 0; index < count; index += 1) doc.getMap('flood').set(`k${index}`, index);
  doc.destroy();
  return messages;
}

/** An ordinary editing session on another doc: 400 updates at 100 a second, each acknowledged. */
async function warmUp(server: Server, admin: BenchAccount, space: string) {
  const docId = (
    await call<{ setWorkspace: { id: string } }>(
      admin.client,
      'mutation ($project: ID!) { setWorkspace(project: $project, title: "Warm-up") { id } }',
      { project: space },
    )
  ).setWorkspace.id;
  const socket = new WebSocket(`ws://127.0.0.1:${server.server.port}/collab/${docId}`, {
    headers: { cookie: admin.client.cookieHeader() },
  });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  let acknowledged = 0;
  socket.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) === collabMessageTypes.saved) acknowledged = decoding.readVarUint(decoder);
  });
  const messages = tinyUpdates(400);
  for (let index = 0; index < messages.length; index += 1) {
    socket.send(messages[index]!);
    if (index % 10 === 9) await wait(100);
  }
  while (acknowledged < messages.length) await wait(20);
  socket.close();
}

async function flood(updatesPerSecondSetting: string | null) {
  const server = await startBenchServer('ws-flood', synchronous, {
    RATE_LIMITS: 'false',
    ...productionMode,
    ...(updatesPerSecondSetting ? { COLLAB_UPDATES_PER_SECOND: updatesPerSecondSetting } : {}),
  });
  const { admin, space } = await spaceWithMembers(server.target, 0);
  const docId = (
    await call<{ setWorkspace: { id: string } }>(
      admin.client,
      'mutation ($project: ID!) { setWorkspace(project: $project, title: "Flood") { id } }',
      { project: space },
    )
  ).setWorkspace.id;

  // A server that has served docs before: the room code is compiled and warm, as in production.
  await warmUp(server, admin, space);

  await eventLoopDelay(server);
  const quiet = probeHealth(server.server.url);
  await wait(quietSeconds * 1000);
  await quiet.stop();
  const quietLoop = await eventLoopDelay(server);

  const socket = new WebSocket(`ws://127.0.0.1:${server.server.port}/collab/${docId}`, {
    headers: { cookie: admin.client.cookieHeader() },
  });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  let acknowledged = 0;
  let lastAcknowledgedAt = 0;
  socket.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) !== collabMessageTypes.saved) return;
    acknowledged = decoding.readVarUint(decoder);
    lastAcknowledgedAt = performance.now();
  });
  let closedAt: number | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => {
      closedAt = performance.now();
      resolve({ code, reason: reason.toString() });
    }),
  );

  const messages = tinyUpdates(floodRate * floodSeconds);
  const during = probeHealth(server.server.url);
  const cpuBefore = cpuSecondsOf(server);
  const started = performance.now();
  let sent = 0;
  // 50 updates every 10 ms: 5,000 a second, for as long as the socket is open and the run lasts.
  while (sent < messages.length && socket.readyState === WebSocket.OPEN) {
    const due = Math.min(messages.length, Math.floor(((performance.now() - started) / 1000) * floodRate));
    while (sent < due && socket.readyState === WebSocket.OPEN) socket.send(messages[sent++]!);
    await wait(10);
  }
  // The run ends when the server closed the flooder or stored everything sent (or 30 s after the last send).
  const deadline = performance.now() + 30_000;
  while (closedAt === null && acknowledged < sent && performance.now() < deadline) await wait(20);
  const floodEnded = closedAt ?? lastAcknowledgedAt;
  const cpuSeconds = cpuSecondsOf(server) - cpuBefore;
  const cpuWindow = (performance.now() - started) / 1000;
  await during.stop();
  const floodLoop = await eventLoopDelay(server);
  const seconds = (floodEnded - started) / 1000;
  const fate = closedAt !== null ? await closed : null;
  socket.terminate();
  const rss = rssOf(server);
  server.server.child.kill('SIGTERM');
  await server.server.exited;
  await server.database.close();
  rmSync(server.dataDirectory, { recursive: true, force: true });
  return {
    quietLoop,
    floodLoop,
    quiet: quiet.samples,
    during: during.samples,
    probeFailures: during.failures(),
    sent,
    acknowledged,
    seconds,
    cpu: `${((cpuSeconds / cpuWindow) * 100).toFixed(0)}% of one core (${cpuSeconds.toFixed(1)} s in ${cpuWindow.toFixed(1)} s)`,
    fate: fate
      ? `closed ${fate.code} "${fate.reason}" after ${((closedAt! - started) / 1000).toFixed(1)} s`
      : `never closed, ${acknowledged} of ${sent} stored`,
    rss,
  };
}

/** graphql-transport-ws by hand, so the socket can stop reading (pause) like a stalled client. */
async function slowConsumer() {
  const server = await startBenchServer('ws-slow', synchronous, { RATE_LIMITS: 'false' });
  const { admin, space, members } = await spaceWithMembers(server.target, 1);
  const socket = new WebSocket(`ws://127.0.0.1:${server.server.port}/graphql`, 'graphql-transport-ws', {
    headers: { cookie: members[0]!.client.cookieHeader() },
  });
  const seen: { closedWith: { code: number; reason: string } | null; received: number } = { closedWith: null, received: 0 };
  socket.on('close', (code, reason) => (seen.closedWith = { code, reason: reason.toString() }));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await new Promise<void>((resolve) => socket.once('message', () => resolve()));
  socket.on('message', () => (seen.received += 1));
  socket.send(
    JSON.stringify({
      id: '1',
      type: 'subscribe',
      payload: {
        query: 'subscription ($project: ID) { subMessage(project: $project) { type messageId message { id body } } }',
        variables: { project: space },
      },
    }),
  );
  await wait(500);
  socket.pause();
  await wait(1000);
  const before = rssOf(server);
  let peak = before;
  const body = 'x'.repeat(chatBodyLength);
  const started = performance.now();
  for (let index = 0; index < chatMessages; index += 1) {
    await call(admin.client, 'mutation ($project: ID, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
      project: space,
      body: `${index} ${body}`.slice(0, chatBodyLength),
    });
    if (index % 100 === 0) peak = Math.max(peak, rssOf(server));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await wait(2000);
  const after = rssOf(server);
  peak = Math.max(peak, after);
  // Reading again: a closed socket's close frame arrives after whatever was already on the wire.
  socket.resume();
  const deadline = performance.now() + 20_000;
  let lastCount = -1;
  while (seen.closedWith === null && performance.now() < deadline && seen.received !== lastCount) {
    lastCount = seen.received;
    await wait(1000);
  }
  const fate = seen.closedWith;
  socket.terminate();
  server.server.child.kill('SIGTERM');
  await server.server.exited;
  await server.database.close();
  rmSync(server.dataDirectory, { recursive: true, force: true });
  return { before, after, peak, sendSeconds, received: seen.received, fate };
}

// Three servers in one run, each on a fresh database: one DATABASE_URL cannot give them that (the measures are of the
// websocket layer: collab update limits and a stalled subscriber; the database only keeps the doc's updates).
if (benchPostgresUrl)
  throw new Error('bench:ws starts three servers, each on a fresh database: it runs on SQLite only (unset DATABASE_URL).');
console.log(`Websocket benchmark (server in its own process, SQLite synchronous=${synchronous})`);
const limited = await flood(null);
const unlimited = await flood('1000000');
console.table({
  '/healthz, quiet': { 'default limit (300/s per socket)': summary(limited.quiet), 'limit lifted (all stored)': summary(unlimited.quiet) },
  '/healthz, during the flood': {
    'default limit (300/s per socket)': summary(limited.during),
    'limit lifted (all stored)': summary(unlimited.during),
  },
  "server's event-loop delay (10 ms resolution), quiet": {
    'default limit (300/s per socket)': limited.quietLoop,
    'limit lifted (all stored)': unlimited.quietLoop,
  },
  "server's event-loop delay (10 ms resolution), during the flood": {
    'default limit (300/s per socket)': limited.floodLoop,
    'limit lifted (all stored)': unlimited.floodLoop,
  },
  'updates sent / stored (acknowledged)': {
    'default limit (300/s per socket)': `${limited.sent} / ${limited.acknowledged}`,
    'limit lifted (all stored)': `${unlimited.sent} / ${unlimited.acknowledged}`,
  },
  'updates stored per second': {
    'default limit (300/s per socket)': (limited.acknowledged / limited.seconds).toFixed(0),
    'limit lifted (all stored)': (unlimited.acknowledged / unlimited.seconds).toFixed(0),
  },
  'server CPU from the start of the flood to its end': {
    'default limit (300/s per socket)': limited.cpu,
    'limit lifted (all stored)': unlimited.cpu,
  },
  "flooder's fate": { 'default limit (300/s per socket)': limited.fate, 'limit lifted (all stored)': unlimited.fate },
  'server RSS at the end': {
    'default limit (300/s per socket)': megabytes(limited.rss),
    'limit lifted (all stored)': megabytes(unlimited.rss),
  },
});
if (limited.probeFailures + unlimited.probeFailures > 0)
  console.log(`  /healthz failed ${limited.probeFailures + unlimited.probeFailures} times during the floods`);

const slow = await slowConsumer();
console.log(
  `Slow consumer: a subMessage subscriber stops reading while ${chatMessages} messages of ${chatBodyLength} characters are sent (${slow.sendSeconds.toFixed(1)} s)`,
);
console.table({
  'server RSS': { before: megabytes(slow.before), after: megabytes(slow.after), peak: megabytes(slow.peak) },
  subscriber: {
    before: 'subscribed, then paused',
    after: slow.fate ? `closed by the server: ${slow.fate.code} "${slow.fate.reason}"` : 'still open (not closed by the server)',
    peak: `${slow.received} frames read after resuming`,
  },
});
process.exit(0);
