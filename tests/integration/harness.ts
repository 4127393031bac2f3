import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import postgres from 'postgres';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { buildApp, onSqlite, type SqliteApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { tableDialect } from '../../server/src/db/pickTable';
import { appRow } from '../support/appRows';

export interface TestServer {
  url: string;
  graphqlUrl: string;
  websocketUrl: string;
  app: SqliteApp;
  dataDirectory: string;
  close(): Promise<void>;
}

/**
 * The suite's PostgreSQL databases by data folder: a test that starts a server again on the same folder (a restart)
 * gets the same database, as it would the same SQLite file.
 */
const suiteDatabases = new Map<string, string>();
let suiteAdministration: postgres.Sql | null = null;
let suiteDatabasesMade = 0;

/**
 * This test server's database on the suite's PostgreSQL cluster (tests/support/postgresSuite.ts): a fresh copy of the
 * migrated template, or the one already made for this data folder. Answers its URL and whether it is new.
 */
async function suiteDatabaseFor(dataDirectory: string): Promise<{ url: string; name: string; fresh: boolean }> {
  const suite = inject('postgresSuite');
  const url = (name: string) => suite.databaseUrl.replace('{database}', name);
  const known = suiteDatabases.get(dataDirectory);
  if (known) return { url: url(known), name: known, fresh: false };
  suiteAdministration ??= postgres(suite.administrationUrl, { max: 1, idle_timeout: 5, onnotice: () => undefined });
  suiteDatabasesMade += 1;
  const name = `test_${process.pid}_${suiteDatabasesMade}`;
  await suiteAdministration.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${suite.template}"`);
  suiteDatabases.set(dataDirectory, name);
  return { url: url(name), name, fresh: true };
}

/**
 * What a server on `dataDirectory` needs in its environment to run on this test process's database: nothing on
 * SQLite (the folder's file), and in the suite's run on PostgreSQL the DATABASE_URL of the folder's own database there
 * (made on first use). For servers a test builds or spawns itself.
 */
export async function databaseEnvironment(dataDirectory: string): Promise<Record<string, string>> {
  return tableDialect === 'postgresql' ? { DATABASE_URL: (await suiteDatabaseFor(dataDirectory)).url } : {};
}

/**
 * The real server on a free port with its own SQLite file in a temporary folder, or, in the suite's run on
 * PostgreSQL (this process's tables picked for it: vitest.config.ts, project "postgres"), its own database there.
 * `app` is typed as the SQLite app: on PostgreSQL its `database.sqlite` is null, and the tests that read the SQLite
 * file directly run on SQLite only (vitest.config.ts lists them and why).
 */
export async function startTestServer(environment: Record<string, string> = {}): Promise<TestServer> {
  const dataDirectory = environment['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'workspace-test-'));
  const suiteDatabase =
    tableDialect === 'postgresql' && environment['DATABASE_URL'] === undefined ? await suiteDatabaseFor(dataDirectory) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    RATE_LIMITS: 'false',
    ...(suiteDatabase ? { DATABASE_URL: suiteDatabase.url, DATABASE_POOL_SIZE: '4' } : {}),
    ...environment,
  });
  const built = await buildApp(config);
  const app = suiteDatabase ? (built as SqliteApp) : onSqlite(built);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${address.port}/graphql`,
    app,
    dataDirectory,
    async close() {
      await app.server.close();
      rmSync(dataDirectory, { recursive: true, force: true });
      // A folder made here is this server's alone; one the test gave may be started on again.
      if (suiteDatabase && environment['DATA_DIR'] === undefined) {
        suiteDatabases.delete(dataDirectory);
        await suiteAdministration?.unsafe(`DROP DATABASE IF EXISTS "${suiteDatabase.name}" WITH (FORCE)`);
      }
    },
  };
}

export interface GraphqlResponse<Data = Record<string, unknown>> {
  status: number;
  data: Data | null;
  errors: { message: string; extensions: { code: string } & Record<string, unknown>; path?: string[] }[] | undefined;
  headers: Headers;
}

/** A browser-like GraphQL client: JSON POSTs that keep the cookies the server sets. */
export class GraphqlTestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly server: Pick<TestServer, 'graphqlUrl'> & MailSource) {}

  async execute<Data = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GraphqlResponse<Data>> {
    const response = await fetch(this.server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookieHeader(), ...headers },
      body: JSON.stringify({ query, variables }),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await response.json()) as { data?: Data | null; errors?: GraphqlResponse['errors'] };
    return { status: response.status, data: body.data ?? null, errors: body.errors, headers: response.headers };
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Signs up, reads the verification mail from the outbox, follows its link: a signed-in account. */
  async signUp(overrides: Partial<{ firstname: string; lastname: string; email: string; password: string }> = {}) {
    const input = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'analytical1',
      ...overrides,
    };
    const result = await this.execute(
      `mutation SignUp($firstname: String!, $lastname: String!, $email: String!, $password: String!) {
        setUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password) { email verificationRequired }
      }`,
      input,
    );
    if (!result.data) throw new Error(`sign-up failed: ${JSON.stringify(result.errors)}`);
    const link = await mailedLink(this.server, input.email.toLowerCase(), '/signup/verify');
    const verified = await this.execute<{ verifyAccount: { token: string; user: { id: string; email: string }; team: { id: string } } }>(
      'query Verify($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { token user { id email } team { id } } }',
      { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    );
    if (!verified.data) throw new Error(`verification failed: ${JSON.stringify(verified.errors)}`);
    return { ...verified.data.verifyAccount, password: input.password };
  }
}

/** A graphql-ws client, authenticated by cookie on the upgrade or by a token in connection_init. */
export function subscriptionClient(
  server: Pick<TestServer, 'websocketUrl'>,
  credentials: { cookie?: string; token?: string; origin?: string } = {},
): Client {
  class AuthenticatedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, {
        headers: {
          ...(credentials.cookie ? { cookie: credentials.cookie } : {}),
          ...(credentials.origin ? { origin: credentials.origin } : {}),
        },
      });
    }
  }
  const client = createClient({
    url: server.websocketUrl,
    webSocketImpl: AuthenticatedWebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: () => (credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}),
  });
  const app = (server as Partial<Pick<TestServer, 'app'>>).app;
  if (app) appOfClient.set(client, app);
  return client;
}

/** The app a subscription client talks to, when it runs in this process: its log tells what is older than a subscription. */
const appOfClient = new WeakMap<Client, SqliteApp>();

/** The newest log position committed in the client's app before a subscription, or null for an app in another process. */
export async function newestPositionOf(client: Client): Promise<number | null> {
  const app = appOfClient.get(client);
  if (!app) return null;
  return (await appRow<{ seq: number | null }>(app, sql`SELECT CAST(MAX(seq) AS INTEGER) AS seq FROM events`))?.seq ?? 0;
}

/**
 * Collects the next `count` results of a subscription, or fails after `timeoutMs`. `started` resolves once the server
 * listens for it: the subscription asks to follow log positions (`resumeAfter: null`, as the app's client does), so
 * the server says so with a message without data once its feed listens, and anything committed meanwhile is
 * delivered from the log. The socket's acknowledgement comes sooner: on PostgreSQL the subscription's own checks
 * were still running then, and a write made at once could be missed. A subscription that is not fed from the log
 * (the AI's writing stream) counts as started at its first result.
 *
 * Log events committed before the subscription was asked for are dropped: a fresh subscription starts from the log's
 * settled position, which on PostgreSQL a transaction still open anywhere in the cluster holds below them, so they
 * come again, before that message (replayed) or after it (published late); the app's client applies them again
 * harmlessly. For an app in another process, only those before that message are dropped. A test writes after
 * `started`.
 */
export function nextResults<T>(client: Client, query: string, variables: Record<string, unknown>, count: number, timeoutMs = 15_000) {
  const results: T[] = [];
  const listening = subscriptionStart();
  const { started } = listening;
  const done = new Promise<T[]>((resolve, reject) => {
    let subscription: (() => void) | null = null;
    const unsubscribe = () => subscription?.();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out after ${results.length} of ${count} results`));
    }, timeoutMs);
    void subscribeAfterNewest(client, listening, (extensions) =>
      client.subscribe<T>(
        { query, variables, extensions },
        {
          next: (value) => {
            if (!listening.counts(value)) return;
            if (value.data === undefined && !value.errors) return;
            if (value.errors) {
              clearTimeout(timer);
              unsubscribe();
              reject(new Error(JSON.stringify(value.errors)));
              return;
            }
            results.push(value.data as T);
            if (results.length >= count) {
              clearTimeout(timer);
              unsubscribe();
              resolve(results);
            }
          },
          error: (error) => {
            listening.end();
            clearTimeout(timer);
            reject(
              error instanceof Error
                ? error
                : new Error(
                    Array.isArray(error)
                      ? JSON.stringify(error)
                      : String((error as { message?: string; reason?: string }).message ?? (error as { reason?: string }).reason ?? error),
                  ),
            );
          },
          complete: () => undefined,
        },
      ),
    ).then((unsubscribeNow) => (subscription = unsubscribeNow), reject);
  });
  return { started, done };
}

/** Subscribes, as one that follows log positions, once the newest position before it is known. */
async function subscribeAfterNewest(
  client: Client,
  listening: ReturnType<typeof subscriptionStart>,
  subscribe: (extensions: { resumeAfter: null }) => () => void,
): Promise<() => void> {
  listening.olderThan(await newestPositionOf(client));
  return subscribe({ resumeAfter: null });
}

/**
 * Everything a subscription delivers (its first field's value per result), and whether it failed or completed.
 * `started` resolves once the server listens for it, as `nextResults`'s does.
 */
export function watchSubscription<T>(client: Client, query: string, variables: Record<string, unknown>) {
  const received: T[] = [];
  const state = { errors: [] as unknown[], completed: false };
  const listening = subscriptionStart();
  const subscribed = subscribeAfterNewest(client, listening, (extensions) =>
    client.subscribe<Record<string, T>>(
      { query, variables, extensions },
      {
        next: (value) => {
          if (!listening.counts(value)) return;
          if (value.errors) state.errors.push(value.errors);
          else if (value.data !== undefined) received.push(Object.values(value.data!)[0]!);
        },
        error: (error) => {
          listening.end();
          state.errors.push(error);
        },
        complete: () => {
          listening.end();
          state.completed = true;
        },
      },
    ),
  );
  subscribed.catch((error: unknown) => {
    listening.end();
    state.errors.push(error);
  });
  const stop = () => void subscribed.then((unsubscribe) => unsubscribe());
  return { started: listening.started, received, state, stop };
}

/**
 * When a subscription that follows log positions started listening: at the server's first message without data,
 * or at its first message when it is not fed from the log (no positions) or is refused. `counts(message)` says
 * whether a message counts: false for that notice, for the log events replayed before it, and for log events
 * committed before the subscription was asked for.
 */
function subscriptionStart() {
  let ready!: () => void;
  let listening = false;
  let newestBefore: number | null = null;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const begin = () => {
    listening = true;
    ready();
  };
  return {
    started,
    end: begin,
    /** The newest position committed before the subscription was asked for (null: not known). */
    olderThan(position: number | null) {
      newestBefore = position;
    },
    counts(message: { data?: unknown; errors?: unknown; extensions?: unknown }): boolean {
      const position = (message.extensions as { seq?: unknown } | undefined)?.seq;
      const committedBefore = newestBefore !== null && typeof position === 'number' && position <= newestBefore;
      if (listening) return !(committedBefore && message.data !== undefined && message.data !== null);
      if (message.errors || typeof position !== 'number') {
        begin();
        return true;
      }
      if (message.data === undefined || message.data === null) begin();
      return false;
    },
  };
}

/**
 * Where a test reads the mails the server kept in its outbox (no SMTP configured): the SQLite app's file, or for a
 * server on another database (a process on PostgreSQL) a reader of its outbox's newest mail to an address.
 */
export type MailSource = Pick<TestServer, 'app'> | { outboxText(to: string): Promise<string | undefined> };

/** The newest link to `path` in the newest outbox mail to `to` (no SMTP configured: mails wait there). */
export async function linkFromOutbox(server: Pick<TestServer, 'app'>, to: string, path: string): Promise<URL> {
  // Two mails made in one millisecond: SQLite's rowid, PostgreSQL's ctid (rows inserted in order, never updated).
  const insertedLast = tableDialect === 'postgresql' ? sql.raw('ctid DESC') : sql.raw('rowid DESC');
  const mail = await appRow<{ text: string }>(
    server.app,
    sql`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC, ${insertedLast} LIMIT 1`,
  );
  return linkIn(mail?.text, to, path);
}

/** `linkFromOutbox` for either kind of mail source. */
export async function mailedLink(server: MailSource, to: string, path: string): Promise<URL> {
  return 'app' in server ? await linkFromOutbox(server, to, path) : linkIn(await server.outboxText(to), to, path);
}

function linkIn(text: string | undefined, to: string, path: string): URL {
  if (text === undefined) throw new Error(`no mail to ${to}`);
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`).exec(text);
  if (!match) throw new Error(`no ${path} link in the mail to ${to}`);
  return new URL(match[0]);
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real `npm start` entry point in a child process (for crash and shutdown tests), once healthy. */
export async function startServerProcess(dataDirectory: string, environment: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      RATE_LIMITS: 'false',
      ...(environment['DATABASE_URL'] === undefined ? await databaseEnvironment(dataDirectory) : {}),
      ...environment,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { child, exited, url, port };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server process did not become healthy');
}
