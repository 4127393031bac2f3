// Docs benchmark: 50 y-websocket clients editing one doc (update fan-out latency p50/p99, and for ours
// the time until the sender is told its update is stored: `saved`, sent once it is durable), memory per
// open doc (loaded from 100 update rows, and from its snapshot as after an unload), and the cold load
// of a doc with 20,000 stored updates before and after compaction; and the same 50-client load and
// memory figure against @hocuspocus/server 3 (the peer), printed beside ours.
// Both servers run in this process on free ports, and so do their clients. The fan-out is measured in
// alternating rounds (ours, the peer's, ours...) so a machine busy with other work weighs on both alike.
// Prints figures and the machine's load average; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Server as HocuspocusServer } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { collabMessageTypes } from '#shared/docs';
import { buildApp, type App } from '../server/src/app';
import { DocContentStore } from '../server/src/collab/persistence';
import { Room } from '../server/src/collab/room';
import { collabOf, type Connection } from '../server/src/collab/rooms';
import { loadConfig } from '../server/src/config';
import { freePort, GraphqlTestClient } from '../tests/integration/harness';
import {
  benchPostgresUrl,
  businessPlanMutation,
  loadAverage,
  openBenchDatabase,
  percentile,
  requireEmptyPostgres,
  wait,
  type BenchDatabase,
} from './support';

const clientCount = 50;
/** Pings per round, and rounds per server (alternating). */
const pingCount = 50;
const rounds = 4;
const memoryDocs = 200;
/** Docs opened before the memory reading starts, so one-time costs (code, caches) are not counted per doc. */
const warmDocs = 50;
const historyLength = 20_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;
// Memory figures need a full collection before each reading; the flag is set at run time so `tsx bench/docs.ts` suffices.
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heap = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};
async function until(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${what}`);
    await wait(10);
  }
}

/**
 * One writer at a time stamps a key in a shared map; every other replica notes when it arrives.
 * Returns a function running one round of `pingCount` pings (the doc keeps growing across rounds).
 */
function fanOut(docs: Y.Doc[]): () => Promise<number[]> {
  let latencies: number[] = [];
  let sent = 0;
  for (const doc of docs) {
    doc.getMap('pings').observe((event) => {
      if (event.transaction.local) return;
      for (const key of event.keysChanged) latencies.push(performance.now() - (doc.getMap('pings').get(key) as number));
    });
  }
  return async () => {
    latencies = [];
    for (let index = 0; index < pingCount; index += 1) {
      const ping = sent++;
      const sender = docs[ping % docs.length]!;
      const expected = latencies.length + docs.length - 1;
      sender.getMap('pings').set(`p${ping}`, performance.now());
      await until(() => latencies.length >= expected, `ping ${ping}`);
      // Some typing between pings, so the doc grows as in an editing session.
      docs[(ping * 7) % docs.length]!.getText('body').insert(0, 'word ');
      await wait(5);
    }
    return latencies;
  };
}

/**
 * A client socket noting when it sent each message our server counts in `saved` (sync step 2 and
 * update: type 0, then 1 or 2) and how many of them the server acknowledged so far.
 */
class CountingSocket extends WebSocket {
  readonly sentAt: number[] = [];
  acknowledged = 0;

  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols);
    const send = this.send.bind(this);
    this.send = ((data: Uint8Array) => {
      if (data[0] === 0 && (data[1] === 1 || data[1] === 2)) this.sentAt.push(performance.now());
      send(data);
    }) as typeof this.send;
  }
}

/** The content every doc of the memory figure holds: 100 edits, about 2 KB of text. */
function sampleUpdates(): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let index = 0; index < 100; index += 1) doc.getText('body').insert(doc.getText('body').length, `line ${index} of the sample doc `);
  return updates;
}

async function startOurs() {
  if (benchPostgresUrl) await requireEmptyPostgres(benchPostgresUrl);
  const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-docs-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    SQLITE_SYNCHRONOUS: 'FULL',
    DATABASE_URL: benchPostgresUrl ?? '',
  });
  const app = await buildApp(config, { logger: false });
  const port = await freePort();
  await app.server.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  // The verification mail is read from the outbox beside the app, on either database.
  const database = openBenchDatabase(dataDirectory, 'FULL', benchPostgresUrl);
  const client = new GraphqlTestClient({ graphqlUrl: `${url}/graphql`, outboxText: (to) => database.outboxText(to) });
  const account = await client.signUp({ firstname: 'Bench' });
  // Hundreds of docs: more than the free plan allows (the first account administers the instance).
  await client.execute(businessPlanMutation, { team: account.team.id });
  const space = (await client.execute<{ setProject: { id: string } }>('mutation { setProject(name: "Bench") { id } }')).data!.setProject.id;
  const newDoc = async (title: string) =>
    (
      await client.execute<{ setWorkspace: { id: string } }>(
        'mutation ($p: ID!, $t: String!) { setWorkspace(project: $p, title: $t) { id } }',
        { p: space, t: title },
      )
    ).data!.setWorkspace.id;

  const docId = await newDoc('Fan-out');
  // Every doc of the later figures is made now: the HTTP client's kept-alive connection may be gone after the fan-out rounds.
  const laterDocs = {
    memory: await Promise.all(Array.from({ length: warmDocs + memoryDocs }, (_, index) => newDoc(`Memory ${index}`))),
    compacted: await Promise.all(Array.from({ length: memoryDocs }, (_, index) => newDoc(`Compacted ${index}`))),
    history: await newDoc('History'),
  };
  const docs = Array.from({ length: clientCount }, () => new Y.Doc());
  const providers = docs.map(
    (doc) =>
      new WebsocketProvider(`ws://127.0.0.1:${port}/collab`, docId, doc, {
        WebSocketPolyfill: CountingSocket as unknown as typeof globalThis.WebSocket,
        params: { token: account.token },
        disableBc: true,
      }),
  );
  // Our clients understand the server's `saved` and `access` messages (shared/src/docs.ts), as the app's editor does.
  const acknowledgements: number[] = [];
  for (const provider of providers) {
    provider.messageHandlers[collabMessageTypes.access] = () => undefined;
    provider.messageHandlers[collabMessageTypes.saved] = (_encoder, decoder) => {
      const count = decoding.readVarUint(decoder);
      const socket = provider.ws as unknown as CountingSocket;
      const now = performance.now();
      for (let index = socket.acknowledged; index < count; index += 1) acknowledgements.push(now - socket.sentAt[index]!);
      socket.acknowledged = Math.max(socket.acknowledged, count);
    };
  }
  await until(() => providers.every((provider) => provider.synced), 'our clients to sync');
  const sockets = () => providers.map((provider) => provider.ws as unknown as CountingSocket);
  await until(() => sockets().every((socket) => socket.acknowledged === socket.sentAt.length), 'our first acknowledgements');
  acknowledgements.length = 0;
  const pings = fanOut(docs);
  const round = async () => {
    const latencies = await pings();
    // Each round ends with every update of ours acknowledged, so none is waiting during the peer's round.
    await until(() => sockets().every((socket) => socket.acknowledged === socket.sentAt.length), 'every update acknowledged');
    return latencies;
  };
  return {
    round,
    acknowledgements,
    databaseLabel: database.label,
    rest: () => oursAfterFanOut({ app, database, laterDocs, providers, dataDirectory }),
  };
}

async function oursAfterFanOut({
  app,
  database,
  laterDocs,
  providers,
  dataDirectory,
}: {
  app: App;
  database: BenchDatabase;
  laterDocs: { memory: string[]; compacted: string[]; history: string };
  providers: WebsocketProvider[];
  dataDirectory: string;
}) {
  for (const provider of providers) provider.destroy();

  // Memory: rooms loaded with the sample content, each held open by one (socketless) connection.
  const updates = sampleUpdates();
  const store = new DocContentStore(app.services.store, app.services.database.db);
  const ids = laterDocs.memory;
  const storeAll = async (id: string, all: readonly Uint8Array[]) =>
    await store.appendBatch(all.map((update) => ({ docId: id, update, userId: null })));
  for (const id of ids) await storeAll(id, updates);
  const manager = collabOf(app.services);
  const open = (id: string) =>
    manager.connect({
      grant: { kind: 'share', docId: id, shareToken: '' },
      userId: null,
      writable: false,
      awareness: false,
      send: () => undefined,
      close: () => undefined,
    } satisfies Connection);
  for (const id of ids.slice(0, warmDocs)) await open(id);
  const before = heap();
  for (const id of ids.slice(warmDocs)) await open(id);
  const perDoc = (heap() - before) / memoryDocs;

  // The usual case: a room compacts when it unloads, so a doc opened again loads from its snapshot.
  const compactedIds = laterDocs.compacted;
  for (const id of compactedIds) {
    await storeAll(id, updates);
    const content = await store.load(id);
    const doc = new Y.Doc();
    for (const row of content.updates) Y.applyUpdate(doc, row.data);
    await store.compact(id, Y.encodeStateAsUpdate(doc), content.lastId);
    doc.destroy();
  }
  const beforeCompacted = heap();
  for (const id of compactedIds) await open(id);
  const perCompactedDoc = (heap() - beforeCompacted) / memoryDocs;

  // Cold load: 20,000 one-character updates, then the same doc after compaction.
  const historyId = laterDocs.history;
  const writer = new Y.Doc();
  const history: Uint8Array[] = [];
  writer.on('update', (update: Uint8Array) => history.push(update));
  for (let index = 0; index < historyLength; index += 1)
    writer.getText('body').insert(index % (writer.getText('body').length + 1), String.fromCharCode(97 + (index % 26)));
  await storeAll(historyId, history);
  const load = async () => {
    const started = performance.now();
    const room = await Room.open(historyId, store, { compactAfter: Number.MAX_SAFE_INTEGER, maxMessageBytes: 1 << 23 });
    const elapsed = performance.now() - started;
    return { room, elapsed };
  };
  const cold = await load();
  await cold.room.compact();
  cold.room.destroy();
  const compacted = await load();
  compacted.room.destroy();

  await app.server.close();
  await database.close();
  rmSync(dataDirectory, { recursive: true, force: true });
  return { perDoc, perCompactedDoc, coldBefore: cold.elapsed, coldAfter: compacted.elapsed };
}

async function startHocuspocus() {
  const port = await freePort();
  const server = new HocuspocusServer({ port, quiet: true, address: '127.0.0.1' });
  await server.listen();
  const docs = Array.from({ length: clientCount }, () => new Y.Doc());
  const providers = docs.map((document) => {
    const websocketProvider = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${port}`, WebSocketPolyfill: WebSocket });
    const provider = new HocuspocusProvider({ websocketProvider, name: 'fan-out', document });
    provider.attach();
    return provider;
  });
  await until(() => providers.every((provider) => provider.synced), 'hocuspocus clients to sync');
  return { round: fanOut(docs), rest: () => hocuspocusAfterFanOut(server, providers) };
}

async function hocuspocusAfterFanOut(server: HocuspocusServer, providers: HocuspocusProvider[]) {
  for (const provider of providers) {
    provider.destroy();
    provider.configuration.websocketProvider.destroy();
  }

  const updates = sampleUpdates();
  const connections: Awaited<ReturnType<typeof server.hocuspocus.openDirectConnection>>[] = [];
  const open = async (index: number) => {
    const connection = await server.hocuspocus.openDirectConnection(`memory-${index}`);
    await connection.transact((doc) => {
      for (const update of updates) Y.applyUpdate(doc, update);
    });
    connections.push(connection);
  };
  for (let index = 0; index < warmDocs; index += 1) await open(index);
  const before = heap();
  for (let index = warmDocs; index < warmDocs + memoryDocs; index += 1) await open(index);
  const perDoc = (heap() - before) / memoryDocs;
  for (const connection of connections) await connection.disconnect();
  await server.destroy();
  return { perDoc };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `Docs benchmark: ${clientCount} clients on one doc, ${rounds} rounds of ${pingCount} pings each, alternating; memory over ${memoryDocs} open docs; cold load of ${historyLength} updates`,
);
const oursRunning = await startOurs();
const peerRunning = await startHocuspocus();
const latencies = { ours: [] as number[], peer: [] as number[] };
for (let round = 0; round < rounds; round += 1) {
  latencies.ours.push(...(await oursRunning.round()));
  latencies.peer.push(...(await peerRunning.round()));
}
const loadDuringFanOut = loadAverage();
const mine = await oursRunning.rest();
const peer = await peerRunning.rest();
console.table({
  'fan-out p50': { ours: ms(percentile(latencies.ours, 0.5)), hocuspocus: ms(percentile(latencies.peer, 0.5)) },
  'fan-out p99': { ours: ms(percentile(latencies.ours, 0.99)), hocuspocus: ms(percentile(latencies.peer, 0.99)) },
  'stored and acknowledged to the sender, p50': {
    ours: ms(percentile(oursRunning.acknowledgements, 0.5)),
    hocuspocus: 'n/a (no persistence in the peer)',
  },
  'stored and acknowledged to the sender, p99': { ours: ms(percentile(oursRunning.acknowledgements, 0.99)), hocuspocus: 'n/a' },
  'memory per open doc': { ours: kib(mine.perDoc), hocuspocus: kib(peer.perDoc) },
  'memory per open doc, from its snapshot': { ours: kib(mine.perCompactedDoc), hocuspocus: 'n/a (no persistence in the peer)' },
  [`cold load, ${historyLength} updates`]: { ours: ms(mine.coldBefore), hocuspocus: 'n/a (no persistence in the peer)' },
  'cold load, compacted': { ours: ms(mine.coldAfter), hocuspocus: 'n/a' },
});
console.log(`ours on ${oursRunning.databaseLabel}; load average during the fan-out: ${loadDuringFanOut}; at the end: ${loadAverage()}`);
process.exit(0);
