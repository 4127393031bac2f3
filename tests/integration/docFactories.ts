import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { afterAll, beforeAll } from 'vitest';
import { collabMessageTypes, collabPath } from '#shared/docs';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { buildApp, onSqlite, type App, type SqliteApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { databaseEnvironment, freePort, GraphqlTestClient, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

export const wallFields =
  'id title emoji cover description shared shareUrl embed folder project author createdAt updatedAt lastSavedAt room canEdit canManage';

export async function createDoc(owner: Person, project: string, title = 'Doc'): Promise<{ id: string; title: string }> {
  return expectData(
    await owner.client.execute<{ setWorkspace: { id: string; title: string } }>(
      'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id title } }',
      { project, title },
    ),
  ).setWorkspace;
}

export async function shareDoc(owner: Person, id: string, shared = true): Promise<string | null> {
  const result = expectData(
    await owner.client.execute<{ updateWall: { shareUrl: string | null } }>(
      'mutation ($id: ID!, $shared: Boolean) { updateWall(id: $id, shared: $shared) { shareUrl } }',
      { id, shared },
    ),
  );
  return result.updateWall.shareUrl?.split('/').pop() ?? null;
}

export interface Credentials {
  cookie?: string;
  token?: string;
  share?: string;
  /** Connect from this loopback address (127.0.0.2…), as another client address would. */
  localAddress?: string;
}

/** The ws WebSocket with a cookie header, for the y-websocket provider (browsers send the cookie themselves). */
function socketClass(cookie: string | undefined, localAddress?: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { ...(cookie ? { headers: { cookie } } : {}), ...(localAddress ? { localAddress } : {}) });
    }
  } as typeof WebSocket;
}

export const collabUrl = (serverUrl: string) => `${serverUrl.replace(/^http/, 'ws')}${collabPath}`;

/** A real y-websocket provider in Node, counting the server's `saved` acknowledgements. */
export function openDoc(serverUrl: string, docId: string, credentials: Credentials, doc = new Y.Doc()) {
  const params: Record<string, string> = {};
  if (credentials.token) params.token = credentials.token;
  if (credentials.share) params.share = credentials.share;
  const state = { saved: 0, sent: 0, writable: null as boolean | null, closes: [] as { code: number; reason: string }[] };
  // Counts the sync-step-2 and update messages each connection sends: what the server's `saved` counts, so that all of
  // them are stored once `saved` reaches it. The first, sync step 2, goes out before any edit (often empty).
  class CountingSocket extends socketClass(credentials.cookie, credentials.localAddress) {
    override send(data: Parameters<WebSocket['send']>[0], ...rest: unknown[]): void {
      if (data instanceof Uint8Array) {
        const decoder = decoding.createDecoder(data);
        if (decoding.readVarUint(decoder) === 0) {
          const syncType = decoding.readVarUint(decoder);
          if (syncType === syncProtocol.messageYjsSyncStep2 || syncType === syncProtocol.messageYjsUpdate) state.sent += 1;
        }
      }
      (super.send as (...parameters: unknown[]) => void)(data, ...rest);
    }
  }
  const provider = new WebsocketProvider(collabUrl(serverUrl), docId, doc, {
    WebSocketPolyfill: CountingSocket as unknown as typeof globalThis.WebSocket,
    params,
    disableBc: true,
    maxBackoffTime: 300,
  });
  provider.messageHandlers[collabMessageTypes.saved] = (_encoder, decoder) => {
    state.saved = decoding.readVarUint(decoder);
  };
  provider.messageHandlers[collabMessageTypes.access] = (_encoder, decoder) => {
    state.writable = decoding.readVarUint(decoder) === 1;
  };
  provider.on('connection-close', (event) => {
    if (event) state.closes.push({ code: event.code, reason: event.reason });
    // A new connection counts its acknowledgements and messages from zero.
    state.saved = 0;
    state.sent = 0;
  });
  const fragment = doc.getXmlFragment('default');
  return {
    doc,
    provider,
    state,
    fragment,
    text: () => fragment.toString(),
    synced: () => waitFor(() => provider.synced, `provider of ${docId} synced`),
    /** Waits until the server has stored every update this connection sent so far (its edits before this call). */
    allSaved: () => waitFor(() => state.sent > 0 && state.saved >= state.sent, `every update to ${docId} stored`),
    destroy: () => provider.destroy(),
  };
}

export type OpenDoc = ReturnType<typeof openDoc>;

/** The first paragraph's text node, made by whoever gets there first (all replicas agree after sync). */
export function paragraphText(doc: Y.Doc): Y.XmlText {
  const fragment = doc.getXmlFragment('default');
  if (fragment.length === 0) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText()]);
    fragment.insert(0, [paragraph]);
  }
  return (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bare websocket to a doc room, for sending bytes no provider would; it records every message the server sends. */
export function rawSocket(
  serverUrl: string,
  docId: string,
  cookie?: string,
  headers: Record<string, string> = {},
  options: WebSocket.ClientOptions = {},
) {
  const socket = new WebSocket(`${collabUrl(serverUrl)}/${docId}`, { ...options, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const received: Uint8Array[] = [];
  socket.on('message', (data: Buffer) => received.push(new Uint8Array(data)));
  const opened = new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const refused = new Promise<number>((resolve) =>
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
  );
  socket.on('error', () => undefined);
  return { socket, opened, closed, refused, received };
}

/**
 * A connection the server must refuse after the upgrade: it opens, at once tries to read (sync
 * step 1, query awareness) and to write (an update, an awareness state), and is closed. Gives the
 * close and every message the server sent before it (there must be none).
 */
export async function refusedSocket(serverUrl: string, docId: string, cookie?: string) {
  const raw = rawSocket(serverUrl, docId, cookie);
  raw.socket.once('open', () => {
    const intruder = new Y.Doc();
    intruder.getXmlFragment('default').insert(0, [new Y.XmlText('INTRUDER')]);
    const awareness = new awarenessProtocol.Awareness(intruder);
    awareness.setLocalState({ user: { name: 'Intruder' } });
    const message = (write: (encoder: encoding.Encoder) => void) => {
      const encoder = encoding.createEncoder();
      write(encoder);
      return encoding.toUint8Array(encoder);
    };
    const sends = [
      message((encoder) => (encoding.writeVarUint(encoder, 0), syncProtocol.writeSyncStep1(encoder, intruder))),
      message((encoder) => encoding.writeVarUint(encoder, 3)),
      message((encoder) => (encoding.writeVarUint(encoder, 0), syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(intruder)))),
      message(
        (encoder) => (
          encoding.writeVarUint(encoder, 1),
          encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [intruder.clientID]))
        ),
      ),
    ];
    for (const each of sends) if (raw.socket.readyState === WebSocket.OPEN) raw.socket.send(each);
    awareness.destroy();
    intruder.destroy();
  });
  const close = await raw.closed;
  return { ...close, received: raw.received };
}

/** One line of the server's log (pino JSON): its level (30 info, 40 warn, 50 error) and message. */
export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

/**
 * The real `npm start` entry point in a child process, like harness.startServerProcess, but logging
 * at info with every line kept, so tests can read what was logged and at which level.
 */
export async function startLoggedServerProcess(dataDirectory: string, environment: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      RATE_LIMITS: 'false',
      ...(environment['DATABASE_URL'] === undefined ? await databaseEnvironment(dataDirectory) : {}),
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (a warning of Node itself): kept in `output` only.
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { child, exited, url, port, lines, output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not become healthy: ${output.slice(-20).join('\n')}`);
}

/**
 * The app built in this test's process on `dataDirectory` (in the suite's run on PostgreSQL, on the folder's database
 * there), listening on a free port: for tests that make data before a server process of their own starts on the folder,
 * or that run several apps on one folder. `environment` adds settings; `beforeListen` may replace services of the app
 * before any request can reach it. `app` is typed as the SQLite app, as startTestServer's is.
 */
export async function startInProcess(
  dataDirectory: string,
  options: { environment?: Record<string, string>; beforeListen?: (app: App) => void } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    ...(await databaseEnvironment(dataDirectory)),
    ...options.environment,
  });
  const built = await buildApp(config);
  const app = built.services.database.sqlite ? onSqlite(built) : (built as SqliteApp);
  options.beforeListen?.(app);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return { url, graphqlUrl: `${url}/graphql`, websocketUrl: '', app, dataDirectory, close: () => app.server.close() };
}

/** An owner and a member of one space, made through `server`. */
export async function ownerAndMemberOfASpace(server: TestServer, spaceName: string) {
  const owner = await person(server, 'Owner');
  const member = await joinTeam(owner, await person(server, 'Member'));
  const space = await createSpace(owner, spaceName);
  expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
  return { owner, member, space };
}

/**
 * An owner and a member of one space, made in-process on `dataDirectory` and then stopped, for tests
 * that run the server as a child process on the same folder (same secret, same file).
 */
export async function prepareOnDisk(dataDirectory: string) {
  const server = await startInProcess(dataDirectory);
  const people = await ownerAndMemberOfASpace(server, 'Hardened space');
  await server.close();
  return people;
}

/**
 * A data folder of this test file with an owner and a member of one space (prepareOnDisk), made before its tests;
 * after them the docs it opened are closed and the folder is removed. For tests that run the server as a child
 * process on the folder.
 */
export function preparedDataFolder(name: string) {
  const dataDirectory = mkdtempSync(join(tmpdir(), `workspace-${name}-`));
  const opened: OpenDoc[] = [];
  let people: Awaited<ReturnType<typeof prepareOnDisk>> | undefined;
  beforeAll(async () => {
    people = await prepareOnDisk(dataDirectory);
  }, 60_000);
  afterAll(() => {
    for (const each of opened) each.destroy();
    rmSync(dataDirectory, { recursive: true, force: true });
  });
  return {
    dataDirectory,
    opened,
    get prepared() {
      if (!people) throw new Error('The data folder is prepared before the tests run.');
      return people;
    },
  };
}

/** A person's signed-in client for another server process on the same data (their cookies, copied). */
export function clientOn(url: string, who: Person): Person {
  const client = new GraphqlTestClient({ graphqlUrl: `${url}/graphql`, app: undefined as never });
  for (const [name, value] of who.client.cookies) client.cookies.set(name, value);
  return { ...who, client };
}

/** What appRows and replayedBesideLive read of an app, for a data folder whose server is another process or stopped. */
export interface FolderDatabase {
  app: App;
  dataDirectory: string;
}

/**
 * `work` with the database of a data folder opened beside its server process (tests/support/appRows.ts reads it):
 * the folder's SQLite file, or in the suite's run on PostgreSQL the folder's own database there. Closed after.
 */
export async function withFolderDatabase<Result>(
  dataDirectory: string,
  work: (database: FolderDatabase) => Promise<Result>,
): Promise<Result> {
  const url = (await databaseEnvironment(dataDirectory))['DATABASE_URL'];
  if (url === undefined) {
    const handle = openDatabase(join(dataDirectory, 'workspace.sqlite'), { migrate: false });
    try {
      return await work({ app: { services: { database: handle } } as unknown as App, dataDirectory });
    } finally {
      handle.close();
    }
  }
  const connection = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const services = { database: { sqlite: null, db: drizzle(connection) }, config: { database: { kind: 'postgres', url } } };
    return await work({ app: { services } as unknown as App, dataDirectory });
  } finally {
    await connection.end({ timeout: 1 });
  }
}
