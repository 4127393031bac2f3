import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';

export interface TestServer {
  url: string;
  graphqlUrl: string;
  websocketUrl: string;
  app: App;
  dataDirectory: string;
  close(): Promise<void>;
}

/** The real server on a free port with its own SQLite file in a temporary folder. */
export async function startTestServer(environment: Record<string, string> = {}): Promise<TestServer> {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    RATE_LIMITS: 'false',
    ...environment,
  });
  const app = await buildApp(config);
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

  constructor(private readonly server: Pick<TestServer, 'graphqlUrl' | 'app'>) {}

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
    const link = linkFromOutbox(this.server, input.email.toLowerCase(), '/signup/verify');
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
  return createClient({
    url: server.websocketUrl,
    webSocketImpl: AuthenticatedWebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: () => (credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}),
  });
}

/** Collects the next `count` results of a subscription, or fails after `timeoutMs`. */
export function nextResults<T>(client: Client, query: string, variables: Record<string, unknown>, count: number, timeoutMs = 15_000) {
  const results: T[] = [];
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<T[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out after ${results.length} of ${count} results`));
    }, timeoutMs);
    const unsubscribe = client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
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
    );
    client.on('connected', () => ready());
  });
  return { started, done };
}

/** The newest link to `path` in the newest outbox mail to `to` (no SMTP configured: mails wait there). */
export function linkFromOutbox(server: Pick<TestServer, 'app'>, to: string, path: string): URL {
  const mail = server.app.services.database.sqlite
    .prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(to) as { text: string } | undefined;
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`).exec(mail.text);
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
