import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp, onSqlite, type SqliteApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { domains } from '../../server/src/domains';
import type { DomainModule } from '../../server/src/domains/module';
import { databaseEnvironment, type TestServer } from './harness';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** pino's numeric levels. */
export const logLevels = { info: 30, warn: 40, error: 50 } as const;

export interface LoggedServer extends TestServer {
  /** Every line the server logged (level info and above), parsed. */
  logs: LogLine[];
}

/** The real server on a free port, like the harness's, with its log lines kept for the test to read. */
export async function startLoggedServer(
  environment: Record<string, string> = {},
  extraModules: readonly DomainModule[] = [],
): Promise<LoggedServer> {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-ws-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'info',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    RATE_LIMITS: 'false',
    ...(await databaseEnvironment(dataDirectory)),
    ...environment,
  });
  const logs: LogLine[] = [];
  const built = await buildApp(config, {
    modules: [...domains, ...extraModules],
    logDestination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  });
  // Typed as the SQLite app, as the harness's servers are (its database.sqlite is null on PostgreSQL).
  const app = built.services.database.sqlite ? onSqlite(built) : (built as SqliteApp);
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
    logs,
    async close() {
      await app.server.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

export type ProtocolMessage = { type: string; id?: string; payload?: unknown };

/** A bare graphql-transport-ws socket, to speak the protocol exactly as a hostile client may. */
export class RawSocket {
  readonly received: ProtocolMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly listeners = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ProtocolMessage);
      for (const listener of this.listeners) listener();
    });
    // Writes racing a server that already refused the connection fail; the close code is what counts.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url: string, options: { cookie?: string; origin?: string; protocol?: string } = {}): Promise<RawSocket> {
    const headers = { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) };
    const socket = new WebSocket(url, options.protocol ?? 'graphql-transport-ws', { headers });
    const raw = new RawSocket(socket);
    await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
    return raw;
  }

  send(message: ProtocolMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (received so far or later) that matches, or a failure after `timeoutMs`. */
  next(matches: (message: ProtocolMessage) => boolean, timeoutMs = 5000): Promise<ProtocolMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find(matches);
        if (!found) return false;
        this.listeners.delete(check as () => void);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check as () => void);
        reject(new Error(`no matching message in ${timeoutMs} ms; received ${JSON.stringify(this.received).slice(0, 500)}`));
      }, timeoutMs);
      if (!check()) this.listeners.add(check as () => void);
    });
  }

  async init(payload?: Record<string, unknown>): Promise<void> {
    this.send({ type: 'connection_init', ...(payload ? { payload } : {}) });
    await this.next((message) => message.type === 'connection_ack');
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  /** The `error` message, or the errors of a `next`, answering operation `id`. */
  async errorsOf(id: string): Promise<{ message: string; extensions: Record<string, unknown> }[]> {
    const answer = await this.next(
      (message) =>
        message.id === id &&
        (message.type === 'error' || (message.type === 'next' && Array.isArray((message.payload as { errors?: unknown }).errors))),
    );
    return (answer.type === 'error' ? answer.payload : (answer.payload as { errors: unknown }).errors) as {
      message: string;
      extensions: Record<string, unknown>;
    }[];
  }

  close(): void {
    this.socket.terminate();
  }
}
